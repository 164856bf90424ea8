"""The duel's cards and decks as data (DUEL.md sections 13-14), checked as they load.

A card is a `DuelCard`: its type, figures and abilities, each ability a list of effect
steps that `gaenv.duel.effects` interprets. Every error names the file, the card and the
field, on one line.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaenv.core.program import Node
from gaenv.yamlio import YamlError, load_yaml

DATA = Path(__file__).parent / "data"
CARD_FILE = DATA / "cards.yaml"
DECK_FILE = DATA / "decks.yaml"

ELEMENTS = ("fire", "water", "earth", "wind")  # DUEL 2.2
TYPES = ("champion", "equipment", "spell")      # DUEL 2.1
CARD_KEYS = ("name", "type", "origin", "health", "slots", "element", "equip_to", "passive",
             "activated", "triggers", "equip_element", "equipped_passive")
ABILITY_KEYS = ("condition", "cost", "effect")
TRIGGER_KEYS = ("when", "once_per_game", "cost", "effect")
PASSIVE_KEYS = ("max_health", "reduce_damage", "win_with")
# Trigger conditions (DUEL 6.3) and the place each one works from.
WHEN = {
    "defeated": "grave", "destroyed": "grave", "sent_to_grave": "grave",
    "other_equipment_sent": "field", "dealt_damage": "field",
    "equipment_you_control_destroyed": "field", "would_be_dealt_damage": "field",
    "champion_you_control_dealt_damage": "hand", "opponent_activates_equipment": "hand",
}
CONDITIONS = ("copyable_spell", "opponent_equipped", "in_hand")
MIN_DECK, MAX_DECK, MAX_COPIES, CHAMPIONS = 60, 100, 4, 3  # DUEL 3.1-3.3
SIDE, MATCH_CHAMPIONS = 20, 5  # DUEL 3.8: a match's side deck and champions


class DuelCardError(ValueError):
    """A card or deck file that does not hold; the message names file, record and field."""


@dataclass(frozen=True)
class Ability:
    """An activated or trigger effect: when (triggers), costs, conditions, steps."""

    effect: tuple[Node, ...]
    cost: tuple[Node, ...] = ()
    condition: tuple[Any, ...] = ()
    when: str = ""
    once_per_game: bool = False

    @property
    def place(self) -> str:
        """Where a trigger works from (DUEL 6.3)."""
        return WHEN[self.when]


@dataclass(frozen=True)
class DuelCard:
    name: str
    type: str
    origin: str
    health: int = 0
    slots: tuple[str, ...] = ()
    element: str = ""
    equip_to_any: bool = False
    passive: Mapping[str, int] = field(default_factory=dict)
    activated: Ability | None = None
    triggers: tuple[Ability, ...] = ()
    equip_element: str = ""  # a Spell that can also be equipped (Totsuka-no-Tsurugi, 8.6)
    equipped_passive: Mapping[str, int] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> DuelCard:
        return self  # immutable: every copy of a game shares the card texts

    @property
    def equippable_element(self) -> str:
        """The element it has when equipped, or "" for cards that cannot be equipped."""
        return self.element or self.equip_element


@dataclass(frozen=True)
class DuelDeck:
    key: str
    name: str
    champions: tuple[str, ...]
    main: tuple[str, ...]
    match_champions: tuple[str, ...] = ()
    side: tuple[str, ...] = ()  # a best-of-three match's side deck (DUEL 3.8)


def _steps(value: Any, where: str) -> tuple[Node, ...]:
    from gaenv.duel.effects import read_step  # the step vocabulary lives with the steps

    if not isinstance(value, list) or not value:
        raise DuelCardError(f"{where}: expected a non-empty list of steps")
    return tuple(read_step(step, where) for step in value)


def _ability(raw: Any, where: str, trigger: bool) -> Ability:
    if not isinstance(raw, dict):
        raise DuelCardError(f"{where}: expected a mapping")
    keys = TRIGGER_KEYS if trigger else ABILITY_KEYS
    for key in raw:
        if key not in keys:
            raise DuelCardError(f"{where}: unknown field {key!r}; known: {', '.join(keys)}")
    if "effect" not in raw:
        raise DuelCardError(f"{where}: missing field 'effect'")
    when = raw.get("when", "")
    if trigger and when not in WHEN:
        raise DuelCardError(f"{where}.when: {when!r} is not one of {', '.join(WHEN)}")
    condition = raw.get("condition", [])
    for item in condition if isinstance(condition, list) else [condition]:
        name = next(iter(item)) if isinstance(item, dict) else item
        if name not in CONDITIONS:
            raise DuelCardError(f"{where}.condition: {name!r} is not one of "
                                f"{', '.join(CONDITIONS)}")
    return Ability(effect=_steps(raw["effect"], f"{where}.effect"),
                   cost=_steps(raw["cost"], f"{where}.cost") if "cost" in raw else (),
                   condition=tuple(condition), when=when,
                   once_per_game=bool(raw.get("once_per_game", False)))


def _passive(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise DuelCardError(f"{where}: expected a mapping")
    for key, value in raw.items():
        if key not in PASSIVE_KEYS:
            raise DuelCardError(f"{where}: unknown passive {key!r}; known: "
                                f"{', '.join(PASSIVE_KEYS)}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise DuelCardError(f"{where}.{key}: expected a whole number, got {value!r}")
    return dict(raw)


def parse_card(raw: Any, where: str) -> DuelCard:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise DuelCardError(f"{where}: expected a mapping with a 'name'")
    where = f"{where} ({raw['name']})"
    for key in raw:
        if key not in CARD_KEYS:
            raise DuelCardError(f"{where}: unknown field {key!r}; known: {', '.join(CARD_KEYS)}")
    kind = raw.get("type")
    if kind not in TYPES:
        raise DuelCardError(f"{where}.type: {kind!r} is not one of {', '.join(TYPES)}")
    if raw.get("origin") not in ("seed", "designed"):
        raise DuelCardError(f"{where}.origin: expected seed or designed")
    for key in ("element", "equip_element"):
        if key in raw and raw[key] not in ELEMENTS:
            raise DuelCardError(f"{where}.{key}: {raw[key]!r} is not one of {', '.join(ELEMENTS)}")
    if kind == "champion":
        health, slots = raw.get("health"), raw.get("slots")
        if isinstance(health, bool) or not isinstance(health, int) or health <= 0:
            raise DuelCardError(f"{where}.health: expected a positive whole number")
        if not isinstance(slots, list) or not slots or any(s not in ELEMENTS for s in slots):
            raise DuelCardError(f"{where}.slots: expected a list of elements "
                                f"({', '.join(ELEMENTS)})")
    elif kind == "equipment" and "element" not in raw:
        raise DuelCardError(f"{where}: missing field 'element'")
    elif kind != "champion" and ("health" in raw or "slots" in raw):
        raise DuelCardError(f"{where}: only champions have health and slots")
    if raw.get("equip_to", "any") != "any":
        raise DuelCardError(f"{where}.equip_to: the only value is 'any'")
    triggers = raw.get("triggers", [])
    if not isinstance(triggers, list):
        raise DuelCardError(f"{where}.triggers: expected a list")
    return DuelCard(
        name=raw["name"], type=kind, origin=raw["origin"], health=raw.get("health", 0),
        slots=tuple(raw.get("slots", ())), element=raw.get("element", ""),
        equip_to_any="equip_to" in raw,
        passive=_passive(raw["passive"], f"{where}.passive") if "passive" in raw else {},
        activated=(_ability(raw["activated"], f"{where}.activated", False)
                   if "activated" in raw else None),
        triggers=tuple(_ability(t, f"{where}.triggers[{i}]", True)
                       for i, t in enumerate(triggers)),
        equip_element=raw.get("equip_element", ""),
        equipped_passive=(_passive(raw["equipped_passive"], f"{where}.equipped_passive")
                          if "equipped_passive" in raw else {}),
    )


class DuelPool:
    """Every duel card by name."""

    def __init__(self, cards: Mapping[str, DuelCard]) -> None:
        self.cards = dict(cards)

    def __deepcopy__(self, memo: dict[int, Any]) -> DuelPool:
        return self  # never changed after loading

    def get(self, name: str, where: str = "card") -> DuelCard:
        card = self.cards.get(name)
        if card is None:
            close = difflib.get_close_matches(str(name), list(self.cards), n=3)
            hint = f"; closest: {', '.join(close)}" if close else ""
            raise DuelCardError(f"{where}: unknown duel card {name!r}{hint}")
        return card


def load_cards(path: Path = CARD_FILE) -> DuelPool:
    try:
        raw = load_yaml(path.read_text(), str(path))
    except YamlError as exc:
        raise DuelCardError(str(exc)) from exc
    if not isinstance(raw, list):
        raise DuelCardError(f"{path}: expected a list of cards")
    cards: dict[str, DuelCard] = {}
    for index, entry in enumerate(raw):
        card = parse_card(entry, f"{path}: card {index}")
        if card.name in cards:
            raise DuelCardError(f"{path}: card {index} ({card.name}): the name is given twice")
        cards[card.name] = card
    pool = DuelPool(cards)
    for card in cards.values():  # names a step refers to must exist
        for ability in (card.activated, *card.triggers):
            for step in (ability.effect if ability else ()):
                if step.op == "create" and step.args != "this":
                    pool.get(step.args, f"{path}: {card.name}.create")
    return pool


@functools.cache
def default_pool() -> DuelPool:
    return load_cards()


def check_deck(deck: DuelDeck, pool: DuelPool, where: str) -> None:
    """DUEL 3.1-3.3: 60-100 Equipment and Spells, at most 4 of a name, 3 distinct
    champions."""
    for name in sorted(set(deck.main)):
        if pool.get(name, f"{where}.main").type == "champion":
            raise DuelCardError(f"{where}.main: {name} is a champion; champions are not in "
                                "the main deck")
        if deck.main.count(name) > MAX_COPIES:
            raise DuelCardError(f"{where}.main: {deck.main.count(name)} copies of {name}; "
                                f"at most {MAX_COPIES}")
    if not MIN_DECK <= len(deck.main) <= MAX_DECK:
        raise DuelCardError(f"{where}.main: {len(deck.main)} cards; a main deck holds "
                            f"{MIN_DECK} to {MAX_DECK}")
    champions = (*deck.champions, *deck.match_champions)
    if len(deck.champions) != CHAMPIONS or len(set(champions)) != len(champions):
        raise DuelCardError(f"{where}.champions: expected {CHAMPIONS} champions with "
                            "different names")
    for name in champions:
        if pool.get(name, f"{where}.champions").type != "champion":
            raise DuelCardError(f"{where}.champions: {name} is not a champion")
    if deck.side:
        _check_side(deck, pool, where)


def _check_side(deck: DuelDeck, pool: DuelPool, where: str) -> None:
    """DUEL 3.8: a side deck of 20 Equipment and Spells beside 5 champions. Our ruling:
    at most 4 copies of a name in the main and side deck together, so that no swap can
    break 3.3 (docs/duel.md, "Best of three")."""
    if len(deck.side) != SIDE:
        raise DuelCardError(f"{where}.side: {len(deck.side)} cards; a side deck holds {SIDE}")
    if len(deck.champions) + len(deck.match_champions) != MATCH_CHAMPIONS:
        raise DuelCardError(f"{where}.match_champions: a deck with a side deck has "
                            f"{MATCH_CHAMPIONS} champions in all")
    for name in sorted(set(deck.side)):
        if pool.get(name, f"{where}.side").type == "champion":
            raise DuelCardError(f"{where}.side: {name} is a champion")
        copies = deck.main.count(name) + deck.side.count(name)
        if copies > MAX_COPIES:
            raise DuelCardError(f"{where}.side: {copies} copies of {name} in the main and "
                                f"side deck together; at most {MAX_COPIES}")


def load_decks(path: Path = DECK_FILE, pool: DuelPool | None = None) -> dict[str, DuelDeck]:
    pool = pool or default_pool()
    try:
        raw = load_yaml(path.read_text(), str(path))
    except YamlError as exc:
        raise DuelCardError(str(exc)) from exc
    if not isinstance(raw, dict):
        raise DuelCardError(f"{path}: expected a mapping of deck keys to decks")
    decks = {}
    for key, entry in raw.items():
        where = f"{path}: {key}"
        if not isinstance(entry, dict) or not isinstance(entry.get("main"), dict):
            raise DuelCardError(f"{where}: expected a mapping with 'main' (card: count)")
        for field_name in entry:
            if field_name not in ("name", "champions", "match_champions", "main", "side"):
                raise DuelCardError(f"{where}: unknown field {field_name!r}")
        deck = DuelDeck(key, str(entry.get("name", key)), tuple(entry.get("champions") or ()),
                        _counted(entry["main"], f"{where}.main"),
                        tuple(entry.get("match_champions") or ()),
                        _counted(entry.get("side") or {}, f"{where}.side"))
        check_deck(deck, pool, where)
        decks[key] = deck
    return decks


def _counted(raw: Any, where: str) -> tuple[str, ...]:
    """A ``card: count`` mapping as a list of names."""
    if not isinstance(raw, dict):
        raise DuelCardError(f"{where}: expected a mapping of card names to counts")
    names: list[str] = []
    for name, count in raw.items():
        if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
            raise DuelCardError(f"{where}.{name}: expected a positive count")
        names.extend([name] * count)
    return tuple(names)


@functools.cache
def builtin_decks() -> dict[str, DuelDeck]:
    return load_decks()


def find_deck(name: str) -> DuelDeck:
    """A built-in duel deck by key, or the one deck of a deck file (a YAML mapping of one
    key to a deck, as ``data/decks.yaml``); DuelCardError naming the built-in decks."""
    known = builtin_decks()
    if name in known:
        return known[name]
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        decks = load_decks(path)
        if len(decks) != 1:
            raise DuelCardError(f"{path}: expected one deck, found {len(decks)}")
        return next(iter(decks.values()))
    raise DuelCardError(f"no duel deck {name!r}; duel decks: {', '.join(known)} (or a deck "
                        "file)")
