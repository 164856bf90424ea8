"""``make fuzz``: many games of random legal play with every invariant checked.

Game i (seed ``SEED + i``) alternates between a seat-ordered pairing of the
built-in decks and two random legal decks drawn from the whole pool
(`gaenv.cards.decks.random_deck`); ``--deck NAME`` puts one built-in deck in every
game (``--deck forge_apprentices``: levelers in play). ``--decks A B ...`` plays only
the seat-ordered pairings of those decks, in turn; ``--pool DIR`` plays the cards of an
import folder (``gaenv cards import``), whose decks must be named with ``--decks``
(``make fuzz FUZZ_POOL=DIR FUZZ_DECKS="A B C D"``). Each game runs through the environment
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

from gaenv import checks, games, replay
from gaenv.cards import imported
from gaenv.cards.decks import builtin_deck_names, load_deck, random_deck
from gaenv.cards.schema import CardFileError, pool_of
from gaenv.cli import deck_names, flag_vanilla, positive_int
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
def _env(pool: tuple[str, ...] | None, deck: str | None) -> raw_env:
    """One environment per worker process and pool (``deck`` one of its decks, for the
    environment to load; None: the built-in decks); each game is put into it
    (`raw_env.reset_to`)."""
    return raw_env(auto_forced=False, pool=pool, decks=(deck, deck) if deck else None)


@functools.cache
def _deck(name: str, pool: tuple[str, ...] | None) -> DeckList:
    return load_deck(name, pool_of(pool)).cards


def fuzz_game(seed: int, out: Path, deck: str | None = None,
              decks_named: tuple[str, ...] | None = None,
              pool: tuple[str, ...] | None = None) -> Outcome:
    """One checked game; on a failure its replay goes to ``out``. ``deck``: a deck that
    plays in every game, in seat ``seed // 2 % 2``, against the usual other one.
    ``decks_named``: play only their seat-ordered pairings (game ``seed`` the pairing
    ``seed`` mod their number squared), of the card files ``pool`` (None: built-in)."""
    rng = random.Random(seed)
    game: Game | None = None
    decisions = 0
    try:
        if decks_named:
            n = len(decks_named)
            pair = (decks_named[seed % n], decks_named[seed // n % n])
            decks = (_deck(pair[0], pool), _deck(pair[1], pool))
        elif seed % 2:
            cards = pool_of(pool)
            decks = (random_deck(cards, rng, "random_a"), random_deck(cards, rng, "random_b"))
        else:
            names = builtin_deck_names()
            pair = (names[(seed // 2) % len(names)],
                    names[(seed // 2 // len(names)) % len(names)])
            decks = (_deck(pair[0], pool), _deck(pair[1], pool))
        if deck is not None:
            seat = seed // 2 % 2
            decks = ((_deck(deck, pool), decks[1]) if seat == 0
                     else (decks[0], _deck(deck, pool)))
        game = Game.new(decks[0], decks[1], seed, DEFAULT_TURN_LIMIT)
        env = _env(pool, decks_named[0] if decks_named else None)
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


def _run(args: tuple[int, Path, str | None, tuple[str, ...] | None,
                    tuple[str, ...] | None]) -> Outcome:
    return fuzz_game(*args)


def _run_duel(args: tuple[int, Path, str | None, tuple[str, ...] | None,
                         tuple[str, ...] | None]) -> Outcome:
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
    parser.add_argument("--deck",
                        help="a deck to play in every game (e.g. forge_apprentices, for "
                             "levelers in play)")
    parser.add_argument("--decks", nargs="+", metavar="DECK",
                        help="play only the seat-ordered pairings of these decks (names or "
                             "files)")
    parser.add_argument("--pool", type=Path, metavar="DIR",
                        help="play the cards of this import folder (gaenv cards import); "
                             "name its decks with --decks")
    parser.add_argument("--game", choices=games.NAMES, default="ga",
                        help="duel: the three-champion duel (docs/duel.md) with its own checks")
    parser.add_argument("--out", type=Path, default=Path("runs/fuzz"),
                        help="where replays of failing games go (default runs/fuzz)")
    args = parser.parse_args()
    if args.game == "duel" and (args.deck or args.decks or args.pool):
        print("fuzz: error: --deck, --decks and --pool choose Grand Archive cards; the duel "
              "plays its built-in decks and whole-pool random decks", file=sys.stderr)
        return 2
    try:
        pool = imported.pool_files(args.pool) if args.pool else None
        named = (tuple(deck_names(args.decks, args.pool, "--decks"))
                 if args.decks or args.pool else ())
        flag_vanilla([*named, *([args.deck] if args.deck else [])], pool)
    except CardFileError as exc:
        print(f"fuzz: error: {exc}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    failures: list[Outcome] = []
    decisions = truncated = done = levelers = banded = 0
    jobs = [(args.seed + i, args.out, args.deck, named or None, pool)
            for i in range(args.games)]
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
          f"{played}{seconds:,.0f} s, {args.games / seconds:.1f} games/s, "
          f"{decisions / seconds:,.0f} decisions/s with {args.workers} workers")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
