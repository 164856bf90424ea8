"""Derived views: everything the engine computes from the state and keeps, in one place.

A view is a pure function of the position (the statics in force, the objects by oid,
the option labels, ...). `get` computes it once and hands out the same value until the
change journal (`gaenv.engine.journal`) says something it reads has changed: every write
advances ``state.clock``, and a write to what is in play (objects entering or leaving,
control, lineages, lasting effects) also advances ``state.board``. A view value records
the versions it was computed at and whether it read anything beyond the board (``wide``:
a condition on a zone's size, on damage, rest or counters); it is reused while
``state.board`` is unchanged and, if it is wide, while ``state.clock`` is unchanged too.

That is the only rule: nothing else is cached in the engine, and nothing has to be
invalidated by hand. A value may hold memos filled on demand (modifiers per object,
costs per card) as long as each entry is a function of the same position.
`check` recomputes every view still in use and compares, which checked games and
fuzzing run after every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from gaenv.engine.state import GameState


class View(NamedTuple):
    """A registered view: its name, how to compute it (returning the value and whether
    it read beyond the board) and, for `check`, whether a kept value agrees with a fresh
    one (``agrees(state, kept, fresh)``: the fresh one fills the memo entries the kept
    one has, then both are compared)."""

    name: str
    compute: Callable[[GameState], tuple[Any, bool]]
    agrees: Callable[[GameState, Any, Any], bool]


VIEWS: dict[str, View] = {}


def register(name: str, compute: Callable[[GameState], tuple[Any, bool]],
             agrees: Callable[[GameState, Any, Any], bool]) -> View:
    view = VIEWS[name] = View(name, compute, agrees)
    return view


def get(state: GameState, view: View) -> Any:
    """The view's value for the position now (computed if its versions moved on)."""
    entry = state.views.get(view.name)
    if entry is not None and entry[0] == state.board and (not entry[2]
                                                          or entry[1] == state.clock):
        return entry[3]
    value, wide = view.compute(state)
    state.views[view.name] = (state.board, state.clock, wide, value)
    return value


def wide(state: GameState, view: View) -> bool:
    """Whether the view's value now read beyond the board (for a view made from it)."""
    get(state, view)
    return state.views[view.name][2]


def check(state: GameState) -> None:
    """AssertionError if a view still in use differs from a fresh computation (memos
    filled on demand included: `View.agrees` recomputes each entry)."""
    for name, entry in list(state.views.items()):
        if entry[0] != state.board or (entry[2] and entry[1] != state.clock):
            continue  # no longer in use: the next `get` computes it anew
        view = VIEWS[name]
        fresh, _ = view.compute(state)
        if not view.agrees(state, entry[3], fresh):
            raise AssertionError(f"stale view {name!r}: the journal missed a change")
