"""Static abilities and lasting effects, recomputed from their sources on demand.

Sources ("Abilities - Static Abilities", "Keywords - Inherited Effect",
"Card Types - Champion, Leveling Up 7.2.4"): every static ability of a
player's champion (the top card of the lineage), only the Inherited Effects
of the inner lineage, the static abilities of the objects on the field, and
effects that last until the end of the turn. Nothing is patched into a card:
a characteristic is always computed from these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from gaenv.engine.objects import FIELD, LINEAGE, Ability, CardDef, CardObj, Node
from gaenv.engine.state import GameState

# Static ability kinds and their arguments (checked by gaenv.cards.schema).
STATICS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    # A cost modifier ("Playing Cards - Card Materialization 7", "Card Activation 7").
    "modify_cost": {
        "cost": ("enum:reserve,memory", True, None),
        "op": ("enum:set,add,subtract,remove", True, None),
        "amount": ("nat", False, 0),
        "applies_to": ("filter", False, {}),
    },
    # Matching objects get +power and +life (negative numbers subtract).
    "modify_stats": {
        "power": ("int", False, 0),
        "life": ("int", False, 0),
        "applies_to": ("filter", False, {}),
    },
    # Matching objects have a keyword (``amount`` for numbered ones such as Pride 2).
    "grant_keyword": {
        "keyword": ("keyword", True, None),
        "amount": ("nat", False, 0),
        "applies_to": ("filter", False, {}),
    },
    # Its controller may materialize this many more cards each materialize phase.
    "extra_materialization": {"amount": ("nat", True, None)},
}

# Keys a filter (``applies_to``) may use.
FILTER_KEYS = ("type", "element", "class", "subtype", "keyword", "name", "controller")


class Static(NamedTuple):
    """A static effect in force: what it does, who controls it, its timestamp, and
    the one object it applies to (``target`` oid) or -1 when its filter decides."""

    node: Node
    controller: int
    timestamp: int
    target: int = -1


class Modifiers(NamedTuple):
    """What the statics in force do to one object: power and life added, and the
    keywords granted as (name, amounts of each grant) pairs. Hashable, so it can be
    part of a memo key."""

    power: int
    life: int
    keywords: tuple[tuple[str, tuple[int, ...]], ...]

    def granted(self, name: str) -> tuple[int, ...]:
        """The amounts of every grant of keyword ``name`` (empty if none)."""
        for keyword, amounts in self.keywords:
            if keyword == name:
                return amounts
        return ()


NO_MODIFIERS = Modifiers(0, 0, ())


class _Cache(NamedTuple):
    found: list[Static]
    by_kind: dict[str, list[Static]]
    # card id -> (its oid, its Modifiers), filled on demand. An entry is a function of the
    # statics in ``found`` and of the card's printed card, owner and oid, so it stays true
    # for as long as the same statics are in force: a rebuilt cache that finds the same
    # statics keeps the memo (``state.static_memo``), and an entry is used only while
    # the card is still the object it was made for (same oid).
    modifiers: dict[int, tuple[int, Modifiers]]
    # Per player, the objects (champion first, then in entry order) whose card has
    # activated abilities: what opportunity looks at for abilities to use. It changes
    # only with the cards in play, as the statics do.
    activatable: tuple[list[int], list[int]]
    # player -> `zones.labels` of the objects they control, filled on demand: labels too
    # change only with the cards in play (an object entering or leaving), as the statics do.
    labels: dict[int, dict[int, str]]
    # player -> `combat.attackable` for them (their opponent's attackable objects), filled
    # on demand: it too changes only with the cards in play.
    attackable: dict[int, list[int]]
    # oid -> card id of every object (`zones.find_object`), filled on demand all at once: an
    # object gets or loses its oid only as it enters or leaves (or a champion levels), which
    # drops the cache.
    objects: dict[int, int]
    # (id of a printed card, player, cost kind, Empower lent) -> (that printed card, its cost)
    # for `costs.cost`, filled on demand. A cost is a function of those and of the cost
    # statics in force and the player's champion level, which change only with the statics
    # found and the lineage, both of which drop the cache. The entry holds its printed card,
    # so the id in its key cannot be reused while the entry is there.
    costs: dict[tuple[int, int, str, int], tuple[CardDef, int | None]]


def sources(state: GameState) -> list[Static]:
    """Every static effect in force.

    Cached on the state; every change to what the list is made of (a card
    moving, an object's identity or timestamp, the lasting effects) calls
    `changed` (or `moved`). `check_cache` verifies the cache in checked games.
    """
    return current(state).found


def of_kind(state: GameState, op: str) -> list[Static]:
    """The statics in force of one kind (``modify_stats``, ``grant_keyword``, ...): the
    hot lookups scan only these, usually none or a few."""
    return (state.static_cache or current(state)).by_kind.get(op, _NONE)


_NONE: list[Static] = []  # returned for kinds with no statics in force; never mutated


def modifiers(state: GameState, cid: int) -> Modifiers:
    """The power/life modifiers and granted keywords applying to object ``cid`` now."""
    cache = state.static_cache or current(state)
    if "modify_stats" not in cache.by_kind and "grant_keyword" not in cache.by_kind:
        return NO_MODIFIERS
    card = state.cards[cid]
    entry = cache.modifiers.get(cid)
    if entry is None or entry[0] != card.oid:
        entry = cache.modifiers[cid] = (card.oid, _modifiers(cache.by_kind, card))
    return entry[1]


def _modifiers(by_kind: dict[str, list[Static]], card: CardObj) -> Modifiers:
    power = life = 0
    for s in by_kind.get("modify_stats", _NONE):
        if applies(s, card):
            power += s.node.args["power"]
            life += s.node.args["life"]
    granted: dict[str, tuple[int, ...]] = {}
    for s in by_kind.get("grant_keyword", _NONE):
        if applies(s, card):
            name = s.node.args["keyword"]
            granted[name] = (*granted.get(name, ()), s.node.args["amount"])
    return Modifiers(power, life, tuple(granted.items()))


def current(state: GameState) -> _Cache:
    """The statics in force, computed now if the cached ones were dropped (`changed`)."""
    cache = state.static_cache
    if cache is None:
        found, activatable = _scan(state)
        by_kind: dict[str, list[Static]] = {}
        for s in found:
            by_kind.setdefault(s.node.op, []).append(s)
        memo = state.static_memo
        if memo is None or memo[0] != found:
            memo = state.static_memo = (found, {})
        cache = state.static_cache = _Cache(found, by_kind, memo[1], activatable, {}, {}, {},
                                            {})
    return cache


def epoch(state: GameState) -> object:
    """A token that stays the same object for as long as the same statics are in force:
    under one token, an object (same card id, same oid) has the same `modifiers`, so a
    caller may keep what it derived from them."""
    current(state)
    return state.static_memo


def changed(state: GameState) -> None:
    """Forget the cached statics: something they depend on changed. Whatever changes the
    statics may also change the state-based checks' verdict, so they are due again."""
    state.static_cache = None
    state.checks_due = True


def moved(state: GameState, card: CardObj, lineage: bool) -> None:
    """A card entered or left the field (``lineage``: or the lineage), or became a new
    object there: `changed`, except that a field card with no static or activated
    abilities is no source of statics and no object with abilities, so of the cache only
    the labels, attackable objects and objects by oid are dropped (in a new cache: a clone
    may share the old one); the costs stay, as the statics and lineage do. Such a card
    leaving changes nothing the state-based checks look at but itself; entering, it is a
    new object, which `zones.make_object` has them check if it could fail them."""
    cache = state.static_cache
    defn = card.defn
    if cache is None or lineage or defn.static_abilities or defn.activated:
        changed(state)
        return
    state.static_cache = _Cache(cache.found, cache.by_kind, cache.modifiers, cache.activatable,
                                {}, {}, {}, cache.costs)


def check_cache(state: GameState) -> None:
    """AssertionError if the cached statics, any memoized object's modifiers, or the
    memoized labels, attackable objects, objects by oid or costs differ from a fresh
    computation."""
    from gaenv.engine import combat, costs, zones  # all import this module

    cache = state.static_cache
    if cache is None:
        return
    if (cache.found, cache.activatable) != _scan(state):
        raise AssertionError("stale static-effect cache")
    per_player: tuple[tuple[dict[int, Any], Any], ...] = (
        (cache.labels, zones.labels), (cache.attackable, combat.attackable))
    for player_memo, compute in per_player:
        for player, remembered in list(player_memo.items()):
            del player_memo[player]
            fresh = compute(state, player)
            player_memo[player] = remembered
            if fresh != remembered:
                raise AssertionError(f"stale {compute.__name__} memoized for player {player}")
    if cache.objects and cache.objects != zones.objects_by_oid(state):
        raise AssertionError("stale objects memoized by oid")
    for (_, player, kind, empower), (defn, remembered) in list(cache.costs.items()):
        if costs.calculate(state, player, defn, kind, empower) != remembered:
            raise AssertionError(f"stale {kind} cost memoized for {defn.name}")
    memo = dict(cache.modifiers)
    for cid, (oid, remembered) in memo.items():
        if state.cards[cid].oid != oid:
            continue  # never used again: the card is no longer that object
        cache.modifiers.pop(cid)
        fresh = modifiers(state, cid)
        cache.modifiers[cid] = (oid, remembered)
        if fresh != remembered:
            raise AssertionError(f"stale modifiers memoized for card {cid}")


def _scan(state: GameState) -> tuple[list[Static], tuple[list[int], list[int]]]:
    """The statics in force, and per player the objects whose card has activated abilities
    (champion first, then in entry order): one pass over the cards in play."""
    cards = state.cards
    found: list[Static] = []
    activatable: tuple[list[int], list[int]] = ([], [])
    for p in state.players:
        usable = activatable[p.index]
        lineage = p.zones[LINEAGE]
        if lineage:
            top = lineage[-1]
            stamp = cards[top].timestamp
            for cid in lineage:
                is_top = cid == top
                card = cards[cid]
                for ability in card.defn.static_abilities:
                    if (is_top or ability.inherited) and requirement_met(state, ability, card):
                        found.append(Static(ability.static, p.index, stamp))
            if cards[top].defn.activated:
                usable.append(top)
        for cid in p.zones[FIELD]:
            card = cards[cid]
            for ability in card.defn.static_abilities:
                if requirement_met(state, ability, card):
                    found.append(Static(ability.static, p.index, card.timestamp))
            if card.defn.activated:
                usable.append(cid)
    for lasting in state.lasting:
        found.append(Static(lasting.node, lasting.controller, lasting.timestamp, lasting.target))
    return found, activatable


def matches(flt: Mapping[str, Any], defn: CardDef, player: int, controller: int) -> bool:
    """Whether a card ``player`` plays fits the filter of a static ``controller`` controls."""
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
        elif key == "class":
            if not set(defn.classes) & set(want):
                return False
        elif key == "subtype":
            if not set(defn.subtypes) & set(want):
                return False
        elif key == "keyword":
            if not any(defn.has_keyword(k) for k in want):
                return False
        elif key == "name" and defn.name not in want:
            return False
    return True


def requirement_met(state: GameState, ability: Ability, card: CardObj, empower: int = 0) -> bool:
    """Whether an ability's restriction holds for the card's owner ("Abilities - Restriction
    Abilities"; "Keywords - Class Bonus"; "Level Restrictions")."""
    requires = ability.requires
    return not requires or condition_met(state, requires, card.defn, card.owner, empower)


def condition_met(state: GameState, condition: Mapping[str, Any], defn: CardDef, player: int,
                  empower: int = 0) -> bool:
    """Class Bonus: the player's champion shares a class with ``defn``. Level N+: the
    champion's level (with any Empower lent to this activation) is at least N."""
    lineage = state.players[player].zones[LINEAGE]
    if not lineage:
        return False
    top = state.cards[lineage[-1]].defn
    if condition.get("class_bonus") and not set(top.classes) & set(defn.classes):
        return False
    return (top.level or 0) + empower >= condition.get("level", 0)


def lowering(state: GameState) -> bool:
    """Whether a static in force lowers the life of what it applies to: without one, an
    object's life is at least its printed life and its counters' bonus."""
    found = False
    for s in of_kind(state, "modify_stats"):
        if s.node.args["life"] < 0:
            found = True
            break
    return found


def total(state: GameState, op: str, player: int) -> int:
    """The sum of ``amount`` over statics of kind ``op`` controlled by ``player``."""
    return sum(s.node.args["amount"] for s in of_kind(state, op) if s.controller == player)


def applies(static: Static, card: CardObj) -> bool:
    """Whether an object static applies to the object ``card`` is."""
    if static.target >= 0:
        return static.target == card.oid
    node = static.node
    defn = card.defn
    key = (id(node), id(defn), card.owner, static.controller)
    entry = _APPLIES.get(key)
    # The entry keeps its node and card alive, so their ids cannot be reused meanwhile.
    if entry is None or entry[0] is not node or entry[1] is not defn:
        entry = (node, defn, matches(node.args["applies_to"], defn, card.owner,
                                     static.controller))
        _APPLIES[key] = entry
    return entry[2]


# Filter results are pure functions of (static, printed card, owner, controller): memoized.
_APPLIES: dict[tuple[int, int, int, int], tuple[Node, CardDef, bool]] = {}


def stat(state: GameState, cid: int, name: str) -> int | None:
    """An object's power (``name="power"``) or life (``"life"``) now; None if it has no
    such stat (as `modified_stats` computes them, for one stat)."""
    card = state.cards[cid]
    printed = card.defn.power if name == "power" else card.defn.life
    if printed is None:
        return None
    mods = modifiers(state, cid)
    return printed + counter_bonus(card.counters) + (mods.power if name == "power"
                                                      else mods.life)


def modified_stats(defn: CardDef, counters: Mapping[str, int],
                   mods: Modifiers) -> tuple[int | None, int | None]:
    """Power and life from the printed card, then buff/debuff counters, then modifiers
    ("Game Mechanics - Counters, Buff/Debuff 3")."""
    bonus = counter_bonus(counters)
    return (None if defn.power is None else defn.power + bonus + mods.power,
            None if defn.life is None else defn.life + bonus + mods.life)


def counter_bonus(counters: Mapping[str, int]) -> int:
    """What buff and debuff counters add to both power and life."""
    return counters.get("buff", 0) - counters.get("debuff", 0) if counters else 0
