"""How a game asks a player: a `Decision` with its legal `Option`s.

A game's engine never calls a player. It stops with ``game.decision`` set; a player (or
an agent, a scenario, a replay) answers with one of its options. Every option has a
stable text form, which scenarios and replays use. Each game names its own decision
kinds beside its rules (`gaenv.engine.decisions`, `gaenv.duel.options`); the kinds below
mean the same in both games, so both use these names.
"""

from __future__ import annotations

from typing import NamedTuple

# Decision kinds that both games ask, with the same meaning.
CHOOSE_TARGET = "choose_target"    # a target for what is being played or resolved
YES_NO = "yes_no"                  # an optional ("you may") effect
CHOOSE_CARD = "choose_card"        # pick one card of a set
CHOOSE_MODE = "choose_mode"        # which of a card's modes

# Option verbs that decline: what a scenario's pass_until takes when there is no pass.
DECLINE_VERBS = frozenset({"pass", "no"})


class Option(NamedTuple):
    """One legal answer. ``card`` is a card id, ``player`` whose object a target is.
    (Immutable; a named tuple because an engine makes many of them per decision.)"""

    verb: str
    text: str
    card: int = -1
    player: int = -1
    other: int = -1  # a second card id where an option names two (a champion and its weapon)

    def __str__(self) -> str:
        return self.text


class Decision(NamedTuple):
    """Who must choose, what kind of choice, the legal options, and what it is about."""

    player: int
    kind: str
    options: tuple[Option, ...]
    source: int = -1  # the card the decision is about (being played, resolving), if any

    def texts(self) -> list[str]:
        return [o.text for o in self.options]


PASS = Option("pass", "pass")
YES = Option("yes", "yes")
NO = Option("no", "no")
