"""Balance studies of the duel (``game: duel`` in a study config; docs/balance.md).

The study's games, statistics and report are Grand Archive's; what differs is here:
the decks are the duel's (`gaenv.duel.cards.find_deck`: built-in keys or deck files), a
variant swaps cards of a duel deck's main deck or champions (a champion only for a
champion), and the cards a player *played* are read from the answers of the game's log:
each Spell or ability it activated and each card it equipped, of its own cards. A
champion is never "played" (all three start on the field), so its impact is measured
only by variants.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from gaenv.balance.config import StudyConfig, StudyDeck, check_variant_keys
from gaenv.duel.cards import DuelCardError, DuelDeck, check_deck, default_pool, find_deck
from gaenv.duel.game import DuelGame
from gaenv.env.config import ConfigError

PLAYED_VERBS = frozenset({"activate", "equip"})  # answers that play one of one's cards


def study_decks(config: StudyConfig, entries: list[str], out: Path) -> list[StudyDeck]:
    """The study's duel decks, then its variants (their deck files go in ``out/decks``)."""
    if config.pool:
        raise ConfigError("pool: the duel plays its own cards; leave pool out")
    loaded: dict[str, DuelDeck] = {}
    for i, entry in enumerate(entries):
        try:
            loaded[entry] = find_deck(entry)
        except DuelCardError as exc:
            raise ConfigError(f"decks[{i}]: {exc}") from None
    decks = [StudyDeck(deck.name, entry, config.pilots.get(entry, config.pilot), _names(deck))
             for entry, deck in loaded.items()]
    for i, raw in enumerate(config.variants):
        key = f"variants[{i}]"
        name, entry, swap = check_variant_keys(raw, key, loaded)
        deck = _variant(loaded[entry], swap, name, key)
        path = out / "decks" / f"variant_{i}.yaml"
        doc = {f"variant_{i}": {"name": name, "champions": list(deck.champions),
                                "main": dict(Counter(deck.main))}}
        pilot = config.pilots.get(name, config.pilots.get(entry, config.pilot))
        decks.append(StudyDeck(name, str(path), pilot, _names(deck), loaded[entry].name,
                               tuple(swap.items()), doc))
    return decks


def _names(deck: DuelDeck) -> frozenset[str]:
    return frozenset((*deck.champions, *deck.main))


def _variant(base: DuelDeck, swap: dict[Any, Any], name: str, key: str) -> DuelDeck:
    pool = default_pool()
    champions, main = list(base.champions), list(base.main)
    for old, new in swap.items():
        try:
            new_card = pool.get(str(new), f"{key}.swap.{old}")
        except DuelCardError as exc:
            raise ConfigError(str(exc)) from None
        if old in champions:
            if new_card.type != "champion":
                raise ConfigError(f"{key}.swap.{old}: a champion is swapped for a champion, "
                                  f"not {new!r}")
            champions = [new if n == old else n for n in champions]
        elif old in main:
            main = [new if n == old else n for n in main]
        else:
            raise ConfigError(f"{key}.swap: card {old!r} is not in deck {base.name!r}")
    deck = DuelDeck(base.key, name, tuple(champions), tuple(main))
    try:
        check_deck(deck, pool, key)
    except DuelCardError as exc:
        raise ConfigError(str(exc)) from None
    return deck


def played_cards(game: DuelGame) -> tuple[frozenset[str], frozenset[str]]:
    """The names of each player's own cards they activated or equipped (module doc), read
    by re-running the game's answers."""
    played: tuple[set[str], set[str]] = (set(), set())
    again = DuelGame.from_header(game.header())
    for number, entry in enumerate(game.log):
        decision = again.decision
        assert decision is not None
        option = decision.options[entry[2]]
        if option.verb in PLAYED_VERBS and option.card >= 0:
            card = again.state.cards[option.card]
            if card.owner == decision.player and card.defn.type != "champion":
                played[decision.player].add(card.defn.name)
        again.replay_choice(number, entry)
    return frozenset(played[0]), frozenset(played[1])
