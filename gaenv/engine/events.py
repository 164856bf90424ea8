"""Events and the triggered abilities they fire ("Abilities - Triggered Abilities").

Every change the journal records (`gaenv.engine.journal`) is an `Event` (the core's,
`gaenv.core.events`), and so are the moments the rules name without changing anything
(an attack declared, a phase beginning, a card activated). A triggered ability is data:
an event kind and a filter on what was involved (`gaenv.engine.objects.Trigger`). When
an event happens:

1. the abilities of the card the event is about that listen for it: those about itself
   (``self: true``, as On Enter) wherever the card is, the others (not ``another``) only
   if it is in play or is the one leaving it (a dying unit is still in play: ``dies``
   is recorded before it moves; ``leaves`` after, with its controller of that moment);
2. then the abilities of every other object in play that listen for it (``another: true``
   and the like), in play order: each player's champion, then their field (keyword
   triggers such as Vigor follow the object's own abilities); not for a level up's
   ``enters`` (``LEVEL_UP``), which is no object entering the field.

A triggered ability whose condition holds is recorded in ``state.pending_triggers`` with
its controller at that moment ("Control and Ownership 4"); pending triggers go onto the
effects stack before anyone next receives opportunity, the turn player's first, each
player choosing the order of their own (`gaenv.engine.stack.put_triggers`).

Keyword triggers (Intercept, Vigor) are built in: their effect is engine data in
``KEYWORD_EFFECTS``, not card text; so are the activated abilities counters give the
object they are on (``COUNTER_ABILITIES``: Enlighten).
"""

from __future__ import annotations

from types import MappingProxyType

from gaenv.core.events import Event
from gaenv.core.program import Node
from gaenv.engine import keywords, selectors
from gaenv.engine.objects import LISTENED_KINDS, Ability, Trigger
from gaenv.engine.state import GameState
from gaenv.engine.statics import requirement_met

# The detail of the ``enters`` of a champion card placed on top of a lineage: a new card
# in the lineage, but no new object on the field ("Card Types - Champion, Leveling Up 6b"),
# so no other object's ability sees it enter.
LEVEL_UP = "level_up"

# Event kinds, what the event's ``card`` is, and what else it carries.
EVENTS: dict[str, str] = {
    "moved": "card changed zone (detail: the zone it went to)",
    "enters": "an object entered the field (a champion card: became the top of a lineage; "
              "detail `level_up` when it leveled the champion up: no object entered)",
    "leaves": "an object left the field",
    "dies": "a unit died (left the field for the graveyard by damage or destruction)",
    "attacks": "an attack was declared; card: the attacker, the weapon or the attack card",
    "attacked": "an object became an attack's target; card: the defender",
    "hits": "card dealt combat damage (an attacker with its weapon and attack card)",
    "kills": "card's combat damage killed a unit (other: that unit)",
    "deals_damage": "card dealt damage (other: the card dealt damage to; amount)",
    "dealt_damage": "card was dealt damage (other: the source or -1; amount)",
    "counters_placed": "counters were put on card (detail: their kind; amount)",
    "counters_removed": "counters were removed from card (detail: their kind; amount)",
    "activated": "card was activated from hand (player: who activated it)",
    "materialized": "card was materialized, its costs paid (player: who materialized it)",
    "drawn": "card was drawn (player: who drew it)",
    "levels_up": "a champion leveled up; card: its new top card",
    "rests": "an object was rested",
    "fostered": "an object became fostered",
    "sacrificed": "an object was sacrificed (player: who controlled it)",
    "currents_change": "player's Shifting Currents changed direction (detail: OLD_to_NEW)",
    "gathered": "player gathered (\"Game Terms - Gather\"); card: the ingredient summoned",
    "wakes": "an object was woken",
    "revealed": "card was revealed from a private zone (player: who revealed it; detail: "
                "the zone)",
    "healed": "damage was removed from card (amount)",
    "control_changes": "player gained control of card",
    "lasting_begins": "a this-turn effect began (player: its controller; detail: its kind)",
    "lasting_ends": "the this-turn effects ended",
    "loses": "player lost the game",
    "turn_begins": "a turn began (player: the turn player)",
    "phase_begins": "a phase began (player: the turn player; detail: the phase)",
    "phase_ends": "a phase ended (player: the turn player; detail: the phase)",
}
# Filter keys a trigger may use besides the selector filter keys.
EVENT_KEYS = ("player", "phase", "counter", "currents")

# The trigger keys of card files that name a common trigger (docs/cards.md).
TRIGGERS: dict[str, Trigger] = {
    "on_enter": Trigger("enters", MappingProxyType({"self": True}), "on_enter"),
    "on_leave": Trigger("leaves", MappingProxyType({"self": True}), "on_leave"),
    "on_death": Trigger("dies", MappingProxyType({"self": True}), "on_death"),
    "on_attack": Trigger("attacks", MappingProxyType({"self": True}), "on_attack"),
    "on_hit": Trigger("hits", MappingProxyType({"self": True}), "on_hit"),
    "on_kill": Trigger("kills", MappingProxyType({"self": True}), "on_kill"),
    "on_recollection": Trigger("phase_begins", MappingProxyType({}), "on_recollection",
                               MappingProxyType({"phase": "recollection", "player": "you"})),
    "on_end_phase": Trigger("phase_begins", MappingProxyType({}), "on_end_phase",
                            MappingProxyType({"phase": "end", "player": "you"})),
}


KEYWORD_EFFECTS: dict[str, Ability] = {
    # "Keywords - Intercept": the defending player may redirect the attack to this ally
    # (put on the stack by combat when its champion is attacked, not by an event).
    "intercept": Ability(None, (Node("intercept", MappingProxyType({})),), None, False,
                         "Intercept: you may redirect the attack to this ally."),
    # "Suppress 1": the delayed trigger a suppressed card waits for in banishment, put on
    # the stack by the turn as the next end phase begins (not by an event).
    "suppress": Ability(None, (Node("return_suppressed", MappingProxyType({})),), None,
                        False, "Suppress: this card returns to the field."),
    # "Abilities - Triggered Abilities" (delayed triggers): a card banished to return to
    # its owner's memory as their next end phase begins (`effects.RETURNING`).
    "returning": Ability(None, (Node("return_banished", MappingProxyType({})),), None,
                         False, "This card returns to its owner's memory."),
    # "Game Mechanics - Counters, Wither" 1 and 2: the game's trigger as its turn player's
    # main phase begins while they control objects with wither counters (put on the stack
    # by the turn; its card is the first such object).
    "wither": Ability(None, (Node("wither", MappingProxyType({})),), None, False,
                      "Wither: sacrifice each withered object unless you pay (1) per wither "
                      "counter on it."),
    # "Keywords - Vigor": this unit wakes up at the beginning of its controller's end phase.
    "vigor": Ability(TRIGGERS["on_end_phase"], (Node("wake", MappingProxyType(
        {"target": selectors.NAMED_SELECTORS["self"]})),), None, False,
        "Vigor: this unit wakes up."),
}
# Activated abilities the rules give an object for the counters on it, under a negative
# index that stands where a card's ability index would (`ability_of`). "Enlighten
# Counters 1" and "Game Mechanics - Counters, Enlighten": a champion with enlighten
# counters on it has "Remove 3 enlighten counters from this: Draw a card" (offered by
# `gaenv.engine.stack.opportunity_options` only while it has three).
ENLIGHTEN = -2
ENLIGHTEN_COST = 3
COUNTER_ABILITIES: dict[int, Ability] = {
    ENLIGHTEN: Ability(None, (Node("draw", MappingProxyType(
        {"amount": 1, "player": "you", "into": "hand"})),), None, False,
        f"remove {ENLIGHTEN_COST} enlighten counters: draw a card", activated=True,
        cost=MappingProxyType({"remove_counters": MappingProxyType(
            {"enlighten": ENLIGHTEN_COST})})),
}
# (event kind, its detail) -> the keywords whose built-in trigger listens for it, the
# detail being the phase a trigger names ("" for one that names none). Objects with those
# keywords may be in play whatever cards were loaded, so their kinds are always listened
# for.
_KEYWORD_LISTENERS: dict[tuple[str, str], tuple[str, ...]] = {}
for _name, _ability in KEYWORD_EFFECTS.items():
    if _ability.trigger is not None:
        _key = (_ability.trigger.event, _ability.trigger.moment.get("phase", ""))
        _KEYWORD_LISTENERS[_key] = (*_KEYWORD_LISTENERS.get(_key, ()), _name)
        LISTENED_KINDS.add(_ability.trigger.event)


def ability_of(state: GameState, cid: int, ability: int | str) -> Ability:
    """A card's ability by index, a keyword's built-in trigger by name, or (a negative
    index) an ability its counters give it (``COUNTER_ABILITIES``)."""
    if isinstance(ability, str):
        return KEYWORD_EFFECTS[ability]
    if ability < -1:
        return COUNTER_ABILITIES[ability]
    return state.cards[cid].defn.abilities[ability]


def happened(state: GameState, event: Event) -> None:
    """Record every triggered ability the event fires (see the module doc)."""
    kind = event.kind
    about = event.card
    cards = state.cards
    if about >= 0:
        card = cards[about]
        indices = card.defn.triggered.get(kind)
        if indices is not None:
            in_play = card.oid >= 0 or kind == "leaves"
            for index in indices:
                ability = card.defn.abilities[index]
                flt = ability.trigger.filter  # type: ignore[union-attr]
                if flt.get("self") or (in_play and not flt.get("another")):
                    _consider(state, event, about, index, ability)
    if event.detail == LEVEL_UP:  # "Leveling Up 6b": only the new top card's own abilities
        return
    keyworded = _KEYWORD_LISTENERS.get((kind, ""), ())
    if event.detail:
        keyworded += _KEYWORD_LISTENERS.get((kind, event.detail), ())
    if keyworded:  # each object in play: its own abilities, then its keywords'
        for cid in selectors.in_play(state):
            if cid != about:
                defn = cards[cid].defn
                for index in defn.triggered.get(kind, ()):
                    _consider(state, event, cid, index, defn.abilities[index])
                for name in keyworded:  # each instance its own trigger (Vigor 2)
                    for _ in range(keywords.instances(state, cid, name)):
                        _consider(state, event, cid, name, KEYWORD_EFFECTS[name])
        return
    if kind not in LISTENED_KINDS:
        return
    listeners = (state.views.get("board") or selectors.board(state)).listeners.get(kind)
    if listeners is not None:
        for cid, index in listeners:
            if cid != about:
                _consider(state, event, cid, index, cards[cid].defn.abilities[index])


_LEAVING = frozenset({"leaves", "dies"})  # an object's own leaving: it was just that object


def _consider(state: GameState, event: Event, cid: int, index: int | str,
              ability: Ability) -> None:
    """Record ``cid``'s ability if its trigger's filter and its condition hold."""
    card = state.cards[cid]
    assert ability.trigger is not None
    # A source that has left the field (its own leaving) is its controller's of that moment,
    # and the object it was ("Game Terms - Last-known Information": "On Leave: put the
    # counters that were on this ..." reads them).
    own = card.oid < 0 and cid == event.card
    left = own and event.kind in _LEAVING
    controller = event.player if own else card.controller
    if _fits(state, ability.trigger, event, cid, controller) and requirement_met(
            state, ability, card, controller=controller):
        state.pending_triggers.append((cid, index, controller, card.last_oid if left else
                                       card.oid, event.card, _object_of(state, event.card)))


def _object_of(state: GameState, cid: int) -> int:
    """The object card ``cid`` is, or just was if it has left play (-1 if neither)."""
    if cid < 0:
        return -1
    card = state.cards[cid]
    return card.oid if card.oid >= 0 else card.last_oid


def _fits(state: GameState, trigger: Trigger, event: Event, source: int,
          controller: int) -> bool:
    """Whether a trigger's moment keys and filter hold for the event, read from ``source``."""
    for key, want in trigger.moment.items():
        if key == "player":
            if (want == "you") != (event.player == controller):
                return False
        elif key == "hit":  # the card type of what was hit
            if event.other < 0 or state.cards[event.other].defn.type != want:
                return False
        elif event.detail != want:  # phase, counter
            return False
    flt = trigger.filter
    if len(flt) == 1 and "self" in flt:  # On Enter and the like: no filter to read
        return (event.card == source) == flt["self"]
    if event.kind == "leaves" and "controller" in flt:
        # The card has already left: whose it was is its controller as it left.
        if (flt["controller"] == "you") != (event.player == controller):
            return False
        flt = {key: want for key, want in flt.items() if key != "controller"}
    return not flt or (event.card >= 0 and selectors.matches(state, flt, event.card,
                                                             controller, source))


def fire_keyword(state: GameState, cid: int, keyword: str) -> None:
    """A keyword's built-in trigger fires for object ``cid`` (Intercept, from combat)."""
    card = state.cards[cid]
    state.pending_triggers.append((cid, keyword, card.controller, card.oid, -1, -1))
