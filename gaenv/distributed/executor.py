"""Games on a Ray cluster's workers: ``gaenv eval --backend ray`` and ``gaenv balance
--backend ray`` hand their games to `RayExecutor` instead of local processes.

It is a `concurrent.futures.Executor`: each ``submit`` runs the function as a Ray task
and returns the task's future, so the callers' loops (``map``, ``as_completed``) stay the
same. A game's result never depends on where it runs (each job carries its seeds)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from gaenv.distributed import ray_module


class RayExecutor(Executor):
    """Runs tasks on Ray: a cluster at ``address`` (``auto``, ``HOST:PORT``), else a local
    Ray started with ``workers`` CPUs."""

    def __init__(self, workers: int = 0, address: str = "") -> None:
        self._ray = ray_module()
        if not self._ray.is_initialized():
            self._ray.init(address=address or None, num_cpus=None if address else workers or None,
                           include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        self._remote = self._ray.remote(_call)
        self._tasks: list[Any] = []  # the Ray tasks submitted, for cancel_futures

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        task = self._remote.remote(fn, args, kwargs)
        self._tasks.append(task)
        return task.future()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel the unfinished tasks if asked (Ctrl-C in a balance study); Ray itself
        keeps running (a later call reuses it; a cluster is not ours to stop)."""
        if cancel_futures:
            unfinished = self._ray.wait(self._tasks, num_returns=len(self._tasks), timeout=0)[1]
            for task in unfinished:
                self._ray.cancel(task)
        self._tasks = []


def _call(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return fn(*args, **kwargs)
