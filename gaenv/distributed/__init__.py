"""Training and playing on Ray (the optional ``distributed`` extra): RLlib training with
action masking and self-play through the environment (`gaenv.distributed.train`), RLlib
checkpoints as agents (``rllib:PATH``, `gaenv.distributed.agent`), and games spread over
a Ray cluster's workers (`gaenv.distributed.executor`). docs/distributed.md.

Nothing here is imported by the rest of gaenv unless a user asks for Ray: the core keeps
working without it (and with any gymnasium from 1.2; Ray 2.60 pins 1.2.2)."""

from __future__ import annotations

from types import ModuleType

INSTALL_HINT = "install the distributed extra: pip install 'gaenv[distributed]'"


class RayMissing(RuntimeError):
    """Ray (with RLlib) is not installed."""


def ray_module() -> ModuleType:
    """The ``ray`` module, or `RayMissing` saying how to install it."""
    try:
        import ray
        import ray.rllib  # (the extra installs ray[rllib])
    except ImportError:
        raise RayMissing(f"this needs Ray with RLlib: {INSTALL_HINT}") from None
    return ray
