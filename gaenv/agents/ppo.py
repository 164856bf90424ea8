"""A saved MaskablePPO policy as an agent (needs the ``train`` extra: torch, sb3-contrib).

A policy fits one card pool (its card vocabulary) and one observation layout:
`new_model` records both in the model (`LAYOUT`, saved in the zip's ``data``), and a
model recording others, or none, is refused with a message naming both pools (not a
torch size mismatch). A pool is given as its card files (``None``: the built-in pool),
as the environment's ``pool`` takes it."""

from __future__ import annotations

import functools
import hashlib
import json
import random
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.agents.registry import AgentSpecError
from gaenv.cards.schema import pool_of
from gaenv.env import advice
from gaenv.env.actions import N_ACTIONS
from gaenv.env.view import View

FINAL_MODEL = "final_model.zip"  # what a training run folder holds when it finishes
BEST_MODEL = "best_model.zip"    # the run's best evaluated model, once it has evaluated
LAYOUT = "gaenv_layout"          # the model attribute recording what it was trained on


class ModelMismatchError(AgentSpecError):
    """A saved model trained on another card pool or observation layout."""


BUILT_IN = "the built-in cards"


def pool_name(pool: tuple[str, ...] | None) -> str:
    """How messages name a card pool given as card files (None: the built-in pool): the
    folder they are in (an import folder), else the files."""
    if pool is None:
        return BUILT_IN
    folders = {str(Path(f).parent) for f in pool}
    return folders.pop() if len(folders) == 1 else ", ".join(pool)


@functools.cache
def layout(pool: tuple[str, ...] | None = None, game: str = "ga",
           observation: str = "full", advised: bool = False) -> dict[str, str | int | bool]:
    """What a policy's weights fit: the card pool of these card files (None: the built-in
    pool), by digest and name, its size (the card vocabulary), the observation
    (``full`` or ``compact``, with or without the ``advice`` piece) and action layout (a
    digest of what `gaenv layout` prints of it) and their sizes; a duel policy records
    ``game: duel`` instead of a pool (its digest is that of the duel's cards). A full
    observation's record has no ``observation`` key, and one without advice no
    ``advice`` key (as models saved before either)."""
    if game == "duel":
        from gaenv.duel.cards import CARD_FILE
        from gaenv.env.duel import duel_raw_env, layout_markdown

        env = duel_raw_env()
        return {"game": "duel",
                "card_pool": hashlib.sha256(CARD_FILE.read_bytes()).hexdigest()[:12],
                "card_pool_name": "the duel's cards",
                "observation_layout": hashlib.sha256(layout_markdown().encode()
                                                     ).hexdigest()[:12],
                "observation_size": env.encoder.size, "actions": env.layout.size}
    from gaenv.env.observation import Encoder, compact_markdown, markdown

    encoder = Encoder(pool_of(pool), compact=observation == "compact")
    described = (markdown(encoder) + (compact_markdown(encoder) if encoder.compact else "")
                 + (advice.MARKDOWN if advised else ""))
    return {"card_pool": encoder.pool.version, "card_pool_name": pool_name(pool),
            "cards": len(encoder.pool.cards),
            **({"observation": observation} if encoder.compact else {}),
            **({"advice": True} if advised else {}),
            "observation_layout": hashlib.sha256(described.encode()).hexdigest()[:12],
            "observation_size": encoder.observation_size + (N_ACTIONS if advised else 0),
            "actions": N_ACTIONS}


def check_model(path: Path, pool: tuple[str, ...] | None = None) -> None:
    """ModelMismatchError unless the model saved at ``path`` records the card pool of
    these card files (None: the built-in pool) and this observation layout."""
    check_layout(saved_layout(path), pool, str(path))


def saved_layout(path: Path) -> Any:
    """The `layout` the model saved at ``path`` recorded (None if it recorded none)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return json.loads(archive.read("data")).get(LAYOUT)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise ModelMismatchError(f"{path}: not a saved MaskablePPO model ({exc})") from None


def check_layout(saved: Any, pool: tuple[str, ...] | None, where: str) -> None:
    """ModelMismatchError (naming ``where``) unless ``saved``, the `layout` a policy
    recorded when it was trained, is that of its game now: for Grand Archive, of the card
    pool of these card files (None: the built-in pool) and of this observation layout."""
    if not isinstance(saved, dict):
        raise ModelMismatchError(f"{where}: the model does not record the card pool and "
                                 "observation layout it was trained on (saved before gaenv "
                                 "recorded them); train it again")
    now = layout(pool, str(saved.get("game", "ga")), str(saved.get("observation", "full")),
                 bool(saved.get("advice", False)))
    problems = []
    if saved.get("card_pool") != now["card_pool"]:
        # (models saved before pools had names were all trained on the built-in pool)
        name = saved.get("card_pool_name", BUILT_IN)
        problems.append(f"another card pool ({name}, digest {saved.get('card_pool')}; this "
                        f"game plays {now['card_pool_name']}, digest {now['card_pool']})")
    if saved.get("observation_layout") != now["observation_layout"]:
        problems.append(f"another observation layout ({saved.get('observation_size')} floats "
                        f"and {saved.get('actions')} actions; this one has "
                        f"{now['observation_size']} and {now['actions']})")
    if problems:
        raise ModelMismatchError(f"{where}: the model was trained on {' and '.join(problems)}; "
                                 "train it again for these cards and this gaenv")


# Models shipped in the package, by name (``ppo:default``): trained on the built-in pool
# and this observation layout (a test checks that they still fit).
SHIPPED = Path(__file__).resolve().parent / "models"


def model_path(path: str | Path) -> Path:
    """A model file from a ``.zip`` path, a training run folder (its best evaluated model
    if it has one, else its final model) or the name of a shipped model (``default``)."""
    path = Path(path)
    if not path.exists() and (SHIPPED / f"{path}.zip").is_file():
        return SHIPPED / f"{path}.zip"
    if path.is_dir():
        path = path / BEST_MODEL if (path / BEST_MODEL).is_file() else path / FINAL_MODEL
    if not path.is_file():
        raise FileNotFoundError(f"no saved MaskablePPO model at {path}")
    return path


def load_model(path: Path, **kwargs: Any) -> Any:
    """``MaskablePPO.load``, a policy this gaenv cannot rebuild (its classes' arguments or
    weights changed since it was saved, as the advised extractor's did) named in one
    line."""
    from sb3_contrib import MaskablePPO

    try:
        return MaskablePPO.load(path, device="cpu", **kwargs)
    except (TypeError, KeyError, RuntimeError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ModelMismatchError(f"{path}: this gaenv cannot rebuild the policy saved there "
                                 f"({first}); train it again") from None


@functools.lru_cache(maxsize=8)
def _load(path: Path, mtime: int, pool: tuple[str, ...] | None) -> Any:
    """A policy checked against the card pool ``pool`` and loaded, shared by the agents
    of one process (keyed by file, time and pool)."""
    check_model(path, pool)
    model = load_model(path)
    model.policy.set_training_mode(False)
    return model


@functools.cache
def _compact_columns() -> np.ndarray:
    from gaenv.cards.schema import default_pool
    from gaenv.env.observation import Encoder, compact_columns

    return compact_columns(Encoder(default_pool()))


@functools.cache
def _encoded_sizes() -> tuple[int, int]:
    """The full and the compact observation's sizes (the same for every pool)."""
    from gaenv.cards.schema import default_pool
    from gaenv.env.observation import Encoder

    full = Encoder(default_pool())
    return full.size, len(_compact_columns())


class PPOAgent(Agent):
    """Acts with a trained policy in games of the card pool ``pool`` (card files; None: the
    built-in pool): the most likely legal action if ``deterministic``, else one drawn from
    the policy's distribution over the legal actions with its own generator, seeded by
    ``seed`` (the same seed and positions, the same moves). Agents playing the same saved
    policy (``batch_key``) can have their moves computed in one forward pass
    (`act_batch`), as the training environments do with snapshot opponents."""

    name = "ppo"

    def __init__(self, path: str | Path, deterministic: bool = True,
                 pool: tuple[str, ...] | None = None, seed: int | str | None = None) -> None:
        self.path = model_path(path)
        self.model = _load(self.path.resolve(), self.path.stat().st_mtime_ns, pool)
        self.batch_key = self.model  # the loaded policy, shared by the agents playing it
        self.deterministic = deterministic
        self.rng = random.Random(seed)
        fits = getattr(self.model, LAYOUT, {})
        # A compact policy playing in an environment of full observations keeps their
        # compact columns (gaenv.env.observation.compact_columns).
        self.columns = _compact_columns() if fits.get("observation") == "compact" else None
        # A policy that reads the heuristic's advice (gaenv.env.advice) works the piece
        # out from a view when the environment's observation does not carry it.
        self.advised = bool(fits.get("advice"))
        self.needs_view = self.advised

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        return self.act_batch([self], [observation], [mask], [view])[0]

    def _check_game(self, mask: np.ndarray) -> None:
        if len(mask) != self.model.action_space.n:
            raise ValueError(f"{self.path}: the policy has {self.model.action_space.n} "
                             f"actions and this game {len(mask)}: a policy plays only the "
                             "game it was trained on")

    def fit(self, observation: np.ndarray, view: View | None = None) -> np.ndarray:
        """The vector the policy reads, from an environment's Grand Archive observation:
        the compact columns of a full one for a compact policy; the ``advice`` piece kept,
        dropped or (from ``view``) worked out, as the policy reads it or not."""
        if len(observation) == self.model.observation_space.shape[0]:
            return observation
        full, compact = _encoded_sizes()
        piece = None
        if len(observation) - N_ACTIONS in (full, compact):  # it carries the advice piece
            observation, piece = observation[:-N_ACTIONS], observation[-N_ACTIONS:]
        if self.advised and piece is None:
            if view is None:
                raise ValueError(f"{self.path}: the policy reads the heuristic's advice; play "
                                 "it in an environment made with advice=True, or give it a "
                                 "view of the game")
            piece = advice.flags(view.game, view.options)
        if self.columns is not None and len(observation) == full:
            observation = observation[self.columns]
        return np.concatenate([observation, piece]) if self.advised else observation

    @staticmethod
    def act_batch(agents: Sequence[PPOAgent], observations: Sequence[np.ndarray],
                  masks: Sequence[np.ndarray], views: Sequence[View | None] | None = None
                  ) -> list[int]:
        """The move of each agent (all playing one policy: the same ``batch_key``) for its
        observation and mask (and view, for a policy that reads advice the observation
        may lack: `fit`), from one forward pass over all of them; each agent then takes its
        own most likely or drawn action, so a move is the same whether it is computed
        alone or in a batch."""
        import torch

        model = agents[0].model
        size = model.observation_space.shape[0]
        rows = []
        for agent, observation, mask, view in zip(agents, observations, masks,
                                                  views or [None] * len(agents), strict=True):
            agent._check_game(mask)
            observation = agent.fit(observation, view)
            if len(observation) != size:
                raise ValueError(f"{agent.path}: an observation of {len(observation)} floats; "
                                 f"the policy reads {size}")
            rows.append(observation)
        legal = np.array(masks, dtype=bool)
        policy = model.policy
        with torch.no_grad():  # the policy head's logits (what SB3's distribution is built on)
            features = policy.pi_features_extractor(torch.as_tensor(np.array(rows,
                                                                             dtype=np.float32)))
            logits = policy.action_net(policy.mlp_extractor.forward_actor(features)).numpy()
        return [agent._choose(row, m) for agent, row, m in zip(agents, logits, legal,
                                                               strict=True)]

    def _choose(self, logits: np.ndarray, legal: np.ndarray) -> int:
        """The most likely ``legal`` action, or one drawn by the softmax of ``logits`` over
        the legal actions."""
        actions = np.flatnonzero(legal)
        scores = logits[actions].astype(np.float64)
        if self.deterministic:
            return int(actions[np.argmax(scores)])
        cumulative = np.cumsum(np.exp(scores - scores.max()))
        drawn = np.searchsorted(cumulative, self.rng.random() * cumulative[-1], side="right")
        return int(actions[min(int(drawn), len(actions) - 1)])
