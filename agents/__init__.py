"""Agents that play gaenv games."""

from agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]
