"""Agents that play gaenv games: see `agents.base.Agent` and `agents.registry.make`."""

from agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
