"""``burraco arena``: a small run through the command line, its JSON, histories and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.options import Rules


def _burraco(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "burraco.cli.app", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_small_arena_run_prints_one_json_object(tmp_path: Path) -> None:
    out = _burraco(
        "arena",
        "heuristic",
        "random",
        "--hands",
        "10",
        "--players",
        "2",
        "--workers",
        "2",
        "--seed",
        "4",
        "--json",
        "--save-histories",
        str(tmp_path),
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)  # exactly one JSON object on stdout (progress goes to stderr)
    assert report["games"] == 10
    a, b = report["results"]
    assert (a["bot"], b["bot"]) == ("heuristic", "random")
    for row in (a, b):
        assert row["wins"] + row["losses"] + row["draws"] == 10
        lo, hi = row["ci95"]
        assert 0.0 <= lo <= row["win_rate"] <= hi <= 1.0
    assert a["wins"] == b["losses"] and a["draws"] == b["draws"]
    assert a["wins"] >= 8
    lo, hi = report["elo_ci95"]
    assert lo <= report["elo_diff"] <= hi and report["elo_diff"] > 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 10 == report["histories"]["files"]
    _replays(files[0])


def _replays(path: Path) -> None:
    """A saved history replays to a finished hand (the core's format, or the plain fallback)."""
    if path.suffix == ".txt":
        from burraco.core.history import read_history, replay

        history = read_history(path.read_text(encoding="utf-8"))
        assert replay(history).is_over
        assert history.names == ("heuristic", "random") or history.names == ("random", "heuristic")
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = Rules(**{**data["rules"]})
    hand = Hand.deal(data["players"], data["seed"], data["dealer"], rules)
    for step in data["actions"]:
        assert hand.to_play == step["seat"]
        hand.apply(Action.parse(step["action"]))
    assert hand.is_over
    assert [s.total for s in hand.scores()] == data["scores"]["totals"]


def test_four_players_and_the_human_readable_table() -> None:
    out = _burraco("arena", "easy", "random", "--hands", "4", "--players", "4", "--workers", "1")
    assert out.returncode == 0, out.stderr
    assert "Elo difference (easy − random)" in out.stdout
    assert "win rate" in out.stdout


def test_matches_mode() -> None:
    out = _burraco("arena", "heuristic", "random", "--matches", "2", "--target", "505", "--workers", "1", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["mode"] == "matches" and report["games"] == 2 and report["hands"] >= 2


def test_unknown_bot_and_bad_options() -> None:
    out = _burraco("arena", "heuristic", "deepblue", "--hands", "2")
    assert out.returncode == 2
    assert "unknown bot 'deepblue'; known bots: random, heuristic, ismcts" in out.stderr
    out = _burraco("arena", "heuristic", "random", "--hands", "2", "--matches", "2")
    assert out.returncode == 2 and "not both" in out.stderr
    out = _burraco("arena", "heuristic", "random", "--players", "3")
    assert out.returncode == 2
