"""Invariants of a duel position, and one fuzz-checked random game (``scripts/fuzz.py
--game duel``). A broken invariant raises AssertionError saying what is wrong."""

from __future__ import annotations

import random
from collections.abc import Iterator

from gaenv.core.zones import census
from gaenv.duel import rules
from gaenv.duel.cards import (
    CHAMPIONS,
    MAX_COPIES,
    MIN_DECK,
    DuelDeck,
    builtin_decks,
    default_pool,
)
from gaenv.duel.game import DuelGame
from gaenv.duel.state import CHAIN, CHAMPION, DECK, FIELD, GRAVE, HAND, DuelState, Program


def invariants(game: DuelGame) -> None:
    """Every card is in exactly one place (`gaenv.core.zones.census`), which agrees with
    its own record; slots and hosts agree; a pending decision has distinct options and no
    champion on the field is at 0 health (9.6 runs after every event)."""
    state = game.state
    census(len(state.cards), _places(state))
    if state.over:
        assert state.decision is None and state.winner in (0, 1, None) and not state.frames
        return
    d = state.decision
    assert d is not None and d.player in (0, 1) and d.options, "a running game asks someone"
    texts = d.texts()
    assert len(set(texts)) == len(texts), f"options repeat: {texts}"
    for champ in rules.on_field(state):
        assert rules.health(state, champ) > 0, f"champion {champ.oid} at 0 health on the field"


def _places(state: DuelState) -> Iterator[tuple[int, str]]:
    """(card id, place) for every card a place holds, checking each card's own record."""
    for owner, pile in enumerate(state.players):
        for zone in (DECK, HAND, GRAVE):
            for cid in getattr(pile, zone):
                card = state.cards[cid]
                assert card.zone == zone and card.owner == owner, f"card {cid} is misfiled"
                yield cid, zone
    for champ in state.champs:
        if not champ.on_field:
            assert all(cid < 0 for cid in champ.slots), f"champion {champ.oid} left with gear"
            continue
        assert state.cards[champ.card].zone == CHAMPION, f"champion {champ.oid} zone"
        yield champ.card, CHAMPION
        for slot, cid in enumerate(champ.slots):
            if cid >= 0:
                card = state.cards[cid]
                assert (card.zone, card.host, card.slot) == (FIELD, champ.oid, slot), \
                    f"card {cid} disagrees with its slot"
                yield cid, FIELD
    resolving = [f.item for f in state.frames if isinstance(f, Program)]
    on_chain = [item.card for item in (*state.chain, *resolving)
                if item.spell_on_field and state.cards[item.card].zone == CHAIN]
    yield from ((cid, CHAIN) for cid in on_chain)
    if state.over:  # a game that ended mid-resolution leaves its Spells where they were
        yield from ((c.id, CHAIN) for c in state.cards
                    if c.zone == CHAIN and c.id not in on_chain)


def random_deck(rng: random.Random, name: str) -> DuelDeck:
    """A legal deck of the whole pool (DUEL 3.1-3.3): three random champions, 60 random
    Equipment and Spells, at most 4 of a name."""
    cards = list(default_pool().cards.values())
    champions = rng.sample([c.name for c in cards if c.type == "champion"], CHAMPIONS)
    others = [c.name for c in cards if c.type != "champion"]
    main: list[str] = []
    while len(main) < MIN_DECK:
        card = rng.choice(others)
        if main.count(card) < MAX_COPIES:
            main.append(card)
    return DuelDeck(name, name, tuple(champions), tuple(main))


def fuzz_game(seed: int) -> tuple[int, bool]:
    """A random game with every invariant checked after each choice, a clone replaying
    the rest of the game from a random point, and the saved game replaying to the same
    end: the built-in decks (even seeds, seats alternating) or two random decks of the
    whole pool (odd seeds). Returns (decisions, truncated)."""
    rng = random.Random(seed)
    decks = list(builtin_decks().values())
    if seed % 4 == 2:
        decks.reverse()
    elif seed % 2:
        decks = [random_deck(rng, "random_a"), random_deck(rng, "random_b")]
    game = DuelGame.new(decks[0], decks[1], seed)
    probe = rng.randrange(200)
    copy, since = None, 0
    while not game.over:
        invariants(game)
        if len(game.log) == probe:
            copy, since = game.clone(), len(game.log)
        assert game.decision is not None
        game.step(rng.randrange(len(game.decision.options)))
    invariants(game)
    if copy is not None:
        for entry in game.log[since:]:
            copy.step(entry[2])
        assert (copy.winner, copy.reason, copy.log) == (game.winner, game.reason, game.log), \
            "a clone played the same choices to another end"
    replayed = DuelGame.from_json(game.to_json())
    assert (replayed.winner, replayed.reason) == (game.winner, game.reason), "replay differs"
    return len(game.log), game.truncated
