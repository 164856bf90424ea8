"""The one agent interface: ``act(observation, mask, view=None) -> action``.

Every agent answers from the observation vector and the action mask its seat
gets from the environment. Agents that reason about the game itself (the
scripted heuristic, search) set ``needs_view`` and also receive a `View`: the
engine game, their seat, and what each legal action index means. A view shows
the whole engine state, so such agents must read only what their seat may
know (`gaenv.engine.zones.can_see`); search agents determinize the rest
(`agents.search.determinize`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from gaenv.engine.decisions import Option
from gaenv.engine.game import Game
from gaenv.env.single import RandomOpponent


@dataclass(frozen=True)
class View:
    """The engine behind one decision: the game, the deciding seat, and the legal
    action indices with the engine option each one means."""

    game: Game
    player: int
    options: Mapping[int, Option]

    def index_of(self, option: Option) -> int:
        for index, candidate in self.options.items():
            if candidate is option:
                return index
        raise ValueError(f"{option.text!r} is not one of this decision's options")


class Agent(ABC):
    """An agent plays one seat. ``name`` labels it in tables; ``needs_view`` asks the
    caller for a `View` with every decision."""

    name: str = "agent"
    needs_view: ClassVar[bool] = False

    @abstractmethod
    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        """The action index to take; it must be legal (``mask[index] == 1``)."""


class RandomAgent(RandomOpponent, Agent):
    """Uniformly random among the legal actions, from its own seeded RNG (the
    environment's default opponent, as an agent)."""

    name = "random"
