"""Tournament files (atomic JSON) and exports: CSV, HTML, PDF, score cards."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from pdf_text import pdf_text
from tourney_helpers import make, play_all, play_mp

from burraco.tournament import Tournament, TournamentConfigError, TournamentFileError, load, save
from burraco.tournament.export import csv_export, html_export, scorecards_html
from burraco.tournament.pdf import FONTS, REPLACEMENT, report_pdf, scorecards_pdf


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
    standings = list(csv.DictReader(io.StringIO(csv_export(t, "standings", "en"))))
    # Turn 1: 1-2 +300 → 13-7, 3-4 -655 → 4-16, 5 rests (14); pair 2 has a 1 VP penalty. Turn 2
    # is paired, not played: pair 3 rests in it and already has its 14 (4 + 14 = 18).
    assert [row["id"] for row in standings] == ["3", "4", "5", "1", "2"]
    penalised = next(row for row in standings if row["id"] == "2")
    assert (penalised["vp"], penalised["penalty_vp"]) == ("6", "1")
    results = list(csv.DictReader(io.StringIO(csv_export(t, "results", "en"))))
    assert [(r["turn"], r["table"], r["kind"]) for r in results[:3]] == [
        ("1", "1", "mp"),
        ("1", "2", "mp"),
        ("1", "", "rest"),
    ]
    assert results[0]["mp_ns"] == "300" and results[0]["vp_ns"] == "13"
    assert {r["kind"] for r in results if r["turn"] == "2"} >= {"pending"}


def test_csv_exports_are_italian_by_default() -> None:
    t = _sample()
    t.withdraw(4)
    standings = list(csv.DictReader(io.StringIO(csv_export(t))))
    assert list(standings[0]) == ["Pos.", "Num.", "Nome", "PV", "PM", "Giocati", "Riposi", "Penalità PV", "Ritiro"]
    penalised = next(row for row in standings if row["Num."] == "2")
    assert (penalised["PV"], penalised["Penalità PV"]) == ("6", "1")
    assert next(row for row in standings if row["Num."] == "4")["Ritiro"] == "sì"
    results = list(csv.DictReader(io.StringIO(csv_export(t, "results", "it"))))
    assert [(r["Turno"], r["Tavolo"], r["E-O"], r["Esito"]) for r in results[:3]] == [
        ("1", "1", "2 Verdi-Neri", "in PM"),
        ("1", "2", "4 Città-Perù", "in PM"),
        ("1", "", "(riposo)", "riposo"),
    ]
    assert results[0]["PM N-S"] == "300" and (results[0]["PV N-S"], results[0]["PV E-O"]) == ("13", "7")
    assert {r["Esito"] for r in results if r["Turno"] == "2"} >= {"da giocare"}
    with pytest.raises(TournamentConfigError, match="unknown export language 'fr'; known: it, en"):
        csv_export(t, lang="fr")


def test_html_exports_escape_and_contain_everything() -> None:
    t = _sample()
    page = html_export(t, lang="en")
    assert page.startswith("<!DOCTYPE html>") and "Città-Perù" in page and "Standings after turn 2" in page
    assert "Turn 1" in page and "Turn 2" in page and '<html lang="en">' in page
    t2 = make(["<b>x</b>", "y"], turns=1)
    t2.pair_next()
    assert "<b>x</b>" not in html_export(t2) and "&lt;b&gt;x&lt;/b&gt;" in html_export(t2)
    cards = scorecards_html(t, 2, "en")
    assert cards.count('class="card"') == 2 and "Hand 3" in cards and "Resting this turn" in cards


def test_html_exports_are_italian_by_default() -> None:
    t = _sample()
    page = html_export(t)
    assert '<html lang="it">' in page and "Classifica dopo il turno 2" in page
    assert "Turno 1 (danese modificato)" in page and "<th>PV</th><th>PM</th>" in page
    assert "torneo a coppie, turni accoppiati: 2 su 3, 3 smazzate per turno, tabella PV FIBUR" in page
    assert "Standings" not in page and "Turn " not in page
    cards = scorecards_html(t, 2)
    assert cards.count('class="card"') == 2 and "turno 2 - tavolo 1" in cards
    assert "Smazzata 3" in cards and "Differenza (PM)" in cards and "Punti vittoria (PV)" in cards
    assert "Firma N-S:" in cards and "Firma E-O:" in cards and "A riposo in questo turno: 3 Gialli-Blu" in cards
    teams = Tournament.create("Squadre", kind="teams", turns=1, movement="mitchell")
    teams.register("Leoni")
    teams.register("Tigri")
    teams.pair_next()
    assert "1 Leoni coppia 1" in html_export(teams) and "1 Leoni pair 1" in html_export(teams, lang="en")


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


NAMES = ["Łukasz Żółć", "Dvořák-Šťastný", "Дмитрий Шостакович", "Αλέξης Παπαδόπουλος", "Ünal-Ōta", "Ștefan Țară"]


def _unicode_sample() -> Tournament:
    t = make(NAMES, turns=2, hands=3)
    t.pair_next()
    play_mp(t, {1: 300, 2: -655, 3: 0})
    t.pair_next()
    return t


@pytest.mark.parametrize("lang", ["it", "en"])
def test_pdf_prints_unicode_names(lang: str) -> None:
    """The embedded DejaVu font prints Latin-extended, Cyrillic and Greek names as they are."""
    t = _unicode_sample()
    report = pdf_text(report_pdf(t, lang=lang))
    cards = pdf_text(scorecards_pdf(t, 2, lang))
    for name in NAMES:
        assert name in report
    assert sum(name in cards for name in NAMES) == len(NAMES)  # every pair plays turn 2
    assert "?" not in report.replace("...", "")


def test_pdf_exports_in_both_languages() -> None:
    t = _sample()
    italian, english = pdf_text(report_pdf(t)), pdf_text(report_pdf(t, lang="en"))
    assert "Classifica dopo il turno 2" in italian and "Turno 1 (danese modificato)" in italian
    assert "Penalità PV" in italian and "da giocare" in italian and "(riposo)" in italian
    assert "Standings after turn 2" in english and "Turn 1 (danish-modified)" in english
    assert "penalty_vp" in english and "pending" in english
    cards_it, cards_en = pdf_text(scorecards_pdf(t, 2)), pdf_text(scorecards_pdf(t, 2, "en"))
    assert "Smazzata 3" in cards_it and "Firma E-O: ____________________" in cards_it
    assert "Hand 3" in cards_en and "E-W signature: ____________________" in cards_en
    assert "Città-Perù" in cards_it and "Ünal-Ōta" in cards_en
    with pytest.raises(TournamentConfigError, match="unknown export language"):
        report_pdf(t, lang="fr")


def test_pdf_replaces_what_the_font_lacks() -> None:
    """DejaVu has no CJK: 王 prints as U+FFFD; the HTML and CSV keep it."""
    t = make(["王 Wei", "Łukasz"], turns=1)
    t.pair_next()
    text = pdf_text(report_pdf(t))
    assert f"{REPLACEMENT} Wei" in text and "Łukasz" in text and "王" not in text
    assert "王 Wei" in html_export(t) and "王 Wei" in csv_export(t)


def test_the_fonts_ship_with_their_license() -> None:
    assert {p.name for p in FONTS.iterdir()} >= {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE"}
    assert "Bitstream Vera" in (FONTS / "LICENSE").read_text(encoding="utf-8")
    assert b"DejaVuSans" in report_pdf(_sample())  # embedded, not a core font
    assert report_pdf(_sample()) == report_pdf(_sample())  # reproducible
