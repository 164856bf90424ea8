"""``make bench-rllib`` (the distributed extra; not in CI): RLlib training throughput.

Trains ``--iterations`` iterations of the ``rllib_local`` settings on a local Ray with 1,
2, ... ``--runners`` environment runners and reports environment steps (decisions of
both seats) per second of training, the first iteration (start-up) left out, and the
speed-up over one runner. The figures go into docs/benchmarks.md ("RLlib").
"""

from __future__ import annotations

import argparse
import csv
import datetime
import sys
import tempfile
from pathlib import Path

import benchdoc  # (scripts/, beside this file)

from gaenv.cli import positive_int
from gaenv.distributed.train import PROGRESS, load, train


def throughput(runners: int, iterations: int, batch: int) -> float:
    """Environment steps per second over iterations 2.. of a fresh run."""
    config = load("rllib_local", {"iterations": iterations, "checkpoint_every": iterations,
                                  "rllib": {"num_env_runners": runners,
                                            "train_batch_size": batch}})
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "run"
        train(config, out, say=lambda _: None)
        with open(out / PROGRESS) as f:
            rows = list(csv.DictReader(f))[1:]
    steps = int(rows[-1]["env_steps"]) - int(rows[0]["env_steps"]) + batch
    return steps / sum(float(r["seconds"]) for r in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runners", type=positive_int, default=2,
                        help="measure 1 to this many environment runners (default 2)")
    parser.add_argument("--iterations", type=positive_int, default=4,
                        help="iterations per run, the first not counted (default 4)")
    parser.add_argument("--batch", type=positive_int, default=4000,
                        help="environment steps per iteration (default 4000)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    rates = {n: throughput(n, args.iterations, args.batch) for n in range(1, args.runners + 1)}
    rows = "\n".join(f"| {n} | {rate:,.0f} | {args.batch / rate:.1f} | {rate / rates[1]:.2f}x |"
                     for n, rate in rates.items())
    print(rows)
    if not args.no_write:
        benchdoc.update("rllib", f"""\
## RLlib

Measured by `make bench-rllib` (`python scripts/bench_rllib.py`) on
{datetime.date.today().isoformat()}: `gaenv train --backend rllib` with the `rllib_local`
settings on a local Ray, {args.batch:,} environment steps (decisions of both seats) per
iteration, {args.iterations - 1} iterations after the first; steps per second of
training (sampling and learning, one learner in the driver).

| environment runners | env steps/s | seconds per iteration | vs 1 runner |
|---|---|---|---|
{rows}

Sampling scales with runners while there are cores for them (each runner is one Python
process playing its own games, and the driver learns on the same cores here); on a
cluster the learner, one process unless `num_learners` is raised, is the limit once the
runners' sampling time falls below its update time.
""")
        print(f"wrote {benchdoc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
