"""How the engine asks a player: a `Decision` with its legal `Option`s.

The engine never calls a player. It stops with ``game.decision`` set; a player
(or an agent, a scenario, a replay) answers with one of its options. Every
option has a stable text form, which scenarios and replays use.
"""

from __future__ import annotations

from dataclasses import dataclass

# Decision kinds. The environment encodes these; docs/engine.md describes each.
OPPORTUNITY = "opportunity"        # hold opportunity: play a card or pass
MATERIALIZE = "materialize"        # materialize phase: materialize a card or pass
CHOOSE_CHAMPION = "choose_champion"  # turn one: which level 0 champion to put onto the field
CHOOSE_TARGET = "choose_target"    # a target for the card or ability being played
PAY_RESERVE = "pay_reserve"        # one card from hand into memory
PAY_MEMORY = "pay_memory"          # banish a Floating Memory card, or pay the rest at random
YES_NO = "yes_no"                  # an optional ("you may") effect
CHOOSE_CARD = "choose_card"        # pick one card of a set (e.g. which champion to level into)
DECISION_KINDS = (
    OPPORTUNITY, MATERIALIZE, CHOOSE_CHAMPION, CHOOSE_TARGET, PAY_RESERVE, PAY_MEMORY,
    YES_NO, CHOOSE_CARD,
)

# Option verbs that decline: what a scenario's pass_until takes when there is no pass.
DECLINE_VERBS = frozenset({"pass", "no"})


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer. ``card`` is a card id, ``player`` whose object a target is."""

    verb: str
    text: str
    card: int = -1
    player: int = -1

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Decision:
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
PAY_RANDOM = Option("random", "pay the rest at random")


def activate(card: int, name: str) -> Option:
    return Option("activate", f"activate {name}", card)


def materialize(card: int, name: str) -> Option:
    return Option("materialize", f"materialize {name}", card)


def put_champion(card: int, name: str) -> Option:
    return Option("put", f"put {name} onto the field", card)


def target(card: int, name: str, player: int, ordinal: int = 0) -> Option:
    tag = f" #{ordinal}" if ordinal else ""
    return Option("target", f"target {name} (player {player}){tag}", card, player)


def pay_with(card: int, name: str) -> Option:
    return Option("pay", f"pay with {name}", card)


def banish_floating(card: int, name: str) -> Option:
    return Option("banish", f"banish {name} from graveyard", card)


def choose(card: int, name: str) -> Option:
    return Option("choose", f"choose {name}", card)
