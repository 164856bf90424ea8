"""`BatchedVecEnv`: SB3's ``DummyVecEnv`` over `SelfPlayEnv` environments, with the moves
of their policy opponents (snapshots of the learner, ``ppo:`` agents) computed in one
forward pass across environments instead of one pass per move.

A step of the vector runs every environment's step as a generator
(`SelfPlayEnv.stepping`, then `resetting` when its game ended): each runs until the
learner's next decision or an opponent move that can be batched (`Move`). Then, round
after round, the pending moves of actors playing the same policy (``batch_key``) are
computed together (their ``act_batch``) and sent back, until every environment waits
for the learner again. An actor chooses its move from its own distribution and its own
generator, so an environment's games are those it plays alone (`DummyVecEnv`), move for
move: batching changes the time, not the games.
"""

from __future__ import annotations

from collections.abc import Generator
from copy import deepcopy
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import DummyVecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvObs, VecEnvStepReturn

from gaenv.env.single import Move, SelfPlayEnv

Step = tuple[np.ndarray, float, bool, bool, dict[str, Any]]


def run_batched(runs: list[Generator[Move, int, Any]]) -> list[Any]:
    """What each generator returns, the moves they hand out computed in batches: each
    round, one ``act_batch`` call per policy over the moves pending in all of them."""
    results: list[Any] = [None] * len(runs)
    pending: dict[int, Move] = {}

    def advance(i: int, action: int | None) -> None:
        try:
            pending[i] = next(runs[i]) if action is None else runs[i].send(action)
        except StopIteration as finished:
            results[i] = finished.value

    for i in range(len(runs)):
        advance(i, None)
    while pending:
        groups: dict[int, list[int]] = {}
        for i, (actor, *_) in pending.items():
            groups.setdefault(id(actor.batch_key), []).append(i)
        moves, pending = pending, {}
        for members in groups.values():
            actors, observations, masks, views = zip(*(moves[i] for i in members), strict=True)
            actions = type(actors[0]).act_batch(actors, observations, masks, views)
            for i, action in zip(members, actions, strict=True):
                advance(i, int(action))
    return results


class BatchedVecEnv(DummyVecEnv):
    """``DummyVecEnv`` of `SelfPlayEnv` environments (unwrapped: episode statistics come
    from a ``VecMonitor`` around it) whose batchable opponents' moves are computed
    together (module docstring)."""

    envs: list[SelfPlayEnv]  # type: ignore[assignment]

    def reset(self) -> VecEnvObs:
        runs = [env.resetting(seed=self._seeds[i], options=self._options[i] or None)
                for i, env in enumerate(self.envs)]
        for i, (obs, info) in enumerate(run_batched(runs)):
            self.reset_infos[i] = info
            self._save_obs(i, obs)
        self._reset_seeds()  # (seeds and options are used once, as DummyVecEnv does)
        self._reset_options()
        return self._obs_from_buf()

    def step_wait(self) -> VecEnvStepReturn:
        runs = [self._step_then_reset(i, int(action)) for i, action in enumerate(self.actions)]
        for i, (obs, reward, terminated, truncated, info) in enumerate(run_batched(runs)):
            self.buf_rews[i] = reward
            self.buf_dones[i] = terminated or truncated
            info["TimeLimit.truncated"] = truncated and not terminated
            self.buf_infos[i] = info
            self._save_obs(i, obs)
        return (self._obs_from_buf(), np.copy(self.buf_rews), np.copy(self.buf_dones),
                deepcopy(self.buf_infos))

    def _step_then_reset(self, i: int, action: int) -> Generator[Move, int, Step]:
        """Environment ``i``'s step and, if its game ended, its reset (the next game's first
        observation returned, the last one kept in the info as ``terminal_observation``,
        as SB3's vectorised environments do)."""
        env = self.envs[i]
        obs, reward, terminated, truncated, info = yield from env.stepping(action)
        if terminated or truncated:
            info["terminal_observation"] = obs
            obs, self.reset_infos[i] = yield from env.resetting()
        return obs, reward, terminated, truncated, info
