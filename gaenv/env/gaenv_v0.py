"""The environment under its versioned name, as PettingZoo's own games are published
(``from pettingzoo.classic import connect_four_v3``)::

    from gaenv.env import gaenv_v0
    e = gaenv_v0.env(seed=0)

The version goes up when the observation, the actions or the rewards change meaning."""

from gaenv.env.aec import env, raw_env

__all__ = ["env", "raw_env"]
