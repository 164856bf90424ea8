"""The environment as an RLlib ``MultiAgentEnv``: the same game, observation and action
mask as `gaenv.env.raw_env`, turn by turn.

Each step returns the observation of the one agent that decides next (RLlib's
convention for turn-based games) and, when the game ends, the last observation and the
final reward (+1 win, -1 loss, 0 draw or truncation) of both. The observation is a dict
``{"observations", "action_mask"}``: the key names RLlib's action-masking module reads
(the PettingZoo env calls the first ``observation``)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from gaenv.env.aec import AGENTS, raw_env


class RllibEnv(MultiAgentEnv):
    """``config``: the environment's keys (`gaenv.env.config.EnvConfig`: decks,
    turn_limit, auto_forced, ...)."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.aec = raw_env(**dict(config or {}))
        self.agents = self.possible_agents = list(AGENTS)
        inner = self.aec.observation_space(AGENTS[0])
        space = spaces.Dict({"observations": inner["observation"],
                             "action_mask": inner["action_mask"]})
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {agent: self.aec.action_space(agent) for agent in AGENTS}

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.aec.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed=seed, options=options)
        agent = self.aec.agent_selection
        return {agent: self._observe(agent)}, {}

    def step(self, action_dict: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        agent = self.aec.agent_selection
        self.aec.step(int(action_dict[agent]))
        game = self.aec.game
        assert game is not None
        if not game.over:
            following = self.aec.agent_selection
            return ({following: self._observe(following)}, {agent: 0.0},
                    {"__all__": False}, {"__all__": False}, {})
        truncated = game.truncated
        done = dict.fromkeys([*AGENTS, "__all__"], True)
        not_done = dict.fromkeys([*AGENTS, "__all__"], False)
        return ({a: self._observe(a) for a in AGENTS},
                {a: float(self.aec.rewards[a]) for a in AGENTS},
                not_done if truncated else done, done if truncated else not_done, {})
