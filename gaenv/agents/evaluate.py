"""Seat-balanced evaluation on paired seeds, win rates with Wilson intervals, ratings.

Every pair of agents plays ``games`` games: ``games / 2`` seeds, each played twice
with the seats swapped (same decks by seat, same shuffles), so neither agent
gets the better seat or deck more often. Decks cycle through the seat-ordered
pairings of the given decks. Ratings come from openskill (Plackett-Luce), fed
the games in a fixed order, so a run is reproducible.
"""

from __future__ import annotations

import csv
import itertools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from statsmodels.stats.proportion import proportion_confint

from gaenv import replay
from gaenv.agents.match import GameResult, play_game
from gaenv.agents.registry import make
from gaenv.engine.game import Game as EngineGame
from gaenv.env.aec import raw_env_for
from gaenv.games import get as game_spec
from gaenv.parallel import executor


def wilson(successes: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    """The Wilson score interval of a proportion at level ``1 - alpha`` (statsmodels'
    ``proportion_confint``); (0, 1) when there is nothing to go on."""
    if n == 0:
        return 0.0, 1.0
    low, high = proportion_confint(successes, n, alpha, method="wilson")
    return float(low), float(high)


@dataclass(frozen=True)
class Game:
    """One scheduled game: agent specs by seat, decks by seat, its seed."""

    seats: tuple[str, str]
    decks: tuple[str, str]
    seed: int


@dataclass
class PairResult:
    agent: str
    opponent: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    win_rate: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 1.0


@dataclass
class Evaluation:
    results: list[PairResult]
    ratings: list[dict[str, float | str]]
    unit: str = "games"  # what a result counts: games, or best-of-three matches

    def table(self) -> str:
        """The results and ratings as Markdown tables."""
        lines = [f"| agent | opponent | {self.unit} | wins | losses | draws | win rate | "
                 "95% CI |",
                 "|---|---|---|---|---|---|---|---|"]
        lines += [f"| {r.agent} | {r.opponent} | {r.games} | {r.wins} | {r.losses} | {r.draws} "
                  f"| {r.win_rate:.1%} | {r.ci_low:.1%} - {r.ci_high:.1%} |" for r in self.results]
        lines += ["", "| agent | rating (mu - 3 sigma) | mu | sigma |", "|---|---|---|---|"]
        lines += [f"| {r['agent']} | {r['ordinal']:.2f} | {r['mu']:.2f} | {r['sigma']:.2f} |"
                  for r in self.ratings]
        return "\n".join(lines) + "\n"

    def write(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "results.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(asdict(self.results[0])))
            writer.writeheader()
            writer.writerows(asdict(r) for r in self.results)
        with open(folder / "ratings.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["agent", "ordinal", "mu", "sigma"])
            writer.writeheader()
            writer.writerows(self.ratings)
        (folder / "results.md").write_text(self.table())

    def to_json(self) -> dict[str, object]:
        return {"results": [asdict(r) for r in self.results], "ratings": self.ratings}


class ScheduleError(ValueError):
    """An evaluation that cannot be scheduled (odd games, fewer than two agents...)."""


def schedule(agents: Sequence[str], games: int, decks: Sequence[str], seed: int,
             focus: str | None = None) -> list[Game]:
    """Every pair of agents (only those with ``focus``, if given), ``games`` games each
    on paired seeds (``games`` even). The deck pairings are dealt in an order shuffled
    by ``seed``, so a short evaluation does not always play the same few."""
    if games < 2 or games % 2:
        raise ScheduleError(f"games per pair must be even and at least 2 (paired seeds), "
                            f"got {games}")
    if len(agents) < 2:
        raise ScheduleError(f"evaluation needs at least two agents, got {list(agents)}")
    if len(set(agents)) != len(agents):
        raise ScheduleError(f"agents must be distinct, got {list(agents)}")
    pairings = list(itertools.product(decks, repeat=2))
    random.Random(seed).shuffle(pairings)
    plan = []
    for a, b in itertools.combinations(agents, 2):
        if focus is not None and focus not in (a, b):
            continue
        for k in range(games // 2):
            deck_pair = pairings[k % len(pairings)]
            game_seed = seed + k
            plan.append(Game((a, b), deck_pair, game_seed))
            plan.append(Game((b, a), deck_pair, game_seed))
    return plan


def run_game(game: Game, turn_limit: int | None = None, replays: Path | None = None,
             pool: tuple[str, ...] | None = None, kind: str = "ga"
             ) -> tuple[GameResult, EngineGame]:
    """Play one scheduled game of ``kind`` (``ga``, or ``duel``: docs/agents.md, "The duel"),
    its decks checked against the card files ``pool`` (by default the built-in pool; not
    used by the duel), stopped after ``turn_limit`` turns (None: the game's default);
    agents are seeded from the game's seed and seat. With ``replays`` its replay file is
    written there. Returns the result and the engine game."""
    seats = (make(game.seats[0], f"{game.seed}:0", pool),
             make(game.seats[1], f"{game.seed}:1", pool))
    limit = {} if turn_limit is None else {"turn_limit": turn_limit}
    env = raw_env_for(game=kind, decks=game.decks, seed=game.seed, pool=pool, **limit)
    result = play_game(env, seats, game.seed)
    assert env.game is not None
    if replays is not None:
        replay.write(replays, f"{game.seed:06d}-{game.seats[0]}-vs-{game.seats[1]}", env.game,
                     game.seats)
    return result, env.game


def _run_one(args: tuple[Game, int | None, Path | None, tuple[str, ...] | None, str]
             ) -> GameResult:
    return run_game(*args)[0]


def _run_match(args: tuple[Game, int | None, Path | None]) -> GameResult:
    """One best-of-three duel match (`gaenv.agents.duel_match.run_match`): the seats'
    agents and decks, its seed."""
    from gaenv.agents.duel_match import run_match

    game, turn_limit, replays = args
    return run_match(game.seats, game.decks, game.seed, turn_limit, replays)


def default_decks(kind: str = "ga") -> list[str]:
    """The built-in decks of a game (`gaenv.games`): Grand Archive's, or the duel's two."""
    return game_spec(kind).decks()


def evaluate(agents: Sequence[str], games: int, decks: Sequence[str] | None = None,
             seed: int = 0, turn_limit: int | None = None, workers: int = 1,
             progress: Callable[[int, int], None] | None = None,
             replays: Path | None = None, focus: str | None = None,
             pool: tuple[str, ...] | None = None, backend: str = "local",
             address: str = "", game: str = "ga", match: str = "") -> Evaluation:
    """Play the schedule (in ``workers`` processes, or as Ray tasks with ``backend="ray"``:
    `gaenv.parallel.executor`) and tabulate it; with ``focus`` only the pairs that agent
    is in. ``pool``: the card files the decks are made of (None: the built-in pool; then
    ``decks`` defaults to the built-in decks). ``game``: ``ga`` or ``duel``;
    ``turn_limit`` None is the game's own default. ``match``: ``bo3`` plays best-of-three
    duel matches instead of games (``games`` then counts matches; DUEL 3.8)."""
    if pool is not None and not decks:
        raise ScheduleError("with a card pool of one's own, name its decks (--decks)")
    if match and (match != "bo3" or game != "duel"):
        raise ScheduleError(f"matches: only bo3, and only for the duel (--game duel); got "
                            f"{match!r} for {game}")
    for spec in agents:  # fail on a bad spec before any game is played
        make(spec, pool=pool)
    plan = schedule(agents, games, decks or default_decks(game), seed, focus)
    run: Callable[[Any], GameResult] = _run_match if match else _run_one
    jobs = [(g, turn_limit, replays) if match else (g, turn_limit, replays, pool, game)
            for g in plan]
    results: list[GameResult] = []
    if workers > 1 or backend != "local":
        with executor(workers, backend, address) as pool:
            for result in pool.map(run, jobs, chunksize=4):
                results.append(result)
                if progress:
                    progress(len(results), len(plan))
    else:
        for job in jobs:
            results.append(run(job))
            if progress:
                progress(len(results), len(plan))
    evaluation = tabulate(agents, plan, results)
    evaluation.unit = "matches" if match else "games"
    return evaluation


def tabulate(agents: Sequence[str], plan: Sequence[Game],
             results: Sequence[GameResult]) -> Evaluation:
    from openskill.models import PlackettLuce

    pairs = {(a, b): PairResult(a, b) for a in agents for b in agents if a != b}
    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    for game, result in zip(plan, results, strict=True):
        for seat in (0, 1):
            row = pairs[(game.seats[seat], game.seats[1 - seat])]
            row.games += 1
            if result.winner is None:
                row.draws += 1
            elif result.winner == seat:
                row.wins += 1
            else:
                row.losses += 1
        teams = [[ratings[game.seats[0]]], [ratings[game.seats[1]]]]
        # Lower rank is better; a draw or a truncation ties.
        ranks = [0, 0] if result.winner is None else [result.winner, 1 - result.winner]
        (r0,), (r1,) = model.rate(teams, ranks=ranks)
        ratings[game.seats[0]], ratings[game.seats[1]] = r0, r1
    for row in pairs.values():
        row.win_rate = row.wins / row.games if row.games else 0.0
        row.ci_low, row.ci_high = wilson(row.wins, row.games)
    rating_rows: list[dict[str, float | str]] = [
        {"agent": a, "ordinal": round(r.ordinal(), 3), "mu": round(r.mu, 3),
         "sigma": round(r.sigma, 3)} for a, r in ratings.items()]
    rating_rows.sort(key=lambda r: -float(r["ordinal"]))
    return Evaluation([r for r in pairs.values() if r.games], rating_rows)


def write_json(evaluation: Evaluation, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(evaluation.to_json(), indent=2) + "\n")
