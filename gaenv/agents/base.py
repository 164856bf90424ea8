"""The one agent interface: ``act(observation, mask, view=None) -> action``.

Every agent answers from the observation vector and the action mask its seat
gets from the environment. Agents that reason about the game itself (the
scripted heuristic, search) set ``needs_view`` and also receive a
`gaenv.env.view.View`: the engine game, their seat, and what each legal action
index means. An agent that never reads the observation (random, heuristic, search)
sets ``reads_observation`` false and is given None in its place, so the environment
does not make one for it. A view shows the whole engine state, so such agents must read only
what their seat may know (`gaenv.engine.zones.can_see`); search agents
determinize the rest (`gaenv.engine.game.Game.determinized`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np

from gaenv.env.single import RandomOpponent
from gaenv.env.view import View


class Agent(ABC):
    """An agent plays one seat. ``name`` labels it in tables; ``needs_view`` asks the
    caller for a `View` with every decision; ``reads_observation`` false tells it the
    agent does without the observation (module docstring)."""

    name: str = "agent"
    needs_view: bool = False  # (a policy that reads advice sets it per instance)
    reads_observation: bool = True

    @abstractmethod
    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: View | None = None) -> int:
        """The action index to take; it must be legal (``mask[index] == 1``)."""


class RandomAgent(RandomOpponent, Agent):
    """Uniformly random among the legal actions, from its own seeded RNG (the
    environment's default opponent, as an agent)."""

    name = "random"
