"""``burraco analyse``: JSON lines, the tables, and one clear line with exit code 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.analysis import scenarios
from typer.testing import CliRunner

from burraco.analysis import THRESHOLDS, Label, Reason, label_for
from burraco.analysis.labels import escalated
from burraco.bots.base import play_hand
from burraco.bots.heuristic import HeuristicBot
from burraco.cli.app import app
from burraco.core.hand import Hand
from burraco.core.history import read_history, write_history

runner = CliRunner()


def _history_file(tmp_path: Path, seed: int, players: int = 2) -> Path:
    hand = play_hand(Hand.deal(players=players, seed=seed), [HeuristicBot(seed=s) for s in range(players)])
    path = tmp_path / f"hand{seed}.txt"
    path.write_text(write_history(hand, seed=seed), encoding="utf-8")
    return path


def _lines(path: Path, *args: str) -> list[dict[str, object]]:
    result = runner.invoke(app, ["analyse", str(path), "--json", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_json_lines_hold_their_promises(tmp_path: Path, seed: int, players: int) -> None:
    path = _history_file(tmp_path, seed, players)
    steps = read_history(path.read_text(encoding="utf-8")).steps
    lines = _lines(path, "--budget-ms", "10", "--seed", "1")
    assert lines
    by_seat: dict[int, list[int]] = {}
    for line in lines:
        assert set(line) == {"step", "seat", "played", "best", "loss", "label", "reason"}
        loss = line["loss"]
        assert isinstance(loss, float) and loss >= 0.0
        reason = Reason(line["reason"]) if line["reason"] else None
        assert line["label"] == escalated(label_for(loss), reason).value
        step, seat = line["step"], line["seat"]
        assert isinstance(step, int) and isinstance(seat, int)
        assert steps[step].seat == seat
        assert steps[step].kind == str(line["played"]).split()[0]
        by_seat.setdefault(seat, []).append(step)
    assert sorted(by_seat) == list(range(players))
    for seat_steps in by_seat.values():
        assert seat_steps == sorted(set(seat_steps))


def test_one_seat_and_the_same_seed_give_the_same_lines(tmp_path: Path) -> None:
    path = _history_file(tmp_path, 31)
    first = _lines(path, "--seat", "1", "--budget-ms", "10", "--seed", "4")
    assert first and {line["seat"] for line in first} == {1}
    assert _lines(path, "--seat", "1", "--budget-ms", "10", "--seed", "4") == first


def test_the_tables_show_the_blunder_in_italian(tmp_path: Path) -> None:
    scenario = scenarios.feed()
    path = tmp_path / "feed.txt"
    path.write_text(scenario.history.to_text(), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--seat", "0"])
    assert result.exit_code == 0, result.output
    assert "precisione" in result.stdout
    assert "discard 10S" in result.stdout
    assert any(word in result.stdout for word in ("errore", "grave errore"))


def test_the_blunder_line_of_the_feed(tmp_path: Path) -> None:
    scenario = scenarios.feed()
    path = tmp_path / "feed.txt"
    path.write_text(scenario.history.to_text(), encoding="utf-8")
    lines = _lines(path, "--seat", "0")
    blunder = next(line for line in lines if line["step"] == scenario.step)
    assert blunder["reason"] == "feeds"
    assert blunder["label"] in ("mistake", "blunder")
    assert isinstance(blunder["loss"], float) and blunder["loss"] >= THRESHOLDS[2]
    assert Label(blunder["label"]) in (Label.MISTAKE, Label.BLUNDER)


@pytest.mark.parametrize(
    ("content", "args", "expected"),
    [
        (None, [], "cannot read"),
        ("hello\n", [], "not a valid hand history"),
        (b"\xff\xfe\x00", [], "not a hand history"),
        ("ok", ["--seat", "7"], "this hand's seats are 0 to 1"),
        ("ok", ["--budget-ms", "0"], "--budget-ms must be positive"),
        ("illegal", [], "the history fails"),
    ],
    ids=["missing file", "not a history", "not text", "bad seat", "bad budget", "illegal action"],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, content: str | bytes | None, args: list[str], expected: str
) -> None:
    path = tmp_path / "history.txt"
    if content == "ok":
        path = _history_file(tmp_path, 3)
    elif content == "illegal":
        text = scenarios.feed().history.to_text(annotate=False)
        path.write_text(text + "1 discard 2C\n", encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("errore: ") and expected in lines[0]
    assert "Traceback" not in result.stderr


def test_bench_analysis_reviews_the_hands_it_is_given(tmp_path: Path) -> None:
    """With ``--save`` holding a hand, the bench reviews it instead of playing one (no champion run)."""
    (tmp_path / "hand000.txt").write_text(_history_file(tmp_path, 12).read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(
        app, ["bench", "analysis", "--hands", "1", "--save", str(tmp_path), "--budget-ms", "10", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    labels = figures["labels"]
    assert figures["decisions"] == sum(labels.values()) > 0
    good = (labels["best"] + labels["good"]) / figures["decisions"]
    assert figures["share_best_or_good"] == round(good, 4)
    assert 0.0 <= figures["accuracy_mean"] <= 100.0
    assert figures["loss_p50"] <= figures["loss_p90"] <= figures["loss_max"]


def test_the_command_runs_as_a_program(tmp_path: Path) -> None:
    """The installed entry point: JSON lines on stdout, the progress bar (if any) on stderr only."""
    path = _history_file(tmp_path, 41)
    done = subprocess.run(
        [sys.executable, "-m", "burraco.cli.app", "analyse", str(path), "--seat", "0", "--json", "--budget-ms", "5"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines and all(line["seat"] == 0 for line in lines)
