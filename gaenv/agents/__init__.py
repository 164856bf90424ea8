"""Agents that play gaenv games: see `gaenv.agents.base.Agent` (the interface, to
subclass for your own) and `gaenv.agents.registry.make` (agents by spec)."""

from gaenv.agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
