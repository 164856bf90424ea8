"""Self-play training with MaskablePPO: ``gaenv train --config quick`` (a built-in config:
quick or standard) or ``--config FILE.yaml`` (or ``python -m gaenv.agents.train ...``).

The learner plays `SelfPlayEnv` in ``n_envs`` environments (``SubprocVecEnv``),
its seat alternating; each game's opponent is drawn from a pool by the
config's weights: reference agents, and frozen snapshots of the learner saved
every ``snapshot_every`` steps. Optionally the policy first imitates a
teacher agent, the heuristic by default (``pretrain``), and ``shaping`` adds a
potential-based reward from the search agent's position score. One folder per
run holds the resolved config, checkpoints, TensorBoard logs, the snapshot
pool, periodic evaluation results (``eval.csv``), the learning curve
(``curve.png``), ``best_model.zip`` (the evaluation with the best mean win
rate so far) and ``final_model.zip``.
``--resume CHECKPOINT`` continues a run from one of its checkpoints.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import functools
import multiprocessing
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from gaenv.agents.base import Agent
from gaenv.agents.evaluate import PairResult, evaluate
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.ppo import BEST_MODEL, FINAL_MODEL
from gaenv.agents.registry import make
from gaenv.agents.search import evaluate as position_worth
from gaenv.agents.train_config import TrainConfig, load
from gaenv.env.actions import N_ACTIONS
from gaenv.env.aec import AGENTS, raw_env
from gaenv.env.config import ConfigError
from gaenv.env.single import SelfPlayEnv
from gaenv.env.view import View

SNAPSHOTS = "pool"
CHECKPOINTS = "checkpoints"


class OpponentPool(Agent):
    """The opponent for one training environment: at each new game it draws an agent
    by weight; ``snapshots`` draws one of the latest frozen learners in ``folder``."""

    name = "pool"
    needs_view = True

    def __init__(self, weights: dict[str, float], folder: Path, seed: int,
                 max_snapshots: int) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self.folder = folder
        self.max_snapshots = max_snapshots
        self.fixed = {spec: make(spec, f"{seed}:{spec}") for spec in weights if spec != "snapshots"}
        self.current: Agent = next(iter(self.fixed.values()), HeuristicAgent())

    def reseed(self, seed: int | str) -> None:
        self.rng.seed(seed)
        for agent in self.fixed.values():
            reseed = getattr(agent, "reseed", None)
            if reseed is not None:
                reseed(f"{seed}:{agent.name}")

    def new_game(self) -> None:
        snapshots = sorted(self.folder.glob("snapshot_*.zip"))[-self.max_snapshots:]
        choices = [(spec, w) for spec, w in self.weights.items()
                   if w > 0 and (spec != "snapshots" or snapshots)]
        spec = self.rng.choices([c[0] for c in choices], [c[1] for c in choices])[0]
        if spec != "snapshots":
            self.current = self.fixed[spec]
            return
        from gaenv.agents.ppo import PPOAgent  # loaded policies are cached per process

        self.current = PPOAgent(self.rng.choice(snapshots), deterministic=False)

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        agent = self.current
        return agent.act(observation, mask, view if agent.needs_view else None)


class Potential:
    """The shaping potential: ``weight`` times the search agent's score of the position
    for the seat (`gaenv.agents.search.evaluate`), rescaled from [0, 1] to [-1, 1]."""

    def __init__(self, weight: float) -> None:
        self.weight = weight

    def __call__(self, game: Any, seat: int) -> float:
        return self.weight * (2.0 * position_worth(game, seat) - 1.0)


def make_env(config: TrainConfig, folder: Path, rank: int) -> Any:
    """A factory for environment ``rank`` (SubprocVecEnv builds it in its own process)."""
    def build() -> SelfPlayEnv:
        import torch
        from stable_baselines3.common.monitor import Monitor

        if config.vec_env == "subproc":
            torch.set_num_threads(1)  # snapshot opponents must not compete for the cores

        seed = config.seed * 1000 + rank
        pool = OpponentPool(config.opponents, folder / SNAPSHOTS, seed, config.max_snapshots)
        potential = Potential(config.shaping) if config.shaping else None
        return Monitor(SelfPlayEnv(opponent=pool, seed=seed, potential=potential,
                                   gamma=config.ppo.gamma, **config.env_config()))
    return build


def _vec_env(config: TrainConfig, folder: Path) -> Any:
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    factories = [make_env(config, folder, rank) for rank in range(config.n_envs)]
    if config.vec_env == "subproc" and config.n_envs > 1:
        return SubprocVecEnv(factories, start_method="fork")
    return DummyVecEnv(factories)


# --- imitation warm start ---------------------------------------------------------------

def imitation_data(config: TrainConfig) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Observations, masks, actions and value targets of the teacher's decisions in
    ``pretrain.games`` games against the config's reference opponents (drawn by their
    weights), the teacher's seat alternating. The games are played in batches by
    ``pretrain.workers`` processes; each is seeded by its number, so the data do not
    depend on how many. A value target is the discounted outcome, less the shaping
    potential when the config shapes rewards (the value a shaped learner should
    predict)."""
    settings = config.pretrain
    batches = [range(start, min(start + IMITATION_BATCH, settings.games))
               for start in range(0, settings.games, IMITATION_BATCH)]
    workers = min(settings.workers, len(batches))
    if workers <= 1:
        parts = [_imitation_games(config, batch) for batch in batches]
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context) as executor:
            parts = list(executor.map(_imitation_games, [config] * len(batches), batches))
    games = [game for part in parts for game in part]
    return tuple(np.concatenate([g[k] for g in games])  # type: ignore[return-value]
                 for k in range(4))


IMITATION_BATCH = 10  # games per task handed to a worker (small, to keep workers even)
GameData = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _imitation_games(config: TrainConfig, games: range) -> list[GameData]:
    """The imitation data (observations, masks, actions, value targets) of each game of
    ``games``, in order."""
    potential = Potential(config.shaping) if config.shaping else None
    weights = {s: w for s, w in config.opponents.items() if s != "snapshots" and w > 0}
    env = raw_env(seed=config.seed, **config.env_config())
    out = []
    for game in games:
        teacher = make(config.pretrain.teacher, f"teacher:{game}")
        draw = random.Random(f"{config.seed}:pretrain:{game}")
        spec = draw.choices(list(weights), list(weights.values()))[0]
        opponent = make(spec, f"pretrain:{game}")
        seat = game % 2
        seats = (teacher, opponent) if seat == 0 else (opponent, teacher)
        env.reset(seed=config.seed * 100_003 + game)
        observations, masks, actions, potentials = [], [], [], []
        while not env.game.over:
            player = AGENTS.index(env.agent_selection)
            obs = env.observe(env.agent_selection)
            action = env.ask(seats[player])
            if player == seat:
                observations.append(obs["observation"])
                masks.append(obs["action_mask"].astype(bool))
                actions.append(action)
                potentials.append(potential(env.game, seat) if potential else 0.0)
            env.step(action)
        outcome = env.rewards[f"player_{seat}"]
        n = len(actions)
        returns = np.array([outcome * config.ppo.gamma ** (n - 1 - i) for i in range(n)],
                           dtype=np.float32) - np.array(potentials, dtype=np.float32)
        # (explicit widths: a teacher can end a game without a decision of its own)
        out.append((np.array(observations, dtype=np.float32).reshape(n, env.encoder.size),
                    np.array(masks, dtype=bool).reshape(n, N_ACTIONS),
                    np.array(actions, dtype=np.int64), returns))
    return out


def pretrain(model: Any, config: TrainConfig, log: Any) -> None:
    import torch

    settings = config.pretrain
    obs, masks, actions, returns = imitation_data(config)
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=settings.learning_rate)
    rng = np.random.default_rng(config.seed)
    for epoch in range(settings.epochs):
        order = rng.permutation(len(actions))
        losses, hits = [], 0
        for start in range(0, len(order), settings.batch_size):
            idx = order[start:start + settings.batch_size]
            values, log_prob, _ = policy.evaluate_actions(
                torch.as_tensor(obs[idx]), torch.as_tensor(actions[idx]),
                action_masks=torch.as_tensor(masks[idx]))
            value_loss = torch.nn.functional.mse_loss(values.flatten(),
                                                      torch.as_tensor(returns[idx]))
            loss = -log_prob.mean() + 0.5 * value_loss
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            with torch.no_grad():
                dist = policy.get_distribution(torch.as_tensor(obs[idx]), action_masks=masks[idx])
                hits += int((dist.get_actions(deterministic=True).numpy() == actions[idx]).sum())
        log(f"imitation epoch {epoch + 1}/{settings.epochs}: loss {np.mean(losses):.3f}, "
            f"agrees with the teacher on {hits / len(actions):.1%} of {len(actions)} decisions")


# --- evaluation and the curve -----------------------------------------------------------

def evaluate_model(model_file: Path, config: TrainConfig, steps: int,
                   folder: Path) -> list[PairResult]:
    """Play the evaluation opponents from the saved model (the same seeds every time,
    so that evaluations compare); append to eval.csv and redraw curve.png. Returns
    the model's result against each opponent."""
    spec = f"ppo:{model_file}"
    evaluation = evaluate([spec, *config.eval_opponents], config.eval_games, seed=10_000,
                          turn_limit=config.turn_limit,
                          decks=list(config.decks) if config.decks else None, focus=spec)
    rows = [r for r in evaluation.results if r.agent == spec]
    path = folder / "eval.csv"
    new = not path.exists()
    with open(path, "a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(["steps", "opponent", "games", "wins", "losses", "draws",
                             "win_rate", "ci_low", "ci_high"])
        for r in rows:
            writer.writerow([steps, r.opponent, r.games, r.wins, r.losses, r.draws,
                             f"{r.win_rate:.4f}", f"{r.ci_low:.4f}", f"{r.ci_high:.4f}"])
    plot_curve(path, folder / "curve.png")
    return rows


def plot_curve(csv_path: Path, png_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series: dict[str, list[tuple[int, float, float, float]]] = {}
    with open(csv_path) as f:
        for row in csv.DictReader(f):
            series.setdefault(row["opponent"], []).append(
                (int(row["steps"]), float(row["win_rate"]), float(row["ci_low"]),
                 float(row["ci_high"])))
    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent, points in series.items():
        steps = [p[0] for p in points]
        ax.plot(steps, [p[1] for p in points], marker="o", label=f"vs {opponent}")
        ax.fill_between(steps, [p[2] for p in points], [p[3] for p in points], alpha=0.2)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlabel("training steps")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend()
    ax.set_title(png_path.parent.name)
    fig.tight_layout()
    fig.savefig(png_path, dpi=100)
    plt.close(fig)


def _save_atomically(model: Any, path: Path) -> None:
    """Save under a temporary name, then rename: an environment process looking for
    snapshots never sees a half-written file."""
    partial = path.with_name(path.name + ".partial")
    with open(partial, "wb") as file:
        model.save(file)
    os.replace(partial, path)


def _best_so_far(folder: Path) -> float:
    """The best mean win rate over one evaluation in the run's eval.csv (-1 if none):
    a resumed run keeps its best model unless it beats it."""
    path = folder / "eval.csv"
    if not path.exists():
        return -1.0
    by_steps: dict[str, list[float]] = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            by_steps.setdefault(row["steps"], []).append(float(row["win_rate"]))
    return max((sum(rates) / len(rates) for rates in by_steps.values()), default=-1.0)


def _callback(config: TrainConfig, folder: Path, log: Any) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class Periodic(BaseCallback):
        """Snapshots for the opponent pool, checkpoints and evaluations on schedule."""

        def __init__(self) -> None:
            super().__init__()
            self.next = {"snapshot": 0, "checkpoint": 0, "eval": 0}
            self.best = _best_so_far(folder)

        def _on_training_start(self) -> None:
            steps = self.model.num_timesteps
            for key, every in (("snapshot", config.snapshot_every),
                               ("checkpoint", config.checkpoint_every),
                               ("eval", config.eval_every)):
                self.next[key] = (steps // every + 1) * every

        def _on_step(self) -> bool:
            steps = self.model.num_timesteps
            if steps >= self.next["snapshot"]:
                _save_atomically(self.model, folder / SNAPSHOTS / f"snapshot_{steps:09d}.zip")
                self.next["snapshot"] += config.snapshot_every
            if steps >= self.next["checkpoint"]:
                self.model.save(folder / CHECKPOINTS / f"step_{steps:09d}.zip")
                self.next["checkpoint"] += config.checkpoint_every
            if steps >= self.next["eval"]:
                model_file = folder / CHECKPOINTS / f"eval_{steps:09d}.zip"
                self.model.save(model_file)
                rows = evaluate_model(model_file, config, steps, folder)
                for r in rows:
                    log(f"eval at {steps:,} steps vs {r.opponent}: {r.win_rate:.0%} "
                        f"({r.ci_low:.0%}-{r.ci_high:.0%}, {r.games} games)")
                score = sum(r.win_rate for r in rows) / len(rows)
                if score > self.best:
                    os.replace(model_file, folder / BEST_MODEL)
                    self.best = score
                    log(f"best so far (mean win rate {score:.1%}): {folder / BEST_MODEL}")
                else:
                    model_file.unlink()
                self.next["eval"] += config.eval_every
            return True

    return Periodic()


def new_model(config: TrainConfig, env: Any, tensorboard: Path | None = None) -> Any:
    """A fresh MaskablePPO learner: card embeddings and one shared layer
    (`gaenv.agents.policy.CardEmbeddingExtractor`), then the policy and value heads."""
    from sb3_contrib import MaskablePPO

    from gaenv.agents.policy import CardEmbeddingExtractor

    ppo = config.ppo
    return MaskablePPO(
        "MlpPolicy", env, learning_rate=ppo.learning_rate, n_steps=ppo.n_steps,
        batch_size=ppo.batch_size, n_epochs=ppo.n_epochs, gamma=ppo.gamma,
        gae_lambda=ppo.gae_lambda, clip_range=ppo.clip_range, ent_coef=ppo.ent_coef,
        vf_coef=ppo.vf_coef, max_grad_norm=ppo.max_grad_norm, seed=config.seed,
        policy_kwargs={
            "features_extractor_class": CardEmbeddingExtractor,
            "features_extractor_kwargs": {"features_dim": ppo.features_dim,
                                          "embedding_dim": ppo.embedding_dim},
            "net_arch": {"pi": list(ppo.net_arch), "vf": list(ppo.net_arch)}},
        device="cpu", tensorboard_log=str(tensorboard) if tensorboard else None, verbose=0)


def train(config: TrainConfig, folder: Path | None = None, resume: Path | None = None,
          progress_bar: bool = True, log: Any = None) -> Path:
    """Run one training; returns the run folder. ``log`` gets each progress line (by
    default printed at once)."""
    import torch

    log = log or functools.partial(print, flush=True)
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(os.cpu_count() or 1)
    if resume is not None:
        if folder is not None:
            raise ConfigError("--resume continues the checkpoint's own run folder; "
                              "leave out --out")
        if resume.resolve().parent.name != CHECKPOINTS or not resume.is_file():
            raise FileNotFoundError(f"{resume} is not a checkpoint (expected "
                                    f"<run folder>/{CHECKPOINTS}/step_N.zip)")
        folder = resume.resolve().parent.parent
    elif folder is None:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        folder = Path(config.out_dir) / f"{config.name}-{stamp}"
    if resume is None and folder.exists() and any(folder.iterdir()):
        raise FileExistsError(f"run folder {folder} is not empty: choose another --out, or "
                              "continue it with --resume CHECKPOINT")
    for sub in (SNAPSHOTS, CHECKPOINTS):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    resolved = yaml.safe_dump(config.as_dict(), sort_keys=False)
    if resume is None:
        (folder / "config.yaml").write_text(resolved)
    elif (folder / "config.yaml").read_text() != resolved:
        (folder / "config.resumed.yaml").write_text(resolved)
        log("the config differs from the run's config.yaml; saved as config.resumed.yaml")
    log(f"run folder: {folder}")
    env = _vec_env(config, folder)
    if resume is not None:
        model = MaskablePPO.load(resume, env=env, device="cpu",
                                 tensorboard_log=str(folder / "tb"))
        log(f"resumed from {resume} at {model.num_timesteps:,} steps")
    else:
        model = new_model(config, env, folder / "tb")
        if config.pretrain.games:
            pretrain(model, config, log)
    remaining = config.total_timesteps - model.num_timesteps
    start = time.perf_counter()
    if remaining > 0:
        model.learn(remaining, callback=_callback(config, folder, log),
                    reset_num_timesteps=resume is None, progress_bar=progress_bar)
    seconds = time.perf_counter() - start
    model.save(folder / FINAL_MODEL)
    env.close()
    log(f"trained {max(remaining, 0):,} steps in {seconds:,.0f} s "
        f"({max(remaining, 0) / max(seconds, 1e-9):,.0f} steps/s); model: {folder / FINAL_MODEL}")
    return folder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True, help="a training config (YAML)")
    parser.add_argument("--resume", type=Path, help="continue from this checkpoint (.zip)")
    parser.add_argument("--out", type=Path, help="run folder (default: out_dir/name-time)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    config = load(args.config)
    train(config, folder=args.out, resume=args.resume, progress_bar=not args.no_progress)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gaenv.agents.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
