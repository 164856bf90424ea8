"""``make bench``: engine soak run and speed figures, written to docs/benchmarks.md.

1. Soak: GAMES random-vs-random games cycling through every seat-ordered pairing of
   the built-in decks, with card conservation checked after every decision. Any
   exception or invariant failure stops the run with the seed that reproduces it.
2. Speed: random play without checks, in ROUNDS interleaved rounds; the median.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
from pathlib import Path

from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.cli import positive_int
from gaenv.simulate import Summary, pairings, simulate

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=1000,
                        help="soak games (default 1000)")
    parser.add_argument("--speed-games", type=positive_int, default=100,
                        help="games per speed round (default 100)")
    parser.add_argument("--rounds", type=positive_int, default=3,
                        help="speed rounds; the median is reported (default 3)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()

    decks = [load_deck(n) for n in builtin_deck_names()]
    pairs = pairings(decks)
    soak = simulate(pairs, args.games, seed=0, check=True)
    print(f"soak: {args.games} games over {len(pairs)} pairings, conservation checked "
          "after every decision: no failure")
    for line in soak.lines()[:-1]:
        print("  " + line)

    rounds: list[Summary] = []
    for r in range(args.rounds):
        rounds.append(simulate(pairs, args.speed_games, seed=100_000 + r * args.speed_games))
        print(f"speed round {r + 1}: " + rounds[-1].lines()[-1].split(None, 1)[1])
    games_s = statistics.median(s.games / s.seconds for s in rounds)
    dec_s = statistics.median(s.decisions / s.seconds for s in rounds)
    print(f"median: {games_s:,.1f} games/s, {dec_s:,.0f} decisions/s")

    if not args.no_write:
        today = datetime.date.today().isoformat()
        results = f"{soak.wins[0]} / {soak.wins[1]} / {soak.draws} / {soak.truncated}"
        DOC.write_text(f"""# Benchmarks

Measured by `make bench` (`python scripts/bench.py`) on {today}, Python
{platform.python_version()}, {platform.machine()}, one process. Figures are only
comparable within one run on one machine.

## Engine: random legal play

Random agents on both seats, every seat-ordered pairing of the {len(decks)} built-in
decks, default turn limit; each decision is one `Game.step` (the agent's choice
included).

| measure | value |
|---|---|
| soak games (conservation checked after every decision) | {soak.games}, no failure |
| results: player 0 / player 1 / draws / truncated | {results} |
| mean turns per game | {soak.turns / soak.games:.1f} |
| mean decisions per game | {soak.decisions / soak.games:.1f} |
| games/second (median of {args.rounds} rounds of {args.speed_games}) | {games_s:,.1f} |
| decisions/second (same rounds) | {dec_s:,.0f} |
""")
        print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
