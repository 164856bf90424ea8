"""Batched opponent moves (issue 21): the snapshot opponents' moves of the training
environments computed one at a time (SB3's ``DummyVecEnv``) or in one forward pass per
round (`gaenv.agents.batched.BatchedVecEnv`), in one process, side by side.

Two copies of the ``standard`` config's environments (one fresh snapshot in the pool,
drawn with weight ``--snapshots`` against the pool's random 1 and heuristic 3) are stepped
in alternate blocks of 100 vector steps by a seeded random learner, one torch thread;
prints, for each, the CPU time of a snapshot move, how many moves a forward pass
computed, and the environments' learner steps per CPU-second. Not in CI; figures in
docs/benchmarks.md ("Training: batched opponent moves").
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np
import torch
from stable_baselines3.common.vec_env import DummyVecEnv

from gaenv.agents import train
from gaenv.agents.batched import BatchedVecEnv
from gaenv.agents.ppo import PPOAgent
from gaenv.agents.train_config import load
from gaenv.cli import positive_int
from gaenv.env.view import View

BLOCK = 100  # vector steps per block


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snapshots", type=float, default=1.0,
                        help="the snapshots' weight in the pool (standard: 1)")
    parser.add_argument("--blocks", type=positive_int, default=10,
                        help=f"blocks of {BLOCK} vector steps per copy (default 10)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    config = load("standard", {"opponents": {"random": 1, "heuristic": 3,
                                             "snapshots": args.snapshots}})
    folder = Path(tempfile.mkdtemp())
    (folder / train.SNAPSHOTS).mkdir()
    copies = {kind: cls([train.make_env(config, folder, rank, False)
                         for rank in range(config.n_envs)])
              for kind, cls in (("one at a time", DummyVecEnv), ("batched", BatchedVecEnv))}
    model = train.new_model(config, DummyVecEnv([train.make_env(config, folder, 0, False)]))
    model.save(folder / train.SNAPSHOTS / "snapshot_000000001.zip")
    moves_cpu = dict.fromkeys(copies, 0.0)
    steps_cpu = dict.fromkeys(copies, 0.0)
    sizes: dict[str, Counter[int]] = {kind: Counter() for kind in copies}
    current = [""]
    alone = PPOAgent.act_batch

    def timed(agents: list[PPOAgent], observations: list[np.ndarray],
              masks: list[np.ndarray], views: list[View | None] | None = None) -> list[int]:
        began = time.process_time()
        actions = alone(agents, observations, masks, views)
        moves_cpu[current[0]] += time.process_time() - began
        sizes[current[0]][len(agents)] += 1
        return actions

    PPOAgent.act_batch = staticmethod(timed)  # type: ignore[method-assign]
    rngs = {kind: np.random.default_rng(0) for kind in copies}
    for kind, vec in copies.items():
        current[0] = kind
        vec.reset()
    for _ in range(args.blocks):
        for kind, vec in copies.items():
            current[0] = kind
            began = time.process_time()
            for _ in range(BLOCK):
                masks = vec.env_method("action_masks")
                vec.step(np.array([rngs[kind].choice(np.flatnonzero(m)) for m in masks]))
            steps_cpu[kind] += time.process_time() - began
    learner_steps = config.n_envs * BLOCK * args.blocks
    for kind in copies:
        moves = sum(n * count for n, count in sizes[kind].items())
        passes = sum(sizes[kind].values())
        print(f"{kind}: {moves:,} snapshot moves ({moves / learner_steps:.2f} a learner "
              f"step), {moves / max(passes, 1):.2f} per forward pass, "
              f"{1000 * moves_cpu[kind] / max(moves, 1):.3f} ms CPU each; environments: "
              f"{learner_steps / steps_cpu[kind]:,.0f} learner steps per CPU-second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
