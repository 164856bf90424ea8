"""``gaenv train --backend rllib``: PPO on Ray RLlib, self-play through the environment.

Both seats play through `gaenv.distributed.env.RllibEnv`. The learner is the RLModule
``main`` (RLlib's action-masking PPO module: illegal actions get no probability). Without
a league both seats map to ``main`` (one shared policy). With ``league.snapshot_every:
K``, every K iterations a frozen copy of ``main`` joins the league as ``snapshot_N`` (the
oldest leaves beyond ``league.max_snapshots``), and each game pits ``main`` against
``main`` or a snapshot, drawn uniformly, on a random seat. Only ``main`` is trained.

The run folder holds ``config.yaml`` (the config as used), ``checkpoint/`` (RLlib's
algorithm checkpoint, written every ``checkpoint_every`` iterations, at the end and on
Ctrl-C), ``league.json`` (the snapshots in the league) and ``progress.csv`` (a row per
iteration). ``--resume`` continues from the checkpoint. The learner loads as the agent
``rllib:RUN`` (`gaenv.distributed.agent`). ``num_env_runners`` and ``num_learners`` come
from the config; the same command runs on a Ray cluster with ``--address``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from gaenv.agents.ppo import layout
from gaenv.agents.train_config import GameKeys, read
from gaenv.cards.schema import CardFileError
from gaenv.distributed import ray_module
from gaenv.env.config import ConfigError, EnvConfig, plain, section

LEARNER = "main"
CHECKPOINT = "checkpoint"
LEAGUE = "league.json"
LAYOUT = "layout.json"
PROGRESS = "progress.csv"


@dataclass(frozen=True)
class RllibSettings:
    """RLlib's PPO and scaling settings (the names are RLlib's, ``gae_lambda`` its
    ``lambda_``)."""

    num_env_runners: int = 1         # sampling processes (0: sample in the driver)
    num_envs_per_env_runner: int = 1
    num_learners: int = 0            # learner processes (0: learn in the driver)
    train_batch_size: int = 4000     # decisions of both seats per iteration
    minibatch_size: int = 256
    num_epochs: int = 4
    lr: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    entropy_coeff: float = 0.01
    hidden: tuple[int, ...] = (256, 256)  # the policy and value networks' layers


@dataclass(frozen=True)
class LeagueSettings:
    """Opponent snapshots: a frozen copy of the learner every ``snapshot_every``
    iterations (0: no league, both seats share the learner), at most ``max_snapshots``."""

    snapshot_every: int = 0
    max_snapshots: int = 4


@dataclass(frozen=True)
class RllibTrainConfig(GameKeys):
    backend: str = "rllib"
    name: str = "rllib"
    iterations: int = 10
    seed: int = 0
    decks: tuple[str, str] | None = None     # None: a random built-in pairing per game
    card_pool: str | None = None             # an import folder (gaenv cards import); None: built-in
    turn_limit: int = 120
    checkpoint_every: int = 1
    address: str = ""                        # a Ray cluster ("auto", "HOST:PORT"); "": local
    rllib: RllibSettings = field(default_factory=RllibSettings)
    league: LeagueSettings = field(default_factory=LeagueSettings)



_AT_LEAST_ONE = ("iterations", "checkpoint_every", "rllib.num_envs_per_env_runner",
                 "rllib.train_batch_size", "rllib.minibatch_size", "rllib.num_epochs",
                 "league.max_snapshots")
_NOT_NEGATIVE = ("rllib.num_env_runners", "rllib.num_learners", "rllib.entropy_coeff",
                 "league.snapshot_every")


def load(name_or_path: str | Path, overrides: dict[str, Any] | None = None
         ) -> RllibTrainConfig:
    """Read and check an RLlib training config, built-in by name (``rllib_local``,
    ``rllib_league``) or a file (``overrides`` replace top-level keys); every key checked,
    a problem named with its file."""
    path, raw = read(name_or_path, overrides)
    if raw.get("backend") != "rllib":
        raise ConfigError(f"{path}: not an RLlib config (it needs the key 'backend: rllib'; "
                          "the other configs train with Stable-Baselines3)")
    try:
        config = section(RllibTrainConfig, raw, "", as_given=("decks", "card_pool"))
        _check(config)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return config


def _check(config: RllibTrainConfig) -> None:
    problems = []
    for keys, test, wanted in ((_AT_LEAST_ONE, lambda v: v >= 1, "at least 1"),
                               (_NOT_NEGATIVE, lambda v: v >= 0, "0 or more")):
        for key in keys:
            section_name, _, name = key.rpartition(".")
            value = getattr(getattr(config, section_name) if section_name else config, name)
            if not test(value):
                problems.append(f"key {key}: must be {wanted}, got {value}")
    for key, value in (("rllib.lr", config.rllib.lr), ("rllib.gamma", config.rllib.gamma),
                       ("rllib.gae_lambda", config.rllib.gae_lambda)):
        if not 0 < value <= 1:
            problems.append(f"key {key}: must be more than 0 and at most 1, got {value}")
    if not config.rllib.hidden or not all(isinstance(n, int) and n >= 1
                                          for n in config.rllib.hidden):
        problems.append(f"key rllib.hidden: expected layer sizes of at least 1, got "
                        f"{config.rllib.hidden}")
    if config.card_pool is not None and not isinstance(config.card_pool, str):
        problems.append(f"key card_pool: expected an import folder, got {config.card_pool!r}")
    else:
        try:
            EnvConfig.from_kwargs(**config.env_config())
        except (ConfigError, CardFileError) as exc:
            problems.append(str(exc))
    if problems:
        raise ConfigError("; ".join(problems))


class LeagueMapping:
    """Which RLModule plays which seat: with no snapshots both seats are the learner;
    else the learner takes a random seat against the learner or a snapshot, drawn
    uniformly per game (from the episode's id, so both seats agree)."""

    def __init__(self, snapshots: list[str]) -> None:
        self.snapshots = list(snapshots)

    def __call__(self, agent_id: str, episode: Any, **kwargs: Any) -> str:
        if not self.snapshots:
            return LEARNER
        draw = random.Random(hash(episode.id_))
        learner_seat = draw.randrange(2)
        opponent = draw.choice([LEARNER, *self.snapshots])
        return LEARNER if agent_id.endswith(str(learner_seat)) else opponent


def _algorithm_config(config: RllibTrainConfig, snapshots: list[str]) -> Any:
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    from gaenv.distributed.env import RllibEnv

    register_env("gaenv", RllibEnv)
    settings = config.rllib
    spec = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": list(settings.hidden),
                                      "head_fcnet_hiddens": []})
    modules = [LEARNER, *snapshots]
    return (
        PPOConfig()
        # (RLlib's env check would step with random, illegal, actions)
        .environment("gaenv", env_config=config.env_config(), disable_env_checking=True)
        .env_runners(num_env_runners=settings.num_env_runners,
                     num_envs_per_env_runner=settings.num_envs_per_env_runner)
        .learners(num_learners=settings.num_learners)
        .training(train_batch_size_per_learner=settings.train_batch_size,
                  minibatch_size=settings.minibatch_size, num_epochs=settings.num_epochs,
                  lr=settings.lr, gamma=settings.gamma, lambda_=settings.gae_lambda,
                  entropy_coeff=settings.entropy_coeff)
        .multi_agent(policies=set(modules), policy_mapping_fn=LeagueMapping(snapshots),
                     policies_to_train=[LEARNER])
        .rl_module(rl_module_spec=MultiRLModuleSpec(
            rl_module_specs=dict.fromkeys(modules, spec)))
        .debugging(seed=config.seed)
    )


def _add_snapshot(algo: Any, snapshots: list[str], number: int, most: int) -> None:
    """A frozen copy of the learner joins the league (the oldest leaves beyond ``most``)."""
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    name = f"snapshot_{number}"
    learner = algo.get_module(LEARNER)
    snapshots.append(name)
    dropped = snapshots.pop(0) if len(snapshots) > most else None
    algo.add_module(module_id=name, module_spec=RLModuleSpec.from_module(learner),
                    new_agent_to_module_mapping_fn=LeagueMapping(snapshots))
    algo.set_state({"learner_group": {"learner": {"rl_module": {
        name: learner.get_state()}}}})
    if dropped is not None:
        algo.remove_module(module_id=dropped,
                           new_agent_to_module_mapping_fn=LeagueMapping(snapshots))


def _progress_row(iteration: int, result: dict[str, Any], seconds: float,
                  snapshots: list[str]) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    length = float(runners.get("episode_len_mean", math.nan))
    return {
        "iteration": iteration,
        "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
        "games": int(runners.get("num_episodes_lifetime", 0)),
        "game_length": round(length, 1) if math.isfinite(length) else "",
        "seconds": round(seconds, 1),
        "league": len(snapshots),
    }


def train(config: RllibTrainConfig, out: Path, resume: bool = False, address: str = "",
          say: Callable[[str], None] = print) -> Path:
    """Train, writing the run folder ``out``; returns the checkpoint's path. Ctrl-C saves a
    checkpoint before stopping (``resume=True`` continues from it)."""
    ray = ray_module()
    checkpoint = out / CHECKPOINT
    league_file = out / LEAGUE
    if resume:
        if not checkpoint.is_dir():
            raise ConfigError(f"{out}: nothing to resume (no {CHECKPOINT}/ folder)")
        state = json.loads(league_file.read_text())
        snapshots, made, start = state["snapshots"], state["made"], state["iteration"]
    else:
        if checkpoint.exists():
            raise ConfigError(f"{out} already holds a run; resume it with --resume or "
                              "choose another --out")
        snapshots, made, start = [], 0, 0
    # What the policy's weights fit (the card pool, the observation layout), checked when
    # it is loaded as an agent (`gaenv.agents.ppo.check_layout`) and when a run resumes.
    fits = layout(config.pool_files())
    if resume and json.loads((out / LAYOUT).read_text()) != fits:
        raise ConfigError(f"{out} was trained on another card pool or observation layout; "
                          "resume it with the cards it was trained on")
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.yaml").write_text(yaml.safe_dump(plain(config), sort_keys=False))
    (out / LAYOUT).write_text(json.dumps(fits))
    ray.init(address=address or config.address or None, ignore_reinit_error=True,
             include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    algo = _algorithm_config(config, snapshots).build_algo()
    if resume:
        algo.restore_from_path(str(checkpoint.resolve()))
    iteration = start

    def save() -> None:
        algo.save_to_path(str(checkpoint.resolve()))
        league_file.write_text(json.dumps({"snapshots": snapshots, "made": made,
                                           "iteration": iteration}))

    saved = start
    try:
        with open(out / PROGRESS, "a", newline="") as f:
            writer = None
            while iteration < config.iterations:
                began = time.perf_counter()
                result = algo.train()
                iteration += 1
                row = _progress_row(iteration, result, time.perf_counter() - began, snapshots)
                if writer is None:
                    writer = csv.DictWriter(f, list(row))
                    if f.tell() == 0:
                        writer.writeheader()
                writer.writerow(row)
                f.flush()
                say(f"iteration {iteration}/{config.iterations}: {row['env_steps']} env "
                    f"steps, {row['games']} games, {row['seconds']} s")
                every = config.league.snapshot_every
                if every and iteration % every == 0:
                    made += 1
                    _add_snapshot(algo, snapshots, made, config.league.max_snapshots)
                if iteration % config.checkpoint_every == 0 or iteration == config.iterations:
                    save()
                    saved = iteration
    except KeyboardInterrupt:
        if saved != iteration:
            save()
        say(f"interrupted: saved {checkpoint} after iteration {iteration}; "
            "continue with --resume")
        raise
    finally:
        algo.stop()
    return checkpoint


def run(args: argparse.Namespace) -> int:
    """``gaenv train --backend rllib``: the config checked, then `train` into ``--out``
    (default ``runs/NAME``) or, with ``--resume RUN``, on in that run folder."""
    config = load(args.config, {**({"card_pool": str(args.pool)} if args.pool else {}),
                                **({"decks": list(args.decks)} if args.decks else {})})
    out = args.resume or args.out or Path("runs") / config.name
    train(config, out, resume=args.resume is not None, address=args.address)
    print(f"run folder: {out}; evaluate it with: gaenv eval --agents rllib:{out} heuristic")
    return 0
