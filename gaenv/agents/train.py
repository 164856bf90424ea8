"""Self-play training with MaskablePPO: ``gaenv train --config quick`` (a built-in config:
quick, standard or shipped) or ``--config FILE.yaml`` (or ``python -m gaenv.agents.train ...``).

The learner plays `SelfPlayEnv` in ``n_envs`` environments, all in this process
(``vec_env: dummy``, what the built-in configs use) or one process each
(``vec_env: subproc``), its seat alternating; each game's opponent is drawn
from a pool by the config's weights: agent specs, and frozen snapshots of the
learner saved every ``snapshot_every`` steps. Optionally the policy first
imitates a teacher agent, the heuristic by default (``pretrain``), and
``shaping`` adds a potential-based reward from the search agent's position
score. One folder per run holds the resolved config, checkpoints (the first
one, step 0, is the policy PPO starts from), TensorBoard logs, the snapshot
pool, periodic evaluation results (``eval.csv``), the learning curve
(``curve.png``), ``best_model.zip`` (the evaluation with the best mean win
rate so far) and ``final_model.zip``.

Every config value is checked before anything starts. Ctrl-C stops a run:
during PPO it saves a checkpoint and prints the command that resumes it;
``--resume CHECKPOINT`` continues a run from any of its checkpoints. A run
folder left without a checkpoint (stopped during imitation) can be started
again in place with the same ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import functools
import multiprocessing
import os
import random
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import yaml

from gaenv import configs
from gaenv.agents.base import Agent
from gaenv.agents.evaluate import PairResult, evaluate
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.ppo import (
    BEST_MODEL,
    FINAL_MODEL,
    LAYOUT,
    check_layout,
    layout,
    load_model,
    saved_layout,
)
from gaenv.agents.registry import make
from gaenv.agents.search import position_worth
from gaenv.agents.train_config import TrainConfig, load
from gaenv.env.aec import AGENTS, raw_env_for
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
                 max_snapshots: int, cards: tuple[str, ...] | None = None) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self.folder = folder
        self.max_snapshots = max_snapshots
        self.cards = cards  # the card files the games are played with (None: built-in)
        self.fixed = {spec: make(spec, f"{seed}:{spec}", cards)
                      for spec in weights if spec != "snapshots"}
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

        self.current = PPOAgent(self.rng.choice(snapshots), deterministic=False,
                                pool=self.cards, seed=self.rng.getrandbits(64))

    @property
    def reads_observation(self) -> bool:  # type: ignore[override]
        """Whether the agent playing this game reads the observation."""
        return self.current.reads_observation

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: View | None = None) -> int:
        agent = self.current
        return agent.act(observation, mask, view if agent.needs_view else None)


class Potential:
    """The shaping potential: ``weight`` times the search agent's score of the position
    for the seat (`gaenv.agents.search.evaluate`), rescaled from [0, 1] to [-1, 1]."""

    def __init__(self, weight: float) -> None:
        self.weight = weight

    def __call__(self, game: Any, seat: int) -> float:
        return self.weight * (2.0 * position_worth(game, seat) - 1.0)


def make_env(config: TrainConfig, folder: Path, rank: int, subprocess: bool) -> Any:
    """A factory for environment ``rank`` (built in its own process if ``subprocess``);
    its episode statistics come from the ``VecMonitor`` around the vectorised
    environments."""
    def build() -> SelfPlayEnv:
        if subprocess:
            import torch

            torch.set_num_threads(1)  # snapshot opponents must not compete for the cores
            _ignore_interrupts()

        seed = config.seed * 1000 + rank
        pool = OpponentPool(config.opponents, folder / SNAPSHOTS, seed, config.max_snapshots,
                            config.pool_files())
        potential = Potential(config.shaping) if config.shaping else None
        return SelfPlayEnv(opponent=pool, seed=seed, potential=potential,
                           gamma=config.ppo.gamma, **config.env_config())
    return build


def _vec_env(config: TrainConfig, folder: Path) -> Any:
    """``subproc``: one process per environment; ``dummy``: all in this process, the
    snapshot opponents' moves computed in one forward pass across them
    (`gaenv.agents.batched.BatchedVecEnv`)."""
    from stable_baselines3.common.vec_env import SubprocVecEnv, VecMonitor

    from gaenv.agents.batched import BatchedVecEnv

    subprocess = config.vec_env == "subproc" and config.n_envs > 1
    factories = [make_env(config, folder, rank, subprocess) for rank in range(config.n_envs)]
    if subprocess:
        return VecMonitor(SubprocVecEnv(factories, start_method="fork"))
    return VecMonitor(BatchedVecEnv(factories))


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _bar(enabled: bool, total: int, description: str, unit: str) -> Any:
    """A progress bar (tqdm, on stderr); a silent one unless ``enabled``."""
    from tqdm import tqdm

    return tqdm(total=total, desc=description, unit=unit, disable=not enabled,
                dynamic_ncols=True)


def _write(line: str) -> None:
    """Print a line of the training log without breaking a progress bar."""
    from tqdm import tqdm

    tqdm.write(line)


# --- imitation warm start ---------------------------------------------------------------

def imitation_data(config: TrainConfig, progress: Callable[[int], object] | None = None,
                   learner: Learner | None = None, first: int = 0
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Observations, masks, actions and value targets of the teacher's decisions in
    ``pretrain.games`` games (numbered from ``first``) against the config's reference
    opponents (drawn by their weights), the teacher's seat alternating. The games are
    played in batches by ``pretrain.workers`` processes; each is seeded by its number, so
    the data do not depend on how many. With a ``learner`` (observation, mask -> action)
    the learner moves in the teacher's seat and the teacher only labels its decisions
    (DAgger: the positions the policy itself reaches), in this process. A value target
    is the discounted outcome, less the shaping potential when the config shapes rewards
    (the value a shaped learner should predict). ``progress`` is told how many more games
    are done after each batch."""
    end = first + config.pretrain.games
    batches = [range(start, min(start + IMITATION_BATCH, end))
               for start in range(first, end, IMITATION_BATCH)]
    games = []
    for batch, part in zip(batches, _played(config, batches, learner), strict=True):
        games.extend(part)
        if progress is not None:
            progress(len(batch))
    return tuple(np.concatenate([g[k] for g in games])  # type: ignore[return-value]
                 for k in range(4))


IMITATION_BATCH = 10  # games per task handed to a worker (small, to keep workers even)
GameData = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
Learner = Callable[[np.ndarray, np.ndarray], int]


def _played(config: TrainConfig, batches: Sequence[range], learner: Learner | None = None
            ) -> Iterator[list[GameData]]:
    """Each batch's games, in order, played in ``pretrain.workers`` processes (spawned: a
    parent that has loaded torch would hand forked ones a thread pool they deadlock on);
    with a ``learner``, in this process."""
    play = functools.partial(_imitation_games, config, learner=learner)
    workers = 1 if learner is not None else min(config.pretrain.workers, len(batches))
    if workers <= 1:
        yield from map(play, batches)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=_ignore_interrupts) as pool:  # stopped on leaving
        yield from pool.imap(play, batches)


def _imitation_games(config: TrainConfig, games: range, learner: Learner | None = None
                     ) -> list[GameData]:
    """The imitation data (observations, masks, actions, value targets) of each game of
    ``games``, in order; the ``learner``, if any, moves in the teacher's seat."""
    potential = Potential(config.shaping) if config.shaping else None
    weights = {s: w for s, w in config.opponents.items() if s != "snapshots" and w > 0}
    env = raw_env_for(seed=config.seed, **config.env_config())
    n_actions = env.action_space(AGENTS[0]).n
    size = env.observation_space(AGENTS[0])["observation"].shape[0]
    cards = config.pool_files()
    out = []
    for game in games:
        teacher = make(config.pretrain.teacher, f"teacher:{game}", cards)
        draw = random.Random(f"{config.seed}:pretrain:{game}")
        spec = draw.choices(list(weights), list(weights.values()))[0]
        opponent = make(spec, f"pretrain:{game}", cards)
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
                if learner is not None:
                    action = learner(obs["observation"], masks[-1])
            env.step(action)
        outcome = env.rewards[f"player_{seat}"]
        n = len(actions)
        returns = np.array([outcome * config.ppo.gamma ** (n - 1 - i) for i in range(n)],
                           dtype=np.float32) - np.array(potentials, dtype=np.float32)
        # (explicit widths: a teacher can end a game without a decision of its own)
        out.append((np.array(observations, dtype=np.float32).reshape(n, size),
                    np.array(masks, dtype=bool).reshape(n, n_actions),
                    np.array(actions, dtype=np.int64), returns))
    return out


def pretrain(model: Any, config: TrainConfig, folder: Path, log: Callable[[str], object],
             bars: bool) -> None:
    """Imitation: the teacher's games, then ``pretrain.epochs`` passes over their decisions;
    then, ``pretrain.dagger`` times, as many games where the policy plays the teacher's
    seat and the teacher labels its decisions (DAgger), added to the data, and the same
    passes over all of it. Loss and agreement go to the log and to TensorBoard
    (``tb/imitation``)."""
    import torch
    from stable_baselines3.common.logger import configure

    settings = config.pretrain
    policy = model.policy

    def learner(observation: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            dist = policy.get_distribution(torch.as_tensor(observation[None]),
                                           action_masks=mask[None])
            return int(dist.get_actions(deterministic=True)[0])

    optimizer = torch.optim.Adam(policy.parameters(), lr=settings.learning_rate)
    rng = np.random.default_rng(config.seed)
    tensorboard = configure(str(folder / "tb" / "imitation"), ["tensorboard"])
    data: list[tuple[np.ndarray, ...]] = []
    epoch = 0
    for round_ in range(settings.dagger + 1):
        whose = "the teacher's games" if round_ == 0 else f"DAgger round {round_}: the " \
                                                          "policy's games"
        with _bar(bars, settings.games, whose, "game") as bar:
            data.append(imitation_data(config, bar.update, learner if round_ else None,
                                       first=round_ * settings.games))
        obs, masks, actions, returns = (np.concatenate(part) for part in zip(*data,
                                                                              strict=True))
        batches = range(0, len(actions), settings.batch_size)
        with _bar(bars, settings.epochs * len(batches), "imitation epochs", "batch") as bar:
            for _ in range(settings.epochs):
                epoch += 1
                bar.set_description(f"imitation epoch {epoch}")
                order = rng.permutation(len(actions))
                losses, hits = [], 0
                for start in batches:
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
                        dist = policy.get_distribution(torch.as_tensor(obs[idx]),
                                                       action_masks=masks[idx])
                        hits += int((dist.get_actions(deterministic=True).numpy()
                                     == actions[idx]).sum())
                    bar.update()
                agreement = hits / len(actions)
                log(f"imitation epoch {epoch}/{settings.epochs * (settings.dagger + 1)}: "
                    f"loss {np.mean(losses):.3f}, agrees with the teacher on {agreement:.1%} "
                    f"of {len(actions)} decisions")
                tensorboard.record("imitation/loss", float(np.mean(losses)))
                tensorboard.record("imitation/agreement", agreement)
                tensorboard.dump(epoch)
    tensorboard.close()


# --- evaluation and the curve -----------------------------------------------------------

def evaluate_model(model_file: Path, config: TrainConfig, steps: int, folder: Path,
                   bars: bool = False, seconds: float = 0.0) -> list[PairResult]:
    """Play the evaluation opponents from the saved model (the same seeds every time,
    so that evaluations compare); append to eval.csv (with ``seconds``, the training
    time so far) and redraw curve.png. Returns the model's result against each
    opponent."""
    spec = f"ppo:{model_file}"
    games = config.eval_games * len(config.eval_opponents)
    with _bar(bars, games, f"evaluation at {steps:,} steps", "game") as bar:
        evaluation = evaluate([spec, *config.eval_opponents], config.eval_games, seed=10_000,
                              turn_limit=config.turn_limit,
                              decks=list(config.decks) if config.decks else None, focus=spec,
                              game=config.game, progress=lambda done, total: bar.update(),
                              pool=config.pool_files())
    rows = [r for r in evaluation.results if r.agent == spec]
    path = folder / "eval.csv"
    new = not path.exists()
    with open(path, "a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(["steps", "opponent", "games", "wins", "losses", "draws",
                             "win_rate", "ci_low", "ci_high", "seconds"])
        for r in rows:
            writer.writerow([steps, r.opponent, r.games, r.wins, r.losses, r.draws,
                             f"{r.win_rate:.4f}", f"{r.ci_low:.4f}", f"{r.ci_high:.4f}",
                             f"{seconds:.1f}"])
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


def checkpoint_path(folder: Path, steps: int) -> Path:
    return folder / CHECKPOINTS / f"step_{steps:09d}.zip"


def _callback(config: TrainConfig, folder: Path, log: Callable[[str], object],
              bars: bool) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class Periodic(BaseCallback):
        """After each PPO update (and at the end): snapshots for the opponent pool,
        checkpoints and evaluations when due, each labelled with the steps the weights
        have learnt from (``trained``); and the progress bar."""

        every: ClassVar[dict[str, int]] = {"snapshot": config.snapshot_every,
                                           "checkpoint": config.checkpoint_every,
                                           "eval": config.eval_every}

        def __init__(self) -> None:
            super().__init__()
            self.next: dict[str, int] = {}  # the steps each task is due at next
            self.best = _best_so_far(folder)
            self.trained = 0
            self.bar: Any = None  # the progress bar, once PPO has started
            # The training clock: from now (imitation included), evaluations left out.
            self.started = time.perf_counter()
            self.evaluating = 0.0

        def _on_training_start(self) -> None:
            steps = self.trained = self.model.num_timesteps
            self._schedule(steps, self.every)
            # PPO collects whole rollouts, so it may run past total_timesteps.
            rollout = self.model.n_steps * self.model.n_envs
            todo = -(-(self.locals["total_timesteps"] - steps) // rollout) * rollout
            self.bar = _bar(bars, todo, "PPO", "step")

        def _on_step(self) -> bool:
            self.bar.update(self.model.n_envs)
            return True

        def _on_rollout_start(self) -> None:  # the previous rollout has been learnt
            self._after_update()

        def _on_training_end(self) -> None:
            self._after_update()
            self.bar.close()

        def _schedule(self, steps: int, tasks: Iterable[str]) -> None:
            for task in tasks:
                self.next[task] = (steps // self.every[task] + 1) * self.every[task]

        def _after_update(self) -> None:
            steps = self.trained = self.model.num_timesteps
            due = [task for task, at in self.next.items() if steps >= at]
            if "snapshot" in due:
                _save_atomically(self.model, folder / SNAPSHOTS / f"snapshot_{steps:09d}.zip")
            if "checkpoint" in due:
                _save_atomically(self.model, checkpoint_path(folder, steps))
            if "eval" in due:
                self._evaluate(steps)
            self._schedule(steps, due)

        def _evaluate(self, steps: int) -> None:
            began = time.perf_counter()
            model_file = folder / CHECKPOINTS / f"eval_{steps:09d}.zip"
            self.model.save(model_file)
            rows = evaluate_model(model_file, config, steps, folder, bars,
                                  began - self.started - self.evaluating)
            self.evaluating += time.perf_counter() - began
            for r in rows:
                log(f"eval at {steps:,} steps vs {r.opponent}: {r.win_rate:.0%} "
                    f"({r.ci_low:.0%}-{r.ci_high:.0%}, {r.games} games)")
                self.logger.record(f"eval/win_rate vs {r.opponent}", r.win_rate)
            score = sum(r.win_rate for r in rows) / len(rows)
            self.logger.record("eval/mean_win_rate", score)
            self.logger.dump(steps)
            if score > self.best:
                os.replace(model_file, folder / BEST_MODEL)
                self.best = score
                log(f"best so far (mean win rate {score:.1%}): {folder / BEST_MODEL}")
            else:
                model_file.unlink()

    return Periodic()


def _fitted_layout(config: TrainConfig) -> dict[str, Any]:
    """The `layout` a policy trained with ``config`` fits (its environments' observation,
    the advice piece included when the policy reads it)."""
    return layout(config.pool_files(), config.game, config.observation,
                  bool(config.env_config().get("advice", False)))


def new_model(config: TrainConfig, env: Any, tensorboard: Path | None = None) -> Any:
    """A fresh MaskablePPO learner: card embeddings and one shared layer
    (`gaenv.agents.policy.CardEmbeddingExtractor`, given the pool's printed card features
    over a compact observation; for the duel one shared layer, `DenseExtractor`), then
    the policy and value heads. It records the game, card pool and observation layout it
    fits (saved with it)."""
    from sb3_contrib import MaskablePPO

    from gaenv.agents.policy import (
        AdvisedExtractor,
        AdvisedPolicy,
        CardEmbeddingExtractor,
        DenseExtractor,
    )

    ppo = config.ppo
    cards = _fitted_layout(config)
    extractor: tuple[type, dict[str, Any]] = (
        (DenseExtractor, {"features_dim": ppo.features_dim}) if config.game == "duel" else
        (CardEmbeddingExtractor, {"features_dim": ppo.features_dim,
                                  "embedding_dim": ppo.embedding_dim,
                                  "cards": int(cards["cards"])}))
    policy: Any = "MlpPolicy"
    net_arch = {"pi": list(ppo.net_arch), "vf": list(ppo.net_arch)}
    advised = {}
    if ppo.advice_weight:  # the advice piece: the action space's size, last
        policy, net_arch["pi"] = AdvisedPolicy, []
        extractor = (AdvisedExtractor, {"inner": extractor[0], "advice": int(env.action_space.n),
                                        **extractor[1]})
        advised = {"advice_weight": ppo.advice_weight}
    model = MaskablePPO(
        policy, env, learning_rate=ppo.learning_rate, n_steps=ppo.n_steps,
        batch_size=ppo.batch_size, n_epochs=ppo.n_epochs, gamma=ppo.gamma,
        gae_lambda=ppo.gae_lambda, clip_range=ppo.clip_range, ent_coef=ppo.ent_coef,
        vf_coef=ppo.vf_coef, max_grad_norm=ppo.max_grad_norm, seed=config.seed,
        policy_kwargs={
            "features_extractor_class": extractor[0],
            "features_extractor_kwargs": extractor[1], "net_arch": net_arch, **advised},
        device="cpu", tensorboard_log=str(tensorboard) if tensorboard else None, verbose=0)
    if config.observation == "compact":  # the printed features it looks up
        from gaenv.cards.schema import pool_of
        from gaenv.env.observation import Encoder

        table = Encoder(pool_of(config.pool_files())).printed_table()
        extractor_now = model.policy.features_extractor
        (extractor_now.inner if ppo.advice_weight else extractor_now).set_card_table(table)
    setattr(model, LAYOUT, cards)
    return model


def train(config: TrainConfig, folder: Path | None = None, resume: Path | None = None,
          progress_bar: bool = True, log: Callable[[str], object] = _write) -> Path:
    """Run one training; returns the run folder. ``log`` gets each line of the log.
    On Ctrl-C (KeyboardInterrupt) it saves a checkpoint if PPO has started, logs how to
    go on, and raises KeyboardInterrupt again."""
    import torch

    torch.set_num_threads(os.cpu_count() or 1)
    if resume is not None:
        if folder is not None:
            raise ConfigError("--resume continues the checkpoint's own run folder; "
                              "leave out --out")
        if resume.resolve().parent.name != CHECKPOINTS or not resume.is_file():
            raise FileNotFoundError(f"{resume} is not a checkpoint (expected "
                                    f"<run folder>/{CHECKPOINTS}/step_N.zip)")
        saved = saved_layout(resume)
        check_layout(saved, config.pool_files(), str(resume))
        wanted = _fitted_layout(config)
        if saved["observation_layout"] != wanted["observation_layout"]:
            raise ConfigError(f"{resume}: the checkpoint reads another observation than this "
                              f"config makes ({saved['observation_size']} floats, this config "
                              f"{wanted['observation_size']}): resume it with the config it "
                              f"was trained with, {resume.resolve().parent.parent}/config.yaml")
        folder = resume.resolve().parent.parent
    elif folder is None:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        folder = Path(config.out_dir) / f"{config.name}-{stamp}"
    if resume is None and folder.exists() and any(folder.iterdir()):
        if not (folder / "config.yaml").is_file() or _checkpoints(folder):
            raise FileExistsError(f"run folder {folder} is not empty: choose another --out, or "
                                  "continue it with --resume CHECKPOINT")
        log(f"{folder} holds a run stopped before its first checkpoint: starting it again")
        shutil.rmtree(folder / "tb", ignore_errors=True)
    for sub in (SNAPSHOTS, CHECKPOINTS):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    resolved = yaml.safe_dump(config.as_dict(), sort_keys=False)
    config_file = folder / "config.yaml"
    if resume is None:
        config_file.write_text(resolved)
    elif config_file.read_text() != resolved:
        config_file = folder / "config.resumed.yaml"
        config_file.write_text(resolved)
        log(f"the config differs from the run's config.yaml; saved as {config_file.name}")
    log(f"run folder: {folder}")
    env = _vec_env(config, folder)
    callback = _callback(config, folder, log, progress_bar)
    model = None
    try:
        if resume is not None:
            model = load_model(resume, env=env, tensorboard_log=str(folder / "tb"))
            log(f"resumed from {resume} at {model.num_timesteps:,} steps")
        else:
            model = new_model(config, env, folder / "tb")
            if config.pretrain.games:
                pretrain(model, config, folder, log, progress_bar)
            _save_atomically(model, checkpoint_path(folder, 0))
            log(f"the policy PPO starts from: {checkpoint_path(folder, 0)}")
        start_steps = model.num_timesteps
        start = time.perf_counter()
        if config.total_timesteps > start_steps:
            model.learn(config.total_timesteps - start_steps, callback=callback,
                        reset_num_timesteps=resume is None)
    except KeyboardInterrupt:
        _interrupted(model, callback, folder, config_file, log)
        raise
    finally:
        env.close()
    seconds = time.perf_counter() - start
    done = model.num_timesteps - start_steps
    model.save(folder / FINAL_MODEL)
    log(f"trained {done:,} PPO steps in {seconds:,.0f} s ({done / max(seconds, 1e-9):,.0f} "
        f"steps/s), {model.num_timesteps:,} in all; model: {folder / FINAL_MODEL}")
    return folder


def _checkpoints(folder: Path) -> list[Path]:
    return sorted((folder / CHECKPOINTS).glob("step_*.zip"))


def _interrupted(model: Any, callback: Any, folder: Path, config_file: Path,
                 log: Callable[[str], object]) -> None:
    """After Ctrl-C: during PPO, save the weights as a checkpoint labelled with the steps
    they have learnt from (an unfinished rollout is collected again on resuming); then
    log the command that goes on."""
    if callback.bar is not None:
        callback.bar.close()
        path = checkpoint_path(folder, callback.trained)
        if not path.exists():
            model.num_timesteps = callback.trained
            _save_atomically(model, path)
    checkpoints = _checkpoints(folder)
    if checkpoints:
        log(f"stopped; the latest checkpoint is {checkpoints[-1]}. Continue with:\n"
            f"  gaenv train --config {config_file} --resume {checkpoints[-1]}")
    else:
        log(f"stopped before PPO started: no checkpoint yet. Start again in place with:\n"
            f"  gaenv train --config {config_file} --out {folder}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True,
                        help=f"a training config: a built-in name "
                             f"({', '.join(configs.names('train'))}) or a YAML file")
    parser.add_argument("--resume", type=Path,
                        help="continue from this checkpoint (.zip); with --backend rllib, "
                             "the run folder to continue")
    parser.add_argument("--out", type=Path, help="run folder (default: out_dir/name-time; "
                                                 "rllib: runs/NAME)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--pool", type=Path, metavar="DIR",
                        help="train on the cards of this import folder (gaenv cards import; "
                             "sets the config's card_pool)")
    parser.add_argument("--decks", nargs=2, metavar=("A", "B"),
                        help="the decks of player 0 and player 1 (names or files), replacing "
                             "the config's decks")
    parser.add_argument("--backend", choices=("sb3", "rllib"), default="sb3",
                        help="Stable-Baselines3's MaskablePPO on this machine (default), or "
                             "Ray RLlib (the distributed extra; docs/distributed.md)")
    parser.add_argument("--address", default="",
                        help="rllib: the Ray cluster to train on (auto, HOST:PORT); default: "
                             "the config's, else a local Ray")


def run(args: argparse.Namespace) -> int:
    if args.backend == "rllib":
        from gaenv.distributed.train import run as run_rllib

        return run_rllib(args)
    overrides = {**({"card_pool": str(args.pool)} if args.pool else {}),
                 **({"decks": list(args.decks)} if args.decks else {})}
    config = load(args.config, overrides)
    if config.decks is not None:
        from gaenv.cli import flag_vanilla

        flag_vanilla(config.decks, config.pool_files())
    train(config, folder=args.out, resume=args.resume, progress_bar=not args.no_progress)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m gaenv.agents.train ...`` is ``gaenv train ...`` (the same errors too)."""
    from gaenv.cli import main as gaenv

    return gaenv(["train", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
