"""Invariants checked while fuzzing, in property tests and in checked simulations.

Each check raises AssertionError with what went wrong:

- `engine_step`: every card in exactly one zone, every derived view true, and no
  state-based check left undone (`gaenv.engine.rules.verify_settled`).
- `env_decision`: the mask is exactly the engine's options (every unmasked index
  decodes to a distinct legal option, every legal option has an index), and
  the observation is finite and inside its space.
- `options_apply`: every offered option, applied to a copy, is accepted and leaves
  a consistent game.
- `clone_agrees`: a clone given the same choices reaches the identical state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gaenv.engine import rules, views
from gaenv.engine.game import Game
from gaenv.engine.zones import check_conservation

if TYPE_CHECKING:  # the engine checks run without numpy (gaenv simulate --check)
    from gaenv.env.aec import raw_env


def engine_step(game: Game) -> None:
    state = game.state
    check_conservation(state)
    views.check(state)
    rules.verify_settled(state)
    for p in state.players:
        if p.materialized < 0 or p.empower < 0:
            raise AssertionError(f"player {p.index} has a negative count")


def env_decision(env: raw_env) -> None:
    import numpy as np

    game = env.game
    assert game is not None and game.decision is not None
    agent = env.agent_selection
    obs = env.observe(agent)
    by_index = env.legal_options(agent)
    if sorted(np.flatnonzero(obs["action_mask"]).tolist()) != sorted(by_index):
        raise AssertionError(f"mask {np.flatnonzero(obs['action_mask']).tolist()} differs "
                             f"from the legal indices {sorted(by_index)}")
    decoded = list(by_index.values())
    if len(set(decoded)) != len(decoded) or set(decoded) != set(game.decision.options):
        raise AssertionError("action indices do not decode to the engine's options one to one")
    vector = obs["observation"]
    if not np.isfinite(vector).all():
        raise AssertionError("observation has a non-finite value")
    if not env.observation_space(agent).contains(obs):
        low, high = float(vector.min()), float(vector.max())
        raise AssertionError(f"observation outside its space (min {low}, max {high})")


def options_apply(game: Game) -> None:
    decision = game.decision
    assert decision is not None
    for index in range(len(decision.options)):
        copy = game.clone()
        copy.step(index)
        engine_step(copy)


def clone_agrees(copy: Game, game: Game, since: int) -> None:
    """``copy`` was cloned from ``game`` when its log held ``since`` answers: given the
    answers made since, it must reach the identical position (RNG included)."""
    for _, _, index, _ in game.log[since:]:
        copy.step(index)
    if copy.state.snapshot() != game.state.snapshot():
        raise AssertionError("a clone given the same choices reached another position")
