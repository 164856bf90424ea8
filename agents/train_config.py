"""Training configuration (``configs/train/*.yaml``): every key checked, a typo named.

See docs/training.md for what each key means; `TrainConfig` lists the defaults.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaenv.env.config import ConfigError, EnvConfig, section
from gaenv.yamlio import YamlError, load_yaml


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
    embedding_dim: int = 8           # per card identity (agents.policy)
    net_arch: tuple[int, ...] = (128,)  # hidden layers of each of the policy and value heads


@dataclass(frozen=True)
class PretrainSettings:
    """Imitation before PPO: the policy learns the ``teacher`` agent's choices (and the
    value head the games' outcomes) from ``games`` games, played in ``workers``
    processes; 0 games skips it."""

    games: int = 0
    teacher: str = "heuristic"       # an agent spec (agents.registry): heuristic, search, ...
    workers: int = 1                 # processes playing the teacher's games (same data for any)
    epochs: int = 4
    batch_size: int = 256
    learning_rate: float = 1e-3


@dataclass(frozen=True)
class TrainConfig:
    name: str = "run"
    total_timesteps: int = 20_000
    n_envs: int = 2
    vec_env: str = "subproc"                 # subproc or dummy
    seed: int = 0
    decks: tuple[str, str] | None = None     # None: a random built-in pairing per game
    turn_limit: int = 120
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
        return {"decks": self.decks, "turn_limit": self.turn_limit}

    def as_dict(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if isinstance(value, tuple):
                return [plain(v) for v in value]
            if isinstance(value, dict):
                return {k: plain(v) for k, v in value.items()}
            return value
        return {k: plain(v) for k, v in dataclasses.asdict(self).items()}


def load(path: str | Path, overrides: dict[str, Any] | None = None) -> TrainConfig:
    """Read and check a training config file (``overrides`` replace top-level keys)."""
    try:
        raw = load_yaml(Path(path).read_text(), str(path))
    except OSError as exc:
        raise ConfigError(f"cannot read training config {path}: {exc.strerror}") from None
    except YamlError as exc:
        raise ConfigError(str(exc)) from None
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: a training config is a mapping of keys")
    raw.update(overrides or {})
    try:
        config = section(TrainConfig, raw, "", as_given=("decks",))
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    check(config, str(path))
    return config


def check(config: TrainConfig, where: str) -> None:
    from agents.evaluate import ScheduleError, schedule
    from agents.registry import AgentSpecError, make

    problems = []
    if config.vec_env not in ("subproc", "dummy"):
        problems.append(f"'vec_env' must be subproc or dummy, got {config.vec_env!r}")
    for key in ("total_timesteps", "n_envs", "snapshot_every", "checkpoint_every",
                "eval_every", "max_snapshots"):
        if getattr(config, key) < 1:
            problems.append(f"{key!r} must be at least 1")
    if config.shaping < 0:
        problems.append(f"'shaping' must be 0 or more, got {config.shaping}")
    if not any(w for spec, w in config.opponents.items() if spec != "snapshots"):
        problems.append("'opponents' needs a positive weight on an agent besides 'snapshots' "
                        "(there are no snapshots until the first is saved)")
    try:
        schedule(["learner", *config.eval_opponents], config.eval_games, ["deck"], 0,
                 focus="learner")
    except ScheduleError as exc:
        problems.append(f"'eval_opponents'/'eval_games': {exc}")
    if config.pretrain.workers < 1:
        problems.append(f"'pretrain.workers' must be at least 1, got {config.pretrain.workers}")
    specs = [*(s for s in config.opponents if s != "snapshots"), *config.eval_opponents]
    for role, spec in [*(("opponent", s) for s in specs), ("'pretrain.teacher'",
                                                          config.pretrain.teacher)]:
        try:
            make(spec)
        except (AgentSpecError, FileNotFoundError) as exc:
            problems.append(f"{role} {spec!r}: {exc}")
    try:
        EnvConfig.from_kwargs(**config.env_config())
    except ConfigError as exc:
        problems.append(str(exc))
    if problems:
        raise ConfigError(f"{where}: " + "; ".join(problems))
