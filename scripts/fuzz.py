"""``make fuzz``: many games of random legal play with every invariant checked.

Game i (seed ``SEED + i``) alternates between a seat-ordered pairing of the
built-in decks and two random legal decks drawn from the whole pool
(`gaenv.cards.decks.random_deck`); ``--deck NAME`` puts one built-in deck in every
game (``--deck forge_apprentices``: levelers in play). Each game runs through the environment
(``raw_env``, every decision shown to the agent) and checks (`gaenv.checks`):
after every decision the engine invariants, the mask against the engine's
options and the observation's bounds; at one random decision per game every
option applied to a copy; and a clone replaying the rest of the game. A
failure writes the replay that reproduces it to ``--out`` and is listed at the
end; the exit status is 1 if any game failed.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gaenv import checks, replay
from gaenv.cards.decks import builtin_deck_names, load_deck, random_deck
from gaenv.cards.schema import default_pool
from gaenv.cli import positive_int
from gaenv.engine.game import DEFAULT_TURN_LIMIT, DeckList, Game
from gaenv.engine.objects import band
from gaenv.env.aec import raw_env


@dataclass
class Outcome:
    seed: int
    decisions: int
    truncated: bool
    levelers: bool = False  # a leveler was in play; banded: one was in a band
    banded: bool = False
    error: str | None = None
    replay: str | None = None


@functools.cache
def _env() -> raw_env:
    """One environment per worker process; each game is put into it (`raw_env.reset_to`)."""
    return raw_env(auto_forced=False)


@functools.cache
def _builtin(name: str) -> DeckList:
    return load_deck(name).cards


def fuzz_game(seed: int, out: Path, deck: str | None = None) -> Outcome:
    """One checked game; on a failure its replay goes to ``out``. ``deck``: a built-in
    deck that plays in every game, in seat ``seed // 2 % 2``, against the usual other one."""
    rng = random.Random(seed)
    game: Game | None = None
    decisions = 0
    try:
        if seed % 2:
            pool = default_pool()
            decks = (random_deck(pool, rng, "random_a"), random_deck(pool, rng, "random_b"))
        else:
            names = builtin_deck_names()
            pair = (names[(seed // 2) % len(names)],
                    names[(seed // 2 // len(names)) % len(names)])
            decks = (_builtin(pair[0]), _builtin(pair[1]))
        if deck is not None:
            seat = seed // 2 % 2
            decks = (_builtin(deck), decks[1]) if seat == 0 else (decks[0], _builtin(deck))
        game = Game.new(decks[0], decks[1], seed, DEFAULT_TURN_LIMIT)
        env = _env()
        env.reset_to(game)
        probe = rng.randrange(400)
        copy, since = None, 0
        levelers = banded = False
        while not game.over:
            for p in game.state.players:
                for cid in p.zones["field"]:
                    card = game.state.cards[cid]
                    levelers = levelers or bool(card.defn.bands)
                    banded = banded or band(card) >= 0
            checks.engine_step(game)
            checks.env_decision(env)
            if decisions == probe:
                checks.options_apply(game)
                copy, since = game.clone(), len(game.log)
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask).tolist())))
            decisions += 1
        checks.engine_step(game)
        if copy is not None:
            checks.clone_agrees(copy, game, since)
    except Exception:  # every failure is reported, with its replay when there is a game
        path = replay.write(out, f"fuzz-{seed}", game) if game is not None else None
        return Outcome(seed, decisions, bool(game and game.truncated),
                       error=traceback.format_exc(limit=6), replay=str(path))
    return Outcome(seed, decisions, game.truncated, levelers, banded)


def _run(args: tuple[int, Path, str | None]) -> Outcome:
    return fuzz_game(*args)


def _run_duel(args: tuple[int, Path, str | None]) -> Outcome:
    """One duel game checked by `gaenv.duel.checks.fuzz_game` (invariants after every
    choice, a clone, the saved game replayed); the built-in duel decks play."""
    from gaenv.duel.checks import fuzz_game as duel_game

    try:
        decisions, truncated = duel_game(args[0])
    except Exception:  # reported with its seed: the game replays from it
        return Outcome(args[0], 0, False, error=traceback.format_exc(limit=6))
    return Outcome(args[0], decisions, truncated)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=positive_int, default=2)
    parser.add_argument("--deck", choices=builtin_deck_names(),
                        help="a built-in deck to play in every game (e.g. forge_apprentices, "
                             "for levelers in play)")
    parser.add_argument("--game", choices=("ga", "duel"), default="ga",
                        help="duel: the three-champion duel (docs/duel.md) with its own checks")
    parser.add_argument("--out", type=Path, default=Path("runs/fuzz"),
                        help="where replays of failing games go (default runs/fuzz)")
    args = parser.parse_args()
    start = time.perf_counter()
    failures: list[Outcome] = []
    decisions = truncated = done = levelers = banded = 0
    jobs = [(args.seed + i, args.out, args.deck) for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        for outcome in pool.map(_run_duel if args.game == "duel" else _run, jobs, chunksize=8):
            done += 1
            decisions += outcome.decisions
            truncated += outcome.truncated
            levelers += outcome.levelers
            banded += outcome.banded
            if outcome.error:
                failures.append(outcome)
                print(f"seed {outcome.seed}: FAILED, replay {outcome.replay}\n{outcome.error}")
            if done % max(1, args.games // 20) == 0:
                print(f"{done}/{args.games} games, {len(failures)} failed, "
                      f"{done / (time.perf_counter() - start):.1f} games/s", flush=True)
    seconds = time.perf_counter() - start
    played = "" if args.game == "duel" else \
        f"levelers in play in {levelers} games, in a band in {banded}; "
    print(f"fuzz: {args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{decisions:,} decisions, {truncated} truncated, {len(failures)} failed; "
          f"{played}{seconds:,.0f} s, {args.games / seconds:.1f} games/s with {args.workers} "
          "workers")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
