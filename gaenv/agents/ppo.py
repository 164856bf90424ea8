"""A saved MaskablePPO policy as an agent (needs the ``train`` extra: torch, sb3-contrib)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.env.view import View

FINAL_MODEL = "final_model.zip"  # what a training run folder holds when it finishes
BEST_MODEL = "best_model.zip"    # the run's best evaluated model, once it has evaluated


def model_path(path: str | Path) -> Path:
    """A model file from a ``.zip`` path or a training run folder (its best evaluated
    model if it has one, else its final model)."""
    path = Path(path)
    if path.is_dir():
        path = path / BEST_MODEL if (path / BEST_MODEL).is_file() else path / FINAL_MODEL
    if not path.is_file():
        raise FileNotFoundError(f"no saved MaskablePPO model at {path}")
    return path


@functools.lru_cache(maxsize=8)
def _load(path: Path, mtime: int) -> Any:
    """A loaded policy, shared by the agents of one process (keyed by file and time)."""
    from sb3_contrib import MaskablePPO

    return MaskablePPO.load(path, device="cpu")


class PPOAgent(Agent):
    """Acts with a trained policy, deterministically (the most likely legal action)."""

    name = "ppo"

    def __init__(self, path: str | Path, deterministic: bool = True) -> None:
        self.path = model_path(path)
        self.model = _load(self.path.resolve(), self.path.stat().st_mtime_ns)
        self.deterministic = deterministic

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        action, _ = self.model.predict(observation, action_masks=mask.astype(bool),
                                       deterministic=self.deterministic)
        return int(action)
