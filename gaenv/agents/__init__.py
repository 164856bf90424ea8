"""Agents that play gaenv games: see `gaenv.agents.base.Agent` and `gaenv.agents.registry.make`."""

from gaenv.agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
