"""Arena games as Ray tasks: the same results as the process pool, resumable JSONL output, Parquet self-play.

One local Ray (2 CPUs, no dashboard) for the whole module, shut down at its end."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from burraco.arena.ray_backend import init_ray, run_arena_ray
from burraco.arena.runner import ArenaConfig, GameResult, run_arena
from burraco.cli.app import app

CONFIG = ArenaConfig("heuristic", "random", players=2, games=4, seed=3)


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    init_ray(num_cpus=2)
    yield
    ray.shutdown()


def _timeless(results: list[GameResult]) -> list[GameResult]:
    return [dataclasses.replace(r, seconds=0.0) for r in results]


def test_ray_gives_the_process_pool_results() -> None:
    assert _timeless(run_arena_ray(CONFIG)) == _timeless(run_arena(CONFIG, workers=2))


def test_output_is_resumable(tmp_path: Path) -> None:
    out = tmp_path / "arena.jsonl"
    full = run_arena_ray(CONFIG, output=out)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + CONFIG.games
    out.write_text("\n".join(lines[:3]) + '\n{"index": 3, "a_si')  # two games kept, one cut short
    seen: list[int] = []
    resumed = run_arena_ray(CONFIG, output=out, on_result=lambda r: seen.append(r.index))
    assert resumed == sorted(resumed, key=lambda r: r.index)
    assert [r.index for r in resumed] == list(range(CONFIG.games)) and len(seen) == CONFIG.games
    assert _timeless(resumed) == _timeless(full)
    assert len(out.read_text().splitlines()) == 1 + CONFIG.games
    assert json.loads(out.read_text().splitlines()[0])["config"]["seed"] == 3


def test_output_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "arena.jsonl"
    run_arena_ray(dataclasses.replace(CONFIG, games=1), output=out)
    with pytest.raises(ValueError, match="another arena run"):
        run_arena_ray(dataclasses.replace(CONFIG, seed=CONFIG.seed + 1), output=out)


def test_cli_backend_ray(tmp_path: Path) -> None:
    out = tmp_path / "cli.jsonl"
    result = CliRunner().invoke(
        app, ["arena", "heuristic", "random", "--hands", "2", "--backend", "ray", "--output", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["backend"] == "ray" and report["games"] == 2
    assert len(out.read_text().splitlines()) == 3


def test_selfplay_parquet(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    from burraco.rl import observation

    out = tmp_path / "selfplay.parquet"
    result = CliRunner().invoke(
        app, ["arena", "heuristic", "random", "--hands", "2", "--backend", "ray", "--selfplay", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["selfplay"]["rows"] == table.num_rows > 20
    assert {"game", "step", "seat", "action_index", "action", "legal_count", "observation", "reward"} <= set(
        table.column_names
    )
    assert len(table.column("observation")[0]) == observation.SIZE
    assert sorted(set(table.column("game").to_pylist())) == [0, 1]
