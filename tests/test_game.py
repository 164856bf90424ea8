"""Whole games: start, turn one, determinism, clone, illegal answers, conservation."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from gaenv.cards.decks import Deck
from gaenv.engine import Game, IllegalOption
from gaenv.engine.journal import move
from gaenv.engine.objects import BANISHMENT, DECK, FIELD, GRAVEYARD, HAND, LINEAGE, MATERIAL, MEMORY
from gaenv.engine.zones import can_see, check_conservation
from gaenv.simulate import pairings, play_random, simulate


def _new(decks: dict[str, Deck], seed: int, turn_limit: int = 120) -> Game:
    return Game.new(decks["ember_vanguard"].cards, decks["tidecaller_study"].cards, seed,
                    turn_limit)


def _play(game: Game, seed: int, limit: int = 100_000) -> list[tuple]:
    """Random play; returns the position after every decision."""
    rng = random.Random(seed)
    seen = [game.state.snapshot()]
    while not game.over and len(seen) < limit:
        game.step(rng.randrange(len(game.decision.options)))
        seen.append(game.state.snapshot())
    return seen


def test_first_player_comes_from_the_seed(decks: dict[str, Deck]) -> None:
    """General Rules - Starting the Game, Step 4: a random first player."""
    firsts = {_new(decks, seed).state.first_player for seed in range(20)}
    assert firsts == {0, 1}
    assert _new(decks, 5).state.first_player == _new(decks, 5).state.first_player


def test_turn_one(decks: dict[str, Deck]) -> None:
    """General Rules - Starting the Game, Turn One; Turn Order 1: each first turn puts a
    level 0 champion onto the field, whose On Enter draws seven; the first player does not
    draw on their first turn, the second player does."""
    game = _new(decks, 3)
    state = game.state
    first, second = state.first_player, 1 - state.first_player
    # The On Enter trigger is on the stack; both players pass so it resolves.
    assert state.phase == "main" and len(state.stack) == 1
    assert state.players[first].zones[HAND] == []
    game.step("pass")
    game.step("pass")
    assert len(state.players[first].zones[HAND]) == 7
    assert [state.cards[c].defn.level for c in state.players[first].zones[LINEAGE]] == [0]
    # First player's main phase: pass to the end phase, then through it.
    while state.turn == 1:
        game.step("pass")
    assert state.turn_player == second and state.phase == "draw"
    assert len(state.players[second].zones[HAND]) == 0
    game.step("pass")
    game.step("pass")
    assert state.phase == "main"
    assert len(state.players[second].zones[HAND]) == 8  # seven, then the draw phase's one


def test_same_seed_and_choices_replay_identically(decks: dict[str, Deck]) -> None:
    for seed in (1, 2, 3):
        first = _play(_new(decks, seed), seed)
        second = _play(_new(decks, seed), seed)
        assert first == second
        assert len(first) > 50


def test_clone_continues_identically_and_independently(decks: dict[str, Deck]) -> None:
    game = _new(decks, 11)
    _play(game, 4, limit=300)
    before = game.state.snapshot()
    twin = game.clone()
    assert twin.state.snapshot() == before
    a = _play(game, 99)
    b = _play(twin, 99)
    assert a == b
    assert game.state.cards[0] is not twin.state.cards[0]


def test_clone_does_not_share_state(decks: dict[str, Deck]) -> None:
    game = _new(decks, 12)
    twin = game.clone()
    twin.step("pass")
    twin.step("pass")
    assert game.state.snapshot() != twin.state.snapshot()
    assert len(game.state.stack) == 1


def test_illegal_option_names_it_and_the_legal_ones(decks: dict[str, Deck]) -> None:
    game = _new(decks, 6)
    before = game.state.snapshot()
    with pytest.raises(IllegalOption, match=r"'activate Ember Bolt' is not a legal option.*"
                                            r"legal options are \[0: pass\]"):
        game.step("activate Ember Bolt")
    with pytest.raises(IllegalOption, match="7 is not a legal option"):
        game.step(7)
    assert game.state.snapshot() == before


def test_turn_limit_truncates(decks: dict[str, Deck]) -> None:
    game = _new(decks, 8, turn_limit=4)
    _play(game, 8)
    assert game.over and game.truncated and game.winner is None
    assert game.state.turn == 4


@pytest.mark.parametrize("pair", range(16))
def test_random_games_conserve_cards_and_end(decks: dict[str, Deck], pair: int) -> None:
    """Every pairing of built-in decks plays to a result or a truncation, with every card in
    exactly one zone after every decision."""
    deck0, deck1 = pairings(list(decks.values()))[pair]
    for seed in range(2):
        game, decisions = play_random(deck0, deck1, 1000 * pair + seed, check=True)
        assert game.over and decisions > 0
        assert game.truncated or game.winner in (0, 1, None)
        check_conservation(game.state)


def test_games_end_by_results_not_only_truncation(decks: dict[str, Deck]) -> None:
    summary = simulate(pairings(list(decks.values())), 16, seed=0)
    assert summary.games == 16
    assert summary.wins[0] + summary.wins[1] + summary.draws > 0


def test_deck_out_loses(decks: dict[str, Deck]) -> None:
    """Game Mechanics - Drawing Cards 6: drawing from an empty deck loses."""
    game = _new(decks, 9)
    state = game.state
    loser = 1 - state.first_player
    for cid in list(state.players[loser].zones[DECK]):
        move(state, cid, BANISHMENT)
    while not game.over:
        game.step("pass")
    assert game.winner == 1 - loser and not game.truncated
    assert game.outcome == "win"
    assert game.reason == f"player {loser} had to draw from an empty deck"
    assert game.ending == f"player {1 - loser} wins: player {loser} had to draw from an empty deck"


def test_engine_imports_no_ml_libraries() -> None:
    code = ("import sys, gaenv.engine, gaenv.scenario, gaenv.simulate; "
            "bad = [m for m in ('gymnasium', 'gym', 'pettingzoo', 'torch', 'numpy') "
            "if m in sys.modules]; print(bad); sys.exit(bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_public_and_private_zones(decks: dict[str, Deck]) -> None:
    """Game Zones - Public vs Private Information: hand, memory and material deck are known
    to their owner only, a main deck to no one, and every other zone to everyone."""
    game = _new(decks, 21)
    _play(game, 21, limit=60)
    state = game.state
    expected = {DECK: (False, False), HAND: (True, False), MEMORY: (True, False),
                MATERIAL: (True, False), FIELD: (True, True), LINEAGE: (True, True),
                GRAVEYARD: (True, True), BANISHMENT: (True, True)}
    seen_zones = set()
    for card in state.cards:
        if card.zone in expected:
            seen_zones.add(card.zone)
            owner_sees, other_sees = expected[card.zone]
            assert can_see(state, card.id, card.owner) == owner_sees, card
            assert can_see(state, card.id, 1 - card.owner) == other_sees, card
    assert {DECK, HAND, MATERIAL, LINEAGE} <= seen_zones


def test_clone_copies_every_slot(decks: dict[str, Deck]) -> None:
    game = _new(decks, 2)
    _play(game, 2, limit=300)
    state = game.state
    twin = state.clone()
    assert twin.snapshot() == state.snapshot()  # the cards, players, stack, frames, rng ...
    plain = [s for s in dir(state)
             if not s.startswith("_") and isinstance(getattr(state, s), int | str | dict)]
    assert len(plain) > 15
    assert [s for s in plain if getattr(twin, s) != getattr(state, s)] == []
