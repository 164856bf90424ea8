"""``make bench-train``: time to strength. Not in CI (tens of minutes).

Trains from nothing with a training config (default ``standard``), evaluating the
learner against random and the heuristic every ``--eval-every`` PPO steps on the same
paired seeds (``--eval-games`` per opponent), then reports when the 95% interval first
lay above 50% against the heuristic and above 90% against random: the PPO steps and the
training time (imitation included, evaluations left out: ``eval.csv``'s ``seconds``), and
the last evaluation's win rates. The figures go into docs/benchmarks.md ("Time to
strength", one row per run, the history kept) and the learning curve into
docs/bench-train.png.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import shutil
import subprocess
import sys
from pathlib import Path

import benchdoc  # (scripts/, beside this file)

from gaenv.agents.train import train
from gaenv.agents.train_config import load
from gaenv.cli import positive_int

PNG = benchdoc.DOC.parent / "bench-train.png"
# (opponent, the interval's lower bound to pass)
BARS = (("heuristic", 0.5), ("random", 0.9))
TABLE = ("| date | commit | config | PPO steps to heuristic > 50% | time | "
         "PPO steps to random > 90% | time | last: vs heuristic | vs random |\n"
         "|---|---|---|---|---|---|---|---|---|\n")


def first_pass(rows: list[dict[str, str]], opponent: str, bar: float) -> tuple[str, str]:
    """(PPO steps, training time) of the first evaluation whose interval against
    ``opponent`` lies above ``bar``, or ("not reached", "")."""
    for row in rows:
        if row["opponent"] == opponent and float(row["ci_low"]) > bar:
            return f"{int(row['steps']):,}", f"{float(row['seconds']) / 60:.1f} min"
    return "not reached", ""


def last(rows: list[dict[str, str]], opponent: str) -> str:
    mine = [r for r in rows if r["opponent"] == opponent]
    if not mine:
        return ""
    r = mine[-1]
    return f"{float(r['win_rate']):.0%} [{float(r['ci_low']):.0%}-{float(r['ci_high']):.0%}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default="standard", help="training config (default standard)")
    parser.add_argument("--eval-every", type=positive_int, default=50_000,
                        help="PPO steps between evaluations (default 50,000)")
    parser.add_argument("--eval-games", type=positive_int, default=100,
                        help="games per opponent and evaluation, paired seeds (default 100)")
    parser.add_argument("--out", type=Path, default=Path("runs/bench-train"),
                        help="run folder, replaced (default runs/bench-train)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    config = load(args.config, {"eval_every": args.eval_every, "eval_games": args.eval_games,
                                "eval_opponents": [opponent for opponent, _ in BARS]})
    shutil.rmtree(args.out, ignore_errors=True)
    train(config, folder=args.out, progress_bar=False)
    with open(args.out / "eval.csv") as f:
        rows = list(csv.DictReader(f))
    (heuristic_steps, heuristic_time), (random_steps, random_time) = (
        first_pass(rows, opponent, bar) for opponent, bar in BARS)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip() or "?"
    row = (f"| {datetime.date.today().isoformat()} | {commit} | {args.config} | "
           f"{heuristic_steps} | {heuristic_time} | {random_steps} | {random_time} | "
           f"{last(rows, 'heuristic')} | {last(rows, 'random')} |")
    print(TABLE + row)
    if args.no_write:
        return 0
    old = benchdoc.section("bench-train")
    history = [line for line in old.splitlines() if line.startswith("| 20")]
    benchdoc.update("bench-train", f"""\
## Time to strength

Measured by `make bench-train` (`python scripts/bench_train.py`): training from nothing
with the config named, evaluated every {args.eval_every:,} PPO steps against the heuristic
and random ({args.eval_games} paired games each); the first evaluation whose 95% interval
lies above 50% against the heuristic and above 90% against random, its PPO steps and its
training time (imitation included, evaluations left out). One row per run; the newest
run's curve is below.

{TABLE}{chr(10).join([*history, row])}

![learning curve of the newest run](bench-train.png)
""")
    shutil.copyfile(args.out / "curve.png", PNG)
    print(f"wrote {benchdoc.DOC} and {PNG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
