"""Tournament files (atomic JSON) and exports: CSV, HTML, PDF, score cards."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from tourney_helpers import make, play_all, play_mp

from burraco.tournament import Tournament, TournamentFileError, load, save
from burraco.tournament.export import csv_export, html_export, scorecards_html
from burraco.tournament.pdf import report_pdf, scorecards_pdf


def _sample() -> Tournament:
    t = make(["Rossi-Bianchi", "Verdi-Neri", "Gialli-Blu", "Città-Perù", "Ünal-Ōta"], turns=3, hands=3)
    t.pair_next()
    play_mp(t, {1: 300, 2: -655})
    t.penalize(2, 1, reason="Art. 23")
    t.pair_next()
    return t


def _pages(pdf: bytes) -> int:
    counts = re.findall(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)", pdf, re.S) or re.findall(rb"/Count\s+(\d+)", pdf)
    return int(counts[0])


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    t = _sample()
    path = tmp_path / "club.json"
    save(t, path)
    again = load(path)
    assert again.state == t.state
    assert [s for s in again.standings()] == t.standings()
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed away


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "should be an object"),
        ('{"format": "other"}', "not a burraco tournament file"),
        ('{"format": "burraco-tournament", "version": 9}', "version"),
    ],
)
def test_malformed_files_are_refused(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(TournamentFileError, match=message):
        load(path)


def test_tampered_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    save(_sample(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["turns"][0]["tables"][0]["ns"] = [99]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TournamentFileError, match="unknown entrant ids"):
        load(path)
    data["turns"][0]["tables"][0]["ns"] = ["x"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TournamentFileError, match="integer"):
        load(path)
    data["config"]["hands"] = 7
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TournamentFileError, match="settings"):
        load(path)
    with pytest.raises(TournamentFileError, match="no tournament file"):
        load(tmp_path / "missing.json")


def test_csv_exports() -> None:
    t = _sample()
    standings = list(csv.DictReader(io.StringIO(csv_export(t, "standings"))))
    # Turn 1: 1-2 +300 → 13-7, 3-4 -655 → 4-16, 5 rests (14); pair 2 has a 1 VP penalty. Turn 2
    # is paired, not played: pair 3 rests in it and already has its 14 (4 + 14 = 18).
    assert [row["id"] for row in standings] == ["3", "4", "5", "1", "2"]
    penalised = next(row for row in standings if row["id"] == "2")
    assert (penalised["vp"], penalised["penalty_vp"]) == ("6", "1")
    results = list(csv.DictReader(io.StringIO(csv_export(t, "results"))))
    assert [(r["turn"], r["table"], r["kind"]) for r in results[:3]] == [
        ("1", "1", "mp"),
        ("1", "2", "mp"),
        ("1", "", "rest"),
    ]
    assert results[0]["mp_ns"] == "300" and results[0]["vp_ns"] == "13"
    assert {r["kind"] for r in results if r["turn"] == "2"} >= {"pending"}


def test_html_exports_escape_and_contain_everything() -> None:
    t = _sample()
    page = html_export(t)
    assert page.startswith("<!DOCTYPE html>") and "Città-Perù" in page and "Standings after turn 2" in page
    assert "Turn 1" in page and "Turn 2" in page
    t2 = make(["<b>x</b>", "y"], turns=1)
    t2.pair_next()
    assert "<b>x</b>" not in html_export(t2) and "&lt;b&gt;x&lt;/b&gt;" in html_export(t2)
    cards = scorecards_html(t, 2)
    assert cards.count('class="card"') == 2 and "Hand 3" in cards and "Resting this turn" in cards


def test_pdf_report_and_scorecards(tmp_path: Path) -> None:
    t = _sample()
    report = report_pdf(t)
    assert report.startswith(b"%PDF") and _pages(report) >= 1
    cards = scorecards_pdf(t, 2)
    assert cards.startswith(b"%PDF") and _pages(cards) == len(t.turn(2).tables) == 2
    big = make(40, turns=2)
    play_all(big)
    play_all(big)
    assert _pages(report_pdf(big)) >= 2  # long tables flow onto more pages
    assert report_pdf(big, "standings") != report_pdf(big, "results")
