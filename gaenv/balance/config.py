"""A balance study's config (the built-in ones are in ``gaenv/configs/balance/``), read
and checked before any game is played: every key, deck, card and agent spec it names,
each error one line naming the file and the key.

    decks: [ember_vanguard, gale_skirmish, my_decks/x.yaml]   # built-in names or files
    pool: [builtin, my_cards.yaml]   # card files or folders; builtin: the built-in cards
    pilot: heuristic                 # the agent spec that plays every deck...
    pilots: {gale_skirmish: "search:budget=8"}   # ...unless a deck has its own
    games: 200                       # per ordered pair of decks
    seed: 0
    turn_limit: 120
    pilot_games: 100                 # each pilot against random and the heuristic
    alpha: 0.05
    variants:                        # decks with named cards swapped out
      - {name: Vanguard without Bolt, deck: ember_vanguard, swap: {Ember Bolt: Kindling Rite}}

docs/balance.md describes every key.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from gaenv import games
from gaenv.agents.registry import AgentSpecError, make
from gaenv.cards.decks import Deck, deck_from, load_deck
from gaenv.cards.schema import DATA_DIR, CardFileError, CardPool, pool_of
from gaenv.engine.game import DEFAULT_TURN_LIMIT
from gaenv.env.config import ConfigError, check_keys, read_mapping, section

BUILTIN = "builtin"  # in ``pool``: the built-in card files
VARIANT_KEYS = ("name", "deck", "swap")


@dataclass(frozen=True)
class StudyConfig:
    """A study's config file, defaults filled in (docs/balance.md)."""

    decks: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)        # empty: the built-in pool
    pilot: str = "heuristic"
    pilots: dict[str, str] = field(default_factory=dict)
    games: int = 20
    seed: int = 0
    turn_limit: int = DEFAULT_TURN_LIMIT
    pilot_games: int = 20
    alpha: float = 0.05
    variants: list[dict[str, Any]] = field(default_factory=list)
    game: str = "ga"  # or duel: the duel's decks (gaenv.balance.duel)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class StudyDeck:
    """One deck of a study: ``label`` names it in results and reports (the deck file's
    ``name``, or the variant's); ``path`` is the file its games load (a variant's is
    written into the study folder); ``doc`` is a variant's deck file, to be written."""

    label: str
    path: str
    pilot: str
    cards: frozenset[str]
    variant_of: str | None = None
    swap: tuple[tuple[str, str], ...] = ()
    doc: dict[str, Any] | None = None


@dataclass(frozen=True)
class Study:
    """A checked study: its config, decks (variants last) and card files (None: the
    built-in pool)."""

    config: StudyConfig
    source: Path
    decks: tuple[StudyDeck, ...]
    pool: tuple[str, ...] | None

    def deck(self, label: str) -> StudyDeck:
        return next(d for d in self.decks if d.label == label)

    def pilot_specs(self) -> list[str]:
        """The distinct pilots, in deck order."""
        return list(dict.fromkeys(d.pilot for d in self.decks))


def load(path: Path, out: Path, pool: list[str] | None = None) -> Study:
    """Read and check the study config at ``path`` (``pool`` replaces its ``pool``); a
    variant's deck file will be ``out/decks/variant_N.yaml``."""
    raw = read_mapping(path, "study config")
    if pool is not None:
        raw["pool"] = pool
    try:
        config = section(StudyConfig, raw, "", as_given=("decks", "pool", "pilots", "variants"))
        return _check(config, path, out)
    except (ConfigError, CardFileError) as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _check(config: StudyConfig, path: Path, out: Path) -> Study:
    for key, low in (("games", 1), ("turn_limit", 1), ("pilot_games", 0)):
        if getattr(config, key) < low:
            raise ConfigError(f"{key}: must be at least {low}, got {getattr(config, key)}")
    if config.pilot_games % 2:
        raise ConfigError(f"pilot_games: must be even (paired seeds), got {config.pilot_games}")
    if not 0 < config.alpha < 1:
        raise ConfigError(f"alpha: must be between 0 and 1, got {config.alpha}")
    if config.game not in games.NAMES:
        raise ConfigError(f"game: {' or '.join(games.NAMES)}, got {config.game!r}")
    files = (_pool_files(_texts(config.pool, "pool", "card files or folders"))
             if games.get(config.game).pools else None)
    entries = _texts(config.decks, "decks", "deck names or files")
    if not isinstance(config.variants, list):
        raise ConfigError(f"variants: expected a list, got {config.variants!r}")
    if len(entries) + len(config.variants) < 2:
        raise ConfigError("decks: a study needs at least two decks (variants count)")
    if not isinstance(config.pilots, dict):
        raise ConfigError(f"pilots: expected a mapping of deck to agent spec, got "
                          f"{config.pilots!r}")
    _spec(config.pilot, "pilot", files)
    if config.game == "duel":
        from gaenv.balance.duel import study_decks

        decks = study_decks(config, entries, out)
    else:
        decks = _ga_decks(config, entries, files, out)
    known = [*entries, *(d.label for d in decks if d.variant_of is not None)]
    for key, spec in config.pilots.items():
        if key not in known:
            raise ConfigError(f"pilots.{key}: not a deck of this study; its decks: "
                              f"{', '.join(map(str, known))}")
        _spec(spec, f"pilots.{key}", files)
    labels = [d.label for d in decks]
    for label in labels:
        if labels.count(label) > 1:
            raise ConfigError(f"decks: two decks are called {label!r}; each needs its own "
                              "name")
    return Study(config, path, tuple(decks), files)


def _ga_decks(config: StudyConfig, entries: list[str], files: tuple[str, ...] | None,
              out: Path) -> list[StudyDeck]:
    """A Grand Archive study's decks, then its variants (their deck files in ``out``)."""
    card_pool = pool_of(files)
    loaded: dict[str, Deck] = {}
    for i, entry in enumerate(entries):
        try:
            loaded[entry] = load_deck(entry, card_pool)
        except CardFileError as exc:
            raise ConfigError(f"decks[{i}]: {exc}") from None
    decks = [StudyDeck(deck.name, str(deck.path), config.pilots.get(entry, config.pilot),
                       _names(deck)) for entry, deck in loaded.items()]
    for i, raw in enumerate(config.variants):
        name, base, deck, swap, doc = _variant(raw, f"variants[{i}]", loaded, card_pool,
                                               out / "decks" / f"variant_{i}.yaml")
        pilot = config.pilots.get(name, config.pilots.get(base, config.pilot))
        decks.append(StudyDeck(name, str(deck.path), pilot, _names(deck),
                               loaded[base].name, swap, doc))
    return decks


def _texts(value: Any, key: str, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{key}: expected a list of {what}, got {value!r}")
    return value


def _pool_files(entries: list[str]) -> tuple[str, ...] | None:
    """The card files of ``pool``'s entries (a folder: its ``*.yaml``), None if empty."""
    files: list[str] = []
    for i, entry in enumerate(entries):
        where = DATA_DIR if entry == BUILTIN else Path(entry)
        if where.is_dir():
            files += [str(p.resolve()) for p in sorted(where.glob("*.yaml"))]
        elif where.is_file():
            files.append(str(where.resolve()))
        else:
            raise ConfigError(f"pool[{i}]: no card file or folder {entry!r}")
    return tuple(files) or None


def _spec(spec: Any, key: str, pool: tuple[str, ...] | None) -> None:
    if not isinstance(spec, str):
        raise ConfigError(f"{key}: expected an agent spec, got {spec!r}")
    try:
        make(spec, pool=pool)
    except (AgentSpecError, FileNotFoundError) as exc:
        raise ConfigError(f"{key}: {exc}") from None


def _names(deck: Deck) -> frozenset[str]:
    return frozenset(c.name for c in (*deck.cards.main, *deck.cards.material))


def check_variant_keys(raw: Any, key: str, decks: Mapping[str, Any]
                       ) -> tuple[str, str, dict[Any, Any]]:
    """A variant's ``name``, ``deck`` (an entry of ``decks``) and ``swap``, checked."""
    if not isinstance(raw, dict):
        raise ConfigError(f"{key}: expected a mapping with keys {', '.join(VARIANT_KEYS)}")
    check_keys(raw, VARIANT_KEYS, f"{key}.")
    for name in VARIANT_KEYS:
        if name not in raw:
            raise ConfigError(f"{key}: missing key {name!r}")
    name, entry, swap = raw["name"], raw["deck"], raw["swap"]
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"{key}.name: expected a name, got {name!r}")
    if entry not in decks:
        raise ConfigError(f"{key}.deck: {entry!r} is not one of the study's decks "
                          f"({', '.join(decks)})")
    if not isinstance(swap, dict) or not swap:
        raise ConfigError(f"{key}.swap: expected a mapping of card to the card replacing it")
    return name, entry, swap


def _variant(raw: Any, key: str, decks: dict[str, Deck], pool: CardPool, path: Path
             ) -> tuple[str, str, Deck, tuple[tuple[str, str], ...], dict[str, Any]]:
    """A variant's name, its deck's entry in ``decks``, the deck, the swaps and the deck
    file to write at ``path``."""
    name, entry, swap = check_variant_keys(raw, key, decks)
    base = decks[entry]
    material = [c.name for c in base.cards.material]
    main = Counter(c.name for c in base.cards.main)
    for old, new in swap.items():
        if old not in main and old not in material:
            raise ConfigError(f"{key}.swap: card {old!r} is not in deck {base.name!r}")
        try:
            pool.get(str(new))
        except KeyError as exc:
            raise ConfigError(f"{key}.swap.{old}: {exc.args[0]}") from None
        material = [new if n == old else n for n in material]
        if old in main:
            main[new] += main.pop(old)
    swaps = ", ".join(f"{old} swapped for {new}" for old, new in swap.items())
    doc = {"name": name, "description": f"{base.name} with {swaps}", "material": material,
           "main": dict(main)}
    try:
        deck = deck_from(doc, key, path, pool)
    except CardFileError as exc:
        raise ConfigError(str(exc)) from None
    return name, entry, deck, tuple(swap.items()), doc


def write_deck(deck: StudyDeck) -> None:
    """Write a variant's deck file (where its games load it from)."""
    assert deck.doc is not None
    path = Path(deck.path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(deck.doc, sort_keys=False, allow_unicode=True))
