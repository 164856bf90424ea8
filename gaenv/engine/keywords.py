"""Keywords: the registry the card schema checks, and what a card has right now.

A keyword is printed on a card (``keywords:`` in its file) or granted by a
static or a this-turn effect (``grant_keyword``). Keywords are separate from
scripted abilities: the engine looks them up by name where the rule they name
applies (combat looks up Taunt, costs look up Efficiency, ...).

Numbered keywords combine as their rules say: Ranged, Critical and Empower
stack additively; for Pride only the highest counts; other keywords are
redundant (a second instance does nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

from gaenv.engine import statics
from gaenv.engine.state import GameState


@dataclass(frozen=True)
class Keyword:
    numbered: bool
    combine: str  # "sum", "max" or "once"
    section: str  # where the rules define it


KEYWORDS: dict[str, Keyword] = {
    "floating_memory": Keyword(False, "once", "Keywords - Floating Memory"),
    # Recorded on cards now; its behaviour needs combat.
    "intercept": Keyword(False, "once", "Keywords - Intercept"),
}


def value(state: GameState, cid: int, name: str) -> int | None:
    """The card's ``name`` keyword: None if it lacks it, else its number (0 if unnumbered)."""
    card = state.cards[cid]
    found: list[int] = []
    printed = card.defn.keywords.get(name)
    if printed is not None:
        found.append(printed)
    for s in statics.sources(state):
        if s.node.op == "grant_keyword" and s.node.args["keyword"] == name \
                and statics.applies(s, card):
            found.append(s.node.args["amount"])
    if not found:
        return None
    combine = KEYWORDS[name].combine
    if combine == "sum":
        return sum(found)
    return max(found)


def has(state: GameState, cid: int, name: str) -> bool:
    return value(state, cid, name) is not None
