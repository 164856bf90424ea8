"""The uniform random legal agent: the baseline every other agent must beat."""

from __future__ import annotations

import random

from gaenv.engine.decisions import Decision, Option


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Option:
        return self.rng.choice(decision.options)
