"""Effect programs: how both games keep the vocabulary their card effects are written in
(docs/engine.md, "One core, two games").

A card's effect is a list of steps, each naming a primitive with its arguments. A game
keeps its primitives in one table, name -> `Primitive` (the argument spec and the code),
filled by the decorator that `registrar` makes, written on the code itself, so a
primitive is declared in one place: its card loader checks steps against the specs, and
its interpreter runs a step through the table. What the argument kinds mean (an amount,
a selector, a filter) and how a step's arguments are read are each game's own
(Grand Archive: `gaenv.cards.schema`, `gaenv.engine.effects`; the duel:
`gaenv.duel.effects`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Run = Callable[..., Any]


@dataclass(frozen=True)
class Primitive:
    """A primitive's argument spec ``name -> (kind, required, default)`` and its code.

    ``main`` names the argument a bare value fills (``draw: 7``); None when the step takes
    a mapping of arguments, or none (a bare name).
    """

    params: dict[str, tuple[str, bool, Any]]
    main: str | None
    run: Run


def registrar(table: dict[str, Primitive]) -> Callable[..., Callable[[Run], Run]]:
    """The decorator that declares a primitive of ``table``:
    ``@primitive(name, main, **params)`` over its code. A name declared twice is a
    ValueError (two primitives would answer to one step)."""

    def primitive(name: str, main: str | None = None,
                  **params: tuple[str, bool, Any]) -> Callable[[Run], Run]:
        def register(run: Run) -> Run:
            if name in table:
                raise ValueError(f"primitive {name!r} is declared twice")
            table[name] = Primitive(params, main, run)
            return run
        return register

    return primitive
