"""Property tests over random legal decks from the whole pool and random seeds
(hypothesis): the invariants of `gaenv.checks` hold at every step of random play."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gaenv import checks
from gaenv.cards.decks import random_deck
from gaenv.cards.schema import default_pool
from gaenv.engine.game import Game
from gaenv.env.aec import raw_env

POOL = default_pool()
ENV = raw_env(auto_forced=False)
PROPERTY = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
QUICK_PROPERTY = settings(PROPERTY, max_examples=40)


def _advance(game: Game, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random answers (fewer if the game ends)."""
    for _ in range(steps):
        if game.over:
            return
        game.step(rng.randrange(len(game.decision.options)))


def _game(deck_seed: int, game_seed: int, turn_limit: int = 40) -> Game:
    rng = random.Random(deck_seed)
    return Game.new(random_deck(POOL, rng, "a"), random_deck(POOL, rng, "b"), game_seed,
                    turn_limit)


@PROPERTY
@given(deck_seed=st.integers(0, 2**31), game_seed=st.integers(0, 2**31),
       play_seed=st.integers(0, 2**31))
def test_random_play_keeps_every_invariant(deck_seed: int, game_seed: int,
                                           play_seed: int) -> None:
    """The game ends or truncates; after every step every card is in exactly one zone
    and counts are sound; the mask equals the engine's options; observations are finite
    and inside their space."""
    game = _game(deck_seed, game_seed)
    ENV.reset_to(game)
    rng = random.Random(play_seed)
    steps = 0
    while not game.over:
        checks.engine_step(game)
        checks.env_decision(ENV)
        mask = ENV.observe(ENV.agent_selection)["action_mask"]
        ENV.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        steps += 1
        assert steps < 20_000
    checks.engine_step(game)
    assert game.over and (game.truncated or game.winner in (0, 1, None))


@QUICK_PROPERTY
@given(deck_seed=st.integers(0, 2**31), game_seed=st.integers(0, 2**31),
       play_seed=st.integers(0, 2**31), at=st.integers(0, 300))
def test_every_offered_option_applies_and_clones_agree(deck_seed: int, game_seed: int,
                                                        play_seed: int, at: int) -> None:
    """At a random point every offered option is accepted by a copy of the game, and a
    clone given the same choices afterwards reaches the identical position."""
    game = _game(deck_seed, game_seed)
    rng = random.Random(play_seed)
    _advance(game, rng, at)
    if game.over:
        return
    checks.options_apply(game)
    copy, since = game.clone(), len(game.log)
    _advance(game, rng, 200)
    checks.clone_agrees(copy, game, since)


@QUICK_PROPERTY
@given(deck_seed=st.integers(0, 2**31), game_seed=st.integers(0, 2**31),
       play_seed=st.integers(0, 2**31), at=st.integers(0, 400))
def test_saved_games_restore_exactly(deck_seed: int, game_seed: int, play_seed: int,
                                     at: int) -> None:
    """`Game.to_json` then `Game.from_json` mid-game gives the identical position (RNG
    included), and continuing both with the same choices keeps them identical."""
    game = _game(deck_seed, game_seed)
    rng = random.Random(play_seed)
    _advance(game, rng, at)
    restored = Game.from_json(game.to_json(), POOL)
    assert restored.state.snapshot() == game.state.snapshot()
    for _ in range(100):
        if game.over:
            break
        choice = rng.randrange(len(game.decision.options))
        game.step(choice)
        restored.step(choice)
    assert restored.state.snapshot() == game.state.snapshot()
