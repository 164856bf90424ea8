"""Imported pools in every tool (docs/cards.md, Importing real cards; docs/observation.md,
the card vocabulary): ``--pool DIR`` on simulate, eval, play, watch, train, balance and
scripts/fuzz.py, a card vocabulary of the pool's own, and a trained model refused
against another pool. Every card here is invented (the records of tests/test_import.py);
the real data is used by tests/test_realcards.py."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from gaenv.agents.registry import AgentSpecError, make
from gaenv.cards import imported
from gaenv.cards.schema import default_pool
from gaenv.cli import main
from gaenv.env.aec import raw_env
from gaenv.env.observation import CARD_INDEX
from tests.test_import import v1, write

ROOT = Path(__file__).resolve().parents[1]


def records() -> list[dict[str, object]]:
    """Two invented level 0 champions, sixteen invented allies (one with a text the
    translator does not know, cheapest of all: with --vanilla it plays in every deck)."""
    champion = {"types": ["CHAMPION"], "subtypes": ["HUMAN"], "effect_raw": None,
                "cost_memory": 0, "cost_reserve": None, "level": 0, "power": None,
                "life": 20, "element": "NORM"}
    return [v1("Ashkettle, Drill Spark", **champion),
            v1("Brannoch, Drill Ember", **champion),
            *(v1(f"Drill Recruit {i:02}", cost_reserve=1 + i % 3, element="NORM",
                 effect_raw=None if i % 2 else "On Enter: Draw a card.") for i in range(15)),
            v1("Odd Recruit", cost_reserve=0, element="NORM", effect_raw="Transform the moon.")]


@pytest.fixture(scope="module")
def pool_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An import folder of the invented records (with --vanilla) and two decks built from
    it with gaenv cards decks: ``a.yaml`` and ``b.yaml`` beside it."""
    tmp = tmp_path_factory.mktemp("invented")
    folder = tmp / "pool"
    imported.import_files([write(tmp, records())], folder, vanilla=True)
    for deck, champion in (("a", "Ashkettle"), ("b", "Brannoch")):
        assert main(["cards", "decks", "--pool", str(folder), "--champion", champion,
                     "--out", str(tmp / f"{deck}.yaml")]) == 0
    return folder


def decks(pool_dir: Path) -> list[str]:
    return [str(pool_dir.parent / "a.yaml"), str(pool_dir.parent / "b.yaml")]


VANILLA = "VANILLA: 1 card(s) play as stats only, their text ignored: Odd Recruit"


def test_the_vocabulary_is_the_pools_own_and_sorted_by_name(tmp_path: Path,
                                                            pool_dir: Path) -> None:
    """An imported pool's cards (and so the observation's card_index) are in name order,
    whatever the order of the records: the same pool, the same vocabulary and digest."""
    again = tmp_path / "again"
    imported.import_files([write(tmp_path, records()[::-1])], again, vanilla=True)
    assert (again / "cards.yaml").read_bytes() == (pool_dir / "cards.yaml").read_bytes()
    pool = imported.load(pool_dir)
    assert pool.version == imported.load(again).version
    names = [c.name for c in pool.cards]
    assert names == sorted(names) and [c.index for c in pool.cards] == list(range(len(names)))
    env = raw_env(decks=tuple(decks(pool_dir)), pool=imported.pool_files(pool_dir), seed=1)
    env.reset()
    assert env.encoder.pool.version == pool.version
    slots = np.array(env.encoder.card_slots())
    observation = env.observe(env.agent_selection)["observation"]
    present = observation[slots] == 1
    shown = {pool.cards[int(i)].name for i in observation[slots + CARD_INDEX][present]}
    assert shown and shown <= set(names)
    assert env.observation_space(env.agent_selection)["observation"].high[0] == \
        max(4.0, len(names))
    assert default_pool().cards[0].index == 0  # the built-in pool keeps its own order


def test_simulate_eval_watch_and_play_take_a_pool(
        pool_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    pool, (a, b) = str(pool_dir), decks(pool_dir)
    assert main(["simulate", "--pool", pool, "--decks", a, b, "--games", "2", "--check"]) == 0
    assert VANILLA in capsys.readouterr().out
    assert main(["eval", "--agents", "random", "heuristic", "--games", "2", "--decks", a, b,
                 "--pool", pool, "--out", str(tmp_path / "eval")]) == 0
    out = capsys.readouterr().out
    assert VANILLA in out and "| random | heuristic | 2 |" in out
    assert main(["watch", "random", "heuristic", "--decks", a, b, "--pool", pool,
                 "--seed", "3", "--delay", "0", "--replays", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert VANILLA in out and f"player 0: random ({a})" in out
    replay = str(tmp_path / "watch-seed3.jsonl")
    assert main(["replay", replay, "--pool", pool]) == 0
    out = capsys.readouterr().out
    assert "every recorded choice was legal and the same" in out and VANILLA in out
    assert main(["replay", replay]) == 2
    assert "cannot rebuild the decks or settings: unknown card 'Odd Recruit'" in \
        capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--deck", a, "--opponent-deck", b, "--pool", pool,
                 "--seed", "4", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert VANILLA in out and "You left the game." in out
    for command in (["eval", "--agents", "random", "heuristic", "--games", "2"],
                    ["watch", "random", "random"], ["play"], ["simulate"]):
        assert main([*command, "--pool", pool]) == 2
        assert "with --pool, give decks of its cards with --deck" in capsys.readouterr().err
    assert main(["eval", "--agents", "random", "heuristic", "--pool", str(tmp_path)]) == 2
    assert "no cards.yaml; make one with gaenv cards import" in capsys.readouterr().err


def test_balance_takes_a_pool(pool_dir: Path, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "study.yaml"
    config.write_text(json.dumps({"decks": decks(pool_dir), "pilot": "random", "games": 2,
                                  "pilot_games": 0}))
    assert main(["balance", "--config", str(config), "--pool", str(pool_dir), "--out",
                 str(tmp_path / "study")]) == 0
    assert f"warning: {VANILLA}" in capsys.readouterr().out
    assert VANILLA in (tmp_path / "study" / "report.md").read_text()


def test_fuzz_takes_a_pool(pool_dir: Path, tmp_path: Path) -> None:
    command = [sys.executable, str(ROOT / "scripts" / "fuzz.py"), "--games", "4",
               "--workers", "1", "--out", str(tmp_path), "--pool", str(pool_dir)]
    done = subprocess.run([*command, "--decks", *decks(pool_dir)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert VANILLA in done.stdout and "4 games (seeds 0..3)" in done.stdout
    assert "0 failed" in done.stdout and "decisions/s" in done.stdout
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "give decks of its cards with --decks" in done.stderr


TINY = """n_envs: 1
vec_env: dummy
total_timesteps: 16
snapshot_every: 16
checkpoint_every: 16
eval_every: 16
eval_games: 2
eval_opponents: [random]
opponents: {random: 1.0}
ppo: {n_steps: 16, batch_size: 16, features_dim: 16, net_arch: [16]}
"""


def test_train_on_a_pool_and_a_model_refused_on_another(
        pool_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A model records the pool it was trained on (its vocabulary size too); it plays
    that pool's games and is refused, by one line naming both pools, in another's."""
    config = tmp_path / "tiny.yaml"
    config.write_text(TINY)
    run = tmp_path / "run"
    pool = str(pool_dir)
    assert main(["train", "--config", str(config), "--pool", pool, "--decks",
                 *decks(pool_dir), "--out", str(run), "--no-progress"]) == 0
    assert VANILLA in capsys.readouterr().out
    files = imported.pool_files(pool_dir)
    agent = make(f"ppo:{run}", pool=files)
    recorded = agent.model.gaenv_layout
    assert recorded["card_pool_name"] == str(pool_dir.resolve())
    assert recorded["cards"] == len(imported.load(pool_dir).cards)
    assert agent.model.policy.features_extractor.embedding.num_embeddings == \
        recorded["cards"] + 1
    with pytest.raises(AgentSpecError, match=re.escape(
            f"another card pool ({pool_dir.resolve()}, digest {recorded['card_pool']}; this "
            "game plays the built-in cards, digest ")):
        make(f"ppo:{run}")
    assert main(["eval", "--agents", "ppo:default", "random", "--games", "2", "--decks",
                 *decks(pool_dir), "--pool", pool, "--out", str(tmp_path / "eval")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and (
        "the model was trained on another card pool (the built-in cards, digest "
        f"{default_pool().version}; this game plays {pool_dir.resolve()}, digest ") in err
    assert main(["eval", "--agents", f"ppo:{run}", "random", "--games", "2", "--decks",
                 *decks(pool_dir), "--pool", pool, "--out", str(tmp_path / "eval")]) == 0
    assert main(["train", "--config", str(config), "--pool", pool, "--out",
                 str(tmp_path / "nodecks")]) == 2
    assert "key decks: with a card_pool, name two decks of its cards" in \
        capsys.readouterr().err
    assert main(["train", "--config", str(config), "--pool", str(tmp_path)]) == 2
    assert f"key card_pool: {tmp_path}: no cards.yaml" in capsys.readouterr().err
