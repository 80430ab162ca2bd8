"""Resumable arena output: one JSON line per finished game, after a first line holding the config.

Both backends (the process pool and Ray) write through :func:`play_resumably`: every game is
appended as soon as it ends, so an interrupted run (a crash, a machine lost, Ctrl-C) keeps what
it played, and running again with the same file plays only the games it lacks. Running again
with more games (``--matches 200`` after ``--matches 100``) extends the run: game ``i`` is the
same game whatever the count (its deal and bots come from the seed and ``i``). A file written for
another configuration, or for more games than asked, is refused.

>>> import tempfile
>>> from burraco.arena.runner import ArenaConfig, run_arena
>>> path = Path(tempfile.mkdtemp()) / "games.jsonl"
>>> config = ArenaConfig("heuristic", "random", games=2, seed=3)
>>> first = run_arena(config, output=path)
>>> again = run_arena(config, output=path)  # nothing left to play: read back from the file
>>> again == first, len(path.read_text().splitlines())
(True, 3)
>>> longer = run_arena(dataclasses.replace(config, games=3), output=path)  # extended by one game
>>> longer[:2] == first, len(path.read_text().splitlines())
(True, 4)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from burraco.arena.config import ArenaConfig, GameResult


class OutputMismatchError(ValueError):
    """The output file holds the games of another arena configuration."""


Player = Callable[[list[int], Callable[[GameResult], None]], None]
"""Plays the given game indices, handing each result to the callback as it finishes."""


def result_to_dict(result: GameResult) -> dict[str, Any]:
    return dataclasses.asdict(result)


def result_from_dict(data: dict[str, Any]) -> GameResult:
    return GameResult(
        data["index"],
        data["a_side"],
        data["outcome"],
        data["a_points"],
        data["b_points"],
        tuple(data["hand_diffs"]),
        data["seconds"],
        tuple(data.get("saved", ())),
        tuple(tuple(b) for b in data.get("blunders", ())),
    )


def read_output(path: Path, config: ArenaConfig) -> list[GameResult]:
    """The games a previous run of ``config`` wrote to ``path`` (none if the file is new)."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    written = header.get("config")
    if not isinstance(written, dict) or _without_count(written) != _without_count(dataclasses.asdict(config)):
        raise OutputMismatchError(
            f"{path} holds the games of another arena run ({written}): "
            "give another file, or the same bots, seed and options"
        )
    if written.get("games", 0) > config.games:
        raise OutputMismatchError(
            f"{path} holds a run of {written['games']} games: ask for at least as many "
            "(a run is extended, never cut), or give another file"
        )
    results = []
    for line in lines[1:]:
        try:
            results.append(result_from_dict(json.loads(line)))
        except (ValueError, KeyError):
            break  # a line cut short by an interrupted run: that game is played again
    return results


def _without_count(config: dict[str, Any]) -> dict[str, Any]:
    """An arena configuration but for its number of games (which extending a run changes)."""
    return {key: value for key, value in config.items() if key != "games"}


def rewrite(path: Path, config: ArenaConfig, results: list[GameResult]) -> None:
    """The header and the complete lines only (drops a line an interrupted run cut short)."""
    lines = [json.dumps({"config": dataclasses.asdict(config)})]
    lines += [json.dumps(result_to_dict(r)) for r in results]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def play_resumably(
    config: ArenaConfig,
    play: Player,
    output: str | Path | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Every game of ``config``: those already in ``output`` read back, the others played and appended."""
    path = Path(output) if output is not None else None
    results = read_output(path, config) if path is not None else []
    done = {r.index for r in results}
    for result in results:
        if on_result is not None:
            on_result(result)
    if path is not None:
        rewrite(path, config, results)

    def record(result: GameResult) -> None:
        results.append(result)
        if path is not None:
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(result_to_dict(result)) + "\n")
        if on_result is not None:
            on_result(result)

    play([i for i in range(config.games) if i not in done], record)
    results.sort(key=lambda r: r.index)
    return results
