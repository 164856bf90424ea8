"""Zones as the rules read them: drawing, the objects a player controls, objects by
identity, option labels, who may see a card, and the conservation check.

Cards are moved only by `gaenv.engine.journal.move`. Rules: "Game Mechanics - Game
Zones" (a card is in exactly one zone), "Game Zones - Public vs Private Information",
"Control and Ownership" (the field lists objects under their controller, every other
zone is the owner's).
"""

from __future__ import annotations

from collections.abc import Iterator

from gaenv.core.zones import census
from gaenv.engine import journal, views
from gaenv.engine.objects import BOARD, DECK, FIELD, GONE, HAND, LINEAGE, PRIVATE_ZONES, STACK
from gaenv.engine.selectors import board
from gaenv.engine.state import GameState


def draw(state: GameState, player: int, count: int, into: str = HAND) -> None:
    """Draw ``count`` cards one at a time into the zone ``into`` (hand, or memory: "draw
    into your memory") ("Game Mechanics - Drawing Cards").

    Trying to draw from an empty main deck loses the game (rule 6 there); the
    draw stops at that point.
    """
    deck = state.players[player].zones[DECK]
    for _ in range(count):
        if not deck:
            journal.lose(state, player, f"player {player} had to draw from an empty deck")
            return
        cid = deck[-1]
        journal.move(state, cid, into)
        journal.emit(state, "drawn", cid, player)


def field_objects(state: GameState, player: int) -> list[int]:
    """Card ids of every object the player controls: champion first, then the field."""
    p = state.players[player]
    lineage = p.zones[LINEAGE]
    if lineage:
        return [lineage[-1], *p.zones[FIELD]]
    return list(p.zones[FIELD])


def find_object(state: GameState, oid: int) -> int:
    """The card id of the object with identity ``oid``, or -1 if it is gone."""
    return (state.views.get("board") or board(state)).objects.get(oid, -1)


def check_conservation(state: GameState) -> None:
    """Every card is in exactly one zone (`gaenv.core.zones.census`), and its ``zone``
    and its owner or controller agree with the list that holds it (AssertionError if not)."""
    census(len(state.cards), _places(state))


def _places(state: GameState) -> Iterator[tuple[int, str]]:
    """(card id, zone) for every card a zone holds, checking each card's own record."""
    for p in state.players:
        for zone, ids in p.zones.items():
            for cid in ids:
                card = state.cards[cid]
                holder = card.controller if zone == FIELD else card.owner
                if card.zone != zone or holder != p.index:
                    raise AssertionError(f"card {cid} listed in p{p.index} {zone} but says "
                                         f"p{holder} {card.zone}")
                yield cid, zone
    # Activations and materializations hold their card on the stack (while resolving,
    # in a frame); triggers and activated abilities only name their source.
    resolving = [f.item for f in state.frames if hasattr(f, "item")]
    for item in [*state.stack, *resolving]:
        if item.kind in ("activation", "materialization"):
            yield item.card, STACK
    for card in state.cards:
        if card.zone == GONE:
            yield card.id, GONE


def can_see(state: GameState, cid: int, viewer: int) -> bool:
    """Whether player ``viewer`` may know which card ``cid`` is.

    "Game Zones - Public vs Private Information": hand, memory and the decks
    are face down; their owner may look at their hand, memory and material
    deck, but nobody may look at a main deck. Every other zone (field,
    lineage, graveyard, banishment, intent, the effects stack) is public.
    """
    card = state.cards[cid]
    if card.zone not in PRIVATE_ZONES:
        return True
    return card.zone != DECK and card.owner == viewer


def label(state: GameState, cid: int) -> str:
    """An object's name, with ``#k`` when its controller has several objects of that name
    (k counts them in the order they entered), so every option text is unique."""
    card = state.cards[cid]
    if card.zone not in journal.ON_FIELD:
        return card.defn.name
    found = labels(state, card.controller).get(cid)
    if found is None:
        raise ValueError(f"card {cid} is not an object its controller controls")
    return found


def labels(state: GameState, player: int) -> dict[int, str]:
    """`label` of every object the player controls (not to be modified)."""
    return (state.views.get("labels") or views.get(state, LABELS))[player]


def _labels(state: GameState) -> tuple[tuple[dict[int, str], dict[int, str]], int]:
    cards = state.cards
    both = []
    for player in (0, 1):
        found: dict[int, str] = {}
        totals: dict[str, int] = {}
        for c in field_objects(state, player):
            name = found[c] = cards[c].defn.name
            totals[name] = totals.get(name, 0) + 1
        if len(totals) < len(found):  # a name twice: number them
            seen: dict[str, int] = {}
            for c, name in found.items():
                if totals[name] > 1:
                    index = seen[name] = seen.get(name, 0) + 1
                    found[c] = f"{name} #{index}"
        both.append(found)
    return (both[0], both[1]), BOARD


LABELS = views.register("labels", _labels, lambda state, kept, fresh: kept == fresh)


def distinct_names(state: GameState, cids: list[int]) -> list[int]:
    """The first card of each name, in order. Cards in hand, graveyard, deck or material
    deck carry no state, so same-named ones are one choice for a player."""
    seen: set[str] = set()
    out = []
    for cid in cids:
        name = state.cards[cid].defn.name
        if name not in seen:
            seen.add(name)
            out.append(cid)
    return out
