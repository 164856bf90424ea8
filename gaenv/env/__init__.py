"""The PettingZoo environment (`raw_env`, `env`) and the single-agent self-play adapter."""

from gaenv.env.aec import env, raw_env

__all__ = ["env", "raw_env"]
