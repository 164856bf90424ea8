"""The duel's game rules on a `DuelState`: zones, equipping, health, defeat, the end of
the game, and the events that open trigger chances. Section numbers are DUEL.md's."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gaenv.core import outcome
from gaenv.core.events import Event
from gaenv.duel.cards import DuelCard
from gaenv.duel.state import (
    CHAMPION,
    DECK,
    FIELD,
    GRAVE,
    HAND,
    Card,
    Champ,
    Chance,
    DuelState,
)

# --- reading -------------------------------------------------------------------------

def on_field(state: DuelState, player: int | None = None) -> list[Champ]:
    """Champions on the field (controlled by ``player``), in entry order (15.4)."""
    return [c for c in state.champs
            if c.on_field and (player is None or c.controller == player)]


def controller(state: DuelState, cid: int) -> int:
    """10.2: equipment is controlled by its champion's controller; elsewhere the owner
    controls a card (2.5), except a champion on the field (10.1)."""
    c = state.cards[cid]
    if c.zone == FIELD:
        return state.champs[c.host].controller
    if c.zone == CHAMPION:
        return next(ch.controller for ch in state.champs if ch.card == cid and ch.on_field)
    return c.owner


def element(state: DuelState, cid: int) -> str:
    """7.10: a facedown card has its slot's element; a face-up one its own (8.6 for a
    Spell that is equipped)."""
    c = state.cards[cid]
    if c.zone == FIELD and c.facedown:
        return state.cards[state.champs[c.host].card].defn.slots[c.slot]
    return c.defn.equippable_element if c.zone == FIELD else c.defn.element


def passive(c: Card) -> dict[str, int]:
    """The passive of a face-up card where it works (5.4, 7.13)."""
    if c.facedown:
        return {}
    if c.zone == FIELD and c.defn.type == "spell":
        return dict(c.defn.equipped_passive)
    return dict(c.defn.passive)


def equipment(state: DuelState, champ: Champ) -> list[int]:
    return [cid for cid in champ.slots if cid >= 0]


def all_equipment(state: DuelState) -> list[int]:
    return [cid for ch in on_field(state) for cid in equipment(state, ch)]


def max_health(state: DuelState, champ: Champ) -> int:
    """9.2: printed health plus every modifier."""
    bonus = sum(passive(state.cards[cid]).get("max_health", 0) for cid in equipment(state, champ))
    return state.cards[champ.card].defn.health + bonus


def health(state: DuelState, champ: Champ) -> int:
    return max_health(state, champ) - champ.damage


def has_activated(c: Card) -> bool:
    """An equipment's activated effect exists (a Spell's is used only from hand, 8.6)."""
    return not c.facedown and c.defn.type == "equipment" and c.defn.activated is not None


def name_seen(state: DuelState, cid: int) -> str:
    """The name as the rules see it (7.11)."""
    c = state.cards[cid]
    return f"facedown {element(state, cid)}" if c.zone == FIELD and c.facedown else c.defn.name


def may_look(state: DuelState, cid: int, player: int) -> bool:
    """7.12: a facedown card's identity is for the player who put it facedown and its
    current controller (both players for Veil of Mist); a face-up card's for everyone."""
    c = state.cards[cid]
    return not c.facedown or player in c.known or controller(state, cid) == player


# --- moving cards ------------------------------------------------------------------------

def create(state: DuelState, defn: DuelCard, owner: int, zone: str) -> int:
    """A new physical card (setup, or made by an effect: 2.6)."""
    cid = len(state.cards)
    state.cards.append(Card(cid, defn, owner, zone))
    if zone in (DECK, HAND, GRAVE):
        getattr(state.players[owner], zone).append(cid)
    return cid


def _take_out(state: DuelState, c: Card) -> None:
    if c.zone in (DECK, HAND, GRAVE):
        getattr(state.players[c.owner], c.zone).remove(c.id)
    elif c.zone == FIELD:
        state.champs[c.host].slots[c.slot] = -1
        c.host = c.slot = -1


def move(state: DuelState, cid: int, zone: str, bottom: bool = False) -> None:
    """Move a card to its owner's ``zone`` (2.7, 10.5); top of a deck unless ``bottom``.
    Leaving the field turns a facedown card face up (7.14) and ends its lock."""
    c = state.cards[cid]
    _take_out(state, c)
    c.zone = zone
    c.stamp += 1
    c.facedown = False
    c.known = ()
    c.locked = False
    if zone in (DECK, HAND, GRAVE):
        pile = getattr(state.players[c.owner], zone)
        pile.insert(0, cid) if zone == DECK and not bottom else pile.append(cid)


def equip(state: DuelState, cid: int, oid: int, slot: int, by: int, facedown: bool = False
          ) -> None:
    """``by`` puts a card into an empty slot (7.2, 7.5, 7.8); it joins their history
    (4.7), and they and the controller may look at a facedown card (7.12)."""
    c = state.cards[cid]
    _take_out(state, c)
    champ = state.champs[oid]
    assert champ.slots[slot] < 0, "a slot holds one card (7.1)"
    champ.slots[slot] = cid
    c.zone, c.host, c.slot = FIELD, oid, slot
    c.stamp += 1
    c.facedown = facedown
    c.known = tuple(sorted({by, champ.controller})) if facedown else ()
    c.locked = False
    state.history[by].equipped.append((cid, c.stamp))


def empty_slots(state: DuelState, champ: Champ, elem: str | None) -> list[int]:
    """The empty slots of ``elem`` (any element if None), lowest index first (7.2)."""
    slots = state.cards[champ.card].defn.slots
    return [i for i, cid in enumerate(champ.slots) if cid < 0 and elem in (None, slots[i])]


def leave_field(state: DuelState, cids: list[int], zone: str, destroyed: bool) -> None:
    """Equipment leaves the field at the same moment (Hestia, Celestial Shower, a defeated
    champion's equipment: 9.8); then the events are seen (6.3, 6.11)."""
    before = [(cid, state.cards[cid].host, controller(state, cid)) for cid in cids]
    for cid in cids:
        move(state, cid, zone)
    for cid, host, ctrl in before:
        _left_field(state, cid, host, ctrl, destroyed, zone == GRAVE)


def _left_field(state: DuelState, cid: int, host: int, ctrl: int, destroyed: bool,
                to_grave: bool) -> None:
    """The events of an Equipment that left the field: destroyed, then sent to the Grave
    (the order their chances arise in)."""
    if destroyed:
        happen(state, "destroyed", cid, ctrl, host)
    if to_grave:
        happen(state, "sent_to_grave", cid, ctrl, host)


def draw(state: DuelState, player: int, count: int = 1) -> None:
    """Draw; from an empty deck the player loses (11.2)."""
    for _ in range(count):
        deck = state.players[player].deck
        if not deck:
            state.players[player].lost = f"player {player} had to draw from an empty deck"
            settle(state)
            return
        move(state, deck[0], HAND)


def add_champion(state: DuelState, cid: int, controller: int) -> Champ:
    """A champion card onto the field as a new champion object (setup; revive, 9.10):
    no damage, empty slots."""
    c = state.cards[cid]
    _take_out(state, c)
    c.zone = CHAMPION
    c.stamp += 1
    champ = Champ(len(state.champs), cid, c.owner, controller, [-1] * len(c.defn.slots))
    state.champs.append(champ)
    return champ


# --- health, defeat, the end of the game --------------------------------------------------

def settle(state: DuelState) -> None:
    """9.6 and 11.1-11.4, after every single event: defeat every champion at 0 health or
    less at once (its equipment destroyed with it, 9.8), then see whether the game ends."""
    if state.over:
        return
    while True:
        fallen = [ch for ch in on_field(state) if health(state, ch) <= 0]
        if not fallen:
            break
        gear = [cid for ch in fallen for cid in equipment(state, ch)]
        gear_info = [(cid, state.cards[cid].host, controller(state, cid)) for cid in gear]
        for cid in gear:
            move(state, cid, GRAVE)
        for ch in fallen:
            move_champion_to_grave(state, ch)
        _end_check(state)
        for cid, host, ctrl in gear_info:  # (recorded; no chance once the game is over)
            _left_field(state, cid, host, ctrl, True, True)
        for ch in fallen:
            happen(state, "defeated", ch.card, ch.controller, ch.oid)
        if state.over:
            return
    _end_check(state)


def move_champion_to_grave(state: DuelState, champ: Champ) -> None:
    """9.7: a defeated champion goes to its owner's Grave."""
    champ.on_field = False
    c = state.cards[champ.card]
    c.stamp += 1
    c.zone = GRAVE
    state.players[c.owner].grave.append(c.id)


def _end_check(state: DuelState) -> None:
    """11.1-11.4: losses first (`outcome.end_by_losses`: both lose, a draw); else a win by
    a card (Quarter Pillar)."""
    reasons = [state.players[p].lost or
               ("" if on_field(state, p) else f"player {p} has no champion left")
               for p in (0, 1)]
    if outcome.end_by_losses(state, reasons):
        state.frames.clear()
        return
    wins = [_win(state, p) for p in (0, 1)]
    if all(wins):
        end(state, None, "; ".join(wins))
    elif any(wins):
        end(state, 0 if wins[0] else 1, wins[0] or wins[1])


def _win(state: DuelState, player: int) -> str:
    """Quarter Pillar of the Sky: N face-up copies controlled (7.11: facedown ones are not)
    win; why, naming the player, or "" if they do not."""
    mine = [state.cards[cid] for ch in on_field(state, player) for cid in equipment(state, ch)]
    for c in mine:
        need = passive(c).get("win_with", 0)
        if need and sum(1 for o in mine if not o.facedown and o.defn.name == c.defn.name) >= need:
            return f"player {player} controls {need} face-up {c.defn.name}"
    return ""


def end(state: DuelState, winner: int | None, reason: str, truncated: bool = False) -> None:
    """`outcome.end`, and no frame is left to run."""
    outcome.end(state, winner, reason, truncated)
    state.frames.clear()


# --- events and trigger chances (6.3) ----------------------------------------------------------

# The duel's events (`gaenv.core.events.Event`, recorded in ``state.events`` by `happen`)
# and what their fields hold.
EVENTS: dict[str, str] = {
    "destroyed": "an Equipment was destroyed (player: its controller as it left; other: "
                 "the champion object it was on)",
    "sent_to_grave": "an Equipment went from the field to its owner's Grave, destroyed or "
                     "not (player, other: as for destroyed)",
    "dealt_damage": "a champion was dealt damage (card: the champion card; player: its "
                    "controller; other: the champion object; amount)",
    "defeated": "a champion was defeated (card, player, other: as for dealt_damage)",
    "activated": "an activated effect went on the chain (card: its card; player: who "
                 "activated it; other: the chain item)",
}
Hearers = Callable[[DuelState, Event], Iterable[int]]


def _itself(state: DuelState, event: Event) -> Iterable[int]:
    return (event.card,)


def _their_champions(state: DuelState, event: Event) -> Iterable[int]:
    return [ch.card for ch in on_field(state, event.player)]


def _beside(state: DuelState, event: Event) -> Iterable[int]:
    """The other Equipment of the champion the card left (none if it left the field too)."""
    champ = state.champs[event.other]
    return equipment(state, champ) if champ.on_field else ()


def _their_hand(state: DuelState, event: Event) -> Iterable[int]:
    return list(state.players[event.player].hand)


def _opponent_hand_if_equipment(state: DuelState, event: Event) -> Iterable[int]:
    """The other player's hand, when the activated card is an Equipment on the field."""
    if state.cards[event.card].zone != FIELD:
        return ()
    return list(state.players[1 - event.player].hand)


# Who hears each kind of event, and as which trigger condition (`cards.WHEN`; 6.3): the
# card it is about, that player's champions, the Equipment beside it, a hand. The one
# condition no event opens is ``would_be_dealt_damage``: it is asked before the damage,
# in a would window (`gaenv.duel.effects`, 6.10).
HEARS: dict[str, tuple[tuple[str, Hearers], ...]] = {
    "destroyed": (("destroyed", _itself),
                  ("equipment_you_control_destroyed", _their_champions)),
    "sent_to_grave": (("sent_to_grave", _itself), ("other_equipment_sent", _beside)),
    "dealt_damage": (("dealt_damage", _itself),
                     ("champion_you_control_dealt_damage", _their_hand)),
    "defeated": (("defeated", _itself),),
    "activated": (("opponent_activates_equipment", _opponent_hand_if_equipment),),
}


def happen(state: DuelState, kind: str, card: int, player: int, other: int = -1,
           amount: int = 0) -> None:
    """Record an event (``EVENTS``) in the journal and open a chance for every trigger
    that hears it (``HEARS``), in the table's order, each hearer's triggers in card order;
    none once the game is over (the game ends before the last champion's effect, 11.1)."""
    event = Event(kind, card, player, other, amount)
    state.events.append(event)
    if state.over:
        return
    for when, hearers in HEARS[kind]:
        for cid in hearers(state, event):
            _open(state, cid, when, event)


def _open(state: DuelState, cid: int, when: str, event: Event) -> None:
    """A chance for each trigger of the card that listens to ``when``, if the card is face
    up and its once-per-game use is not spent (6.3, 5.13). It is held by the event's
    player (the controller at that moment), or for a card in a hand by its owner; an
    activation's chance answers it (Medusa's Head, 6.8: the chain item, and the card as
    it is now)."""
    c = state.cards[cid]
    if c.facedown:
        return
    holder = c.owner if c.zone == HAND else event.player
    answering = event.kind == "activated"
    answers = event.other if answering else -1
    about = (event.card, state.cards[event.card].stamp) if answering else (-1, -1)
    for index, trig in enumerate(c.defn.triggers):
        if trig.when != when or (trig.once_per_game and cid in state.once_used):
            continue
        state.chances.append(Chance(state.uid(), cid, c.stamp, index, holder, answers, about))


def chance_is_open(state: DuelState, ch: Chance) -> bool:
    """6.4: the card is still where the chance arose, face up; Medusa's Head's activation
    is still on the chain and its Equipment still on the field. 5.5: a card on the field
    is used only by its controller, so its holder may use a field card's chance only
    while they control the card (a Grave card's chance is the last controller's by 6.3;
    a hand card is always its owner's)."""
    c = state.cards[ch.card]
    if c.stamp != ch.stamp or c.facedown:
        return False
    trig = c.defn.triggers[ch.trigger]
    place = FIELD if c.zone == CHAMPION else c.zone  # a champion works from the field
    if place != trig.place or (trig.once_per_game and ch.card in state.once_used):
        return False
    if place == FIELD and controller(state, ch.card) != ch.controller:
        return False
    if ch.answers >= 0:
        eq, stamp = ch.equipment
        if all(item.uid != ch.answers for item in state.chain) or state.cards[eq].stamp != stamp:
            return False
    return True
