"""gaenv: a Grand Archive rules engine and reinforcement-learning environment."""

from pathlib import Path

from gaenv import compiled

compiled.check(Path(__file__).parent.parent)  # before any compiled module is imported
