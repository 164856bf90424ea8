"""Keywords: the registry the card schema checks, and what a card has right now.

A keyword is printed on a card (``keywords:`` in its file), granted by a static or a
this-turn effect (``grant_keyword``) or taken away (``remove_keyword``; "Continuous
Effects, Layers" D). Keywords are separate from scripted abilities: the engine looks
them up by name where the rule they name applies (combat looks up Taunt, costs look up
Efficiency, ...).

Numbered keywords combine as their rules say: Ranged, Retort and Critical stack
additively; for Pride only the highest counts. Vigor's instances each trigger on their
own ("Keywords - Vigor 2": `instances`); other keywords are redundant (a second
instance does nothing).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from gaenv.engine import statics
from gaenv.engine.state import GameState


@dataclass(frozen=True)
class Keyword:
    numbered: bool
    combine: str  # "sum", "max", "once" (redundant) or "each" (each instance triggers)
    section: str  # where the rules define it


KEYWORDS: dict[str, Keyword] = {
    "floating_memory": Keyword(False, "once", "Keywords - Floating Memory"),
    "reservable": Keyword(False, "once", "Keywords - Reservable"),
    "efficiency": Keyword(False, "once", "Keywords - Efficiency"),
    "intercept": Keyword(False, "once", "Keywords - Intercept"),
    "taunt": Keyword(False, "once", "Keywords - Taunt"),
    "stealth": Keyword(False, "once", "Keywords - Stealth"),
    "true_sight": Keyword(False, "once", "Keywords - True Sight"),
    "cleave": Keyword(False, "once", "Keywords - Cleave"),
    "unblockable": Keyword(False, "once", "Keywords - Unblockable"),
    "steadfast": Keyword(False, "once", "Keywords - Steadfast"),
    "ambush": Keyword(False, "once", "Keywords - Ambush"),
    "ranged": Keyword(True, "sum", "Keywords - Ranged N"),
    "retort": Keyword(True, "sum", "Keywords - Retort N"),
    "critical": Keyword(True, "sum", "Keywords - Critical N"),
    "pride": Keyword(True, "max", "Keywords - Pride N"),
    "vigor": Keyword(False, "each", "Keywords - Vigor"),
    "hindered": Keyword(False, "once", "Keywords - Hindered"),
    "spellshroud": Keyword(False, "once", "Keywords - Spellshroud"),
    "immortality": Keyword(False, "once", "Keywords - Immortality"),
}


def value(state: GameState, cid: int, name: str) -> int | None:
    """The card's ``name`` keyword: None if it lacks it, else its number (0 if unnumbered):
    printed unless removed, and granted ("Continuous Effects, Layers" D)."""
    printed = state.cards[cid].defn.keywords.get(name)
    if not (state.views.get("statics") or statics.in_force(state)).on_keywords:
        return printed  # the common case: only what is printed
    mods = statics.modifiers(state, cid)
    if name in mods.removed:
        printed = None
    granted = mods.granted(name)
    if not granted:
        return printed
    found = granted if printed is None else (printed, *granted)
    return sum(found) if KEYWORDS[name].combine == "sum" else max(found)


def has(state: GameState, cid: int, name: str) -> bool:
    if not (state.views.get("statics") or statics.in_force(state)).on_keywords:
        return name in state.cards[cid].defn.keywords  # the common case, as in `value`
    return value(state, cid, name) is not None


def instances(state: GameState, cid: int, name: str) -> int:
    """How many times the card's keyword ``name`` triggers: once if it has it, none if
    not; for a keyword whose instances each trigger ("each": "Keywords - Vigor 2"), the
    printed one unless removed plus one per grant in force."""
    printed = name in state.cards[cid].defn.keywords
    if not (state.views.get("statics") or statics.in_force(state)).on_keywords:
        return 1 if printed else 0  # the common case, as in `has`
    if KEYWORDS[name].combine != "each":
        return 1 if value(state, cid, name) is not None else 0
    mods = statics.modifiers(state, cid)
    return (1 if printed and name not in mods.removed else 0) + len(mods.granted(name))


def names(state: GameState, cid: int) -> Collection[str]:
    """The keywords the card has now (those `has` is true for)."""
    printed = state.cards[cid].defn.keywords
    if not (state.views.get("statics") or statics.in_force(state)).on_keywords:
        return printed.keys()  # the common case, as in `has`
    mods = statics.modifiers(state, cid)
    return {*(k for k in printed if k not in mods.removed), *(k for k, _ in mods.keywords)}


def holders(state: GameState, cids: Iterable[int], name: str) -> list[int]:
    """The ids among ``cids`` (negative entries skipped) whose card has keyword ``name``, in
    order: `has` over a whole list in one call."""
    # Plain loops: cheaper than comprehensions for these short lists.
    cards = state.cards
    found = []
    if not (state.views.get("statics") or statics.in_force(state)).on_keywords:
        for cid in cids:
            if cid >= 0 and name in cards[cid].defn.keywords:
                found.append(cid)
    else:
        for cid in cids:
            if cid >= 0 and value(state, cid, name) is not None:
                found.append(cid)
    return found
