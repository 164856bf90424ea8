"""``rllib:PATH``: a policy trained with ``gaenv train --backend rllib`` as an agent, so
``gaenv eval``, ``play``, ``watch`` and balance studies use it like any other.

PATH is a run folder (its ``checkpoint/``) or an RLlib algorithm checkpoint folder. The
learner's RLModule (``main``) is loaded alone, without starting Ray; it plays greedily:
the legal action of highest probability."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.distributed import ray_module
from gaenv.distributed.train import CHECKPOINT, LEARNER
from gaenv.env.view import View

_MODULE = ("learner_group", "learner", "rl_module", LEARNER)


def module_folder(path: str | Path) -> Path:
    """The learner's RLModule folder inside a run folder or a checkpoint (FileNotFoundError
    naming what is missing)."""
    root = Path(path)
    for base in (root / CHECKPOINT, root):
        folder = base.joinpath(*_MODULE)
        if folder.is_dir():
            return folder
    raise FileNotFoundError(f"no RLlib policy at {path}: expected a run folder of gaenv "
                            f"train --backend rllib, or its {CHECKPOINT}/ folder")


class RllibAgent(Agent):
    def __init__(self, path: str | Path) -> None:
        ray_module()  # a clear error when the extra is not installed
        import torch
        from ray.rllib.core.rl_module.rl_module import RLModule

        self._torch = torch
        self.module: Any = RLModule.from_checkpoint(module_folder(path))
        self.module.eval()

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        torch = self._torch
        batch = {"obs": {"observations": torch.as_tensor(observation[None], dtype=torch.float32),
                         "action_mask": torch.as_tensor(mask[None], dtype=torch.float32)}}
        with torch.no_grad():
            logits = self.module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        return int(np.flatnonzero(mask)[np.argmax(logits[mask.astype(bool)])])
