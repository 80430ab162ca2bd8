"""``burraco replay`` and ``burraco fuzz``: output, JSON, exit codes 0/1/2, failure files."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from burraco.cli import fuzz_cmd
from burraco.cli.app import app
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.history import HandHistory, Step, read_history, replay, write_history
from burraco.core.options import Rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "hand-history.md"


def _burraco(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "burraco.cli.app", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


def _example() -> str:
    return re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[0]


def _finished_hand(seed: int = 5, players: int = 4) -> Hand:
    hand = Hand.deal(players=players, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


# ----------------------------------------------------------------------------- replay
def test_replay_json_of_a_finished_hand(tmp_path: Path) -> None:
    hand = _finished_hand()
    path = tmp_path / "hand.txt"
    path.write_text(write_history(hand, seed=5), encoding="utf-8")
    out = _burraco("replay", str(path), "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] is True and report["error"] is None
    assert report["actions"] == report["total_actions"] == len(HandHistory.from_hand(hand, seed=5).steps)
    assert report["end_reason"] == hand.end_reason and report["over"] is True
    assert [side["seats"] for side in report["sides"]] == [[0, 2], [1, 3]]
    for side, score in zip(report["sides"], hand.scores(), strict=True):
        assert side["total"] == score.total == sum(item["points"] for item in side["items"])
        assert side["items"] == [i.to_dict() for i in score.items]


def test_replay_text_of_the_documented_example(tmp_path: Path) -> None:
    path = tmp_path / "example.txt"
    path.write_text(_example(), encoding="utf-8")
    out = _burraco("replay", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "2 players, rules fibur, dealer 1, explicit deal"
    assert lines[1] == "12 actions replayed: all legal"
    assert lines[2] == "end: closed by seat 0"
    assert "side 0 (seats 0): score 505" in out.stdout and "side 1 (seats 1): score -210" in out.stdout
    assert "    +100  closing" in out.stdout and "    -100  pozzetto not taken" in out.stdout


def test_replay_stops_at_the_first_illegal_action_with_exit_1(tmp_path: Path) -> None:
    lines = _example().splitlines()
    index = lines.index("0 discard QS")
    lines[index] = "0 discard AS"  # seat 0 holds no AS
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = _burraco("replay", str(path), "--json")
    assert out.returncode == 1, out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] is False and report["actions"] == 2
    assert report["error"] == {
        "index": 2,
        "line": index + 1,
        "action": "0 discard AS",
        "reason": "AS is not in your hand",
    }
    assert report["end_reason"] == "unfinished" and report["to_play"] == 0 and report["phase"] == "play"
    text = _burraco("replay", str(path))
    assert text.returncode == 1
    assert (
        f"2 actions replayed, then action 2 (line {index + 1}) '0 discard AS' is illegal: AS is not in your hand"
        in text.stdout
    )
    assert "provisional score" in text.stdout


def test_replay_of_an_unfinished_hand_is_fine(tmp_path: Path) -> None:
    block = re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]
    path = tmp_path / "unfinished.txt"
    path.write_text(block, encoding="utf-8")
    out = _burraco("replay", str(path), "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] is True and report["over"] is False and report["end_reason"] == "unfinished"
    assert report["actions"] == 9 and report["to_play"] == 3
    text = _burraco("replay", str(path))
    assert "unfinished: seat 3 to play" in text.stdout and "provisional score" in text.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("burraco-history 1\nplayers 9\n", r"line 2: players must be 2, 3 or 4"),
        ("hello\n", r"line 1: not a burraco hand history"),
        (b"\xff\xfe\x00", r"cannot read"),
    ],
)
def test_replay_of_a_malformed_file_exits_2_with_one_line(tmp_path: Path, content: str | bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    out = _burraco("replay", str(path))
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and out.stderr.startswith("error: ")
    assert re.search(message, out.stderr), out.stderr
    assert "Traceback" not in out.stderr


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    out = _burraco("replay", str(tmp_path / "nope.txt"), "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: cannot read") and len(out.stderr.strip().splitlines()) == 1


# ----------------------------------------------------------------------------- fuzz
def test_fuzz_prints_a_summary_and_exits_0(tmp_path: Path) -> None:
    out = _burraco("fuzz", "--hands", "6", "--players", "3", "--seed", "40", "--out", str(tmp_path / "f"))
    assert out.returncode == 0, out.stdout + out.stderr
    line = out.stdout.strip()
    assert re.fullmatch(
        r"fuzz: 6 hands, 3 players, rules fibur, seeds 40\.\.45: \d+ actions in [\d.]+ s "
        r"\([\d,]+ actions/s\); end reasons: .+; no invariant violated",
        line,
    ), line
    assert not (tmp_path / "f").exists()


@pytest.mark.parametrize("args", [["--players", "5"], ["--hands", "0"], ["--rules", "nope"], ["--pozzetti", "eleven"]])
def test_fuzz_bad_options_exit_2(args: list[str]) -> None:
    out = _burraco("fuzz", "--hands", "1", *args)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr


def test_fuzz_violation_writes_the_failing_hand_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checks = {"n": 0}
    real = fuzz_cmd.check_hand

    def failing_check(hand: Hand) -> str:
        checks["n"] += 1
        return "planted violation" if checks["n"] == 30 else real(hand)

    monkeypatch.setattr(fuzz_cmd, "check_hand", failing_check)
    result = CliRunner().invoke(app, ["fuzz", "--hands", "3", "--players", "2", "--seed", "9", "--out", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "invariant violated in hand 0 (seed 9)" in result.output and "planted violation" in result.output
    path = Path(result.output.strip().splitlines()[-1].removeprefix("history written to "))
    assert path.parent == tmp_path and path.name == "fuzz-2p-seed9.txt"
    text = path.read_text(encoding="utf-8")
    assert "# fuzz violation: planted violation" in text
    history = read_history(text)
    assert history.seed == 9 and len(history.steps) == 29
    assert len(replay(history).log) >= 29


def test_fuzz_engine_exception_appends_the_failing_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_apply = Hand.apply
    calls = {"n": 0}

    def exploding_apply(self: Hand, action: Action) -> object:
        calls["n"] += 1
        if calls["n"] == 12:
            raise RuntimeError("boom")
        return real_apply(self, action)

    monkeypatch.setattr(Hand, "apply", exploding_apply)
    result = CliRunner().invoke(app, ["fuzz", "--hands", "2", "--players", "4", "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "raised RuntimeError: boom" in result.output
    monkeypatch.setattr(Hand, "apply", real_apply)
    history = read_history((tmp_path / "fuzz-4p-seed3.txt").read_text(encoding="utf-8"))
    assert len(history.steps) == 12  # 11 applied, then the one that raised
    replayed = replay(history)  # the real engine accepts it: the failure was planted
    assert len(HandHistory.from_hand(replayed, seed=3).steps) == 12


def test_check_hand_detects_a_lost_and_a_duplicated_card() -> None:
    hand = Hand.deal(players=2, seed=1)
    assert fuzz_cmd.check_hand(hand) == ""
    hand.stock[0] = hand.stock[1]  # one card kind twice, another missing: the count is still 108
    assert hand.card_count() == 108
    assert "not the deck's 108" in fuzz_cmd.check_hand(hand)
    other = Hand.deal(players=2, seed=1, rules=Rules(max_turns=10))
    other.turns = 11
    assert "turn cap" in fuzz_cmd.check_hand(other)
    assert Step(0, "draw") == Step(0, "draw")


@pytest.mark.parametrize("seed", ["-1", str(1 << 63)])
def test_fuzz_seed_out_of_range_is_a_usage_error(seed: str) -> None:
    result = CliRunner().invoke(app, ["fuzz", "--hands", "2", "--seed", seed])
    assert result.exit_code == 2
    assert "seeds run from 0" in result.output
    assert "invariant" not in result.output


def test_replay_of_an_endless_file_is_refused_unread() -> None:
    result = _burraco("replay", "/dev/zero")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: /dev/zero is larger than 1024 KiB: not a hand history"
