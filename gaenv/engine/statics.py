"""Continuous effects: static abilities and lasting effects, recomputed from their sources.

Sources ("Abilities - Static Abilities", "Keywords - Inherited Effect",
"Card Types - Champion, Leveling Up 7.2.4"): every static ability of a player's
champion (the top card of the lineage), only the Inherited Effects of the inner
lineage, the static abilities of the objects on the field, an attack card's own power
in the intent ("~ gets +2 POWER as long as ...": the attack is the card, "Card Types -
Attack"), and effects that last until the end of the turn. An ability whose condition
(``requires``: a restriction, or "as long as ...") fails is not in force. Nothing is
patched into a card: a characteristic is always computed from these, in layers ("Types
of Effects - Continuous Effects, Layers"; "Timestamps"):

- layer A: ``set_stats`` sets base power and life (of several, the latest timestamp wins
  for each stat) and ``modify_cost`` with ``op: set`` sets a cost (in `costs`);
- layer D: ``grant_keyword`` adds keywords and ``remove_keyword`` takes them away, in
  timestamp order;
- layer E: ``modify_stats`` adds to power and life (all at once), then counters (buff
  and debuff) apply; the remaining cost operations (in `costs`).

A static's timestamp is its source object's (a lineage card's: when that card entered
the lineage, "Timestamps 3b"), or the moment a lasting effect began.

The statics in force are a view (`gaenv.engine.views`): computed again only after a
change to their sources (or to what their conditions read), with per-object modifiers
and per-card costs memoized inside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from gaenv.core.program import Node
from gaenv.engine import selectors, views
from gaenv.engine.objects import (
    FIELD,
    INTENT,
    LINEAGE,
    MARK,
    SOURCE,
    Ability,
    CardDef,
    CardObj,
)
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
    # Layer E: matching objects get +power and +life (negative numbers subtract).
    "modify_stats": {
        "power": ("int", False, 0),
        "life": ("int", False, 0),
        "for_each": ("amount", False, None),  # power and life times this (read now), if given
        "applies_to": ("filter", False, {}),
    },
    # Layer A: matching objects have this base power and/or life.
    "set_stats": {
        "power": ("nat", False, None),
        "life": ("nat", False, None),
        "applies_to": ("filter", False, {}),
    },
    # Layer D: matching objects have a keyword (``amount`` for numbered ones: Pride 2).
    "grant_keyword": {
        "keyword": ("keyword", True, None),
        "amount": ("nat", False, 0),
        "applies_to": ("filter", False, {}),
    },
    # Layer D: matching objects lose a keyword, printed or granted before it.
    "remove_keyword": {
        "keyword": ("keyword", True, None),
        "applies_to": ("filter", False, {}),
    },
    # Layer E: matching champions' level goes up (or, negative, down) by ``amount``
    # ("Types of Effects - Continuous Effects, Layers" E: levels are modified there;
    # "Level Restrictions": a restriction counts these; "Level (base)": leveling up does
    # not). Read by `gaenv.engine.champions.level`.
    "modify_level": {
        "amount": ("int", True, None),
        "for_each": ("amount", False, None),  # amount times this (read now), if given
        "applies_to": ("filter", False, {}),
    },
    # An attack by a matching unit deals that much more damage ("its attacks get +1 POWER":
    # the attack's power, "Game Mechanics - Damage"), not the unit's power otherwise.
    "modify_attacks": {
        "power": ("int", True, None),
        "applies_to": ("filter", False, {}),
    },
    # Damage to a matching object is that much less as it is dealt ("Damage Prevention":
    # "if damage would be dealt to this, prevent 2 of that damage"), or with ``all_but``
    # all but that much of it ("prevent all but 1 of that damage"; 0: "prevent that
    # damage"); with ``non_combat``, only damage dealt other than in combat. Read by
    # `gaenv.engine.rules.deal_damage`.
    "prevent_damage": {
        "amount": ("nat", False, 0),
        "all_but": ("nat", False, None),
        "non_combat": ("bool", False, False),
        "applies_to": ("filter", False, {}),
    },
    # Matching cards enter the field rested ("until end of turn, items you control enter
    # the field rested"; a replacement of how they enter, as Hindered's: "Keywords -
    # Hindered"): only as a lasting effect (`this_turn`), read by
    # `gaenv.engine.journal.move` as a card enters, its filter's printed keys
    # (``controller`` from the effect's controller).
    "enter_rested": {"applies_to": ("filter", False, {})},
    # Cards in its controller's graveyard matching the filter's printed keys have Floating
    # Memory ("Sword cards in your graveyard have floating memory"), read by
    # `gaenv.engine.costs.floating_memory` as a memory cost is paid.
    "graveyard_keyword": {
        "keyword": ("enum:floating_memory", True, None),
        "applies_to": ("filter", False, {}),
    },
    # Its controller may materialize this many more cards each materialize phase.
    "extra_materialization": {"amount": ("nat", True, None)},
    # The players it names (relative to its controller) can't recover: the ``recover`` step
    # removes no damage from their champion ("Game Terms - Recover"; "your opponents can't
    # recover").
    "no_recover": {"players": ("enum:you,opponent,each", True, None)},
    # The card's own cost ("this card costs N less"), and a keyword the card has (Floating
    # Memory, Efficiency or Fast Activation under a Class Bonus): they work wherever the
    # card is ("Keywords - Class Bonus 3"), read by `costs` as it is paid for, not from the
    # field (Fast Activation by `gaenv.engine.stack` as it lists what may be activated:
    # "Keywords - Fast Activation 1").
    "own_cost": {
        "cost": ("enum:reserve,memory", True, None),
        "op": ("enum:add,subtract", True, None),
        "amount": ("amount", True, None),
    },
    "own_keyword": {"keyword": ("enum:floating_memory,efficiency,fast_activation", True,
                                None)},
    # The card may be activated only while the ability's ``requires`` holds ("Activate
    # this card only during an opponent's end phase"), read by `gaenv.engine.stack`.
    "activation_limit": {},
}
OWN_KINDS = ("own_cost", "own_keyword", "activation_limit")
# What an own static may not read: the card has no object where it works (hand, graveyard),
# so there is no source object for ``self`` or an amount's ``of``. One that reads more than
# the champion (the board, zones) makes the card's costs worked out afresh each time
# (`gaenv.engine.costs.cost`, `CardDef.own_changing`).
OWN_UNKNOWN = ("self",)

# Kinds that change an object's power, life or keywords (what `modifiers` reads), and
# those of layer D (keywords).
_OBJECT_KINDS = ("modify_stats", "set_stats", "grant_keyword", "remove_keyword")
KEYWORD_KINDS = ("grant_keyword", "remove_keyword")


class Static(NamedTuple):
    """A static effect in force: what it does, who controls it, its timestamp, the one
    object it applies to (``target`` oid, or -1 when its filter decides) and the card
    whose ability it is (``source``, -1 for a lasting effect), for ``self``/``another``."""

    node: Node
    controller: int
    timestamp: int
    target: int = -1
    source: int = -1


class Modifiers(NamedTuple):
    """What the statics in force do to one object: base power and life set in layer A
    (None: printed), power and life added in layer E, the keywords granted in layer D as
    (name, amounts of each grant still in force) pairs and those some removal reached
    (``removed``: the printed instance is gone, even if a later grant gives the keyword
    again).
    Hashable, so it can be part of a memo key."""

    power: int
    life: int
    keywords: tuple[tuple[str, tuple[int, ...]], ...]
    base_power: int | None = None
    base_life: int | None = None
    removed: frozenset[str] = frozenset()

    def granted(self, name: str) -> tuple[int, ...]:
        """The amounts of every grant of keyword ``name`` (empty if none)."""
        for keyword, amounts in self.keywords:
            if keyword == name:
                return amounts
        return ()


NO_MODIFIERS = Modifiers(0, 0, ())


class InForce(NamedTuple):
    """The statics view: every static in force, by kind, and what is memoized with it:
    card id -> (the oid, controller and printed card it was computed for, its
    `Modifiers`), and (id of a
    printed card, player, cost kind, Empower) -> (that printed card, its cost)
    (`costs.cost`; the entry holds the card, so its id is not reused meanwhile). The view
    outlives objects entering and leaving (unless they are sources), and a clone shares
    it until either copy changes its sources (two clones may give one card id and oid to
    different tokens), so a modifiers entry is used only for the object (oid), controller
    and printed card it was computed for: it is a function of those and the statics."""

    found: list[Static]
    by_kind: dict[str, list[Static]]
    modifiers: dict[int, tuple[int, int, CardDef, Modifiers]]
    # Whether any static in force changes an object's power, life or keywords; whether
    # any changes keywords (layer D); whether any could lower life below printed plus
    # counters (`_lowers_life`).
    on_objects: bool
    on_keywords: bool
    lowering: bool
    costs: dict[tuple[int, int, str, int], tuple[CardDef, int | None]]


_NONE: list[Static] = []  # returned for kinds with no statics in force; never mutated


def _scan(state: GameState) -> tuple[InForce, int]:
    """The statics in force (see the module doc), and the finest level of change that can
    alter them or what they do to an object (`Ability.depends`): the sources only, unless
    a condition reads the board or a condition or filter reads marks."""
    cards = state.cards
    depends = SOURCE
    # (ability, its card, controller, timestamp, source) of every static of a source, in
    # the order the view lists them
    candidates: list[tuple[Ability, CardObj, int, int, int]] = []
    for p in state.players:
        lineage = p.zones[LINEAGE]
        if lineage:
            top = lineage[-1]
            for cid in lineage:
                card = cards[cid]
                for ability in card.defn.static_abilities:
                    if cid == top or ability.inherited:
                        candidates.append((ability, card, p.index, card.entered, top))
        for cid in p.zones[FIELD]:
            card = cards[cid]
            for ability in card.defn.static_abilities:
                candidates.append((ability, card, p.index, card.timestamp, cid))
        for cid in p.zones[INTENT]:  # an attack card's power while it is the attack
            card = cards[cid]
            for ability in card.defn.static_abilities:
                if ability.static is not None and ability.static.op == "modify_stats" and \
                        ability.static.args["applies_to"] == {"self": True}:
                    candidates.append((ability, card, p.index, card.timestamp, cid))
    # A static whose condition reads the champion's level depends on the level modifiers
    # ("Layers, Dependencies"): the others are found first, and these are read against
    # the level those give.
    held = [False] * len(candidates)
    later: list[int] = []
    for i, (ability, card, *_) in enumerate(candidates):
        depends = min(depends, ability.depends)
        if ability.requires and _reads_level(ability.requires):
            later.append(i)
        else:
            held[i] = requirement_met(state, ability, card)
    lasting = [Static(e.node, e.controller, e.timestamp, e.target) for e in state.lasting]
    for e in state.lasting:
        depends = min(depends, reach(e.node, MARK))
    if later:
        first = [Static(cast(Node, a.static), c, t, -1, s) for (a, _, c, t, s), h in zip(
            candidates, held, strict=True) if h]
        # What the level reads meanwhile (`level_modifier`), in place of the view in use if
        # there is one (`views.check` scans beside it), which is then put back.
        kept = state.views.get("statics")
        state.views["statics"] = _in_force(cards, first + lasting)
        try:
            for i in later:
                held[i] = requirement_met(state, candidates[i][0], candidates[i][1])
        finally:
            if kept is None:
                del state.views["statics"]
            else:
                state.views["statics"] = kept
    found = [Static(cast(Node, a.static), c, t, -1, s) for (a, _, c, t, s), h in zip(
        candidates, held, strict=True) if h]
    return _in_force(cards, found + lasting), depends


def _reads_level(tree: Any) -> bool:
    """Whether a condition reads the champion's level (a Level N+ restriction, or the
    ``level`` amount), anywhere in it."""
    return isinstance(tree, Mapping) and any(
        key == "level" or _reads_level(value) for key, value in tree.items())


def _in_force(cards: list[CardObj], found: list[Static]) -> InForce:
    """The statics view of the statics found (its memos empty)."""
    by_kind: dict[str, list[Static]] = {}
    for s in found:
        by_kind.setdefault(s.node.op, []).append(s)
    on_objects = any(kind in by_kind for kind in _OBJECT_KINDS)
    on_keywords = any(kind in by_kind for kind in KEYWORD_KINDS)
    lowering = any(_lowers_life(cards, s) for kind in ("set_stats", "modify_stats")
                   for s in by_kind.get(kind, _NONE))
    return InForce(found, by_kind, {}, on_objects, on_keywords, lowering, {})


def _lowers_life(cards: list[CardObj], static: Static) -> bool:
    """Whether a static could leave some object with less life than its printed life plus
    its counters (what `at_risk` otherwise assumes): a negative life modification, or a
    base life set on other objects or below its own source's printed life (a leveler's
    band sets its own, usually higher: LEVELERS.md)."""
    args = static.node.args
    if static.node.op == "modify_stats":
        return args["life"] < 0
    life = args["life"]
    return life is not None and not (
        static.source >= 0 and args["applies_to"] == {"self": True}
        and life >= (cards[static.source].defn.life or 0))


def _agrees(state: GameState, kept: InForce, fresh: InForce) -> bool:
    if kept.found != fresh.found:
        return False
    from gaenv.engine import costs  # costs reads this module

    cards = state.cards
    for cid, (oid, controller, defn, mods) in kept.modifiers.items():
        if cid >= len(cards):  # a token that only a clone sharing the view has made
            continue
        card = cards[cid]
        if (card.oid, card.controller, card.defn) == (oid, controller, defn) and _modifiers(
                fresh.by_kind, state, card) != mods:
            return False
    for (_, player, kind, empower), (defn, value) in kept.costs.items():
        if costs.calculate(state, player, defn, kind, empower, fresh) != value:
            return False
    return True


VIEW = views.register("statics", _scan, _agrees)


def in_force(state: GameState) -> InForce:
    """The statics in force now (the view)."""
    return state.views.get("statics") or views.get(state, VIEW)


def of_kind(state: GameState, op: str) -> list[Static]:
    """The statics in force of one kind (``modify_stats``, ``grant_keyword``, ...): the
    hot lookups scan only these, usually none or a few."""
    return in_force(state).by_kind.get(op, _NONE)


def modifiers(state: GameState, cid: int) -> Modifiers:
    """The layer A, D and E modifiers applying to object ``cid`` now."""
    force = state.views.get("statics") or views.get(state, VIEW)
    if not force.on_objects:
        return NO_MODIFIERS
    card = state.cards[cid]
    entry = force.modifiers.get(cid)
    if entry is None or entry[0] != card.oid or entry[1] != card.controller \
            or entry[2] is not card.defn:
        entry = force.modifiers[cid] = (card.oid, card.controller, card.defn,
                                        _modifiers(force.by_kind, state, card))
    return entry[3]


def _modifiers(by_kind: dict[str, list[Static]], state: GameState, card: CardObj) -> Modifiers:
    base: list[int | None] = [None, None]
    stamps = [-1, -1]
    for s in by_kind.get("set_stats", _NONE):  # layer A: the latest timestamp wins
        if applies(state, s, card):
            for i, name in enumerate(("power", "life")):
                value = s.node.args[name]
                if value is not None and s.timestamp >= stamps[i]:
                    stamps[i], base[i] = s.timestamp, value
    granted: dict[str, tuple[int, ...]] = {}
    removed: set[str] = set()
    layer_d = by_kind.get("grant_keyword", _NONE)
    if "remove_keyword" in by_kind:  # grants and removals apply in timestamp order
        layer_d = sorted([*layer_d, *by_kind["remove_keyword"]], key=lambda s: s.timestamp)
    for s in layer_d:  # layer D
        if applies(state, s, card):
            name = s.node.args["keyword"]
            if s.node.op == "grant_keyword":
                # a later grant adds an instance; the printed one stays removed, so a
                # numbered keyword counts only the grants after the removal
                granted[name] = (*granted.get(name, ()), s.node.args["amount"])
            else:
                granted.pop(name, None)
                removed.add(name)
    power = life = 0
    for s in by_kind.get("modify_stats", _NONE):  # layer E
        if applies(state, s, card):
            times = _times(state, s)
            power += s.node.args["power"] * times
            life += s.node.args["life"] * times
    return Modifiers(power, life, tuple(granted.items()), base[0], base[1], frozenset(removed))


def _times(state: GameState, static: Static) -> int:
    """How many times a ``modify_stats`` adds its numbers: once, or once for each thing
    its ``for_each`` counts ("+1 POWER for each ..."; a boost's lasting one has none)."""
    each = static.node.args.get("for_each")
    return 1 if each is None else selectors.amount(state, each, static.controller,
                                                   static.source)


def own_power(state: GameState, cid: int) -> int:
    """What an attack card's own statics add to its power in the intent (`_scan` finds
    only those that apply to the card itself there)."""
    return sum(s.node.args["power"] * _times(state, s) for s in of_kind(state, "modify_stats")
               if s.source == cid and s.target < 0)


def reach(node: Node, own: int) -> int:
    """The finest level of change that can alter what the static ``node`` does
    (`gaenv.engine.selectors.reach`, ``own`` for its source's own marks): that of its
    filters and amounts; its other arguments are constants (a ``modify_stats`` power is a
    number, not the ``power`` filter key)."""
    spec = STATICS[node.op]
    return min((selectors.reach(value, own) for name, value in node.args.items()
                if spec[name][0] in ("filter", "amount") and value is not None),
               default=SOURCE)


def applies(state: GameState, static: Static, card: CardObj) -> bool:
    """Whether an object static applies to the object ``card`` is."""
    if static.target >= 0:
        return static.target == card.oid
    return selectors.matches(state, static.node.args["applies_to"], card.id, static.controller,
                             static.source)


def requirement_met(state: GameState, ability: Ability, card: CardObj, empower: int = 0,
                    controller: int = -1) -> bool:
    """Whether an ability's restriction or "as long as" condition holds for its controller
    (by default the card's) ("Abilities - Restriction Abilities"; "Keywords - Class
    Bonus"; "Level Restrictions"); the card is the ability's source."""
    requires = ability.requires
    return not requires or selectors.condition_met(
        state, requires, card.defn, card.controller if controller < 0 else controller, empower,
        card.id if card.oid >= 0 else -1)


def level_modifier(state: GameState, cid: int) -> int:
    """What the ``modify_level`` statics in force add to the level of champion object
    ``cid`` (layer E; negative lowers it): ``amount``, times ``for_each`` if it has one
    ("+1 level for each ...")."""
    card = state.cards[cid]
    total = 0
    for s in of_kind(state, "modify_level"):
        if applies(state, s, card):
            each = s.node.args.get("for_each")
            total += s.node.args["amount"] * (1 if each is None else selectors.amount(
                state, each, s.controller, s.source))
    return total


def prevented(state: GameState, cid: int, combat: bool, amount: int) -> int:
    """What the ``prevent_damage`` statics in force take off ``amount`` damage dealt to
    object ``cid`` (``combat``: combat damage, which a ``non_combat`` one leaves)."""
    card = state.cards[cid]
    total = 0
    for s in of_kind(state, "prevent_damage"):
        args = s.node.args
        if not (combat and args["non_combat"]) and applies(state, s, card):
            total += args["amount"] if args["all_but"] is None else max(0, amount - args["all_but"])
    return total


def attack_bonus(state: GameState, cid: int) -> int:
    """What the ``modify_attacks`` statics in force add to the attacks of object ``cid``."""
    card = state.cards[cid]
    return sum(s.node.args["power"] for s in of_kind(state, "modify_attacks")
               if applies(state, s, card))


def total(state: GameState, op: str, player: int) -> int:
    """The sum of ``amount`` over statics of kind ``op`` controlled by ``player``."""
    return sum(s.node.args["amount"] for s in of_kind(state, op) if s.controller == player)


def stat(state: GameState, cid: int, name: str) -> int | None:
    """An object's power (``name="power"``) or life (``"life"``) now; None if it has no
    such stat (`modified_stats`, for one stat)."""
    card = state.cards[cid]
    mods = modifiers(state, cid)
    if name == "power":
        base = card.defn.power if mods.base_power is None else mods.base_power
        added = mods.power
    else:
        base = card.defn.life if mods.base_life is None else mods.base_life
        added = mods.life
    return None if base is None else base + added + counter_bonus(card.counters)


def modified_stats(defn: CardDef, counters: Mapping[str, int],
                   mods: Modifiers) -> tuple[int | None, int | None]:
    """Power and life: the base (printed, or set in layer A), then modifiers, then buff and
    debuff counters ("Layers" E.a; "Game Mechanics - Counters, Buff/Debuff 3")."""
    bonus = counter_bonus(counters)
    power = defn.power if mods.base_power is None else mods.base_power
    life = defn.life if mods.base_life is None else mods.base_life
    return (None if power is None else power + mods.power + bonus,
            None if life is None else life + mods.life + bonus)


def at_risk(card: CardObj, lowering: bool) -> bool:
    """Whether the state-based checks could destroy the object now: a unit that could have
    no more life than damage, a weapon or siegeable domain without durability counters.
    Unless a static could lower it (``lowering``: `InForce.lowering`), a unit's life is
    at least its printed life plus its buff and debuff counters, so one with less damage
    than that is safe without its life being computed (a speed trick for the checks, which
    this also tells when a change makes them due: `gaenv.engine.journal.CHECKS_DUE`)."""
    defn = card.defn
    if defn.is_unit:
        printed = defn.life
        return lowering or printed is None or card.damage >= printed + counter_bonus(
            card.counters)
    return (defn.type == "weapon" or defn.is_siegeable) and card.counters.get(
        "durability", 0) <= 0


def counter_bonus(counters: Mapping[str, int]) -> int:
    """What buff and debuff counters add to both power and life."""
    return counters.get("buff", 0) - counters.get("debuff", 0) if counters else 0
