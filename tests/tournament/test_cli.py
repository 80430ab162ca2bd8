"""``burraco tournament ...``: a live event from the command line, errors, and bot tournaments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from burraco.cli.tournament_cmd import app

runner = CliRunner()


def run(*args: str | Path, code: int = 0) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    if code == 2:
        assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1
        return result.stderr
    return result.stdout


def test_a_live_pairs_tournament(tmp_path: Path) -> None:
    f = tmp_path / "club.json"
    out = run(
        "new",
        f,
        "--name",
        "Club night",
        "--turns",
        "3",
        "--hands",
        "3",
        "--movement",
        "mitchell*2,danish-modified",
        "--seed",
        "5",
    )
    assert "created" in out and "mitchell, mitchell, danish-modified" in out
    run("new", f, "--name", "again", code=2)  # no accidental overwrite
    assert "5 Io-Lu" in run("register", f, "Ada-Bo", "Cy-Di", "Ed-Fa", "Gu-Ha", "Io-Lu")
    out = run("pair", f)
    assert "Turn 1 (mitchell)" in out and "Rest: 5 Io-Lu" in out
    assert "late arrival" in run("register", f, "Late-Comers")  # Art. 33: completes table 3
    assert "VP 13-7" in run("result", f, "--turn", "1", "--table", "1", "--ns", "900", "--ew", "600")
    run("result", f, "--turn", "1", "--table", "2", "--mp", "-700")
    run("result", f, "--turn", "1", "--table", "3", "--ns", "-150", "--ew", "200")
    assert "+300 MP" in run(
        "correct", f, "--turn", "1", "--table", "1", "--kind", "arithmetic", "--ns", "950", "--ew", "650"
    )
    standings = json.loads(run("standings", f, "--json"))
    assert [s["id"] for s in standings] == [4, 6, 1, 2, 5, 3]
    out = run("pair", f)
    assert "Turn 2 (mitchell)" in out
    err = run("correct", f, "--turn", "1", "--table", "1", "--kind", "arithmetic", "--ns", "950", "--ew", "600", code=2)
    assert "Art. 31" in err
    assert "-300 MP" in run("correct", f, "--turn", "1", "--table", "1", "--kind", "swapped", "--agreed")
    assert "penalty" in run("penalty", f, "Gu-Ha", "--turn", "1", "--reason", "pozzetto seen")
    assert "arbitral VP 14-6" in run("abandon", f, "--turn", "2", "--table", "1", "--guilty", "ew")
    assert "withdrawn from turn 3" in run("withdraw", f, "6")
    run("result", f, "--turn", "2", "--table", "2", "--ns", "500", "--ew", "500")
    run("result", f, "--turn", "2", "--table", "3", "--ns", "500", "--ew", "500")
    out = run("pair", f)
    assert "Turn 3 (danish-modified)" in out and "Rest:" in out
    assert "Late-Comers (withdrawn)" in run("standings", f)
    assert "Turn 2" in run("show", f) and "Turn 3" in run("show", f, "--turn", "3")
    for fmt, what in (("csv", "standings"), ("csv", "results"), ("html", "all"), ("pdf", "all")):
        target = tmp_path / f"out-{what}.{fmt}"
        run("export", f, "--format", fmt, "--out", target, "--what", what)
        assert target.stat().st_size > 0
    assert (tmp_path / "out-all.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "out-standings.csv").read_text(encoding="utf-8").startswith("Pos.,Num.,Nome,PV,PM")
    run("export", f, "--format", "csv", "--out", tmp_path / "en.csv", "--lang", "en")
    assert (tmp_path / "en.csv").read_text(encoding="utf-8").startswith("rank,id,name,vp,mp")
    run("scorecards", f, "--turn", "3", "--out", tmp_path / "cards.pdf")
    run("scorecards", f, "--turn", "3", "--format", "html", "--out", tmp_path / "cards.html")
    run("scorecards", f, "--turn", "3", "--format", "html", "--out", tmp_path / "cards-en.html", "--lang", "en")
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")
    assert "Smazzata 3" in (tmp_path / "cards.html").read_text(encoding="utf-8")
    assert "Hand 3" in (tmp_path / "cards-en.html").read_text(encoding="utf-8")


def test_individual_and_team_files(tmp_path: Path) -> None:
    f = tmp_path / "ind.json"
    run("new", f, "--name", "Individual", "--kind", "individual", "--turns", "2", "--seating", "lot", "--seed", "1")
    run("register", f, *[f"Player {i}" for i in range(1, 9)])
    assert run("pair", f).count(" & ") == 4
    g = tmp_path / "teams.json"
    run("new", g, "--name", "Teams", "--kind", "teams", "--turns", "2", "--movement", "danish-strict")
    run("register", g, "Lions", "Tigers")
    assert "Lions pair 1" in run("pair", g)
    err = run("new", tmp_path / "x.json", "--name", "X", "--kind", "individual", "--movement", "mitchell", code=2)
    assert "danish" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("result", "{f}", "--turn", "1", "--table", "9", "--ns", "100", "--ew", "0"), "no table 9"),
        (("result", "{f}", "--turn", "4", "--table", "1", "--ns", "100", "--ew", "0"), "not paired yet"),
        (("result", "{f}", "--turn", "1", "--table", "1", "--ns", "103", "--ew", "0"), "multiples of 5"),
        (("result", "{f}", "--turn", "1", "--table", "1", "--ns", "100"), "both"),
        (("penalty", "{f}", "Nobody", "--turn", "1"), "no pair 'Nobody'"),
        (("withdraw", "{f}", "77"), "no pair '77'"),
        (("pair", "{f}"), "waits for results"),
        (("abandon", "{f}", "--turn", "1", "--table", "1", "--guilty", "north"), "ns or ew"),
        (("export", "{f}", "--format", "docx", "--out", "{d}/x"), "unknown export format"),
        (("export", "{f}", "--format", "csv", "--out", "{d}/x", "--what", "all"), "CSV"),
        (("scorecards", "{f}", "--turn", "1", "--format", "txt", "--out", "{d}/x"), "format"),
        (("export", "{f}", "--format", "pdf", "--out", "{d}/x", "--lang", "fr"), "unknown export language 'fr'"),
        (("scorecards", "{f}", "--turn", "1", "--out", "{d}/x", "--lang", "de"), "known: it, en"),
        (("correct", "{f}", "--turn", "1", "--table", "1", "--kind", "typo"), "no result"),
        (("standings", "{d}/missing.json"), "no tournament file"),
        (("register", "{f}", "A"), "already registered"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    f = tmp_path / "t.json"
    run("new", f, "--name", "T", "--turns", "2")
    run("register", f, "A", "B", "C", "D")
    run("pair", f)
    err = run(*(a.format(f=f, d=tmp_path) for a in args), code=2)
    assert message in err


def test_malformed_file_exit_2(tmp_path: Path) -> None:
    f = tmp_path / "t.json"
    f.write_text('{"format": "burraco-tournament", "version": 1, "config": []}', encoding="utf-8")
    assert "config should be an object" in run("standings", f, code=2)


def test_demo_json_is_one_object() -> None:
    out = run(
        "demo",
        "--pairs",
        "7",
        "--turns",
        "4",
        "--movement",
        "danish-modified",
        "--hands",
        "3",
        "--seed",
        "11",
        "--json",
        "--player",
        "sim",
    )
    data = json.loads(out)
    assert len(data["turns"]) == 4 and len(data["standings"]) == 7
    for turn in data["turns"]:
        assert len(turn["tables"]) == 3 and [r["vp"] for r in turn["rests"]] == [14]
        for table in turn["tables"]:
            assert table["vp_ns"] + table["vp_ew"] == 20
            assert table["mp"] == table["ns_points"] - table["ew_points"]
    assert [s["vp"] for s in data["standings"]] == sorted((s["vp"] for s in data["standings"]), reverse=True)
    again = run(
        "demo",
        "--pairs",
        "7",
        "--turns",
        "4",
        "--movement",
        "danish-modified",
        "--hands",
        "3",
        "--seed",
        "11",
        "--json",
        "--player",
        "sim",
    )
    assert again == out


def test_demo_tables_and_errors() -> None:
    out = run("demo", "--pairs", "8", "--turns", "3", "--movement", "mitchell", "--hands", "4", "--player", "sim")
    assert "Turn 3 (mitchell)" in out and "Final standings" in out
    assert "2, 3 or 4 hands" in run("demo", "--hands", "5", code=2)
    assert "unknown movement" in run("demo", "--movement", "swiss", code=2)
    assert "at least 2 pairs" in run("demo", "--pairs", "1", code=2)


def test_the_installed_command(tmp_path: Path) -> None:
    """Through the real entry point: ``burraco tournament ...`` is registered and exits 2 on errors."""
    script = Path(sys.executable).parent / "burraco"
    if not script.exists():
        pytest.skip("the burraco script is not installed in this environment")
    done = subprocess.run(
        [str(script), "tournament", "demo", "--pairs", "5", "--turns", "2", "--json", "--player", "sim"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["standings"]
    done = subprocess.run(
        [str(script), "tournament", "standings", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.strip() == f"error: no tournament file at {tmp_path / 'nope.json'}"
