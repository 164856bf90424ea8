"""Deck files: loading and the constructed deck rules.

A deck file (YAML) has ``name``, ``description`` (a one-line plan),
``material`` (a list of card names) and ``main`` (card name -> copies).
Rules ("General Rules - Format Conventions"; "Game Zones - Material Deck";
"Card Types - Supertypes 2"): a main deck of at least 60 cards with at most
four copies of a name and no champions or regalia; a material deck of at most
12 cards, one copy of a name, only champions and regalia, with at least one
level 0 champion.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaenv import configs
from gaenv.cards.schema import CardFileError, CardPool, default_pool
from gaenv.engine.game import DeckList
from gaenv.engine.objects import CardDef
from gaenv.yamlio import YamlError, load_yaml

DECK_FIELDS = ("name", "description", "material", "main")
MAIN_MIN = 60
MAIN_COPIES = 4
MATERIAL_MAX = 12


@dataclass(frozen=True)
class Deck:
    """A validated deck file."""

    name: str
    description: str
    path: Path
    cards: DeckList


def builtin_deck_names() -> list[str]:
    return configs.names("decks")


def resolve_deck_path(name_or_path: str) -> Path:
    """A deck by built-in name (``ember_vanguard``) or by file path."""
    path = configs.find("decks", name_or_path)
    if path is None:
        known = ", ".join(builtin_deck_names())
        raise CardFileError(f"unknown deck {name_or_path!r}; built-in decks: {known}")
    return path


def load_deck(name_or_path: str, pool: CardPool | None = None) -> Deck:
    """Load a deck file and check it against the pool and the deck rules."""
    pool = pool or default_pool()
    path = resolve_deck_path(name_or_path)
    label = str(path)
    try:
        doc = load_yaml(path.read_text(), label)
    except OSError as exc:
        raise CardFileError(f"{label}: cannot read deck: {exc}") from exc
    except YamlError as exc:
        raise CardFileError(str(exc)) from exc
    return deck_from(doc, label, path, pool)


def deck_from(doc: Any, label: str, path: Path, pool: CardPool) -> Deck:
    """A deck from a deck file's contents, checked against the pool and the deck rules;
    errors start with ``label``."""
    if not isinstance(doc, dict):
        raise CardFileError(f"{label}: expected a mapping with keys {', '.join(DECK_FIELDS)}")
    for key in doc:
        if key not in DECK_FIELDS:
            raise CardFileError(f"{label}: unknown key {key!r}; known: {', '.join(DECK_FIELDS)}")
    for key in DECK_FIELDS:
        if key not in doc:
            raise CardFileError(f"{label}: missing key {key!r}")
    name, description = doc["name"], doc["description"]
    if not isinstance(name, str) or not isinstance(description, str) or "\n" in description:
        raise CardFileError(f"{label}: 'name' and 'description' must be one-line texts")
    material_names = doc["material"]
    main_counts = doc["main"]
    if not isinstance(material_names, list):
        raise CardFileError(f"{label}: 'material' must be a list of card names")
    if not isinstance(main_counts, dict):
        raise CardFileError(f"{label}: 'main' must map card names to numbers of copies")

    def card(card_name: object, zone: str) -> CardDef:
        try:
            return pool.get(str(card_name))
        except KeyError as exc:
            raise CardFileError(f"{label}: {zone}: {exc.args[0]}") from None

    material = [card(n, "material") for n in material_names]
    main = []
    for card_name, copies in main_counts.items():
        defn = card(card_name, "main")
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise CardFileError(f"{label}: main: card {card_name!r}: copies must be a whole "
                                f"number >= 1, got {copies!r}")
        if copies > MAIN_COPIES:
            raise CardFileError(f"{label}: main: card {card_name!r}: {copies} copies; at most "
                                f"{MAIN_COPIES} of a name")
        if defn.token:
            raise CardFileError(f"{label}: main: card {card_name!r}: tokens are summoned, not "
                                "put in decks")
        if defn.is_champion or defn.is_regalia:
            raise CardFileError(f"{label}: main: card {card_name!r}: champions and regalia "
                                "belong in the material deck")
        main.extend([defn] * copies)
    if len(main) < MAIN_MIN:
        raise CardFileError(f"{label}: main deck has {len(main)} cards; at least {MAIN_MIN}")
    if len(material) > MATERIAL_MAX:
        raise CardFileError(f"{label}: material deck has {len(material)} cards; at most "
                            f"{MATERIAL_MAX}")
    names = [d.name for d in material]
    for defn in material:
        if names.count(defn.name) > 1:
            raise CardFileError(f"{label}: material: card {defn.name!r}: one copy of a name")
        if not (defn.is_champion or defn.is_regalia):
            raise CardFileError(f"{label}: material: card {defn.name!r}: only champions and "
                                "regalia go in the material deck")
    relics = [d.name for d in material if d.divine_relic]
    if len(relics) > 1:  # "Divine Relic 1"
        raise CardFileError(f"{label}: material: cards {relics}: at most one card with Divine "
                            "Relic")
    if not any(d.is_champion and d.level == 0 for d in material):
        raise CardFileError(f"{label}: material deck needs a level 0 champion")
    return Deck(name, description, path, DeckList(name, tuple(main), tuple(material)))


def vanilla_line(decks: Sequence[DeckList]) -> str | None:
    """The flag every output shows when a deck plays vanilla cards (stats only)."""
    names = sorted({c.name for d in decks for c in (*d.main, *d.material) if c.vanilla})
    if not names:
        return None
    return (f"VANILLA: {len(names)} card(s) play as stats only, their text ignored: "
            f"{', '.join(names)}")


def one_relic(cards: Sequence[CardDef]) -> list[CardDef]:
    """The cards in order, but no Divine Relic after the first ("Divine Relic 1": one in a
    material deck)."""
    seen = False
    kept: list[CardDef] = []
    for card in cards:
        if card.divine_relic:
            if seen:
                continue
            seen = True
        kept.append(card)
    return kept


def random_deck(pool: CardPool, rng: random.Random, name: str = "random") -> DeckList:
    """A random deck that keeps every deck rule: a random level 0 champion and up to 11
    other champions and regalia in the material deck, 15 random main-deck cards times
    four in the main deck (for fuzzing; not meant to play well)."""
    main_cards = [c for c in pool.cards
                  if not (c.token or c.is_champion or c.is_regalia)]
    starters = [c for c in pool.cards if c.is_champion and c.level == 0 and not c.token]
    extras = [c for c in pool.cards
              if (c.is_champion or c.is_regalia) and c.level != 0 and not c.token]
    material = [rng.choice(starters),
                *one_relic(rng.sample(extras, rng.randint(0, MATERIAL_MAX - 1)))]
    main = [c for c in rng.sample(main_cards, MAIN_MIN // MAIN_COPIES) for _ in range(MAIN_COPIES)]
    return DeckList(name, tuple(main), tuple(material))


def build_deck(pool: CardPool, champion: str) -> dict[str, object]:
    """A legal deck file (as a mapping) of ``pool``'s cards around the champions named
    ``champion`` (their lineage name, ``Zander``): those champions by level, under a level
    0 champion (the lineage's own, else the one whose elements allow the most cards),
    regalia of the elements the lineage allows, and in the main deck four copies each of
    the 15 cheapest cards it allows, those sharing a class with the champions first.
    Deterministic; a CardFileError says what is missing."""
    lineage = sorted((c for c in pool.cards if c.is_champion and not c.token
                      and c.champion_name == champion), key=lambda c: (c.level or 0, c.name))
    if not lineage:
        names = sorted({c.champion_name for c in pool.cards if c.is_champion and c.champion_name})
        raise CardFileError(f"no champion named {champion!r}; champions: {', '.join(names)}")
    classes = {k for c in lineage for k in c.classes}
    main_cards = [c for c in pool.cards if not (c.token or c.is_champion or c.is_regalia)]

    def allowed(elements: set[str]) -> list[CardDef]:
        return [c for c in main_cards if c.element in elements]

    if lineage[0].level != 0:
        starters = [c for c in pool.cards if c.is_champion and c.level == 0 and not c.token]
        if not starters:
            raise CardFileError("no level 0 champion in the pool to start the lineage")
        base = {"norm", *(c.element for c in lineage)}
        lineage.insert(0, max(starters, key=lambda s: (len(allowed(base | {s.element})),
                                                       s.name)))
    elements = {"norm", *(c.element for c in lineage)}
    chosen = sorted(allowed(elements), key=lambda c: (not set(c.classes) & classes,
                                                      c.reserve_cost or 0, c.name))
    wanted = MAIN_MIN // MAIN_COPIES
    if len(chosen) < wanted:
        raise CardFileError(f"only {len(chosen)} playable main-deck cards of "
                            f"{', '.join(sorted(elements))}; a deck needs {wanted}")
    regalia = one_relic([c for c in pool.cards if c.is_regalia and not c.is_champion
                         and not c.token and c.element in elements])[:MATERIAL_MAX - len(lineage)]
    return {"name": f"{champion} (built)",
            "description": f"{champion} over {lineage[0].name}: the cheapest playable cards "
                           f"of {', '.join(sorted(elements))}, own classes first",
            "material": [c.name for c in (*lineage, *regalia)],
            "main": {c.name: MAIN_COPIES for c in chosen[:wanted]}}
