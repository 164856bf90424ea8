"""The change journal: the only functions that change the cards and what is in play.

Every write here does three things:

1. it changes the state (a card's zone, object identity, damage, counters, rest,
   controller; a lineage; the lasting effects; a player's loss);
2. it counts the change at its level (`gaenv.engine.objects`: MARK for damage, rest,
   counters and hidden zones; BOARD for what is in play; SOURCE for the sources of
   continuous effects: an object with static abilities, a lineage, control, a lasting
   effect), advancing ``state.clock`` and stamping the card it changed with it (for a
   memo of something made from one card), and drops the derived views that depend on
   that level (`gaenv.engine.views`), so nothing else needs to be told;
3. it records an `Event` in ``state.events`` (the changes since the last answer) and
   hands it to `gaenv.engine.events.happened`, which fires the triggered abilities that
   listen for it. Moments that change nothing (an attack declared, a phase beginning)
   are recorded with `emit`.

The state-based checks become due after the kinds of change in ``CHECKS_DUE`` (and
only then: nothing else can give them anything to find). Turn bookkeeping (phase,
priority, passes, the counts of this turn) is not journaled: no view reads it except
through an event (a phase beginning advances the clock).
"""

from __future__ import annotations

from collections.abc import Callable

from gaenv.core.events import Event
from gaenv.core.program import Node
from gaenv.engine import events, keywords, selectors, statics
from gaenv.engine.objects import (
    BANISHMENT,
    BOARD,
    DECK,
    FIELD,
    GONE,
    GRAVEYARD,
    HAND,
    INTENT,
    LINEAGE,
    LISTENED_KINDS,
    MARK,
    MATERIAL,
    MEMORY,
    SOURCE,
    STACK,
    CardDef,
    CardObj,
)
from gaenv.engine.state import GameState, Lasting

ON_FIELD = frozenset({FIELD, LINEAGE})
_new_tuple = tuple.__new__

def _at_risk(state: GameState, event: Event) -> bool:
    """The change could let the checks destroy its object (`statics.at_risk`)."""
    return statics.at_risk(state.cards[event[1]], statics.in_force(state).lowering)


def _entering_matters(state: GameState, event: Event) -> bool:
    """An object entering: one the checks could destroy, a Unique one (a second of its
    name: "Card Types - Supertypes 1"), or a Link object (linked to nothing unless it came
    from the stack: "Keywords - Link 2b")."""
    defn = state.cards[event[1]].defn
    return defn.unique or defn.link is not None or _at_risk(state, event)


def _leaving_breaks_a_link(state: GameState, event: Event) -> bool:
    """An object leaving that a Link object in play is linked to ("Keywords - Link 5")."""
    oid = state.cards[event[1]].last_oid
    cards = state.cards
    return any(cards[cid].linked == oid for p in state.players for cid in p.zones[FIELD])


# Kinds of change after which the state-based checks are due ("State-based Checks and
# Effects"), each with a test of whether this change could give them anything to find:
# damage and counters (life, durability), an object entering (no life, no durability,
# Unique) and a player losing (None: always). Every change to the sources of continuous
# effects (a lineage, control, a lasting effect, an object with static abilities) makes
# them due too (`_advance`): life and Unique depend on those, and a player without a
# champion has had their lineage change.
CHECKS_DUE: dict[str, Callable[[GameState, Event], bool] | None] = {
    "dealt_damage": _at_risk, "counters_placed": _at_risk, "counters_removed": _at_risk,
    "enters": _entering_matters, "leaves": _leaving_breaks_a_link, "loses": None,
}


def _write(state: GameState, level: int, kind: str, card: int = -1, player: int = -1,
           other: int = -1, amount: int = 0, detail: str = "") -> None:
    """Count a change of ``level`` to ``card`` (-1: to no card), then record and dispatch
    it as an event of ``kind`` (`emit`)."""
    _advance(state, level, state.cards[card] if card >= 0 else None)
    emit(state, kind, card, player, other, amount, detail)


def _advance(state: GameState, level: int, card: CardObj | None = None) -> None:
    """Count a change of ``level`` (MARK, BOARD or SOURCE) to ``card`` (stamped with the
    clock) or to no card, and drop every view that depends on changes of that level or
    finer (`gaenv.engine.views`)."""
    state.clock += 1
    if card is not None:
        card.stamp = state.clock
        if level == MARK and card.defn.own_marks and card.oid >= 0:
            level = SOURCE  # its statics read its own marks (`Ability.own_marks`)
    views = state.views
    if level == SOURCE:  # (the checks: see CHECKS_DUE)
        state.checks_due = True
        views.clear()
        state.board_views.clear()
        state.mark_views.clear()
        return
    dropped = state.mark_views
    if level == BOARD and state.board_views:
        dropped = dropped + state.board_views
        state.board_views = []
    if not dropped:
        return
    for name in dropped:
        del views[name]
    state.mark_views = []
    if "statics" in dropped:  # continuous effects may have changed: so may life
        state.checks_due = True


def emit(state: GameState, kind: str, card: int = -1, player: int = -1, other: int = -1,
         amount: int = 0, detail: str = "") -> None:
    """Record an event (an `Event` of these fields, in ``state.events``), make the
    state-based checks due if its kind says so (``CHECKS_DUE``) and hand it to the
    triggers that could listen for it. The writes below call it after their change;
    moments that change nothing (a phase beginning or ending, an attack declared, a card
    activated or drawn) are only this. (The event is built with ``tuple.__new__``, which
    skips the named tuple's Python-level constructor: events are the commonest record.)"""
    event = _new_tuple(Event, (kind, card, player, other, amount, detail))
    if kind in CHECKS_DUE and not state.checks_due:
        test = CHECKS_DUE[kind]
        state.checks_due = test is None or test(state, event)
    state.events.append(event)
    if kind in LISTENED_KINDS or (card >= 0 and kind in state.cards[card].defn.triggered):
        events.happened(state, event)  # (nothing in play can listen for the others)


def begin_turn(state: GameState) -> None:
    """Record that a turn begins: whose turn it is changed, which a condition may read
    (``your_turn``), so it counts as a change to marks."""
    _write(state, MARK, "turn_begins", -1, state.turn_player)


# --- zones --------------------------------------------------------------------------

def zone_list(state: GameState, card: CardObj) -> list[int] | None:
    """The list that holds the card (the field: its controller's; any other zone: its
    owner's), or None while it is on the effects stack (or gone)."""
    zone = card.zone
    if zone in (STACK, GONE):
        return None
    return state.players[card.controller if zone == FIELD else card.owner].zones[zone]


def replaced_destination(card: CardObj, dest: str) -> str:
    """The rules' own replacements of a destination ("Card Types - Champion 7": champion
    cards are banished instead of going to a graveyard; "Supertypes 2c/2d": regalia too,
    and they return to the material deck instead of hand, deck or memory)."""
    if dest == GRAVEYARD and (card.defn.is_champion or card.defn.is_regalia):
        return BANISHMENT
    if card.defn.is_regalia and dest in (HAND, DECK, MEMORY):
        return MATERIAL
    return dest


def move(state: GameState, cid: int, dest: str, *, bottom: bool = False,
         controller: int = -1, rested: bool = False) -> str:
    """Move card ``cid`` to ``dest`` (its owner's zone; the field of ``controller``, by
    default its owner); return the zone it ended in ("Game Mechanics - Game Zones": a
    move to the zone it is in is no move).

    Decks keep their top at the end of the list, so ``bottom=True`` puts the card under
    the deck. Leaving the field forgets the object (a token stops existing: "Game Terms -
    Token"); entering it makes a new object (`make_object`). A card put on the stack is
    controlled by ``controller`` there. The move is one change: the versions advance
    once, then ``leaves``, ``moved`` and ``enters`` are recorded as they apply (the card
    that left sees its own leaving: `gaenv.engine.events` step 1). ``rested``: a card
    entering the field enters rested (it never was awake there).
    """
    card = state.cards[cid]
    dest = replaced_destination(card, dest)
    if dest == card.zone:
        return dest
    zone = card.zone
    leaving = zone in ON_FIELD and card.oid >= 0  # (an inner lineage card is no object)
    was = card.controller
    if leaving and card.defn.token:
        dest = GONE
    source = zone_list(state, card)
    if source is not None:
        source.remove(cid)
    if leaving:
        card.clear_object_state()
    elif zone in (BANISHMENT, MATERIAL) and card.counters:
        card.counters = {}  # an omen's or a preserved card's counter stays behind
    if zone == LINEAGE:
        card.entered = -1
    elif dest == LINEAGE:
        card.entered = state.next_timestamp
        state.next_timestamp += 1
    card.zone = dest
    if dest in (STACK, FIELD) and controller >= 0:
        card.controller = controller
    target = zone_list(state, card)
    if target is not None:
        if bottom:
            target.insert(0, cid)
        else:
            target.append(cid)
    if dest == FIELD:
        _new_object(state, card, rested or (bool(state.lasting) and _kept_rested(state, card)))
    if zone in ON_FIELD or dest in ON_FIELD:
        lineage = LINEAGE in (zone, dest)
        level = SOURCE if lineage or card.defn.static_abilities else BOARD
    elif INTENT in (zone, dest) and card.defn.static_abilities:  # an attack's own power
        level = SOURCE
    else:
        level = MARK
    _advance(state, level, card)
    if dest == FIELD and not card.rested and keywords.has(state, cid, "hindered"):
        # Hindered a static gives it ("Keywords - Hindered 1"; "Continuous Effects, Layers
        # D"), known once it is on the field: it enters rested all the same
        card.rested = True
        _advance(state, MARK, card)
    if leaving:
        emit(state, "leaves", cid, was, -1, 0, dest)
    emit(state, "moved", cid, card.owner, -1, 0, dest)
    if dest == FIELD:
        emit(state, "enters", cid, card.controller)
    return dest


def _kept_rested(state: GameState, card: CardObj) -> bool:
    """Whether a lasting ``enter_rested`` effect applies to the card entering the field."""
    return any(x.node.op == "enter_rested" and selectors.printed(
        x.node.args["applies_to"], card.defn, card.controller, x.controller)
        for x in state.lasting)


def combat_changes(state: GameState) -> None:
    """Count a change to who attacks, whom, and who retaliates (``state.combat``, which
    combat sets: a combat begins or ends, Intercept redirects, a unit retaliates), at
    MARK level: the filter keys ``attacking`` and ``retaliating`` read it
    (`gaenv.engine.selectors.MARK_KEYS`)."""
    _advance(state, MARK)


def boost_attack(state: GameState, power: int) -> None:
    """The attack in progress gets ``power`` more (or less): "this attack gets +2 POWER"
    ("Combat Phase - Attacking 6b": the attack in the intent may be modified until the
    damage step). Counted at MARK level, as the other changes to ``state.combat`` are."""
    if state.combat is not None:
        state.combat.bonus += power
        _advance(state, MARK)


def make_object(state: GameState, card: CardObj) -> None:
    """Make a card on the field a new object (`_new_object`), as a change of its own (for
    a position being set up; `move` does this as part of entering)."""
    _new_object(state, card)
    _advance(state, SOURCE, card)


def _new_object(state: GameState, card: CardObj, rested: bool = False) -> None:
    """Give a card that just entered the field a fresh object identity ("Game Zones -
    Field"): a new oid and timestamp, awake (rested with Hindered), no damage, and a
    weapon's or siegeable domain's durability counters."""
    card.oid = state.next_oid
    state.next_oid += 1
    card.timestamp = state.next_timestamp
    state.next_timestamp += 1
    card.rested = rested or "hindered" in card.defn.keywords  # "Keywords - Hindered"
    card.damage = 0
    card.counters = {}
    if card.defn.durability is not None:
        card.counters["durability"] = card.defn.durability


def create(state: GameState, owner: int, defn: CardDef, zone: str) -> int:
    """Bring a new card into the game (game setup, scenarios, summoned tokens)."""
    cid = len(state.cards)
    card = CardObj(cid, defn, owner, zone)
    if zone == LINEAGE:
        card.entered = state.next_timestamp
        state.next_timestamp += 1
    state.cards.append(card)
    target = zone_list(state, card)
    if target is not None:
        target.append(cid)
    _advance(state, SOURCE if zone in ON_FIELD else MARK, card)
    return cid


def reorder(state: GameState, player: int, zone: str, ids: list[int]) -> None:
    """Put a zone's cards in a new order (a shuffle, a glimpse): the same cards."""
    state.players[player].zones[zone][:] = ids
    _advance(state, MARK)


def redeal(state: GameState, player: int, dealt: dict[str, list[int]]) -> None:
    """Put ``player``'s cards into those of their zones, each zone's list as given (a
    determinized copy redealing the cards its searcher cannot see; never a play)."""
    zones = state.players[player].zones
    for zone, ids in dealt.items():
        zones[zone] = list(ids)
        for cid in ids:
            state.cards[cid].zone = zone
    _advance(state, MARK)


def enter_lineage(state: GameState, player: int, cid: int, champion: CardObj | None) -> None:
    """Put champion card ``cid`` on top of ``player``'s lineage. With ``champion`` (the
    champion object's top card until now) the new top becomes that same object ("Card
    Types - Champion, Leveling Up 4, 7": same oid and timestamp, rested or awake, damage
    and counters kept); without, it is a new object (turn one's champion). Either way its
    On Enter abilities trigger: ``enters`` is recorded (and ``levels_up`` for a level);
    for a level only its own (`events.LEVEL_UP`: "Leveling Up 6b", no object entered)."""
    move(state, cid, LINEAGE)
    new = state.cards[cid]
    if champion is None:
        _new_object(state, new)
    else:
        _carry(champion.copy(), new)
        champion.clear_object_state()
    _advance(state, SOURCE, new)
    emit(state, "enters", cid, player, detail="" if champion is None else events.LEVEL_UP)
    if champion is not None:
        emit(state, "levels_up", cid, player)


def leave_lineage(state: GameState, player: int) -> None:
    """The top card of the lineage returns to the material deck ("Card Types - Champion,
    Deleveling 1"); the card beneath, if any, becomes the champion object. That object
    carries on, so the card returning is no object leaving the field (no ``leaves``, as a
    level up is no object entering it: "Leveling Up 6b"); only the last card's is."""
    lineage = state.players[player].zones[LINEAGE]
    top = state.cards[lineage[-1]]
    champion = top.copy()
    if len(lineage) > 1:
        top.clear_object_state()
    move(state, champion.id, MATERIAL)
    if lineage:
        _carry(champion, state.cards[lineage[-1]])
        _advance(state, SOURCE, state.cards[lineage[-1]])


def _carry(champion: CardObj, new: CardObj) -> None:
    """``new`` (now the top of the lineage) becomes the champion object ``champion`` was."""
    new.oid = champion.oid
    new.timestamp = champion.timestamp
    new.rested = champion.rested
    new.damage = champion.damage
    new.counters = dict(champion.counters)
    new.hurt = champion.hurt


# --- object state -------------------------------------------------------------------------

def damage(state: GameState, cid: int, amount: int, source: int = -1) -> None:
    """Mark ``amount`` damage (after prevention) on object ``cid`` ("Game Mechanics -
    Damage"); records ``dealt_damage`` and, with a source, ``deals_damage``."""
    card = state.cards[cid]
    card.damage += amount
    card.hurt = state.turn
    _write(state, MARK, "dealt_damage", cid, card.controller, source, amount)
    if source >= 0:
        _write(state, MARK, "deals_damage", source, state.cards[source].controller, cid,
                            amount)


def heal(state: GameState, cid: int, amount: int) -> None:
    """Remove up to ``amount`` damage from object ``cid`` (all of it: ``amount`` = its
    damage)."""
    card = state.cards[cid]
    removed = min(card.damage, amount)
    if removed:
        card.damage -= removed
        _write(state, MARK, "healed", cid, card.controller, -1, removed)


def counters(state: GameState, cid: int, kind: str, amount: int) -> None:
    """Put ``amount`` counters of ``kind`` on object ``cid`` (a negative amount removes
    that many, never below none) ("Game Mechanics - Counters")."""
    card = state.cards[cid]
    have = card.counters.get(kind, 0)
    new = max(0, have + amount)
    if new == have:
        return
    if new:
        card.counters[kind] = new
    else:
        del card.counters[kind]
    name = "counters_placed" if new > have else "counters_removed"
    # Level counters on a champion change its level ("Level Counters"), which statics'
    # restrictions and costs read: a change to a source.
    level = SOURCE if kind == "level" and card.defn.is_champion else MARK
    _write(state, level, name, cid, card.controller, -1, abs(new - have), kind)


def currents(state: GameState, player: int, direction: str) -> None:
    """Set the player's Shifting Currents to ``direction`` (gaining the mastery sets it to
    north: "Game Mechanics - Mastery, Shifting Currents 1a"); records ``currents_change``
    with the detail ``OLD_to_NEW`` (``none_to_north`` on gaining it). Conditions read it,
    so it is a change to a source."""
    p = state.players[player]
    if p.currents == direction:
        return
    detail = f"{p.currents or 'none'}_to_{direction}"
    p.currents = direction
    _write(state, SOURCE, "currents_change", -1, player, -1, 0, detail)


def link(state: GameState, cid: int, oid: int) -> None:
    """Link object ``cid`` to the object ``oid`` ("Keywords - Link 2"): its statics read
    what it is linked to, so this is a change to a source."""
    card = state.cards[cid]
    card.linked = oid
    _advance(state, SOURCE, card)


def activated_as(state: GameState, cid: int, brewed: bool, imbued: bool,
                 prepared: bool = False) -> None:
    """Object ``cid`` keeps the properties of its activation: brewed, imbued, prepared
    ("Activation Properties"; "Keywords - Imbue N 2"; "Keywords - Prepare N 2")."""
    card = state.cards[cid]
    card.brewed = brewed
    card.imbued = imbued
    card.prepared = prepared
    _advance(state, MARK, card)


def foster(state: GameState, cid: int) -> None:
    """Object ``cid`` becomes fostered, unless it already is ("Fostered 4": only once);
    records ``fostered`` (On Foster)."""
    card = state.cards[cid]
    if not card.fostered:
        card.fostered = True
        _write(state, MARK, "fostered", cid, card.controller)


def rest(state: GameState, cid: int, rested: bool = True) -> None:
    """Rest (or with ``rested=False`` wake) object ``cid``."""
    card = state.cards[cid]
    if card.rested != rested:
        card.rested = rested
        _write(state, MARK, "rests" if rested else "wakes", cid, card.controller)


def take_control(state: GameState, cid: int, player: int) -> None:
    """``player`` now controls object ``cid`` ("Control and Ownership"): it moves to their
    field, keeping its identity and state; its owner does not change."""
    card = state.cards[cid]
    if card.controller == player or card.zone != FIELD:
        return
    state.players[card.controller].zones[FIELD].remove(cid)
    card.controller = player
    state.players[player].zones[FIELD].append(cid)
    _write(state, SOURCE, "control_changes", cid, player)


def lose(state: GameState, player: int, why: str) -> None:
    """``player`` has lost ("General Rules - Ending the Game") because of ``why``, words
    that name them (`gaenv.core.outcome`); the checks end the game. A second loss changes
    nothing."""
    if not state.players[player].lost:
        state.players[player].lost = why
        _write(state, MARK, "loses", -1, player)


# --- continuous effects ------------------------------------------------------------------

def begin_lasting(state: GameState, node: Node, controller: int, target: int = -1,
                  until: str = "turn") -> None:
    """A static effect begins that lasts until the end of the turn (or, ``until`` =
    ``next_turn``, until its controller's next turn begins; ``next_damage``, within the
    turn, until damage is next dealt to its ``target``: `end_lasting_on`), with a new timestamp
    ("Timestamps 1": a resolution's effect is timestamped as it resolves)."""
    state.lasting.append(Lasting(node, controller, state.next_timestamp, target, until))
    state.next_timestamp += 1
    _write(state, SOURCE, "lasting_begins", -1, controller, -1, 0, node.op)


def end_lasting(state: GameState) -> None:
    """Every "this turn" effect ends ("Turn Order - End Phase"); those that last until a
    player's next turn stay (`end_lasting_of`)."""
    _end_lasting_where(state, lambda x: x.until != "next_turn")


def use_lasting(state: GameState, cid: int, player: int) -> None:
    """``player`` has activated card ``cid``: the cost changes of theirs that last until
    their next such activation ("the next card you activate this turn costs 2 less") and
    applied to it end."""
    defn = state.cards[cid].defn
    _end_lasting_where(state, lambda x: (
        x.until == "next_activation" and x.controller == player and x.node.op == "modify_cost"
        and selectors.printed(x.node.args["applies_to"], defn, player, player)))


def end_lasting_on(state: GameState, oid: int, until: str) -> None:
    """The lasting effects on object ``oid`` that last ``until`` this moment end ("the next
    time damage would be dealt to it": ``next_damage``)."""
    _end_lasting_where(state, lambda x: x.until == until and x.target == oid)


def end_lasting_of(state: GameState, player: int) -> None:
    """The effects of ``player``'s that last "until the beginning of your next turn" end,
    as that turn begins."""
    _end_lasting_where(state, lambda x: x.until == "next_turn" and x.controller == player)


def _end_lasting_where(state: GameState, ends: Callable[[Lasting], bool]) -> None:
    """The lasting effects for which ``ends`` is true end (one change, if any does)."""
    if state.lasting:
        kept = [x for x in state.lasting if not ends(x)]
        if len(kept) != len(state.lasting):
            state.lasting = kept
            _write(state, SOURCE, "lasting_ends")
