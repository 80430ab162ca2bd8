"""``burraco meld``: exit codes 0/1/2, the JSON object, readable output, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from burraco.cli.app import app

KEYS = ["valid", "kind", "burraco", "card_points", "bonus", "reason"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["meld", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def run_json(*args: str) -> tuple[int, dict[str, object]]:
    code, out, _ = run(*args, "--json")
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    data = json.loads(lines[0])
    assert list(data) == KEYS
    return code, data


def test_legal_sequence_json() -> None:
    code, data = run_json("6C JK 8C")
    assert code == 0
    assert data == {"valid": True, "kind": "sequence", "burraco": None, "card_points": 45, "bonus": 0, "reason": None}


def test_legal_burraco_json_with_rules() -> None:
    code, data = run_json("AD 2H 3D 4D 5D 6D 7D 8D 9D", "--rules", "portal")
    assert (code, data["burraco"], data["card_points"], data["bonus"]) == (0, "semi_clean", 80, 150)
    code, data = run_json("AD 2H 3D 4D 5D 6D 7D 8D 9D")
    assert (code, data["burraco"], data["bonus"]) == (0, "dirty", 100)
    code, data = run_json("9S 9S 9D 9D 9H 9H 9C 9C", "--rules", "reale")
    assert (code, data["kind"], data["burraco"], data["card_points"], data["bonus"]) == (
        0,
        "combination",
        "clean",
        80,
        250,
    )
    code, data = run_json("7H 7D JK", "--rules", "home")
    assert (code, data["card_points"]) == (0, 35)


def test_illegal_meld_json_exit_1() -> None:
    code, data = run_json("2H 2D 2C")
    assert code == 1
    assert data["valid"] is False and data["kind"] is None and data["burraco"] is None
    assert data["reason"] == "no combinations of wildcards: twos and jokers cannot form a meld by themselves"
    code, data = run_json("7S 7S 7S")
    assert (code, data["reason"]) == (1, "a third 7S does not exist")


def test_attach_seed_002_examples() -> None:
    code, data = run_json("6C JK 8C", "--attach", "10C")
    assert code == 1 and data["valid"] is False
    assert "one wildcard" in str(data["reason"])
    code, data = run_json("6C JK 8C", "--attach", "7C 10C")
    assert (code, data["valid"], data["kind"], data["card_points"]) == (0, True, "sequence", 60)  # 5 + 5 + 10 + 30 + 10
    code, data = run_json("3C 2C 5C 6C 7C 8C 9C", "--attach", "4C")
    assert (code, data["burraco"], data["bonus"]) == (0, "clean", 200)


def test_attach_to_an_illegal_meld_reports_the_meld() -> None:
    code, data = run_json("2H 2D 2C", "--attach", "3C")
    assert code == 1
    assert str(data["reason"]).startswith("the meld itself is illegal: no combinations of wildcards")


def test_readable_output() -> None:
    code, out, _ = run("6C JK 8C")
    assert code == 0
    assert out == "6C JK=7C 8C (sequence, wildcard fixed): not a burraco, 45 card points, bonus 0\n"
    code, out, _ = run("2C 5C 6C", "--attach", "8C")
    assert code == 0
    assert out.splitlines() == [
        "meld:   2C=4C 5C 6C (sequence, wildcard free)",
        "attach: 8C",
        "5C 6C 2C=7C 8C (sequence, wildcard fixed): not a burraco, 40 card points, bonus 0",
    ]
    code, out, _ = run("3C", "2C", "5C", "6C", "7C", "8C", "9C")  # several arguments work too
    assert (code, out.split(": ")[1]) == (0, "dirty burraco, 60 card points, bonus 100\n")
    code, out, _ = run("6C JK 8C", "--attach", "10C")
    assert code == 1
    assert out.splitlines()[-1] == (
        "illegal: a sequence holds at most one wildcard, so gaps at 7C and 9C cannot both be filled"
    )


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["7H 7X 7S"], "'7X'"),
        (["7H 7X 7S", "--json"], "'7X'"),
        (["7H 7D 7S", "--attach", "8Q"], "'8Q'"),
        (["7H 7D 7S", "--rules", "nope"], "'nope'"),
        (["7H 7D 7S", "--rules", "nope", "--json"], "'nope'"),
    ],
)
def test_malformed_input_exit_2_one_line_no_traceback(args: list[str], named: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and named in err
    assert "Traceback" not in err


def _script() -> list[str]:
    script = Path(sys.executable).parent / "burraco"
    return [str(script)] if script.exists() else [sys.executable, "-m", "burraco.cli.app"]


def test_installed_command_end_to_end() -> None:
    ok = subprocess.run(
        [*_script(), "meld", "6C JK 8C", "--attach", "7C 10C", "--json"], capture_output=True, text=True, timeout=60
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["valid"] is True
    bad = subprocess.run([*_script(), "meld", "7H 7X 7S"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("error: '7X' is not a card") and "Traceback" not in bad.stderr
    illegal = subprocess.run([*_script(), "meld", "2H 2D 2C", "--json"], capture_output=True, text=True, timeout=60)
    assert illegal.returncode == 1 and json.loads(illegal.stdout)["valid"] is False
