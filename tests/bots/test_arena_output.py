"""Resumable arena output on the process pool: games appended as they end, a rerun plays the rest."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from burraco.arena.output import OutputMismatchError, read_output
from burraco.arena.runner import ArenaConfig, GameResult, run_arena


def comparable(results: list[GameResult]) -> list[tuple[object, ...]]:
    """A game's result without its wall time."""
    return [(r.index, r.a_side, r.outcome, r.a_points, r.b_points, r.hand_diffs, r.blunders) for r in results]


def test_an_interrupted_run_resumes_to_the_same_results(tmp_path: Path) -> None:
    config = ArenaConfig("heuristic", "random", games=6, seed=11, blunders=True)
    whole = run_arena(config, workers=2)
    path = tmp_path / "games.jsonl"
    run_arena(config, workers=2, output=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["config"]["seed"] == 11
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # two games kept, a third cut short
    assert len(read_output(path, config)) == 2
    played: list[int] = []
    resumed = run_arena(config, workers=2, output=path, on_result=lambda r: played.append(r.index))
    assert comparable(resumed) == comparable(whole)
    assert all(r.blunders for r in resumed)  # the counters survive the file
    assert len(played) == 6 and len(path.read_text().splitlines()) == 7


def test_a_file_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run_arena(ArenaConfig("heuristic", "random", games=2, seed=1), output=path)
    before = path.read_text()
    with pytest.raises(OutputMismatchError, match="another arena run"):
        run_arena(ArenaConfig("heuristic", "random", games=2, seed=2), output=path)
    assert path.read_text() == before


def test_a_run_is_extended_by_asking_for_more_games_never_cut(tmp_path: Path) -> None:
    """Game i is the same game whatever the count: 2 games, then 4 on the same file, read the
    first two back and give the same 4 as a fresh run; asking for fewer is refused, file unchanged."""
    config = ArenaConfig("heuristic", "random", games=2, seed=5)
    path = tmp_path / "games.jsonl"
    run_arena(config, output=path)
    played: list[int] = []
    longer = dataclasses.replace(config, games=4)
    extended = run_arena(longer, output=path, on_result=lambda r: played.append(r.index))
    assert comparable(extended) == comparable(run_arena(longer))
    assert sorted(played) == [0, 1, 2, 3] and len(path.read_text().splitlines()) == 5
    assert json.loads(path.read_text().splitlines()[0])["config"]["games"] == 4
    before = path.read_text()
    with pytest.raises(OutputMismatchError, match="a run of 4 games"):
        run_arena(config, output=path)
    assert path.read_text() == before


def test_the_command_line_resumes_and_names_a_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    base = [
        sys.executable,
        "-m",
        "burraco.cli.app",
        "arena",
        "heuristic",
        "random",
        "--hands",
        "4",
        "--workers",
        "1",
        "--json",
        "--output",
        str(path),
    ]
    first = subprocess.run([*base, "--seed", "3"], capture_output=True, text=True, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    again = subprocess.run([*base, "--seed", "3"], capture_output=True, text=True, timeout=120, check=False)
    assert json.loads(again.stdout)["results"] == json.loads(first.stdout)["results"]
    other = subprocess.run([*base, "--seed", "4"], capture_output=True, text=True, timeout=120, check=False)
    assert other.returncode == 2
    assert "error: burraco arena --output:" in other.stderr and "Traceback" not in other.stderr
