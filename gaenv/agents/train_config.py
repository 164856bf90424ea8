"""Training configuration: a built-in config (``gaenv/configs/train/``: ``quick``,
``standard``) or a YAML file; every key checked, a typo named.

See docs/training.md for what each key means; `TrainConfig` lists the defaults.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaenv import configs, games
from gaenv.env.config import ConfigError, EnvConfig, game_spec, plain, read_mapping, section


@dataclass(frozen=True)
class PPOSettings:
    """MaskablePPO's hyper-parameters (the names are SB3's)."""

    learning_rate: float = 3e-4
    n_steps: int = 512
    batch_size: int = 256
    n_epochs: int = 4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    features_dim: int = 256          # the shared layer after the card embeddings
    embedding_dim: int = 8           # per card identity (gaenv.agents.policy)
    net_arch: tuple[int, ...] = (128,)  # hidden layers of each of the policy and value heads
    advice_weight: float = 0.0       # > 0: the advised policy (gaenv.agents.policy)


@dataclass(frozen=True)
class PretrainSettings:
    """Imitation before PPO: the policy learns the ``teacher`` agent's choices (and the
    value head the games' outcomes) from ``games`` games, played in ``workers``
    processes; 0 games skips it. Then ``dagger`` rounds (DAgger) of ``games`` games more
    where the policy plays and the teacher labels each of its decisions."""

    games: int = 0
    teacher: str = "heuristic"       # an agent spec (gaenv.agents.registry): heuristic, search, ...
    workers: int = 1                 # processes playing the teacher's games (same data for any)
    epochs: int = 4
    batch_size: int = 256
    learning_rate: float = 1e-3
    dagger: int = 0                  # rounds of ``games`` the policy plays, the teacher labels


class GameKeys:
    """What the games of a training config are, for the configs of every backend: two
    decks (None: a random built-in pairing per game), an import folder of cards (None:
    the built-in pool) and the turn limit."""

    decks: tuple[str, str] | None
    card_pool: str | None
    turn_limit: int

    def pool_files(self) -> tuple[str, ...] | None:
        """The card files of ``card_pool`` (None: the built-in pool)."""
        from gaenv.cards import imported

        return None if self.card_pool is None else imported.pool_files(Path(self.card_pool))

    def env_config(self) -> dict[str, Any]:
        return {"decks": self.decks, "turn_limit": self.turn_limit, "pool": self.pool_files()}


@dataclass(frozen=True)
class TrainConfig(GameKeys):
    backend: str = "sb3"                     # rllib configs: gaenv train --backend rllib
    name: str = "run"
    game: str = "ga"                         # ga or duel (docs/agents.md, "The duel")
    total_timesteps: int = 20_000
    n_envs: int = 2
    vec_env: str = "subproc"                 # subproc or dummy
    seed: int = 0
    decks: tuple[str, str] | None = None     # None: a random built-in pairing per game
    card_pool: str | None = None             # an import folder (gaenv cards import); None: built-in
    turn_limit: int = 120
    observation: str = "full"                # full or compact (docs/observation.md)
    # Opponent sampling weights per game: agent specs, and "snapshots" for the
    # learner's own frozen copies (one picked uniformly among the latest).
    opponents: dict[str, float] = field(default_factory=lambda: {
        "random": 1.0, "heuristic": 1.0, "snapshots": 1.0})
    shaping: float = 0.0                     # weight of the potential-based reward (0: none)
    snapshot_every: int = 10_000
    max_snapshots: int = 5
    checkpoint_every: int = 10_000
    eval_every: int = 10_000
    eval_games: int = 20                     # per opponent, paired seeds (even)
    eval_opponents: tuple[str, ...] = ("random", "heuristic")
    out_dir: str = "runs"
    pretrain: PretrainSettings = field(default_factory=PretrainSettings)
    ppo: PPOSettings = field(default_factory=PPOSettings)

    def env_config(self) -> dict[str, Any]:
        """The environment's keys: Grand Archive's observation carries the ``advice``
        piece when the policy reads it (``ppo.advice_weight``; the duel's always does, so
        its environment takes no such key: `gaenv.games.GameSpec.advice_key`)."""
        wanted = self.ppo.advice_weight and game_spec(self.game).advice_key
        advice = {"advice": True} if wanted else {}
        return {**super().env_config(), "game": self.game, "observation": self.observation,
                **advice}

    def as_dict(self) -> dict[str, Any]:
        return plain(self)


def read(name_or_path: str | Path, overrides: dict[str, Any] | None = None
         ) -> tuple[Path, dict[str, Any]]:
    """A training config's file (built-in by name, or a path) and its mapping of keys,
    ``overrides`` replacing top-level keys; ConfigError naming what is wrong."""
    path = configs.find("train", name_or_path)
    if path is None:
        raise ConfigError(f"unknown training config {str(name_or_path)!r}; built-in: "
                          f"{', '.join(configs.names('train'))} (or the path of a .yaml file)")
    raw = read_mapping(Path(path), "training config")
    raw.update(overrides or {})
    return Path(path), raw


def load(name_or_path: str | Path, overrides: dict[str, Any] | None = None) -> TrainConfig:
    """Read and check a training config, built-in by name or a file (``overrides`` replace
    top-level keys)."""
    path, raw = read(name_or_path, overrides)
    if raw.get("backend", "sb3") != "sb3":
        raise ConfigError(f"{path}: this config is for the {raw['backend']!r} backend: train "
                          f"it with gaenv train --backend {raw['backend']}")
    try:
        config = section(TrainConfig, raw, "", as_given=("decks",))
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    check(config, str(path))
    return config


# Numbers that must lie in a range: (keys, test, what the test asks for).
RANGES: tuple[tuple[tuple[str, ...], Callable[[float], bool], str], ...] = (
    (("total_timesteps", "n_envs", "snapshot_every", "checkpoint_every", "eval_every",
      "max_snapshots", "pretrain.workers", "pretrain.epochs", "pretrain.batch_size",
      "ppo.n_steps", "ppo.batch_size", "ppo.n_epochs", "ppo.features_dim",
      "ppo.embedding_dim"), lambda v: v >= 1, "at least 1"),
    (("shaping", "pretrain.games", "pretrain.dagger", "ppo.ent_coef", "ppo.vf_coef",
      "ppo.advice_weight"),
     lambda v: v >= 0, "0 or more"),
    (("pretrain.learning_rate", "ppo.learning_rate", "ppo.clip_range", "ppo.max_grad_norm"),
     lambda v: v > 0, "more than 0"),
    (("ppo.gamma", "ppo.gae_lambda"), lambda v: 0 < v <= 1, "more than 0 and at most 1"),
)


def check(config: TrainConfig, where: str) -> None:
    """ConfigError unless every value can be used: numbers in range, agent specs that
    make agents, decks that load, an opponent pool that can draw from its first game.
    The message is one line: ``where``, then each problem as ``key NAME: what``."""
    from gaenv.agents.evaluate import ScheduleError, schedule
    from gaenv.agents.registry import AgentSpecError, make
    from gaenv.cards.decks import load_deck
    from gaenv.cards.schema import CardFileError, pool_of

    problems = []

    def problem(key: str, text: str) -> None:
        problems.append(f"key {key}: {text}")

    if config.vec_env not in ("subproc", "dummy"):
        problem("vec_env", f"must be subproc or dummy, got {config.vec_env!r}")
    for keys, test, wanted in RANGES:
        for key in keys:
            value = functools.reduce(getattr, key.split("."), config)
            if not test(value):
                problem(key, f"must be {wanted}, got {value}")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
               for n in config.ppo.net_arch):
        problem("ppo.net_arch", f"expected layer sizes of at least 1, got {config.ppo.net_arch}")
    pool = None
    game = games.GAMES.get(config.game)  # (an unknown game: the environment's keys say so)
    if config.card_pool is not None and game is not None and not game.pools:
        problem("card_pool", f"{game.title} plays its own cards")
        raise ConfigError(f"{where}: " + "; ".join(problems))  # (the rest would read the pool)
    elif config.card_pool is not None:
        try:
            if not isinstance(config.card_pool, str):
                raise CardFileError(f"expected an import folder, got {config.card_pool!r}")
            pool = config.pool_files()
        except CardFileError as exc:
            problem("card_pool", str(exc))  # what follows needs the pool: stop here
            raise ConfigError(f"{where}: " + "; ".join(problems)) from None
        if config.decks is None:
            problem("decks", "with a card_pool, name two decks of its cards")
    if not any(w for spec, w in config.opponents.items() if spec != "snapshots"):
        problem("opponents", "needs a positive weight on an agent besides 'snapshots' (there "
                             "are no snapshots until the first is saved)")
    specs = [*((f"opponents.{s}", s) for s in config.opponents if s != "snapshots"),
             *((f"eval_opponents[{i}]", s) for i, s in enumerate(config.eval_opponents)),
             ("pretrain.teacher", config.pretrain.teacher)]
    for key, spec in specs:
        try:
            if not isinstance(spec, str):
                raise AgentSpecError(f"expected an agent spec, got {spec!r}")
            make(spec, pool=pool)
        except (AgentSpecError, FileNotFoundError) as exc:
            problem(key, str(exc))
    try:
        schedule(["learner", *config.eval_opponents], config.eval_games, ["deck"], 0,
                 focus="learner")
    except ScheduleError as exc:
        problem("eval_games", str(exc))
    try:
        EnvConfig.from_kwargs(**config.env_config())
    except ConfigError as exc:
        problems.append(str(exc))
    else:
        for i, deck in enumerate(config.decks or ()):
            if game is not None and not game.pools:  # its own built-in decks (the duel's)
                if deck not in game.decks():
                    problem(f"decks[{i}]", f"no {config.game} deck {deck!r}; known: "
                                           f"{', '.join(game.decks())}")
                continue
            try:
                load_deck(str(deck), pool_of(pool))
            except CardFileError as exc:
                problem(f"decks[{i}]", str(exc))
    if problems:
        raise ConfigError(f"{where}: " + "; ".join(problems))
