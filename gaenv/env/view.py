"""`View`: the engine behind one decision, for agents that reason about the game itself.

The environment builds one (`raw_env.view`) for agents that set ``needs_view``. A view
shows the whole engine state, so such an agent must read only what its seat may know
(`gaenv.engine.zones.can_see`); search agents redeal the rest (`Game.determinized`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gaenv.core.decisions import Option
from gaenv.engine.game import Game


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
