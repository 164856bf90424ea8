"""Printed cards (immutable `CardDef`) and their in-game instances (`CardObj`).

A `CardDef` is shared by every copy of a card and by every clone of a game; it
is never mutated. A `CardObj` is one physical card in one game: its zone, and
while it is an object on the field its object state (awake/rested, damage,
counters). Rules: "General Rules - Card Types", "Card Types - Supertypes".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gaenv.core.program import Node

NO_ARGS: Mapping[str, Any] = MappingProxyType({})

CARD_TYPES = ("champion", "ally", "action", "attack", "item", "weapon", "domain", "phantasia")
# Card types whose cards become objects on the field when they resolve.
OBJECT_TYPES = frozenset({"champion", "ally", "item", "weapon", "domain", "phantasia"})
UNIT_TYPES = frozenset({"champion", "ally"})
SUPERTYPES = ("regalia", "unique")
ELEMENTS = (
    "norm", "fire", "water", "wind",
    "arcane", "astra", "crux", "exia", "luxem", "neos", "tera", "umbra",
)
# The directions of the Shifting Currents mastery, clockwise: each is adjacent to the one
# before and after it ("Game Mechanics - Mastery, Shifting Currents 2").
DIRECTIONS = ("north", "east", "south", "west")
BASIC_ELEMENTS = frozenset({"fire", "water", "wind"})
SPEEDS = ("slow", "fast")
# What the engine keeps on an object as counters though the rules do not call them
# counters: a prevention shield (a replacement effect: "Game Mechanics - Damage
# Prevention"; one against non-combat damage only, `NON_COMBAT_SHIELD`), the distant
# property ("Game Terms - Distant 1") and an effect keeping an object rested through its
# controller's next wake up phase (`NO_WAKE`). An effect that removes "all counters"
# leaves them.
NON_COMBAT_SHIELD = "prevent_non_combat"
NO_WAKE = "no_wake"
MARK_COUNTERS = frozenset({"prevent", NON_COMBAT_SHIELD, "distant", NO_WAKE})

# Levels of change (`gaenv.engine.journal`), coarsest last: a change to marks (damage,
# rest, counters, hidden zones, a moment), to the board (what is in play), or to the
# sources of continuous effects (an object with static abilities, a lineage, control, a
# lasting effect). A derived view depends on changes from some level up (`views`).
MARK, BOARD, SOURCE = 1, 2, 3

# Zones. Per player: deck, material, hand, memory, field, graveyard, banishment,
# lineage (the champion is its top card), intent. Shared: the effects stack.
DECK = "deck"
MATERIAL = "material"
HAND = "hand"
MEMORY = "memory"
FIELD = "field"
GRAVEYARD = "graveyard"
BANISHMENT = "banishment"
LINEAGE = "lineage"
INTENT = "intent"
STACK = "stack"
# Where a token goes when it leaves the field: it stops existing ("Game Terms - Token").
GONE = "gone"
PLAYER_ZONES = (DECK, MATERIAL, HAND, MEMORY, FIELD, GRAVEYARD, BANISHMENT, LINEAGE, INTENT)
# "Game Zones - Public vs Private Information": these zones are face down.
PRIVATE_ZONES = frozenset({DECK, MATERIAL, HAND, MEMORY})


@dataclass(frozen=True, slots=True)
class Trigger:
    """When a triggered ability triggers: an event kind (`gaenv.engine.events.EVENTS`), a
    selector filter on the card the event is about, read from the ability's controller
    and source (``self``: the source itself; ``another``: anything else), and ``moment``:
    ``player`` (``you``/``opponent``: whose event), ``phase`` and ``counter`` (the event's
    detail). ``name`` is the card-file key it was written with (``on_enter``, ...,
    ``whenever``)."""

    event: str
    filter: Mapping[str, Any]
    name: str
    moment: Mapping[str, Any] = field(default_factory=lambda: NO_ARGS)


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability (``trigger`` set), a static one (``static`` set) or an
    activated one (``activated``; ``cost`` what it costs, ``effect`` what it does).

    ``inherited`` marks an Inherited Effect ("Keywords - Inherited Effect"): it
    applies to its controller's champion while the card is anywhere in the
    lineage. ``requires`` is a restriction ("Abilities - Restriction
    Abilities") or an "as long as" condition: a condition as `gaenv.engine.selectors`
    reads it. ``cost`` of an activated ability: rest, sacrifice, reserve N, and counters
    removed from its source (``remove_counters: {kind: N}``).
    """

    trigger: Trigger | None
    effect: tuple[Node, ...]
    static: Node | None
    inherited: bool
    text: str
    # Target selectors (`gaenv.engine.selectors.Selector`) the effect declares as it goes on
    # the stack.
    targets: tuple[Any, ...] = ()
    requires: Mapping[str, Any] = field(default_factory=lambda: NO_ARGS)
    activated: bool = False
    cost: Mapping[str, Any] = field(default_factory=lambda: NO_ARGS)
    # An activated ability usable only at slow speed: its controller's own main phase,
    # with the effects stack empty ("Timing and Permissions - Fast vs Slow"; a leveler's
    # level up, LEVELERS.md 711.4). Other activated abilities are fast.
    slow: bool = False
    # The finest level of change that can alter whether it applies or what it does to an
    # object (MARK, BOARD or SOURCE: `gaenv.engine.selectors.reach` of its condition and
    # its static's filter, set by the card loader); the statics view depends on it.
    depends: int = SOURCE
    # A static whose condition or filter reads marks of its own source (its counters, as a
    # leveler's bands do): a change to those marks is then a change to a source
    # (`gaenv.engine.journal._advance`), and ``depends`` does not count them.
    own_marks: bool = False


# Event kinds that some card made in this process listens for about other cards (a
# trigger whose filter is not ``self: true``): filled as each CardDef is made, never
# emptied. `gaenv.engine.events.happened` looks for listeners in play only for these.
LISTENED_KINDS: set[str] = set()


@dataclass(frozen=True, slots=True)
class CardDef:
    """The printed characteristics of a card, validated at load (see docs/cards.md)."""

    index: int
    name: str
    type: str
    supertypes: frozenset[str]
    subtypes: tuple[str, ...]
    classes: tuple[str, ...]
    element: str
    speed: str
    reserve_cost: int | None
    memory_cost: int | None
    level: int | None
    power: int | None
    life: int | None
    durability: int | None
    lineage: str | None
    champion_name: str | None
    keywords: Mapping[str, int]
    effect: tuple[Node, ...]
    abilities: tuple[Ability, ...]
    text: str
    source: str = field(repr=False)  # the file it came from (not part of what it does)
    # Target selectors the card's own effect declares, in order (derived at load).
    targets: tuple[Any, ...] = field(default=())
    # A modal card: (text, effect, targets) per mode; one is chosen as it is played.
    modes: tuple[tuple[str, tuple[Node, ...], tuple[Any, ...]], ...] = field(default=())
    token: bool = False
    # An imported real card played as its stats only: its text was not (fully)
    # translated, so it does less than it says (``gaenv cards import --vanilla``).
    vanilla: bool = False
    # A leveler (LEVELERS.md): its level bands as (lowest, highest or None for "N+") level
    # counter counts, ascending, and the index of its level up ability in ``abilities``
    # (-1: not a leveler). Each band's stats and abilities are plain abilities with a
    # condition on the object's level counters (expanded by the card loader).
    bands: tuple[tuple[int, int | None], ...] = ()
    level_up: int = -1
    # Brew ("Keywords - Brew"): the ingredients it may be activated with instead of its
    # reserve cost, one filter per object to sacrifice (printed keys: a name or a subtype).
    brew: tuple[Mapping[str, Any], ...] = ()
    # An additional cost of activating it ("Playing Cards - Card Activation"): objects its
    # player sacrifices with its reserve cost, one filter per object.
    sacrifices: tuple[Mapping[str, Any], ...] = ()
    # An additional cost of attacking with it, an ally, or of using it, a weapon, for an
    # attack ("Combat Phase - Attack Declaration"): that much reserve, paid as the attack
    # is declared.
    attack_cost: int = 0
    # Imbue N ("Keywords - Imbue N"): imbued when at least N of the cards paid from hand
    # for its reserve cost (revealed, then reserved) share its element (0: no Imbue).
    imbue: int = 0
    # Prepare N ("Keywords - Prepare N"): as it is activated its player may remove N
    # preparation counters from their champion, and it is then prepared (0: no Prepare).
    prepare: int = 0
    # Preserve on an action ("Preserve/Preserved 2"): as it resolves it goes into its
    # owner's material deck preserved rather than the graveyard (an object's Preserve is
    # a triggered ability: the ``preserve`` step).
    preserve: bool = False
    # Divine Relic ("Divine Relic 1"): a deck may have one such card in its material deck.
    divine_relic: bool = False
    # Link ("Keywords - Link"): the filter of what the object links to, declared as its
    # last target as the card is played (None: no Link).
    link: Mapping[str, Any] | None = None
    # Derived from the fields above when the card is made (not printed, not compared),
    # because the rules engine asks them all the time: its static abilities; the indices
    # of its activated abilities, and of its triggered ones by event kind (not to be
    # modified), and (event kind, index) of those that listen for events about other
    # cards (a filter that is not ``self: true``); whether it is fast (a fast action, or a
    # card with Fast Activation), the only kind playable outside its player's own main
    # phase with an empty stack ("Parts of a Card - Speed"; "Keywords - Fast
    # Activation"), and whether it has Fast Activation under a condition (an own static:
    # `fast_when`); its supertypes Unique and Regalia; whether it is a champion, a unit
    # (champion or ally), a card that becomes an object when it resolves, a siegeable
    # domain, one that can be attacked ("Card Types - Functional Subtypes, Siegeable");
    # whether a static of its reads its own marks (`Ability.own_marks`); whether an own
    # static of its (its own cost or keyword, `statics.OWN_KINDS`) reads more than the
    # champion (the board, zones), so its costs cannot be memoized with the statics.
    static_abilities: tuple[Ability, ...] = field(init=False, repr=False, compare=False)
    activated: tuple[int, ...] = field(init=False, repr=False, compare=False)
    triggered: Mapping[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    listening: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    fast_action: bool = field(init=False, repr=False, compare=False)
    fast_when: bool = field(init=False, repr=False, compare=False)
    unique: bool = field(init=False, repr=False, compare=False)
    is_regalia: bool = field(init=False, repr=False, compare=False)
    is_champion: bool = field(init=False, repr=False, compare=False)
    is_unit: bool = field(init=False, repr=False, compare=False)
    becomes_object: bool = field(init=False, repr=False, compare=False)
    is_siegeable: bool = field(init=False, repr=False, compare=False)
    own_marks: bool = field(init=False, repr=False, compare=False)
    own_changing: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        derived = {
            "static_abilities": tuple(a for a in self.abilities if a.static is not None),
            "activated": tuple(i for i, a in enumerate(self.abilities) if a.activated),
            "fast_action": self.speed == "fast",
            "fast_when": any(a.static.op == "own_keyword" and a.static.args["keyword"] ==
                             "fast_activation" for a in self.abilities if a.static is not None),
            "unique": "unique" in self.supertypes,
            "is_regalia": "regalia" in self.supertypes,
            "is_champion": self.type == "champion",
            "is_unit": self.type in UNIT_TYPES,
            "becomes_object": self.type in OBJECT_TYPES,
            "is_siegeable": self.type == "domain" and "Siegeable" in self.subtypes,
            "own_marks": any(a.own_marks for a in self.abilities),
            "own_changing": any(a.static.op in ("own_cost", "own_keyword") and a.depends < SOURCE
                                for a in self.abilities if a.static is not None),
        }
        triggered: dict[str, tuple[int, ...]] = {}
        listening: list[tuple[str, int]] = []
        for index, ability in enumerate(self.abilities):
            if ability.trigger is not None:
                event = ability.trigger.event
                triggered[event] = (*triggered.get(event, ()), index)
                if not ability.trigger.filter.get("self"):
                    listening.append((event, index))
                    LISTENED_KINDS.add(event)
        derived["triggered"] = triggered
        derived["listening"] = tuple(listening)
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def has_keyword(self, name: str) -> bool:
        return name in self.keywords


class CardObj:
    """One card in one game. Object state is meaningful only while it is on the field.

    `oid` is the identity of the object the card is (or is the top of): a card
    that leaves the field and comes back is a new object with a new oid, while
    a champion that levels up keeps its oid ("Card Types - Champion, Leveling Up 7").
    ``owner`` never changes; ``controller`` is whoever controls it now: the owner unless
    an effect gave control away, or the player who activated it while it is on the
    stack ("Control and Ownership"). The field lists an object under its controller;
    every other zone is its owner's. Only `gaenv.engine.journal` writes these fields, and
    it sets ``stamp`` to its clock whenever anything about the card changes (so a row made
    from the card can be kept while its stamp is the same).
    ``entered`` is the timestamp of its entering a lineage, while it is in one ("Timestamps
    3b": a lineage card's abilities carry it, apart from the champion object's).
    ``last_oid``, ``last_controller`` and ``last_counters`` are the last-known
    information of the object the card last stopped being (-1 / empty if none): "its
    controller" of a target that has left, the counters of a source that has left
    ("Game Terms - Last-known Information").
    ``linked`` is the oid of the object a Link object is linked to (-1: none; "Keywords -
    Link"); ``brewed``, ``imbued`` and ``prepared`` say the object was activated by Brew,
    imbued, or prepared ("Activation
    Properties");
    ``fostered`` is the object's Fostered property ("Fostered": once fostered, it stays so
    while it is that object); ``hurt`` the turn number of the last damage dealt to it (-1:
    none), which Foster reads ("Keywords - Foster 1").
    """

    __slots__ = ("brewed", "controller", "counters", "damage", "defn", "entered", "fostered",
                 "hurt", "id", "imbued", "last_controller", "last_counters", "last_oid",
                 "linked", "oid", "owner", "prepared", "rested", "stamp", "timestamp", "zone")

    def __init__(self, cid: int, defn: CardDef, owner: int, zone: str) -> None:
        self.id = cid
        self.defn = defn
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.stamp = 0
        self.oid = -1
        self.rested = False
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.timestamp = -1
        self.entered = -1
        self.last_oid = -1
        self.last_controller = -1
        self.last_counters: dict[str, int] = {}
        self.fostered = False
        self.hurt = -1
        self.brewed = False
        self.imbued = False
        self.prepared = False
        self.linked = -1

    def copy(self) -> CardObj:
        c = CardObj(self.id, self.defn, self.owner, self.zone)
        c.controller = self.controller
        c.zone = self.zone
        c.stamp = self.stamp
        c.oid = self.oid
        c.rested = self.rested
        c.damage = self.damage
        c.counters = dict(self.counters) if self.counters else {}
        c.timestamp = self.timestamp
        c.entered = self.entered
        c.last_oid = self.last_oid
        c.last_controller = self.last_controller
        c.last_counters = self.last_counters  # never changed in place: replaced
        c.fostered = self.fostered
        c.hurt = self.hurt
        c.brewed = self.brewed
        c.imbued = self.imbued
        c.prepared = self.prepared
        c.linked = self.linked
        return c

    def clear_object_state(self) -> None:
        """Forget everything the card had as an object (it is a new object next time),
        keeping its identity and controller as last-known information."""
        if self.oid >= 0:
            self.last_oid = self.oid
            self.last_controller = self.controller
            self.last_counters = self.counters
        self.oid = -1
        self.controller = self.owner
        self.rested = False
        self.damage = 0
        self.counters = {}
        self.timestamp = -1
        self.fostered = False
        self.hurt = -1
        self.brewed = False
        self.imbued = False
        self.prepared = False
        self.linked = -1

    def __repr__(self) -> str:
        return f"<{self.defn.name} #{self.id} p{self.owner}/{self.controller} {self.zone}>"


def band(card: CardObj) -> int:
    """The index of the leveler band in force on the object (the one whose range holds its
    level counters: LEVELERS.md 711.2a/b, ruling 7), or -1: below its first band, not on
    the field (711.5, 711.6), or not a leveler."""
    if card.oid < 0:
        return -1
    level = card.counters.get("level", 0)
    for index, (low, high) in enumerate(card.defn.bands):
        if low <= level and (high is None or level <= high):
            return index
    return -1


def band_text(bands: tuple[tuple[int, int | None], ...], index: int) -> str:
    """A band as its card text writes it: ``2-3`` or ``4+``."""
    low, high = bands[index]
    return f"{low}+" if high is None else f"{low}-{high}"
