"""The ``heuristic`` agent: Grand Archive's scripted player (`gaenv.heuristic`), or the
duel's (`gaenv.duel.heuristic`) in a duel."""

from __future__ import annotations

import numpy as np

from gaenv import heuristic
from gaenv.agents.base import Agent
from gaenv.env.view import View


class HeuristicAgent(Agent):
    name = "heuristic"
    needs_view = True
    reads_observation = False

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: View | None = None) -> int:
        """Grand Archive's heuristic, or the duel's for a duel
        (`gaenv.duel.heuristic`)."""
        if view is None:
            raise ValueError("the heuristic agent needs a View of the game (needs_view)")
        from gaenv.duel.game import DuelGame

        if isinstance(view.game, DuelGame):
            from gaenv.duel import heuristic as duel_heuristic

            return view.index_of(duel_heuristic.choose(view.game))
        return view.index_of(heuristic.choose(view.game))
