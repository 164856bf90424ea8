"""Selectors, conditions and amounts: the parts of the effect language that read the state.

One filter vocabulary serves everywhere: what a static applies to, what an effect may
target or affects, what a trigger listens for, what a search finds, what a condition or
an amount counts ("Game Mechanics - Objects and Targeting"). A filter is a mapping whose
keys all have to hold (see `FILTER_KEYS`); keys are relative to a *controller* (the
player the ability belongs to) and a *source* (the card whose ability it is).

- Printed keys look at the card: ``type``, ``supertype`` (regalia, unique), ``subtype``,
  ``element``, ``class``, ``keyword`` (printed keywords), ``name`` (each a name or a
  list: any of them), ``token``,
  ``reserve_cost`` and ``memory_cost`` (the printed cost within ``{at_least, at_most}``),
  ``any`` (a list of filters: one of them holds) and ``not`` (a filter that must not hold:
  "non-Human").
- State keys look at the object in play: ``controller`` (``you`` / ``opponent``),
  ``rested``, ``damaged``, ``distant`` (true or false), ``counters`` (it has at least one
  counter of that name), ``self`` / ``another`` (it is / is not the source), ``power``
  (its power now within ``{at_least, at_most}``), ``damage`` (the damage on it, likewise),
  ``distinct`` (for a declared target: not an object the card or ability already targets,
  read where targets are declared, `gaenv.engine.stack`), ``attacking`` (it is the attacker, and
  an attack target fits the filter given), ``defending`` (it is a target of the attack in
  progress), ``retaliating``, ``fostered`` ("Fostered"), ``hurt`` (it was dealt damage
  since the end of its controller's previous turn: "Keywords - Foster 1"), ``brewed`` (it
  was activated by Brew), ``imbued``, ``prepared`` (its Prepare cost was paid), ``linked``
  (the source, a Link object, is linked to
  it); ``activation: true`` makes a declared target a card activation on the effects stack
  (for ``negate``), ``graveyard: true`` a card in a graveyard (``controller``: its owner).

A condition (``requires:`` on an ability, ``when:`` of ``if``) is a mapping whose keys
all hold: ``class_bonus``, ``element_bonus`` (your champion's element is the card's),
``champion_name`` (your champion's lineage name is this one), ``level`` (the champion's
level, with Empower, at least N),
``champion`` (your champion matches a filter), ``controls`` (you control an object that
matches), ``self`` (the source object matches), ``your_turn``, ``currents`` (the
player's Shifting Currents face that direction), ``can_pay`` (the player could pay that
much reserve now: cards in hand and awake Reservable objects), ``target`` (the object of
the most recent target declared, as an effect resolves, matches a filter), ``discarded``
(a card the resolving effect's ``discard`` steps discarded matches a filter), ``phase`` (the
phase now is this one), ``this_turn`` (``activated: FILTER``: the player activated a card
matching it this turn; ``attacked: true``: their champion attacked this turn; read as it
is checked, so for ``if`` and trigger conditions, not statics), ``amount`` with
``at_least`` / ``at_most`` (a dynamic amount compared with a number, or with another
amount: "the amount of cards in your hand and memory are equal", the Balance label of
"Label Keywords"), and ``not`` (a condition that must fail).

An amount is a whole number or a mapping with one key: ``count`` (objects in play that
match a filter), ``cards`` (cards in a zone: ``zone``, ``player``, and filter keys; with
``distinct``, ``lowest`` or ``highest`` naming a printed number, ``reserve_cost``,
``memory_cost``, ``power`` or ``life``: how many different values of it the cards have,
or the lowest or highest, 0 for none),
``counters`` (``kind`` counters on ``of``), ``stat`` (``power``/``life``/``damage`` of
``of``), ``level`` (a player's champion level), ``influence`` (a player's cards in hand
and memory together, "Influence 1"), ``moved: true`` (as an effect resolves, the cards its
latest ``move_cards`` step moved: "for each card banished this way"; 0 elsewhere); and
optionally ``max`` (the count capped: "for
each of up to two"), then ``times`` and ``plus``.

Keys that read damage, rest, counters, zone sizes or whose turn it is can change with
any change (`MARK_KEYS`), keys that read other objects in play with any change to the
board (`BOARD_KEYS`); `reach` tells which, for the views that read them
(`gaenv.engine.views`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from gaenv.engine import views
from gaenv.engine.objects import (
    BOARD,
    FIELD,
    HAND,
    LINEAGE,
    MARK,
    MEMORY,
    PLAYER_ZONES,
    SOURCE,
    CardDef,
)
from gaenv.engine.state import GameState

PRINTED_KEYS = ("type", "supertype", "subtype", "element", "class", "keyword", "name",
                "token", "reserve_cost", "memory_cost", "any", "not")
STATE_KEYS = ("controller", "rested", "damaged", "distant", "counters", "self", "another",
              "power", "damage", "attacking", "defending", "retaliating", "distinct",
              "fostered", "hurt", "brewed", "imbued", "prepared", "linked", "activation",
              "graveyard", "has_keyword")
# Keys whose value is a range ``{at_least, at_most}`` of a number on the card.
BOUND_KEYS = ("reserve_cost", "memory_cost", "power", "damage")
FILTER_KEYS = (*PRINTED_KEYS, *STATE_KEYS)
CONDITION_KEYS = ("class_bonus", "element_bonus", "champion_name", "level", "champion",
                  "controls", "self", "your_turn", "currents", "phase", "can_pay", "target",
                  "discarded", "this_turn", "amount", "at_least", "at_most", "parity", "not")
AMOUNT_KINDS = ("count", "cards", "counters", "stat", "level", "influence", "moved")
STATS = ("power", "life", "damage")
CARD_ZONES = tuple(z for z in PLAYER_ZONES if z not in (FIELD, LINEAGE, "intent"))
# Keys whose answer can change with a change to marks (see the module doc), and those
# that read other objects in play.
MARK_KEYS = frozenset({"rested", "damaged", "distant", "counters", "cards", "influence",
                       "your_turn",
                       "stat", "fostered", "hurt", "brewed", "imbued", "prepared", "power",
                       "damage", "attacking", "defending", "retaliating", "can_pay",
                       "has_keyword"})
# State keys that read the combat in progress (`gaenv.engine.journal.combat_changes`): a
# source reading them about itself is not reading its own marks only.
COMBAT_KEYS = frozenset({"attacking", "defending", "retaliating"})
BOARD_KEYS = frozenset({"controls", "count"})


def reach(tree: Any, own: int = MARK) -> int:
    """The finest level of change (`gaenv.engine.objects.MARK`, BOARD or SOURCE) that can
    change the answer of a parsed filter, condition or amount (any nesting). A read of
    the source object's own marks (a condition's ``self`` filter; ``counters`` or ``stat``
    ``of: self``) counts as ``own``: the card loader passes SOURCE for statics, because the
    journal counts a change to the marks of an object whose statics read them as a change
    to a source (`gaenv.engine.objects.Ability.own_marks`)."""
    level = SOURCE
    if isinstance(tree, Mapping):
        for key, value in tree.items():
            if key == "self" and isinstance(value, Mapping) and COMBAT_KEYS & set(value):
                return MARK
            if isinstance(value, Mapping) and (key == "self" or (
                    key in ("counters", "stat") and getattr(value.get("of"), "mode", "")
                    == "self")):
                level = min(level, own)
                continue
            if key in MARK_KEYS:
                return MARK
            if key in BOARD_KEYS:
                level = BOARD
            level = min(level, reach(value, own))
    elif isinstance(tree, (list, tuple)):  # the filters of ``any``
        for value in tree:
            level = min(level, reach(value, own))
    return level


# --- object selectors ----------------------------------------------------------------

_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Selector(NamedTuple):
    """Which objects a step acts on ("Game Mechanics - Objects and Targeting").

    ``mode``: ``target`` (declared as the card or ability is played, one decision each;
    it must exist, or the card cannot be played, and fizzles if gone), ``up_to`` (a
    declared target that may be left empty), ``each`` (every object that fits, read as
    it resolves), ``self`` (the source object), ``same`` (the object of the most recent
    target declared earlier in the effect), ``that`` (the object the triggering event
    was about, while it is still that object), ``choose`` (one object that fits, chosen by
    the effect's controller as the step resolves: not a target, so Spellshroud and Stealth
    do not matter; nothing if none fits), ``choose_any`` (any amount of objects that fit,
    each a different one, chosen one at a time as the step resolves: "choose any amount of
    allies and ..."). ``filter`` is a `gaenv.engine.selectors`
    filter; ``name`` the text it was written as."""

    mode: str
    filter: Mapping[str, Any]
    name: str

    @property
    def declared(self) -> bool:
        return self.mode in ("target", "up_to")


_UNIT = ("champion", "ally")
_KINDS = {"unit": _UNIT, "ally": ("ally",), "champion": ("champion",)}
_SCOPES = {"": None, "opponent_": "opponent", "your_": "you"}


def _sugar() -> dict[str, Selector]:
    """The named selectors of card files: ``target_unit``, ``up_to_target_your_ally``,
    ``each_opponent_unit``, ``your_champion``, ... each a mode and a filter."""
    named: dict[str, Selector] = {}
    for kind, types in _KINDS.items():
        for scope, controller in _SCOPES.items():
            flt: dict[str, Any] = {"type": types}
            if controller is not None:
                flt["controller"] = controller
            frozen = MappingProxyType(flt)
            for prefix, mode in (("target_", "target"), ("up_to_target_", "up_to")):
                name = f"{prefix}{scope}{kind}"
                named[name] = Selector(mode, frozen, name)
            if kind != "champion" and not (kind == "unit" and scope != "opponent_"):
                name = f"each_{scope}{kind}"
                named[name] = Selector("each", frozen, name)
    for name, controller in (("your_champion", "you"), ("opponent_champion", "opponent")):
        named[name] = Selector("each", MappingProxyType(
            {"type": ("champion",), "controller": controller}), name)
    named["self"] = Selector("self", _NO_ARGS, "self")
    named["same_target"] = Selector("same", _NO_ARGS, "same_target")
    named["that_object"] = Selector("that", _NO_ARGS, "that_object")
    return named


NAMED_SELECTORS = _sugar()
# The keys of a written-out selector (``target: {each: {type: item}}``) and their modes.
SELECTOR_MODES = {"target": "target", "up_to_target": "up_to", "each": "each",
                  "choose": "choose", "choose_any": "choose_any"}


# --- filters --------------------------------------------------------------------------

def printed(flt: Mapping[str, Any], defn: CardDef, player: int, controller: int) -> bool:
    """Whether a printed card that ``player`` plays or holds fits the filter's printed keys
    and its ``controller`` key (relative to ``controller``); state keys are not read."""
    for key, want in flt.items():
        if key == "controller":
            if (want == "you") != (player == controller):
                return False
        elif key == "type":
            if defn.type not in want:
                return False
        elif key == "element":
            if defn.element not in want:
                return False
        elif key == "supertype":
            if not defn.supertypes & set(want):
                return False
        elif key == "class":
            if not set(defn.classes) & set(want):
                return False
        elif key == "subtype":
            if not set(defn.subtypes) & set(want):
                return False
        elif key == "keyword":
            if not any(defn.has_keyword(k) for k in want):
                return False
        elif key == "name":
            if defn.name not in want:
                return False
        elif key == "token":
            if defn.token != want:
                return False
        elif key in ("reserve_cost", "memory_cost"):
            if not within(getattr(defn, key), want):
                return False
        elif key == "any":
            if not any(printed(f, defn, player, controller) for f in want):
                return False
        elif key == "not" and set(want) <= set(PRINTED_KEYS) and printed(
                want, defn, player, controller):  # (state keys: `matches` decides)
            return False
    return True


def within(value: int | None, bounds: Mapping[str, int]) -> bool:
    """Whether a number on a card is within ``{at_least, at_most}`` (either may be absent);
    a card without that number (no reserve cost, no power) never is."""
    return value is not None and bounds.get("at_least", value) <= value <= bounds.get(
        "at_most", value)


# Filter keys that are a true/false property of the object of the same name: "Fostered",
# and how it was activated ("Activation Properties": brewed, imbued, prepared).
_PROPERTY_KEYS = frozenset({"fostered", "brewed", "imbued", "prepared"})


def matches(state: GameState, flt: Mapping[str, Any], cid: int, controller: int,
            source: int = -1) -> bool:
    """Whether card ``cid`` (an object in play, or a card anywhere for the printed keys)
    fits the filter, as read by an ability of ``source`` that ``controller`` controls."""
    card = state.cards[cid]
    if not printed(flt, card.defn, card.controller, controller):
        return False
    for key, want in flt.items():
        if key == "rested":
            if card.rested != want:
                return False
        elif key == "damaged":
            if (card.damage > 0) != want:
                return False
        elif key == "distant":
            if bool(card.counters.get("distant")) != want:
                return False
        elif key == "counters":
            if card.counters.get(want, 0) <= 0:
                return False
        elif key == "self":
            if (cid == source) != want:
                return False
        elif key in _PROPERTY_KEYS:  # one look-up for the keys that fall through
            if getattr(card, key) != want:
                return False
        elif key == "linked":  # the object the source is linked to ("Keywords - Link")
            if (source >= 0 and card.oid >= 0 and state.cards[source].linked == card.oid) != want:
                return False
        elif key == "hurt":
            if (card.hurt >= hurt_since(state, card.controller)) != want:
                return False
        elif key == "another":
            if (cid != source) != want:
                return False
        elif key == "power":
            from gaenv.engine import statics  # statics reads this module

            if not within(statics.stat(state, cid, "power"), want):
                return False
        elif key == "damage":
            if not within(card.damage, want):
                return False
        elif key == "attacking":
            if not attacking(state, card.oid, want, controller, source):
                return False
        elif key == "retaliating":
            combat = state.combat
            if (combat is not None and card.oid in combat.retaliators) != want:
                return False
        elif key == "defending":  # an attack target of the combat in progress
            combat = state.combat
            if (combat is not None and card.oid in combat.defenders) != want:
                return False
        elif key == "has_keyword":  # the keywords it has now, granted ones too ("Keywords")
            from gaenv.engine import keywords  # keywords reads statics, which read this module

            if not any(keywords.has(state, cid, k) for k in want):
                return False
        elif key == "any":
            if not any(matches(state, f, cid, controller, source) for f in want):
                return False
        elif key == "not" and matches(state, want, cid, controller, source):
            return False
    return True


def hurt_since(state: GameState, player: int) -> int:
    """The first turn number after ``player``'s previous turn ended: the players take turns
    in turn, so that is the turn before this one during their turn, else this one."""
    return state.turn - 1 if state.turn_player == player else state.turn


def attacking(state: GameState, oid: int, defender: Mapping[str, Any], controller: int,
              source: int) -> bool:
    """Whether object ``oid`` is the attacker of the combat in progress and one of the
    attack's targets still in play fits ``defender`` ("Combat Phase - Attacking 4": the
    attacking unit; an empty filter: any target)."""
    combat = state.combat
    if combat is None or combat.attacker != oid:
        return False
    if not defender:
        return True
    found = board(state).objects
    return any(d in found and matches(state, defender, found[d], controller, source)
               for d in combat.defenders)


def in_play(state: GameState, players: tuple[int, ...] = (0, 1)) -> list[int]:
    """Card ids of every object of those players: each one's champion (the top of its
    lineage), then its field in the order the objects entered."""
    found: list[int] = []
    for p in players:
        zones = state.players[p].zones
        lineage = zones[LINEAGE]
        if lineage:
            found.append(lineage[-1])
        found.extend(zones[FIELD])
    return found


class Board(NamedTuple):
    """The board view: what is in play, found in one pass over `in_play` (a function of
    the board alone). ``objects``: oid -> card id of every object; per player,
    ``activatable`` (the objects they control whose card has activated abilities, in play
    order) and ``attackable`` (the opponent's units and siegeable domains, "Functional
    Subtypes, Siegeable"); ``listeners``: event kind -> (card id, ability index) of every
    printed triggered ability in play that listens for it, except those that hear only
    about their own source (`gaenv.engine.events`)."""

    objects: dict[int, int]
    activatable: tuple[list[int], list[int]]
    attackable: tuple[list[int], list[int]]
    listeners: dict[str, list[tuple[int, int]]]


def _board(state: GameState) -> tuple[Board, int]:
    cards = state.cards
    objects: dict[int, int] = {}
    activatable: tuple[list[int], list[int]] = ([], [])
    attackable: tuple[list[int], list[int]] = ([], [])
    listeners: dict[str, list[tuple[int, int]]] = {}
    for p in (0, 1):
        for cid in in_play(state, (p,)):
            card = cards[cid]
            defn = card.defn
            objects[card.oid] = cid
            if defn.activated:
                activatable[p].append(cid)
            if defn.is_unit or defn.is_siegeable:
                attackable[1 - p].append(cid)
            for kind, index in defn.listening:
                listeners.setdefault(kind, []).append((cid, index))
    return Board(objects, activatable, attackable, listeners), BOARD


BOARD_VIEW = views.register("board", _board, lambda state, kept, fresh: kept == fresh)


def board(state: GameState) -> Board:
    """The board view now (`Board`)."""
    return state.views.get("board") or views.get(state, BOARD_VIEW)


def objects(state: GameState, flt: Mapping[str, Any], controller: int,
            source: int = -1) -> list[int]:
    """The objects in play that fit the filter, player 0's first (`in_play` order)."""
    want = flt.get("controller")
    players = (0, 1) if want is None else (controller,) if want == "you" else (1 - controller,)
    types = flt.get("type") or ()
    plain = bool(types) and len(flt) == 1 + (want is not None)  # type and controller
    cards = state.cards
    found: list[int] = []
    for cid in in_play(state, players):
        if (cards[cid].defn.type in types) if plain else matches(
                state, flt, cid, controller, source):
            found.append(cid)
    return found


# --- amounts and conditions -------------------------------------------------------------

def amount(state: GameState, spec: Any, controller: int, source: int,
           refer: Any = None, empower: int = 0, moved: int = 0) -> int:
    """The value of an amount; ``refer`` resolves the object selector named by ``of`` (a
    callable from the amount's mapping to card ids; without it ``self`` and the ``each``
    selectors are read as they stand).
    ``empower``: the levels Empower lends the card being activated or resolving, which
    its controller's ``level`` (LV) counts ("Keywords - Empower N 1"); ``moved``: the cards
    the resolving effect's latest ``move_cards`` moved, which ``moved`` counts."""
    if isinstance(spec, int):
        return spec
    ((kind, arg),) = ((k, v) for k, v in spec.items() if k in AMOUNT_KINDS)
    if kind == "count":
        value = len(objects(state, arg, controller, source))
    elif kind == "cards":
        value = 0
        players = (controller, 1 - controller) if arg["player"] == "each_player" else (
            (controller,) if arg["player"] == "you" else (1 - controller,))
        counter = arg.get("counters")  # counters on cards out of play: an omen's
        read = arg.get("read")  # (how, printed number): "different reserve costs", "lowest"
        numbers: list[int] = []
        for p in players:
            for cid in state.players[p].zones[arg["zone"]]:
                card = state.cards[cid]
                if printed(arg, card.defn, p, controller) and (
                        counter is None or card.counters.get(counter, 0) > 0):
                    value += 1
                    if read is not None and getattr(card.defn, read[1]) is not None:
                        numbers.append(getattr(card.defn, read[1]))
        if read is not None:
            value = (len(set(numbers)) if read[0] == "distinct" else
                     (min if read[0] == "lowest" else max)(numbers, default=0))
    elif kind == "level":
        from gaenv.engine import champions  # champions reads statics, which reads this

        value = champions.level(state, controller if arg == "you" else 1 - controller) + (
            empower if arg == "you" else 0)
    elif kind == "moved":  # "for each card banished this way", "that many"
        value = moved
    elif kind == "influence":  # "Influence 1": the cards in a player's hand and memory
        zones = state.players[controller if arg == "you" else 1 - controller].zones
        value = len(zones[HAND]) + len(zones[MEMORY])
    else:
        if refer is not None:
            ids = refer(arg)
        elif arg["of"].mode == "self" and source >= 0:
            ids = [source]
        elif arg["of"].mode == "each":  # read now: "the enlighten counters on your champion"
            ids = objects(state, arg["of"].filter, controller, source)
        else:
            ids = []
        value = 0
        for cid in ids:
            if kind == "counters":
                card = state.cards[cid]
                value += (card.counters if card.oid >= 0 else card.last_counters).get(
                    arg["kind"], 0)
            elif arg["stat"] == "damage":
                value += state.cards[cid].damage
            else:
                from gaenv.engine import statics

                card = state.cards[cid]
                if card.oid < 0:  # a source that has left ("Game Mechanics - Abilities 5")
                    base = getattr(card.defn, arg["stat"])  # with its last-known counters
                    value += 0 if base is None else base + statics.counter_bonus(
                        card.last_counters)
                else:
                    value += statics.stat(state, cid, arg["stat"]) or 0
    value = min(value, spec.get("max", value))
    if "per" in spec:  # "for every three": whole groups only
        value //= spec["per"]
    return value * spec.get("times", 1) + spec.get("plus", 0)


def condition_met(state: GameState, condition: Mapping[str, Any], defn: CardDef, player: int,
                  empower: int = 0, source: int = -1, refer: Any = None) -> bool:
    """Whether every key of the condition holds for ``player``, the card ``defn`` whose
    ability it is and its object ``source`` (-1 if none); see the module doc. Class Bonus
    ("Keywords - Class Bonus", "Element Bonus", "Champion Bonus"); Level N+ counts Empower
    ("Level Restrictions")."""
    from gaenv.engine import champions  # champions reads statics, which reads this

    champ = champions.champion(state, player)
    for key, want in condition.items():
        if key == "class_bonus":
            if champ < 0 or not set(state.cards[champ].defn.classes) & set(defn.classes):
                return False
        elif key == "element_bonus":
            if champ < 0 or state.cards[champ].defn.element != defn.element:
                return False
        elif key == "champion_name":
            if champ < 0 or state.cards[champ].defn.champion_name != want:
                return False
        elif key == "level":  # its modifiers and counters count ("Level Restrictions")
            if champ < 0 or champions.level(state, player) + empower < want:
                return False
        elif key == "champion":
            if champ < 0 or not matches(state, want, champ, player, source):
                return False
        elif key == "controls":
            if not objects(state, {**want, "controller": "you"}, player, source):
                return False
        elif key == "self":
            if source < 0 or not matches(state, want, source, player, source):
                return False
        elif key == "your_turn":
            if (state.turn_player == player) != want:
                return False
        elif key == "currents":  # the player's Shifting Currents face that way
            if state.players[player].currents != want:
                return False
        elif key == "target":  # the most recent target declared matches (while resolving)
            ids = refer(want) if refer is not None else []
            if not ids or not all(matches(state, want["filter"], c, player, source) for c in ids):
                return False
        elif key == "discarded":  # the resolving effect discarded a card that matches
            ids = refer({"discarded": True}) if refer is not None else []
            if not any(printed(want, state.cards[c].defn, player, player) for c in ids):
                return False
        elif key == "phase":
            if state.phase != want:
                return False
        elif key == "this_turn":  # what the player did this turn (read as it is checked)
            done = state.players[player]
            if want.get("attacked") and not done.attacked:
                return False
            if "activated" in want and not any(
                    printed(want["activated"], state.cards[c].defn, player, player)
                    for c in done.activated):
                return False
        elif key == "can_pay":
            from gaenv.engine import costs  # costs reads this module

            if not costs.can_pay_reserve(state, player, want, -1):
                return False
        elif key == "amount":
            value = amount(state, want, player, source, refer, empower)
            low, high = condition.get("at_least", value), condition.get("at_most", value)
            if not isinstance(low, int):  # compared with another amount (Balance)
                low = amount(state, low, player, source, refer, empower)
            if not isinstance(high, int):
                high = amount(state, high, player, source, refer, empower)
            if value < low or value > high:
                return False
            parity = condition.get("parity")  # "an even (odd) amount of ..."
            if parity is not None and value % 2 != (parity == "odd"):
                return False
        elif key == "not" and condition_met(state, want, defn, player, empower, source,
                                            refer):
            return False
    return True
