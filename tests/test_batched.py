"""Batched opponent moves in training (issue 21): `gaenv.agents.batched.BatchedVecEnv`
computes the snapshot opponents' moves of all its environments in one forward pass per
round, and plays the same games as the environments stepped one by one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import torch
from stable_baselines3.common.vec_env import DummyVecEnv

from gaenv.agents.batched import BatchedVecEnv
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.ppo import PPOAgent
from gaenv.agents.train import SNAPSHOTS, make_env, new_model
from gaenv.agents.train_config import TrainConfig, load
from gaenv.env.aec import raw_env
from gaenv.env.view import View


@pytest.fixture(scope="module")
def snapshot_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[TrainConfig, Path]:
    """A small config whose opponent pool plays its one snapshot in most games (the
    heuristic in the others), and the run folder holding that snapshot."""
    folder = tmp_path_factory.mktemp("batched")
    path = folder / "tiny.yaml"
    path.write_text("n_envs: 4\nvec_env: dummy\nobservation: compact\nshaping: 0.5\n"
                    "opponents: {heuristic: 1, snapshots: 4}\n"
                    "ppo: {n_steps: 16, batch_size: 16, features_dim: 32, net_arch: [16]}\n")
    config = load(path)
    (folder / SNAPSHOTS).mkdir()
    model = new_model(config, DummyVecEnv([make_env(config, folder, 0, False)]))
    model.save(folder / SNAPSHOTS / "snapshot_000000016.zip")
    return config, folder


def _trajectory(vec: DummyVecEnv, steps: int) -> list[tuple[np.ndarray, ...]]:
    """Observations, rewards and dones of ``steps`` vector steps, the learner's actions
    drawn uniformly among the legal ones by a seeded generator."""
    rng = np.random.default_rng(7)
    out = [(vec.reset(),)]
    for _ in range(steps):
        masks = vec.env_method("action_masks")
        obs, rewards, dones, infos = vec.step(np.array([rng.choice(np.flatnonzero(m))
                                                        for m in masks]))
        ends = [info.get("terminal_observation", np.zeros(0)) for info in infos]
        out.append((obs, rewards, dones, *ends))
    return out


def test_batched_environments_play_the_games_played_one_by_one(
        snapshot_run: tuple[TrainConfig, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Same seeds and learner choices, same games: every observation, reward, end of
    game and final observation of a `BatchedVecEnv` equals `DummyVecEnv`'s over the same
    environments (snapshot moves computed alone), and again on a second run; the snapshot
    moves were really computed several at a time."""
    config, folder = snapshot_run
    sizes: Counter[int] = Counter()
    alone = PPOAgent.act_batch

    def counted(agents: list[PPOAgent], observations: list[np.ndarray],
                masks: list[np.ndarray], views: list[View | None] | None = None) -> list[int]:
        sizes[len(agents)] += 1
        return alone(agents, observations, masks, views)

    def run(kind: type[DummyVecEnv]) -> list[tuple[np.ndarray, ...]]:
        return _trajectory(kind([make_env(config, folder, rank, False)
                                 for rank in range(config.n_envs)]), 300)

    one_by_one = run(DummyVecEnv)
    monkeypatch.setattr(PPOAgent, "act_batch", staticmethod(counted))
    batched, again = run(BatchedVecEnv), run(BatchedVecEnv)
    assert max(sizes) > 1, f"no snapshot moves computed together: {dict(sizes)}"
    assert any(step[2].any() for step in one_by_one[1:])  # games ended and restarted
    for reference in (batched, again):
        assert len(reference) == len(one_by_one)
        for mine, theirs in zip(reference, one_by_one, strict=True):
            assert len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                np.testing.assert_array_equal(a, b)


def test_a_ppo_agent_moves_alike_alone_and_in_a_batch(
        snapshot_run: tuple[TrainConfig, Path]) -> None:
    """A policy agent's move is the same computed alone or in a batch with others; a
    deterministic one takes SB3's most likely legal action; a sampling one draws legal
    moves from its own seeded generator (the same seed, the same moves)."""
    _, folder = snapshot_run
    snapshot = next((folder / SNAPSHOTS).glob("*.zip"))
    env = raw_env(seed=5, observation="compact")
    env.reset(seed=5)
    positions = []
    teacher = HeuristicAgent()
    while len(positions) < 30 and not env.game.over:
        obs = env.observe(env.agent_selection)
        positions.append((obs["observation"], obs["action_mask"]))
        env.step(env.ask(teacher))
    observations, masks = [p[0] for p in positions], [p[1] for p in positions]
    best = PPOAgent(snapshot)
    predicted, _ = best.model.predict(np.array(observations), deterministic=True,
                                      action_masks=np.array(masks, dtype=bool))
    assert [best.act(o, m) for o, m in positions] == predicted.tolist()

    def drawn(seed: int, batched: bool) -> list[int]:
        agents = [PPOAgent(snapshot, deterministic=False, seed=f"{seed}:{i}")
                  for i in range(len(positions))]
        if batched:
            return PPOAgent.act_batch(agents, observations, masks)
        return [a.act(o, m) for a, o, m in zip(agents, observations, masks, strict=True)]

    torch.manual_seed(0)
    moves = drawn(1, batched=False)
    torch.manual_seed(1)  # torch's generator plays no part
    assert drawn(1, batched=True) == moves
    assert all(m[a] for a, m in zip(moves, masks, strict=True))
    assert drawn(2, batched=True) != moves
