"""Derived views: everything the engine computes from the state and keeps, in one place.

A view is a pure function of the position (the statics in force with the modifiers and
costs derived from them; the board: objects by oid, listeners, attackable objects; the
option labels). `get` computes it once and hands out the same value until the change
journal (`gaenv.engine.journal`) records a change it could depend on. Changes come in
three levels (`gaenv.engine.objects`): to marks (damage, rest, counters, hidden zones),
to the board (what is in play) and to the sources of continuous effects (an object with
static abilities, a lineage, control, a lasting effect), and a view computed says the
finest level it depends on. The one rule, applied by the journal on every write
(`drop`): a change drops every view that depends on changes of its level or finer.
``state.clock`` counts the changes for whoever keys something on them.

Nothing else is cached in the engine, and nothing has to be invalidated by hand. A value
may hold memos filled on demand (modifiers per object, costs per card) as long as each
entry is a function of the same position. `check` recomputes every view in use and
compares; checked games and fuzzing run it after every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from gaenv.engine.objects import BOARD, MARK
from gaenv.engine.state import GameState


class View(NamedTuple):
    """A registered view: its name, how to compute it (returning the value and the finest
    level of change it depends on: MARK, BOARD or SOURCE) and, for `check`, whether a
    kept value agrees with a fresh one (``agrees(state, kept, fresh)``: the fresh one
    fills the memo entries the kept one has, then both are compared)."""

    name: str
    compute: Callable[[GameState], tuple[Any, int]]
    agrees: Callable[[GameState, Any, Any], bool]


VIEWS: dict[str, View] = {}


def register(name: str, compute: Callable[[GameState], tuple[Any, int]],
             agrees: Callable[[GameState, Any, Any], bool]) -> View:
    view = VIEWS[name] = View(name, compute, agrees)
    return view


def get(state: GameState, view: View) -> Any:
    """The view's value for the position now (computed if no change has dropped it).

    ``state.views`` holds only current values (the journal removes the others), so a hot
    caller may read ``state.views.get(NAME) or get(state, VIEW)``: every view value is
    truthy (a non-empty tuple)."""
    value = state.views.get(view.name)
    if value is None:
        value, depends = view.compute(state)
        state.views[view.name] = value
        if depends == MARK:
            state.mark_views.append(view.name)
        elif depends == BOARD:
            state.board_views.append(view.name)
    return value


def check(state: GameState) -> None:
    """AssertionError if a view in use differs from a fresh computation (memos filled on
    demand included: `View.agrees` recomputes each entry)."""
    for name, kept in list(state.views.items()):
        view = VIEWS[name]
        fresh, _ = view.compute(state)
        if not view.agrees(state, kept, fresh):
            raise AssertionError(f"stale view {name!r}: the journal missed a change")
