"""The duel heuristic against a random player over paired games (docs/duel.md, Agents).

    .venv/bin/python scripts/duel_strength.py --seeds 200    # 400 games

prints the heuristic's wins, games and win rate with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse

from gaenv.agents.base import RandomAgent
from gaenv.agents.duel_heuristic import DuelHeuristic, paired_wins
from gaenv.agents.evaluate import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=200, help="seeds; each is two games")
    args = parser.parse_args()
    wins, games = paired_wins(DuelHeuristic(), RandomAgent(0), range(args.seeds))
    low, high = wilson(wins, games)
    print(f"duel heuristic vs random: {wins}/{games} games won, {wins / games:.1%} "
          f"(95% interval {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
