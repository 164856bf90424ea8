"""``rllib:PATH``: a policy trained with ``gaenv train --backend rllib`` as an agent, so
``gaenv eval``, ``play``, ``watch`` and balance studies use it like any other.

PATH is a run folder (its ``checkpoint/``) or an RLlib algorithm checkpoint folder in
one. The learner's RLModule (``main``) is loaded alone, without starting Ray, once the
run's ``layout.json`` says it fits the card pool and observation layout of the games it
will play; it plays greedily: the legal action of highest probability."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.agents.ppo import check_layout
from gaenv.distributed import ray_module
from gaenv.distributed.train import CHECKPOINT, LAYOUT, LEARNER
from gaenv.env.view import View

_MODULE = ("learner_group", "learner", "rl_module", LEARNER)


def run_folder(path: str | Path) -> Path:
    """The run folder of a run folder or of its checkpoint (FileNotFoundError naming what
    is missing)."""
    root = Path(path)
    for run in (root, root.parent):
        if (run / CHECKPOINT).joinpath(*_MODULE).is_dir():
            return run
    raise FileNotFoundError(f"no RLlib policy at {path}: expected a run folder of gaenv "
                            f"train --backend rllib, or its {CHECKPOINT}/ folder")


class RllibAgent(Agent):
    def __init__(self, path: str | Path, pool: tuple[str, ...] | None = None) -> None:
        """``pool``: the card files of the games it will play (None: the built-in pool)."""
        ray_module()  # a clear error when the extra is not installed
        import torch
        from ray.rllib.core.rl_module.rl_module import RLModule

        run = run_folder(path)
        try:
            saved = json.loads((run / LAYOUT).read_text())
        except (OSError, ValueError):
            saved = None
        check_layout(saved, pool, str(run))
        self._torch = torch
        self.module: Any = RLModule.from_checkpoint((run / CHECKPOINT).joinpath(*_MODULE))
        self.module.eval()

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        torch = self._torch
        batch = {"obs": {"observations": torch.as_tensor(observation[None], dtype=torch.float32),
                         "action_mask": torch.as_tensor(mask[None], dtype=torch.float32)}}
        with torch.no_grad():
            logits = self.module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        return int(np.flatnonzero(mask)[np.argmax(logits[mask.astype(bool)])])
