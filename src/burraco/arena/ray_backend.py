"""Arena games as Ray tasks (the ``ray`` extra): ``burraco arena … --backend ray``.

Each game is one task running :func:`~burraco.arena.runner.run_game`, a pure function of the
config and the game index, so the same seed gives the same results as the process pool. Ray is
imported only here, when asked for: a local Ray (``num_cpus``) unless ``address`` (or the
``RAY_ADDRESS`` variable) names a cluster. ``output`` makes a run resumable, as with the process
pool (:mod:`burraco.arena.output`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from burraco.arena.output import play_resumably
from burraco.arena.runner import ArenaConfig, GameResult, run_job

T = TypeVar("T")
R = TypeVar("R")


def init_ray(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Start (or join) Ray once per process and return the module."""
    import ray

    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS") or None
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False)
    return ray


def map_tasks(
    fn: Callable[[T], R], items: Sequence[T], address: str | None = None, num_cpus: int | None = None
) -> Iterator[R]:
    """``fn`` over ``items`` as Ray tasks, yielding results as they finish (any order)."""
    ray = init_ray(address, num_cpus)
    remote = ray.remote(fn)
    pending = [remote.remote(item) for item in items]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])


def run_arena_ray(
    config: ArenaConfig,
    address: str | None = None,
    num_cpus: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    output: str | Path | None = None,
) -> list[GameResult]:
    """Play every game of ``config`` as Ray tasks; results sorted by game index."""

    def play(indices: list[int], record: Callable[[GameResult], None]) -> None:
        for result in map_tasks(run_job, [(config, i) for i in indices], address, num_cpus):
            record(result)

    return play_resumably(config, play, output, on_result)
