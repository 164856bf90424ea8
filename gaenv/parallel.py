"""Where games run when a command plays many (``gaenv eval``, ``gaenv balance``): worker
processes on this machine, or tasks on Ray (``--backend ray``, the ``distributed``
extra: a local Ray, or a cluster with ``--address``). Either is a
`concurrent.futures.Executor`, so the callers' loops are the same."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

BACKENDS = ("local", "ray")


def executor(workers: int, backend: str = "local", address: str = "",
             initializer: Callable[[], None] | None = None) -> Executor:
    """``workers`` local processes (spawned, not forked: a parent that has loaded a torch
    policy would hand forked workers a thread pool they deadlock on; ``initializer`` runs
    in each), or Ray tasks (at most ``workers`` at once on a local Ray; a cluster's own
    size at ``address``)."""
    if backend == "ray":
        from gaenv.distributed.executor import RayExecutor

        return RayExecutor(workers, address)
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer)
