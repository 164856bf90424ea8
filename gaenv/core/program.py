"""Effect programs: the vocabulary card effects are written in, and the interpreter that
carries them out, for both games (docs/engine.md, "One core, two games").

A card's effect is a list of steps (`Node`), each naming a primitive with its arguments.
A game keeps its primitives in one table, name -> `Primitive` (the argument spec and the
code), filled by the decorator that `registrar` makes, written on the code itself, so a
primitive is declared in one place: its card loader checks steps against the specs and
builds the nodes, and `run` carries a program out through the table. What the argument
kinds mean (an amount, a selector, a filter) and how a step's arguments are read are
each game's own (Grand Archive: `gaenv.cards.schema`, `gaenv.engine.effects`; the duel:
`gaenv.duel.cards`, `gaenv.duel.effects`).

A primitive is called as ``run(state, frame, args, answer)``: ``answer`` is None when
the step begins, else the option chosen for the decision it returned. It returns None
when it is done, or what the program must stop for: a `Decision` to ask (the step is
called again with the answer), or a signal its game reads (the duel's ``WAIT``). A step
that asks more than once keeps its progress in its frame until it is done; the frame
forgets it when the program goes on (`Running.next_step`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from gaenv.core.position import Position

Run = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Node:
    """One step of an effect (in Grand Archive also one static ability): a primitive's name
    and its arguments as the card loader read them (Grand Archive: a mapping, every
    argument present; the duel: the value the card file gives)."""

    op: str
    args: Any

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self  # card data, never changed: every copy of a game shares it

    def __reduce__(self) -> tuple[type[Node], tuple[str, Any]]:
        return Node, (self.op, self.args)  # pickled by its fields (compiled, it is frozen)


class Running(Protocol):
    """A program being carried out (a frame of its game's rules loop)."""

    steps: tuple[Node, ...]  # the program: the card's steps, with those inserted (`insert`)
    pc: int                  # the step in progress (or next)

    def next_step(self) -> None:
        """Go on to the next step, forgetting what the finished one kept between answers."""


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


def run(table: Mapping[str, Primitive], state: Position, frame: Running,
        answer: Any = None) -> Any:
    """Carry out ``frame``'s steps from the one in progress, ``answer`` going to it, until a
    step returns something (returned: a `Decision`, or a game's own signal), the game is
    over (None: no step runs after the end) or no step is left (None)."""
    while frame.pc < len(frame.steps):
        step = frame.steps[frame.pc]
        result = table[step.op].run(state, frame, step.args, answer)
        if state.over:
            return None
        if result is not None:
            return result
        answer = None
        frame.next_step()
    return None


def insert(frame: Running, steps: tuple[Node, ...]) -> None:
    """Run ``steps`` right after the step in progress (a branch taken, a mode chosen, an
    effect copied)."""
    pc = frame.pc + 1
    frame.steps = (*frame.steps[:pc], *steps, *frame.steps[pc:])
