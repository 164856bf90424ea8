"""The skeleton of a position: what every game's state has, because the core reads and
writes it (docs/engine.md, "One core, two games").

A position is plain data (no callables), so it clones, compares and saves whole. Beyond
this skeleton each game keeps its own fields and its own way of cloning: Grand Archive's
`gaenv.engine.state.GameState` is a slotted class copied field by field (a search clones
it thousands of times a second); the duel's `gaenv.duel.state.DuelState` is a dataclass
copied by `copy.deepcopy`. Both satisfy `Position` as they are (it is a protocol: a
structural type, checked by mypy on the compiled modules and by tests/test_loop.py).
"""

from __future__ import annotations

from typing import Any, Protocol

from gaenv.core.decisions import Decision
from gaenv.core.events import Event


class Position(Protocol):
    """The fields the core uses.

    - ``turn``: the turn number (1 is the first turn), for messages;
    - ``frames``: the procedures under way, innermost last (`gaenv.core.played.Played.run`
      carries the innermost on); records a game's handlers interpret;
    - ``decision``: what the rules ask now, or None while they run or once it is over;
      ``decisions_made``: how many answers were given;
    - ``over``, ``winner``, ``truncated``, ``reason``: the end of the game
      (`gaenv.core.outcome`);
    - ``events``: the journal, what happened since the last answer (`gaenv.core.events`;
      `gaenv.core.played.Played.step` empties it).
    """

    turn: int
    frames: list[Any]
    decision: Decision | None
    decisions_made: int
    over: bool
    winner: int | None
    truncated: bool
    reason: str
    events: list[Event]
