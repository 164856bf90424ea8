"""Derived views: everything the engine computes from the state and keeps, in one place.

A view is a pure function of the position (the statics in force, the board: objects by
oid, listeners, attackable objects; the option labels). `get` computes it once and
hands out the same value until the change journal (`gaenv.engine.journal`) records a
change it could depend on. A view depends on the board (what is in play: objects
entering or leaving, control, lineages, lasting effects) and, if it is *wide*, on
anything at all (it read a condition on damage, rest, counters or a zone's size). So
there is one rule, applied in one place (`gaenv.engine.journal`): a change to the board
drops every view, and any change drops the wide ones. ``state.board`` and
``state.clock`` count those changes for whoever keys something on them.

Nothing else is cached in the engine, and nothing has to be invalidated by hand. A value
may hold memos filled on demand (modifiers per object, costs per card) as long as each
entry is a function of the same position. `check` recomputes every view in use and
compares; checked games and fuzzing run it after every decision.
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
    """The view's value for the position now (computed if no change has dropped it)."""
    value = state.views.get(view.name)
    if value is None:
        value, wide = view.compute(state)
        state.views[view.name] = value
        if wide:
            state.wide_views.append(view.name)
    return value


def wide(state: GameState, view: View) -> bool:
    """Whether the view's value now read beyond the board (for a view made from it)."""
    get(state, view)
    return view.name in state.wide_views


def drop_wide(state: GameState) -> None:
    """A change happened that is not to the board: drop the wide views (the journal does
    this; a change to the board drops every view)."""
    for name in state.wide_views:
        del state.views[name]
    state.wide_views.clear()


def check(state: GameState) -> None:
    """AssertionError if a view in use differs from a fresh computation (memos filled on
    demand included: `View.agrees` recomputes each entry)."""
    for name, kept in list(state.views.items()):
        view = VIEWS[name]
        fresh, _ = view.compute(state)
        if not view.agrees(state, kept, fresh):
            raise AssertionError(f"stale view {name!r}: the journal missed a change")
