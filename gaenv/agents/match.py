"""Playing agents against each other through the environment (``raw_env``).

`play_game` plays one game and reports who won; `gaenv.agents.evaluate` builds
seat-balanced matches on paired seeds from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gaenv.agents.base import Agent
from gaenv.env.aec import AGENTS, raw_env


@dataclass(frozen=True)
class GameResult:
    """``winner``: the seat (0 or 1) that won, or None for a draw or a truncation."""

    winner: int | None
    truncated: bool
    turns: int
    decisions: int


def play_game(env: raw_env, seats: tuple[Agent, Agent], seed: int) -> GameResult:
    """One game on ``env`` (reset with ``seed``): ``seats[0]`` plays player_0."""
    env.reset(seed=seed)
    decisions = 0
    game = env.game
    assert game is not None
    while not game.over:
        env.step(env.ask(seats[AGENTS.index(env.agent_selection)]))
        decisions += 1
    return GameResult(game.winner if not game.truncated else None, game.truncated,
                      game.state.turn, decisions)
