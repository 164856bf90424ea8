"""Batches of games between agents, with a summary (``gaenv simulate``)."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from gaenv import replay
from gaenv.games import get as game_spec


@dataclass
class Summary:
    """What a batch of games came to."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    first_player_wins: int = 0
    draws: int = 0
    truncated: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def add(self, game: Any, decisions: int) -> None:
        """Count a finished game (either game's: the same narrow API)."""
        self.games += 1
        self.turns += game.state.turn
        self.decisions += decisions
        if game.truncated:
            self.truncated += 1
        elif game.winner is None:
            self.draws += 1
        else:
            self.wins[game.winner] += 1
            self.first_player_wins += game.winner == game.state.first_player

    def lines(self) -> list[str]:
        n = max(self.games, 1)
        secs = max(self.seconds, 1e-9)

        def pct(k: int) -> str:
            return f"{k} ({100 * k / n:.1f}%)"

        return [
            f"games            {self.games}",
            f"wins by seat     player 0: {pct(self.wins[0])}   player 1: {pct(self.wins[1])}",
            f"first player won {pct(self.first_player_wins)}",
            f"draws            {pct(self.draws)}",
            f"truncated        {pct(self.truncated)}",
            f"mean turns       {self.turns / n:.1f}",
            f"mean decisions   {self.decisions / n:.1f}",
            f"speed            {self.games / secs:,.1f} games/s, "
            f"{self.decisions / secs:,.0f} decisions/s",
        ]


def play_random(deck0: Any, deck1: Any, seed: int, turn_limit: int | None = None,
                check: bool = False, game: str = "ga") -> tuple[Any, int]:
    """One game of ``game`` (`gaenv.games`) between two random agents, from two of its
    decks (``turn_limit`` None: the game's own); returns the game and how many decisions
    it took. With ``check`` the game's invariants are verified after every step."""
    spec = game_spec(game)
    played = spec.new_game(deck0, deck1, seed, turn_limit)
    return played, _play(played, seed, spec.check if check else None)


def _play(game: Any, seed: int, check: Callable[[Any], None] | None) -> int:
    """Play ``game`` to its end with a random agent per seat (seeded from ``seed``), calling
    ``check`` after every step; returns the number of decisions."""
    rngs = (random.Random(f"{seed}:0"), random.Random(f"{seed}:1"))
    decisions = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.step(rngs[decision.player].choice(decision.options))
        decisions += 1
        if check is not None:
            check(game)
    return decisions


T = TypeVar("T")


def pairings(decks: Sequence[T]) -> list[tuple[T, T]]:
    """Every ordered pair of decks, mirrors included: each deck plays each seat."""
    return list(itertools.product(decks, repeat=2))


def simulate(pairs: Sequence[tuple[Any, Any]], games: int, seed: int,
             turn_limit: int | None = None, check: bool = False,
             replays: Path | None = None, game: str = "ga") -> Summary:
    """Play ``games`` random games of ``game`` (``ga``, or ``duel`` with duel decks),
    cycling through ``pairs``; game i uses seed ``seed + i`` (`play_random`). With
    ``replays`` each game's replay file is written there."""
    summary = Summary()
    start = time.perf_counter()
    for i in range(games):
        deck0, deck1 = pairs[i % len(pairs)]
        played, decisions = play_random(deck0, deck1, seed + i, turn_limit, check, game)
        summary.add(played, decisions)
        if replays is not None:
            replay.write(replays, f"{seed + i:06d}-{deck0.name}-vs-{deck1.name}", played,
                         ("random", "random"))
    summary.seconds = time.perf_counter() - start
    return summary
