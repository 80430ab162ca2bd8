"""A whole online event in Chromium: 9 pairs, 3 Mitchell turns and a Danish one, played at the web
tables by bots (and by the stand-in of a linked player who looks at her table and goes). The
director works only in the console (link players, see who has accepted, start each turn, a late
arrival's table, a swapped correction, a withdrawal: a rest in turn 4); a linked player accepts the
invitation on the tournaments page, then sees her table, its link and the turn's clock on the public
page, in Italian on a phone (her partner never answers: a bot plays his seat). The same event entered
through ``burraco tournament`` gives the same standings. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_helpers import assert_no_serious_violations
from serve_helpers import serving
from test_browser import assert_fits, shot
from test_browser_tournament import sign_up, two_screens
from tournament_helpers import NINE, cli
from typer.testing import CliRunner

from burraco.cli.director_cmd import app as director_cli
from burraco.web.app import create_app

TURN_MS = 240_000
"""The longest a turn's tables may take (bots at 5 ms a move, 2 hands)."""
ACTION_MS = 60_000
"""The longest a director's action may take to show while a turn's tables play in the same server
(Playwright's default 15 s ran out once on a machine starved by other jobs; a wait ends as soon as
it is met, so a longer limit costs nothing when the page is quick)."""


@pytest.fixture
def online_server(tmp_path: Path) -> Iterator[str]:
    """A server whose tournament tables give an absent player 1 s of grace (30 s at a real event)."""
    app = create_app(f"sqlite:///{tmp_path / 'browser.db'}", bot_delay=0.005, tick_interval=0.2)
    with serving(app) as url:
        app.state.online.grace = 1.0
        yield url


def register_account(server: str, name: str) -> None:
    body = json.dumps({"name": name, "password": "correct horse"}).encode()
    request = urllib.request.Request(
        f"{server}/api/register", method="POST", headers={"content-type": "application/json"}, data=body
    )
    with urllib.request.urlopen(request) as response:
        assert response.status == 200


def get(server: str, path: str) -> Any:
    with urllib.request.urlopen(f"{server}{path}") as response:
        return json.loads(response.read())


def start_turn(desk: Any, turn: int) -> None:
    desk.wait_for_function(
        f"() => document.querySelector('#online-start') && !document.querySelector('#online-start')"
        f".disabled && document.querySelector('#online-start').textContent.includes('turn {turn}')",
        timeout=TURN_MS,
    )
    desk.click("#online-start")
    desk.wait_for_function(
        f"() => (document.querySelector('#turn-clock')?.textContent || '').startsWith('Turn {turn}:')",
        timeout=ACTION_MS,
    )


def wait_turn_done(server: str, tournament: str, turn: int) -> None:
    deadline = time.monotonic() + TURN_MS / 1000
    while time.monotonic() < deadline:
        detail = get(server, f"/api/tournaments/{tournament}")["tournament"]
        if detail["paired_turns"] >= turn and all(x["result"] for x in detail["turns_list"][turn - 1]["tables"]):
            return
        time.sleep(0.3)
    raise AssertionError(f"turn {turn} did not finish")


def test_an_online_event_in_the_browser(online_server: str, tmp_path: Path) -> None:
    server = online_server
    began = time.monotonic()
    with two_screens() as (desk, phone, errors):
        sign_up(desk, server, "Direttrice", register=True)
        database = f"sqlite:///{tmp_path / 'browser.db'}"  # the fixture's
        granted = CliRunner().invoke(director_cli, ["grant", "Direttrice", "--db", database])
        assert granted.exit_code == 0, granted.stderr
        register_account(server, "Bruno")
        sign_up(phone, server, "Anna", register=True)
        desk.goto(server + "/#/tournaments")
        desk.fill("#tour-name", "Online club night")
        desk.fill("#tour-turns", "4")
        desk.select_option("#tour-hands", "2")
        desk.fill("#tour-movement", "mitchell*3,danish-modified")
        desk.click("#tour-create-btn")
        desk.wait_for_selector("#online-console")
        desk.fill("#register-names", "\n".join(NINE))
        desk.click("#register-btn")
        desk.wait_for_function("() => document.querySelectorAll('.tour-entrants li').length === 9")
        desk.select_option("#link-entrant", "1")
        desk.fill("#link-names", "Anna, Bruno")
        desk.click("#link-btn")
        desk.wait_for_selector("#linked")
        asked = "Anna (waiting for an answer), Bruno (waiting for an answer)"
        assert asked in desk.inner_text("#linked")
        tournament = desk.url.rsplit("/", 1)[1]
        phone.goto(f"{server}/#/tournaments")  # Anna accepts; Bruno never answers
        phone.wait_for_selector("#my-invitations .invitation-accept")
        assert "Direttrice ti invita a giocare per Pair Rossi" in phone.inner_text("#my-invitations")
        shot(phone, "phone-online-invitation")
        phone.click("#my-invitations .invitation-accept")
        phone.wait_for_function("() => !document.querySelector('#my-invitations')")
        desk.wait_for_function(
            "() => document.querySelector('#linked').textContent.includes('Anna, Bruno (waiting')", timeout=ACTION_MS
        )
        assert "Bruno (Pair Rossi)" in desk.inner_text("#online-waiting")  # the director is told before starting

        start_turn(desk, 1)
        assert desk.locator("#online-tables li").count() == 4  # nine pairs: one rests
        desk.fill("#register-names", "Pair Late")  # Art. 33: completes turn 1's incomplete table
        desk.click("#register-btn")
        desk.wait_for_function("() => document.querySelector('#online-start').textContent.includes('missing')")
        desk.click("#online-start")
        desk.wait_for_function("() => document.querySelectorAll('#online-tables li').length === 5")
        shot(desk, "desktop-online-console")
        assert_no_serious_violations(desk, "online console, desktop")

        phone.goto(f"{server}/#/tournament/{tournament}")  # Anna, in Italian: her table, its link, the clock
        phone.wait_for_selector("#my-table-link")
        assert "Pair Rossi: il vostro tavolo è il" in phone.inner_text("#my-table")
        assert "Turno 1: mancano" in phone.inner_text("#turn-clock")
        assert_fits(phone, "online panel, phone")
        shot(phone, "phone-online-my-table")
        assert_no_serious_violations(phone, "online panel, phone")
        phone.click("#my-table-link")
        phone.wait_for_selector(".seat-name")
        assert "Anna" in phone.inner_text("#main")
        phone.goto(f"{server}/#/tournaments")  # she leaves: her stand-in plays on after the grace period

        wait_turn_done(server, tournament, 1)
        desk.wait_for_selector("#earlier summary", timeout=TURN_MS)  # turn 2 is paired: turn 1 is an earlier one
        desk.click("#earlier summary")
        desk.click("#card-1-2-correct")  # Art. 31: swapped scores, the whole table agrees
        desk.select_option("#correct-kind", "swapped")
        desk.check("#correct-agreed")
        desk.click("#dialog-ok")
        desk.wait_for_function(
            "() => document.querySelector('#log pre').textContent.includes('swapped correction')", timeout=ACTION_MS
        )
        for turn in (2, 3, 4):
            start_turn(desk, turn)
            if turn == 3:
                desk.once("dialog", lambda dialog: dialog.accept())  # Pair Conti withdraw during turn 3
                desk.click("#entrants button[data-entrant='6']")
                desk.wait_for_function(
                    "() => document.querySelector('#entrants').textContent.includes('withdrawn')", timeout=ACTION_MS
                )
            wait_turn_done(server, tournament, turn)
        desk.wait_for_function(
            "() => document.querySelector('#console-standings h3').textContent === 'Final standings'", timeout=TURN_MS
        )
        shot(desk, "desktop-online-final")
        phone.goto(f"{server}/#/tournament/{tournament}")
        phone.wait_for_function(
            "() => document.querySelector('#tournament h3') && "
            "document.querySelector('#tournament').textContent.includes('Classifica finale')"
        )
    assert errors == []
    final = get(server, f"/api/tournaments/{tournament}")["tournament"]
    assert [r["entrant"] for r in final["turns_list"][3]["rests"]] != []  # a rest in turn 4
    assert (
        cli_standings(final, tmp_path / "club.json")
        == get(server, f"/api/tournaments/{tournament}/standings")["standings"]
    )
    print(f"online event in the browser: {time.monotonic() - began:.0f} s")


def cli_standings(final: dict[str, Any], file: Path) -> Any:
    """The same event through ``burraco tournament``: the recorded game points entered as score cards
    (turn 1 table 2 as played, then swapped), the withdrawal at its point: at Conti's table if it came
    while that table was played (a forced result), else once the turn's results are in (bots at 5 ms a
    move may finish a table before the director's click)."""
    cli(
        "new",
        str(file),
        "--name",
        "Online club night",
        "--turns",
        "4",
        "--hands",
        "2",
        "--movement",
        "mitchell*3,danish-modified",
        "--seed",
        "0",
    )  # seating by order: the lot's seed is unused
    cli("register", str(file), *NINE)
    conti_from = next(e["withdrawn_from"] for e in final["entrants_list"] if e["name"] == "Pair Conti")
    withdrawn = False
    for turn in final["turns_list"]:
        cli("pair", str(file))
        if turn["number"] == 1:
            cli("register", str(file), "Pair Late")
        for table in turn["tables"]:
            r = table["result"]
            if r["kind"] == "forced":  # the withdrawal came while Conti's table was still being played
                cli("withdraw", str(file), "Pair Conti")
                withdrawn = True
                continue
            ns, ew = (
                (r["ew_points"], r["ns_points"])
                if (turn["number"], table["number"]) == (1, 2)
                else (r["ns_points"], r["ew_points"])
            )
            cli(
                "result",
                str(file),
                "--turn",
                str(turn["number"]),
                "--table",
                str(table["number"]),
                "--ns",
                str(ns),
                "--ew",
                str(ew),
            )
        if turn["number"] == 1:
            cli("correct", str(file), "--turn", "1", "--table", "2", "--kind", "swapped", "--agreed")
        if not withdrawn and conti_from == turn["number"] + 1:  # it came after Conti's table had finished
            cli("withdraw", str(file), "Pair Conti")
            withdrawn = True
    return json.loads(cli("standings", str(file), "--json"))
