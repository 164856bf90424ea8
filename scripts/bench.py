"""``make bench``: engine soak and speed, environment speed against PettingZoo's games.

1. Soak: GAMES random-vs-random games cycling through every seat-ordered pairing of
   the built-in decks, card conservation, the statics cache and the state-based
   check flag verified after every decision. Any failure stops the run with the
   seed that reproduces it.
2. Engine speed: random play without checks, ROUNDS rounds; the median.
3. Environment speed: random legal play through ``env()`` (observe + mask + step,
   resets included) with and without auto-forced decisions, and PettingZoo's
   ``texas_holdem_v4`` and ``connect_four_v3`` under the same loop, in ENV_ROUNDS
   interleaved rounds; medians and ratios; then where gaenv's environment time goes.
4. Training speed: PPO steps/s of ``gaenv train`` with the ``standard`` config's
   settings over TRAIN_STEPS steps (no imitation or evaluations).

Figures go to docs/benchmarks.md (its "bench" section, with a history row per run).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import benchdoc  # (scripts/, beside this file)
import numpy as np

from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.cli import positive_int
from gaenv.simulate import Summary, pairings, simulate


def random_play(make: Callable[[], Any], decisions: int, seed: int) -> float:
    """Decisions per second of uniform random legal play: the same loop for every env
    (one seeded reset, then plain resets between games)."""
    env = make()
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < decisions:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
                done += 1
            env.step(action)
            if done >= decisions:
                break
        env.reset()
    return done / (time.perf_counter() - start)


def environments() -> dict[str, Callable[[], Any]]:
    from pettingzoo.classic import connect_four_v3, texas_holdem_v4

    from gaenv.env import env

    return {
        "gaenv env() (auto_forced=True)": lambda: env(),
        "gaenv env() (auto_forced=False)": lambda: env(auto_forced=False),
        "texas_holdem_v4": texas_holdem_v4.env,
        "connect_four_v3": connect_four_v3.env,
    }


def breakdown(decisions: int) -> dict[str, float]:
    """Share of gaenv env() time spent in the rules, observation encoding, the mask and
    reset; exclusive times (a part called inside another counts only once)."""
    from gaenv.engine.game import Game
    from gaenv.env import actions, env
    from gaenv.env.aec import raw_env
    from gaenv.env.observation import Encoder

    spent: dict[str, float] = {}
    inner: list[float] = []  # time of nested timed calls, per open timed call

    def timed(fn: Callable[..., Any], label: str) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            inner.append(0.0)
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = time.perf_counter() - start
                nested = inner.pop()
                spent[label] = spent.get(label, 0.0) + elapsed - nested
                if inner:
                    inner[-1] += elapsed
        return wrapper

    rules = "rules (engine steps, new games)"

    class TimedGame:
        """A game whose steps are timed (the compiled engine's classes cannot be patched)."""

        def __init__(self, game: Game) -> None:
            self.game = game
            self.step = timed(game.step, rules)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.game, name)

    new_game = timed(raw_env._new_game, rules)
    patches = [(raw_env, "_new_game", lambda *a: TimedGame(new_game(*a))),
               (Encoder, "encode", timed(Encoder.encode, "observation encoding")),
               (actions, "assign", timed(actions.assign, "action mask")),
               (actions, "mask_of", timed(actions.mask_of, "action mask")),
               (raw_env, "reset", timed(raw_env.reset, "reset (besides the above)"))]
    saved = [(owner, name, owner.__dict__[name]) for owner, name, _ in patches]
    for owner, name, patched in patches:
        setattr(owner, name, patched)
    try:
        start = time.perf_counter()
        random_play(lambda: env(), decisions, seed=1)
        total = time.perf_counter() - start
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)
    spent["everything else (wrappers, infos, the loop)"] = total - sum(spent.values())
    return {k: v / total for k, v in spent.items()}


def training_rate(steps: int) -> float:
    """PPO steps per second of ``gaenv train`` with the ``standard`` config's settings
    (environments, network, PPO's), without imitation, snapshots or evaluations, over
    ``steps`` steps: the time of a whole run, environment and model set-up included."""
    import tempfile

    from gaenv.agents.train import train
    from gaenv.agents.train_config import load

    never = steps + 1
    config = load("standard", {"total_timesteps": steps, "pretrain": {"games": 0},
                               "snapshot_every": never, "checkpoint_every": never,
                               "eval_every": never})
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        train(config, folder=Path(folder) / "run", progress_bar=False, log=lambda _: None)
        return steps / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=1000,
                        help="soak games (default 1000)")
    parser.add_argument("--speed-games", type=positive_int, default=100,
                        help="games per engine speed round (default 100)")
    parser.add_argument("--rounds", type=positive_int, default=3,
                        help="engine speed rounds; medians are reported (default 3)")
    parser.add_argument("--env-rounds", type=positive_int, default=7,
                        help="environment speed rounds, interleaved; medians are reported "
                             "(default 7)")
    parser.add_argument("--env-decisions", type=positive_int, default=4000,
                        help="decisions per environment per round (default 4000)")
    parser.add_argument("--train-steps", type=positive_int, default=16_384,
                        help="PPO steps of the training speed run (default 16,384)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")

    decks = [load_deck(n) for n in builtin_deck_names()]
    pairs = pairings(decks)
    soak = simulate(pairs, args.games, seed=0, check=True)
    print(f"soak: {args.games} games over {len(pairs)} pairings, checked after every "
          "decision: no failure")
    for line in soak.lines()[:-1]:
        print("  " + line)

    rounds: list[Summary] = []
    for r in range(args.rounds):
        rounds.append(simulate(pairs, args.speed_games, seed=100_000 + r * args.speed_games))
        print(f"engine round {r + 1}: " + rounds[-1].lines()[-1].split(None, 1)[1])
    games_s = statistics.median(s.games / s.seconds for s in rounds)
    dec_s = statistics.median(s.decisions / s.seconds for s in rounds)
    print(f"engine median: {games_s:,.1f} games/s, {dec_s:,.0f} decisions/s")

    makers = environments()
    rates: dict[str, list[float]] = {name: [] for name in makers}
    for r in range(args.env_rounds):
        for name, make in makers.items():
            rates[name].append(random_play(make, args.env_decisions, seed=r))
            print(f"env round {r + 1}: {name}: {rates[name][-1]:,.0f} decisions/s")
    median = {name: statistics.median(values) for name, values in rates.items()}
    texas = median["texas_holdem_v4"]
    four = median["connect_four_v3"]
    for name, value in median.items():
        print(f"median {name}: {value:,.0f} decisions/s ({value / texas:.2f}x texas_holdem_v4, "
              f"{value / four:.2f}x connect_four_v3)")
    shares = breakdown(args.env_decisions)
    for label, share in sorted(shares.items(), key=lambda kv: -kv[1]):
        print(f"  {share:6.1%}  {label}")
    train_s = training_rate(args.train_steps)
    print(f"training: {train_s:,.0f} PPO steps/s (standard settings, {args.train_steps:,} steps)")

    if not args.no_write:
        today = datetime.date.today().isoformat()
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=False).stdout.strip() or "?"
        history = [line for line in benchdoc.section("bench").splitlines()
                   if line.startswith("| 20")]
        history.append(f"| {today} | {commit} | {dec_s:,.0f} | "
                       f"{median['gaenv env() (auto_forced=True)'] / texas:.2f}x | "
                       f"{train_s:,.0f} |")
        history_rows = "\n".join(history)
        results = f"{soak.wins[0]} / {soak.wins[1]} / {soak.draws} / {soak.truncated}"
        env_rows = "\n".join(
            f"| {name} | {value:,.0f} | {value / texas:.2f}x | {value / four:.2f}x |"
            for name, value in median.items())
        share_rows = "\n".join(f"| {label} | {share:.1%} |" for label, share in
                               sorted(shares.items(), key=lambda kv: -kv[1]))
        benchdoc.update("bench", f"""\
Measured by `make bench` (`python scripts/bench.py`) on {today}, Python
{platform.python_version()}, {platform.machine()}, one process, in one run.

## Engine: random legal play

Random agents on both seats, every seat-ordered pairing of the {len(decks)} built-in
decks, default turn limit; each decision is one `Game.step` (the agent's choice
included).

| measure | value |
|---|---|
| soak games (invariants verified after every decision) | {soak.games}, no failure |
| results: player 0 / player 1 / draws / truncated | {results} |
| mean turns per game | {soak.turns / soak.games:.1f} |
| mean decisions per game | {soak.decisions / soak.games:.1f} |
| games/second (median of {args.rounds} rounds of {args.speed_games}) | {games_s:,.1f} |
| decisions/second (same rounds) | {dec_s:,.0f} |

## Environment: random legal play through `env()`

The same loop for every environment: `reset(seed)` once, then for each agent
`last()`, a uniformly random legal action from the mask, `step()`, and a plain
`reset()` between games. A decision is one agent step with an action.
{args.env_rounds} interleaved rounds of {args.env_decisions:,} decisions; medians.
gaenv draws a random pairing of its built-in decks for every game.

| environment | decisions/s | vs texas_holdem_v4 | vs connect_four_v3 |
|---|---|---|---|
{env_rows}

Where gaenv's `env()` time goes (auto_forced=True, one run of {args.env_decisions:,}
decisions with timers around each part):

| part | share |
|---|---|
{share_rows}

## Training: PPO steps/s

`gaenv train` with the `standard` config's settings ({args.train_steps:,} PPO steps, no
imitation, snapshots or evaluations; set-up included): {train_s:,.0f} steps/s.

## History

One row per `make bench` run (the measures above; machines differ, so compare rows
measured on one machine).

| date | commit | engine decisions/s | env() vs texas (auto_forced) | training PPO steps/s |
|---|---|---|---|---|
{history_rows}
""")
        print(f"wrote {benchdoc.DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
