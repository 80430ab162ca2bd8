"""Arena games as Ray tasks (the ``ray`` extra): ``burraco arena … --backend ray``.

Each game is one task running :func:`~burraco.arena.runner.run_game`, a pure function of the
config and the game index, so the same seed gives the same results as the process pool. Ray is
imported only here, when asked for: a local Ray (``num_cpus``) unless ``address`` (or the
``RAY_ADDRESS`` variable) names a cluster. ``output`` makes a run resumable: every finished game
is appended as one JSON line, after a first line holding the config; running again with the same
file plays only the games it lacks (a file of another config is refused).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from burraco.arena.runner import ArenaConfig, GameResult, run_game

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


def map_tasks(fn: Callable[[T], R], items: Sequence[T], address: str | None = None,
              num_cpus: int | None = None) -> Iterator[R]:
    """``fn`` over ``items`` as Ray tasks, yielding results as they finish (any order)."""
    ray = init_ray(address, num_cpus)
    remote = ray.remote(fn)
    pending = [remote.remote(item) for item in items]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])


def result_to_dict(result: GameResult) -> dict[str, Any]:
    return dataclasses.asdict(result)


def result_from_dict(data: dict[str, Any]) -> GameResult:
    return GameResult(data["index"], data["a_side"], data["outcome"], data["a_points"], data["b_points"],
                      tuple(data["hand_diffs"]), data["seconds"], tuple(data.get("saved", ())))


def read_output(path: Path, config: ArenaConfig) -> list[GameResult]:
    """The games a previous run of ``config`` wrote to ``path`` (none if the file is new)."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    if header.get("config") != dataclasses.asdict(config):
        raise ValueError(f"{path} holds games of another arena run: {header.get('config')}")
    results = []
    for line in lines[1:]:
        try:
            results.append(result_from_dict(json.loads(line)))
        except (ValueError, KeyError):
            break  # a line cut short by an interrupted run: that game is played again
    return results


def _play(job: tuple[ArenaConfig, int]) -> GameResult:
    return run_game(*job)


def run_arena_ray(config: ArenaConfig, address: str | None = None, num_cpus: int | None = None,
                  on_result: Callable[[GameResult], None] | None = None,
                  output: str | Path | None = None) -> list[GameResult]:
    """Play every game of ``config`` as Ray tasks; results sorted by game index."""
    path = Path(output) if output is not None else None
    results = read_output(path, config) if path is not None else []
    done = {r.index for r in results}
    for result in results:
        if on_result is not None:
            on_result(result)
    if path is not None:
        _rewrite(path, config, results)
    todo = [(config, i) for i in range(config.games) if i not in done]
    for result in map_tasks(_play, todo, address, num_cpus):
        results.append(result)
        if path is not None:
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(result_to_dict(result)) + "\n")
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda r: r.index)
    return results


def _rewrite(path: Path, config: ArenaConfig, results: list[GameResult]) -> None:
    """The header and the complete lines only (drops a line an interrupted run cut short)."""
    lines = [json.dumps({"config": dataclasses.asdict(config)})]
    lines += [json.dumps(result_to_dict(r)) for r in results]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
