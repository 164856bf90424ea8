"""Agents that play gaenv games: see `agents.base.Agent` and `agents.registry.make`."""

from agents.base import Agent, RandomAgent, View

__all__ = ["Agent", "RandomAgent", "View"]
