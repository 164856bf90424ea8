"""Zones and `move_card`, the one place cards change zones.

Rules: "Game Mechanics - Game Zones" (a card is in exactly one zone; a move
to the same zone is no move), "Card Types - Champion 7" (a champion card that
would go to a graveyard is banished), "Card Types - Supertypes 2c/2d" (regalia
are banished instead of going to a graveyard and return to the material deck
instead of hand, deck or memory), "Game Zones - Field" (objects enter awake;
a card that leaves the field stops being that object).
"""

from __future__ import annotations

from gaenv.engine import events, statics
from gaenv.engine.objects import (
    BANISHMENT,
    DECK,
    FIELD,
    GONE,
    GRAVEYARD,
    HAND,
    LINEAGE,
    MATERIAL,
    MEMORY,
    PRIVATE_ZONES,
    STACK,
    CardDef,
    CardObj,
)
from gaenv.engine.state import GameState

_ON_FIELD = frozenset({FIELD, LINEAGE})


def zone_list(state: GameState, card: CardObj) -> list[int] | None:
    """The list that holds the card, or None while it is on the effects stack (or gone)."""
    if card.zone in (STACK, GONE):
        return None
    return state.players[card.owner].zones[card.zone]


def replaced_destination(card: CardObj, dest: str) -> str:
    """Apply the rules' own replacements to a destination zone."""
    if dest == GRAVEYARD and (card.defn.is_champion or card.defn.is_regalia):
        return BANISHMENT
    if card.defn.is_regalia and dest in (HAND, DECK, MEMORY):
        return MATERIAL
    return dest


def move_card(state: GameState, cid: int, dest: str, *, bottom: bool = False) -> str:
    """Move card ``cid`` to its owner's zone ``dest``; return the zone it ended in.

    Decks keep their top at the end of the list, so ``bottom=True`` puts the
    card under the deck. Entering the field makes a new object (new oid and
    timestamp, awake, a weapon with its durability counters) and fires its
    On Enter abilities; leaving the field forgets the object state.
    """
    card = state.cards[cid]
    dest = replaced_destination(card, dest)
    if dest == card.zone:
        return dest
    leaving = card.zone in _ON_FIELD
    if leaving or dest in _ON_FIELD:
        # Only objects and the lineage are sources of statics or subjects of the
        # state-based checks; a card moving between other zones changes neither.
        statics.moved(state, card, LINEAGE in (card.zone, dest))
    if leaving:
        events.fire(state, card, "on_leave")
        if card.defn.token:
            dest = GONE
    source = zone_list(state, card)
    if source is not None:
        source.remove(cid)
    if leaving:
        card.clear_object_state()
    card.zone = dest
    if dest not in (STACK, GONE):
        target = state.players[card.owner].zones[dest]
        if bottom:
            target.insert(0, cid)
        else:
            target.append(cid)
    if dest == FIELD:
        make_object(state, card)
        events.on_enter(state, card)
    return dest


def make_object(state: GameState, card: CardObj) -> None:
    """Give a card that just entered the field a fresh object identity."""
    statics.moved(state, card, card.zone == LINEAGE)
    card.oid = state.next_oid
    state.next_oid += 1
    card.timestamp = state.next_timestamp
    state.next_timestamp += 1
    card.rested = "hindered" in card.defn.keywords  # "Keywords - Hindered"
    card.damage = 0
    card.counters = {}
    if card.defn.durability is not None:
        card.counters["durability"] = card.defn.durability
    if not state.checks_due and (card.defn.fragile or statics.lowering(state)):
        state.checks_due = True  # the new object could fail a state-based check


def draw(state: GameState, player: int, count: int) -> None:
    """Draw ``count`` cards one at a time ("Game Mechanics - Drawing Cards").

    Trying to draw from an empty main deck loses the game (rule 6 there); the
    draw stops at that point.
    """
    deck = state.players[player].zones[DECK]
    for _ in range(count):
        if not deck:
            state.players[player].lost = True
            state.checks_due = True
            return
        move_card(state, deck[-1], HAND)


def field_objects(state: GameState, player: int) -> list[int]:
    """Card ids of every object the player controls: champion first, then the field."""
    p = state.players[player]
    lineage = p.zones[LINEAGE]
    if lineage:
        return [lineage[-1], *p.zones[FIELD]]
    return list(p.zones[FIELD])


def find_object(state: GameState, oid: int) -> int:
    """The card id of the object with identity ``oid``, or -1 if it is gone. Memoized with
    the statics, which are recomputed whenever an object enters or leaves the field or a
    champion levels (`statics.moved`, `statics.changed`); `statics.check_cache` verifies
    the memo."""
    memo = (state.static_cache or statics.current(state)).objects
    if not memo:
        memo.update(objects_by_oid(state))
    return memo.get(oid, -1)


def objects_by_oid(state: GameState) -> dict[int, int]:
    """oid -> card id of every object (each player's champion and field)."""
    cards = state.cards
    found: dict[int, int] = {}
    for p in state.players:
        lineage = p.zones[LINEAGE]
        if lineage:
            found[cards[lineage[-1]].oid] = lineage[-1]
        for cid in p.zones[FIELD]:
            found[cards[cid].oid] = cid
    return found


def check_conservation(state: GameState) -> None:
    """Every card is in exactly one zone, and its ``zone`` says which (AssertionError if not)."""
    seen: dict[int, str] = {}
    for p in state.players:
        for zone, ids in p.zones.items():
            for cid in ids:
                if cid in seen:
                    raise AssertionError(f"card {cid} is in {seen[cid]} and in {zone}")
                if state.cards[cid].zone != zone or state.cards[cid].owner != p.index:
                    raise AssertionError(f"card {cid} listed in p{p.index} {zone} but says "
                                         f"p{state.cards[cid].owner} {state.cards[cid].zone}")
                seen[cid] = zone
    # Activations and materializations hold their card on the stack (while resolving,
    # in a frame); triggers and activated abilities only name their source.
    resolving = [f.item for f in state.frames if hasattr(f, "item")]
    for item in [*state.stack, *resolving]:
        if item.kind in ("activation", "materialization"):
            if item.card in seen:
                raise AssertionError(f"card {item.card} is on the stack and in {seen[item.card]}")
            seen[item.card] = STACK
    for card in state.cards:
        if card.zone == GONE:
            seen[card.id] = GONE
    if len(seen) != len(state.cards):
        missing = sorted(set(range(len(state.cards))) - set(seen))
        raise AssertionError(f"cards in no zone: {missing}")


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
    if card.zone not in _ON_FIELD:
        return card.defn.name
    found = labels(state, card.owner).get(cid)
    if found is None:
        raise ValueError(f"card {cid} is not an object its owner controls")
    return found


def labels(state: GameState, player: int) -> dict[int, str]:
    """`label` of every object the player controls (not to be modified). Memoized with the
    statics, which are recomputed whenever an object enters or leaves the field
    (`statics.changed`); `statics.check_cache` verifies the memo."""
    memo = (state.static_cache or statics.current(state)).labels
    found = memo.get(player)
    if found is not None:
        return found
    cards = state.cards
    found = memo[player] = {}
    totals: dict[str, int] = {}
    for c in field_objects(state, player):
        name = found[c] = cards[c].defn.name
        totals[name] = totals.get(name, 0) + 1
    if len(totals) == len(found):  # the common case: no name twice
        return found
    seen: dict[str, int] = {}
    for c, name in found.items():
        if totals[name] > 1:
            index = seen[name] = seen.get(name, 0) + 1
            found[c] = f"{name} #{index}"
    return found


def create_card(state: GameState, owner: int, defn: CardDef, zone: str) -> int:
    """Bring a new card into the game (game setup, scenarios, summoned tokens)."""
    cid = len(state.cards)
    state.cards.append(CardObj(cid, defn, owner, zone))
    if zone != GONE:
        state.players[owner].zones[zone].append(cid)
    statics.changed(state)
    return cid


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
