"""Training and playing on Ray (issue 21, docs/distributed.md): configs and errors without
Ray installed; with the distributed extra (``make test-all``), the RLlib environment, one
training iteration with a league snapshot, resuming, the checkpoint as an agent, and
evaluation and balance studies on Ray giving the same games as local processes."""

from __future__ import annotations

import csv
import importlib.util
import random
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from gaenv.agents import train_config
from gaenv.agents.evaluate import evaluate
from gaenv.agents.registry import AgentSpecError, make
from gaenv.balance import games
from gaenv.cli import main
from gaenv.distributed.train import LEARNER, LeagueMapping, load
from gaenv.env.config import ConfigError
from gaenv.parallel import executor

HAVE_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAVE_RAY, reason="the distributed extra (Ray RLlib) is not "
                                                    "installed here: make test-all runs this")

TINY = """\
backend: rllib
iterations: 1
turn_limit: 30
rllib:
  num_env_runners: 0
  train_batch_size: 120
  minibatch_size: 60
  num_epochs: 1
  hidden: [16]
league:
  snapshot_every: 1
  max_snapshots: 1
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_built_in_rllib_configs_load() -> None:
    local, league = load("rllib_local"), load("rllib_league")
    assert local.league.snapshot_every == 0 and local.rllib.num_env_runners == 2
    assert league.league.snapshot_every > 0


@pytest.mark.parametrize(("text", "message"), [
    ("iterations: 2\n", "not an RLlib config (it needs the key 'backend: rllib'"),
    ("backend: rllib\nitertions: 2\n", "unknown config key 'itertions' (did you mean "
                                       "'iterations'?)"),
    ("backend: rllib\nrllib: {num_env_runners: -1}\n", "key rllib.num_env_runners: must be "
                                                       "0 or more, got -1"),
    ("backend: rllib\nrllib: {hidden: []}\n", "key rllib.hidden: expected layer sizes"),
    ("backend: rllib\nrllib: {gamma: 1.5}\n", "key rllib.gamma: must be more than 0 and at "
                                              "most 1, got 1.5"),
    ("backend: rllib\nturn_limit: 0\n", "turn_limit"),
])
def test_bad_rllib_config_is_one_line_naming_file_and_key(tmp_path: Path, text: str,
                                                         message: str) -> None:
    path = _write(tmp_path / "bad.yaml", text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value).startswith(str(path)) and message in str(error.value)
    assert "\n" not in str(error.value)


def test_sb3_training_refuses_an_rllib_config(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ConfigError, match="train it with gaenv train --backend rllib"):
        train_config.load("rllib_local")
    assert main(["train", "--config", "rllib_local"]) == 2
    assert "--backend rllib" in capsys.readouterr().err


def test_league_mapping() -> None:
    """No snapshots: both seats are the learner. With some: per game, the learner takes one
    seat and the other is the learner or a snapshot, the same answer for the same game."""
    episode = SimpleNamespace(id_="game-1")
    alone = LeagueMapping([])
    assert {alone(seat, episode) for seat in ("player_0", "player_1")} == {LEARNER}
    league = LeagueMapping(["snapshot_1", "snapshot_2"])
    opponents = set()
    for n in range(60):
        game = SimpleNamespace(id_=f"game-{n}")
        seats = [league(seat, game) for seat in ("player_0", "player_1")]
        assert LEARNER in seats and seats == [league(s, game) for s in ("player_0", "player_1")]
        opponents.add(seats[1] if seats[0] == LEARNER else seats[0])
    assert opponents == {LEARNER, "snapshot_1", "snapshot_2"}


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="unknown backend 'spark'; backends: local, ray"):
        executor(2, "spark")


def test_rllib_spec_needs_a_path() -> None:
    with pytest.raises(AgentSpecError, match="rllib needs a path"):
        make("rllib")


@pytest.mark.skipif(HAVE_RAY, reason="Ray is installed here: this checks the message "
                                     "without it")
def test_without_ray_each_entry_says_how_to_install(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["train", "--backend", "rllib", "--config", "rllib_local"],
                 ["eval", "--agents", "random", "heuristic", "--games", "2",
                  "--backend", "ray"],
                 ["eval", "--agents", "rllib:runs/x", "random", "--games", "2"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "pip install 'gaenv[distributed]'" in err and err.count("\n") == 1


@needs_ray
def test_rllib_env_plays_a_game_turn_by_turn() -> None:
    from gaenv.distributed.env import RllibEnv

    env = RllibEnv({"turn_limit": 60})
    obs, _ = env.reset(seed=3)
    rng = random.Random(3)
    steps = 0
    while True:
        (agent, seen), = obs.items()
        assert set(seen) == {"observations", "action_mask"}
        assert env.observation_spaces[agent].contains(seen)
        action = rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        steps += 1
        if terminated["__all__"] or truncated["__all__"]:
            break
        assert rewards == {agent: 0.0} and len(obs) == 1
    assert set(obs) == set(rewards) == {"player_0", "player_1"}
    assert sum(rewards.values()) == 0.0 and steps > 10


@needs_ray
def test_train_resume_and_play_on_ray(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """One iteration (a snapshot joins the league after it), one more on --resume; the
    checkpoint plays as ``rllib:RUN`` in an evaluation whose games run as Ray tasks."""
    config = _write(tmp_path / "tiny.yaml", TINY)
    run = tmp_path / "run"
    assert main(["train", "--backend", "rllib", "--config", str(config), "--out",
                 str(run)]) == 0
    assert main(["train", "--backend", "rllib", "--config", str(config), "--out",
                 str(run)]) == 2
    assert "resume it with --resume" in capsys.readouterr().err
    _write(config, TINY.replace("iterations: 1", "iterations: 2"))
    assert main(["train", "--backend", "rllib", "--config", str(config), "--resume",
                 str(run)]) == 0
    with open(run / "progress.csv") as f:
        rows = list(csv.DictReader(f))
    assert [row["iteration"] for row in rows] == ["1", "2"]
    assert int(rows[1]["env_steps"]) > int(rows[0]["env_steps"]) > 0
    assert [row["league"] for row in rows] == ["0", "1"]
    agent = make(f"rllib:{run}")
    mask = np.zeros(agent.module.action_space.n, dtype=np.int8)
    mask[[3, 7]] = 1
    observation = np.zeros(agent.module.observation_space["observations"].shape, np.float32)
    assert agent.act(observation, mask) in (3, 7)
    out = tmp_path / "eval"
    assert main(["eval", "--agents", f"rllib:{run}", "random", "--games", "2",
                 "--backend", "ray", "--workers", "2", "--out", str(out)]) == 0
    assert (out / "results.csv").is_file()


@needs_ray
def test_ray_backend_plays_the_same_games(tmp_path: Path) -> None:
    """Where a game runs changes nothing: evaluation and a balance study on Ray give the
    results local processes give."""
    local = evaluate(["random", "heuristic"], 4, seed=5, turn_limit=60)
    on_ray = evaluate(["random", "heuristic"], 4, seed=5, turn_limit=60, workers=2,
                      backend="ray")
    assert on_ray.results == local.results
    config = _write(tmp_path / "small.yaml", "decks: [ember_vanguard, gale_skirmish]\n"
                    "pilot: random\ngames: 2\nseed: 0\npilot_games: 0\nturn_limit: 40\n")
    assert main(["balance", "--config", str(config), "--out", str(tmp_path / "a")]) == 0
    assert main(["balance", "--config", str(config), "--out", str(tmp_path / "b"),
                 "--backend", "ray", "--workers", "2"]) == 0
    assert (games.read_results(tmp_path / "b" / games.RESULTS)
            == games.read_results(tmp_path / "a" / games.RESULTS))
