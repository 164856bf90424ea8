"""The registry of games (`gaenv.games`): every tool finds a game's parts there by name
(docs/engine.md, "One core, two games")."""

from __future__ import annotations

import json
import random

import pytest

from gaenv import games, replay
from gaenv.core.played import Played, ReplayError
from gaenv.env.aec import raw_env_for
from gaenv.env.config import ConfigError


def test_an_unknown_game_is_named_with_the_games_there_are() -> None:
    with pytest.raises(games.UnknownGame, match=r"no game 'chess'; the games are ga, duel"):
        games.get("chess")
    with pytest.raises(ConfigError, match=r"config key 'game': expected one of ga, duel, "
                                          r"got 'chess'"):
        raw_env_for(game="chess")


@pytest.mark.parametrize("name", games.NAMES)
def test_each_game_plays_through_its_spec(name: str) -> None:
    """A random game between two built-in decks, checked after every decision, then
    replayed from its record with its log; the environment and layout of the same game."""
    spec = games.get(name)
    assert spec.name == name and len(spec.decks()) >= 2
    env = spec.raw_env(game=name)
    env.reset(seed=3)
    seen = env.observe(env.agent_selection)
    assert seen["action_mask"].sum() > 0 and isinstance(env.unwrapped.game, Played)
    assert spec.layout().strip()
    decks = [spec.deck(d, None) for d in spec.decks()[:2]]
    game = spec.new_game(decks[0], decks[1], 5, None)
    rng = random.Random(5)
    while not game.over:
        game.step(rng.randrange(len(game.decision.options)))
        spec.check(game)
    record = json.loads(game.to_json())
    assert record.get("game", "ga") == name and record["choices"]
    told: list[int] = []
    again, log = replay.run(record, record["choices"], lambda g, lg: told.append(len(g.log)))
    assert again.log == game.log and told == list(range(len(game.log) + 1))
    assert log.lines and type(log) is type(spec.log(spec.start(record, None)))


def test_a_replay_of_an_unknown_game_is_refused() -> None:
    with pytest.raises(ReplayError, match="not a game record: no game 'chess'"):
        replay.run({"game": "chess"}, [], lambda g, lg: None)


def test_a_game_of_its_own_cards_refuses_a_card_pool(tmp_path: object) -> None:
    """The duel's spec says it plays only its own cards: a training config naming a pool
    for it is refused, naming the key."""
    from gaenv.agents.train_config import load

    with pytest.raises(ConfigError, match=r"card_pool: the duel plays its own cards"):
        load("duel_quick", {"card_pool": "somewhere"})
    assert not games.get("duel").pools and games.get("ga").pools
