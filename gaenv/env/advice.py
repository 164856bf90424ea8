"""The ``advice`` piece of Grand Archive's observation (``advice: true``).

An environment made with ``advice=True`` appends one flag per action index to the
encoder's vector (full or compact): while the decision is the observer's, the flag at
the index of the option Grand Archive's scripted player would take
(`gaenv.heuristic.choose`) is 1, every other 0; at any other time all are 0. The
heuristic reads only what the deciding seat may see, so the flag tells nothing hidden
(tests/test_env.py's leak test covers it). A policy can add the flags to its action
logits (`gaenv.agents.policy.AdvisedPolicy`, ``ppo.advice_weight``): it then starts as
the heuristic and learns where to play otherwise. The duel's observation always ends in
its own ``advice`` piece (`gaenv.env.duel_observation`).

The piece is not in `gaenv.env.observation.Encoder.pieces`: models trained without it
keep their layout. `MARKDOWN` is what ``gaenv layout`` prints of it.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from gaenv import heuristic
from gaenv.core.decisions import Option
from gaenv.engine.game import Game
from gaenv.env.actions import N_ACTIONS

MARKDOWN = (f"With `advice: true` the environment appends `advice`: {N_ACTIONS} floats, one "
            "per action index, 1 at the index of the option Grand Archive's heuristic would "
            "take while the decision is the observer's (gaenv.env.advice).\n")


def flags(game: Game, by_index: Mapping[int, Option]) -> np.ndarray:
    """The piece for a seat whose legal options by action index are ``by_index`` (empty
    when the game's decision is not the seat's)."""
    out = np.zeros(N_ACTIONS, dtype=np.float32)
    if by_index:
        chosen = heuristic.choose(game)
        out[next(i for i, o in by_index.items() if o is chosen)] = 1.0
    return out
