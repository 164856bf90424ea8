"""Replays, saved games and bad input to them and to the raw env (issue 6)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from gaenv import replay
from gaenv.cards.decks import load_deck
from gaenv.cli import main
from gaenv.core.played import ReplayError
from gaenv.engine.game import ENGINE_VERSION, Game
from gaenv.env.aec import raw_env


def _played(seed: int = 3, steps: int = 250) -> Game:
    game = Game.new(load_deck("ember_vanguard").cards, load_deck("vesper_shadows").cards, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.step(rng.randrange(len(game.decision.options)))
    return game


def test_saved_game_restores_exactly_and_continues_the_same() -> None:
    game = _played()
    restored = Game.from_json(game.to_json())
    assert restored.state.snapshot() == game.state.snapshot()
    assert restored.state.rng.getstate() == game.state.rng.getstate()
    rng = random.Random(9)
    while not game.over:
        choice = rng.randrange(len(game.decision.options))
        game.step(choice)
        restored.step(choice)
    assert restored.state.snapshot() == game.state.snapshot()


def test_replay_file_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _played(steps=10_000)
    path = replay.write(tmp_path, "game", game, ("random", "random"))
    header, choices = replay.read(path)
    assert header["engine"] == ENGINE_VERSION and header["agents"] == ["random", "random"]
    assert len(choices) == len(game.log)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"replayed {len(game.log)} decisions" in out and "turn 1" in out


def test_replay_stepping_waits_each_turn(tmp_path: Path) -> None:
    game = _played(steps=200)
    path = replay.write(tmp_path, "game", game)
    waits: list[str] = []
    replay.show(path, step=True, out=lambda line: None, wait=waits.append)
    assert len(waits) == game.state.turn - 1


def test_replay_from_another_version_stops_where_it_diverges(tmp_path: Path) -> None:
    game = _played()
    path = replay.write(tmp_path, "game", game)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["engine"] = "0.0.1"
    entry = json.loads(lines[41])
    entry["choice"] = "activate Something Else"
    lines[0], lines[41] = json.dumps(header), json.dumps(entry)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError) as caught:
        replay.show(path, out=lambda line: None)
    message = str(caught.value)
    assert str(path) in message and "diverges at choice 40" in message
    assert "'activate Something Else'" in message and "legal:" in message
    assert "recorded with engine '0.0.1'" in message


def test_bad_replay_and_save_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "gaenv-game-1"\n')
    with pytest.raises(ReplayError, match=r"bad.jsonl, line 1: not JSON"):
        replay.read(bad)
    bad.write_text(json.dumps({"format": "chess"}) + "\n")
    with pytest.raises(ReplayError, match="not a gaenv game record"):
        replay.show(bad, out=lambda line: None)
    game = _played(steps=5)
    data = json.loads(game.to_json())
    data["decks"][0]["main"][0] = "No Such Card"
    with pytest.raises(ReplayError, match="unknown card 'No Such Card'"):
        Game.from_json(json.dumps(data))
    with pytest.raises(ReplayError, match="not a saved game"):
        Game.from_json("[1, 2]")
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_out_of_range_or_masked_action_leaves_the_env_unchanged() -> None:
    e = raw_env(seed=6)
    e.reset(seed=6)
    agent = e.agent_selection
    before = (e.game.state.snapshot(), e.observe(agent)["observation"].tobytes(),
              e.observe(agent)["action_mask"].tobytes(), len(e.game.log))
    masked = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    for action in (masked, 10_000, -1, None):
        with pytest.raises(ValueError, match=r"is not legal for player_.; legal actions:"):
            e.step(action)
        after = (e.game.state.snapshot(), e.observe(agent)["observation"].tobytes(),
                 e.observe(agent)["action_mask"].tobytes(), len(e.game.log))
        assert after == before and e.agent_selection == agent
