"""The director's console and the public standings page in Chromium, at desktop and phone size: create
an event, register, pair, a late arrival (Art. 33), a wrong score card named and fixed, a correction
(Art. 31), and the public page (Italian on the phone, English on the desktop) updating by itself.
Screenshots are kept in test-artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import DESKTOP, PHONE, assert_fits, people_pages, server, shot
from typer.testing import CliRunner

from burraco.cli.director_cmd import app as director_cli

__all__ = ["server"]  # the fixture, shared with test_browser.py


@contextmanager
def two_screens() -> Iterator[tuple[Any, Any, list[str]]]:
    """A desktop page (English) and a phone page (Italian) in one Chromium; and the pages' errors."""
    with people_pages((DESKTOP, "en-US"), (PHONE, "it-IT")) as (pages, errors):
        yield pages[0], pages[1], errors


def sign_up(page: Any, server: str, name: str, register: bool) -> None:
    page.goto(server + "/")
    page.fill("#login-name", name)
    page.fill("#login-password", "correct horse")
    page.click("#register-btn" if register else "#login-btn")
    page.wait_for_selector("#me")


def open_console(page: Any, server: str, tmp_path: Path, director: str, name: str, turns: int, movement: str) -> None:
    """Sign ``director`` up, grant the role (the CLI on the server fixture's database), create a tournament."""
    sign_up(page, server, director, register=True)
    database = f"sqlite:///{tmp_path / 'browser.db'}"  # the server fixture's
    granted = CliRunner().invoke(director_cli, ["grant", director, "--db", database])
    assert granted.exit_code == 0, granted.stderr
    page.goto(server + "/#/tournaments")
    page.wait_for_selector("#tour-file")
    assert_no_serious_violations(page, "a director's tournaments page")
    page.fill("#tour-name", name)
    page.fill("#tour-turns", str(turns))
    page.fill("#tour-movement", movement)
    page.click("#tour-create-btn")
    page.wait_for_selector("#console")


def enter_card(page: Any, turn: int, table: int, ns: int, ew: int) -> None:
    key = f"#card-{turn}-{table}"
    page.fill(f"{key}-ns", str(ns))
    page.fill(f"{key}-ew", str(ew))
    page.click(f"{key}-save")


def test_console_and_public_page(server: str, tmp_path: Path) -> None:
    with two_screens() as (desk, phone, errors):
        open_console(desk, server, tmp_path, "Direttrice", "Thursday club night", 2, "mitchell*1,danish-modified")
        desk.fill("#register-names", "Rossi-Bianchi\nVerdi-Neri\nGialli-Blu\nConti-Ferri\nGreco-Marino")
        desk.click("#register-btn")
        desk.wait_for_function("() => document.querySelectorAll('.tour-entrants li').length === 5")
        desk.click("#pair-btn")
        desk.wait_for_selector("#card-1-2")
        assert "Resting: Greco-Marino" in desk.inner_text("#turn-panel")
        desk.fill("#register-names", "Late-Comers")  # Art. 33: completes the incomplete table
        desk.click("#register-btn")
        desk.wait_for_selector("#card-1-3")
        assert "Resting" not in desk.inner_text("#turn-panel")
        assert "late arrival" in desk.inner_text("#entrants")
        enter_card(desk, 1, 1, 1253, 800)  # a wrong card: the refusal names it, the typed points stay
        desk.wait_for_function("() => document.querySelector('#cards-msg').textContent.includes('1253')")
        assert desk.inner_text("#cards-msg") == "Score card of turn 1, table 1: 1253 is not a multiple of 5."
        assert desk.input_value("#card-1-1-ns") == "1253"
        enter_card(desk, 1, 1, 1255, 800)
        desk.wait_for_selector("#card-1-1-correct")
        desk.fill("#card-1-2-mp", "-405")
        desk.click("#card-1-2-save")
        desk.wait_for_selector("#card-1-2-correct")
        enter_card(desk, 1, 3, 990, 1010)
        desk.wait_for_selector("#card-1-3-correct")
        desk.click("#card-1-1-correct")  # Art. 31: an arithmetic error, before turn 2 is paired
        desk.fill("#correct-ns", "1100")
        desk.fill("#correct-ew", "800")
        desk.click("#dialog-ok")
        desk.wait_for_function("() => document.querySelector('#card-1-1').textContent.includes('1100–800')")
        assert "Standings after turn 1" in desk.inner_text("#console-standings")
        assert_fits(desk, "console, desktop")
        shot(desk, "desktop-tournament-console")
        assert_no_serious_violations(desk, "director's console, desktop")
        tournament = desk.url.rsplit("/", 1)[1]

        phone.goto(f"{server}/#/tournament/{tournament}")  # the shared link, on a phone, in Italian
        phone.wait_for_selector("#standings")
        assert "Classifica dopo il turno 1" in phone.inner_text("#tournament")
        assert "Rossi-Bianchi" in phone.inner_text("#standings") and "1100–800" in phone.inner_text("#turn-1")
        assert_fits(phone, "public page, phone")
        shot(phone, "phone-tournament-standings")
        assert_no_serious_violations(phone, "public standings, phone")

        desk.click("#pair-btn")  # turn 2 (Danish): the phone's page shows it by itself
        desk.wait_for_selector("#card-2-1")
        enter_card(desk, 2, 1, 700, 500)
        desk.wait_for_selector("#card-2-1-correct")
        phone.wait_for_function(
            "() => document.querySelector('#turn-2') && "
            "document.querySelector('#turn-2').textContent.includes('700–500')"
        )
        assert "Classifica dopo il turno 2" in phone.inner_text("#tournament")
        shot(phone, "phone-tournament-live")

        desk.select_option("#penalty-entrant", "2")  # Art. 23
        desk.fill("#penalty-reason", "pozzetto looked at early")
        desk.click("#penalty-btn")
        desk.wait_for_function("() => document.querySelector('#penalties').textContent.includes('−1 VP')")
        desk.once("dialog", lambda dialog: dialog.accept())  # Art. 32: Late-Comers leave during turn 2
        desk.click("#entrants button[data-entrant='6']")
        desk.wait_for_function("() => document.querySelector('#card-2-2').textContent.includes('forced rest')")
        assert "withdrawn" in desk.inner_text("#entrants")
        desk.click("#public-link")
        desk.wait_for_selector("#standings")
        assert "Standings after turn 2" in desk.inner_text("#tournament")
        assert_fits(desk, "public page, desktop")
        shot(desk, "desktop-tournament-standings")
        desk.select_option("#standings-after", "1")  # the provisional standings after an earlier turn
        desk.wait_for_function(
            "() => document.querySelector('#tournament h3').textContent === 'Standings after turn 1'"
        )
        first = desk.inner_text("#standings").splitlines()[1]
        assert first.split("\t")[:3] == ["1", "Conti-Ferri", "14"], first

        sign_up(phone, server, "Direttrice", register=False)  # the console on a phone
        phone.goto(f"{server}/#/director/{tournament}")
        phone.wait_for_selector("#card-2-3-ns")
        assert "Turno 2" in phone.inner_text("#turn-panel")
        phone.fill("#card-2-3-mp", "7")  # refused in Italian, naming the card
        phone.click("#card-2-3-save")
        phone.wait_for_function("() => document.querySelector('#cards-msg').textContent.includes('7')")
        assert phone.inner_text("#cards-msg") == "Cartellino del turno 2, tavolo 3: 7 non è un multiplo di 5."
        phone.click("#card-2-3-abandon")  # Art. 32: E-W leave table 3 while N-S lead 600 to 450
        phone.select_option("#abandon-guilty", "ew")
        phone.fill("#abandon-ns", "600")
        phone.fill("#abandon-ew", "450")
        phone.click("#dialog-ok")
        phone.wait_for_function("() => document.querySelector('#card-2-3').textContent.includes('arbitrale')")
        assert "Classifica finale" in phone.inner_text("#console-standings")  # every turn played
        assert_fits(phone, "console, phone")
        shot(phone, "phone-tournament-console")
    assert errors == []


def test_a_console_step_still_goes_through_when_the_tournament_moved_on_meanwhile(server: str, tmp_path: Path) -> None:
    """During an online turn results arrive by themselves, each a new version: a director's click made on
    the version before is sent again on the fresh one (the server checks it again), not refused."""
    with two_screens() as (desk, _phone, errors):
        open_console(desk, server, tmp_path, "Direttore", "Busy night", 1, "mitchell*1")
        desk.fill("#register-names", "Rossi-Bianchi\nVerdi-Neri\nGialli-Blu\nConti-Ferri")
        desk.click("#register-btn")
        desk.wait_for_function("() => document.querySelectorAll('.tour-entrants li').length === 4")
        tournament = desk.url.rsplit("/", 1)[1]
        behind_its_back = desk.evaluate(
            """async (id) => {
            const tr = (await (await fetch(`/api/tournaments/${id}`)).json()).tournament;
            const r = await fetch(`/api/tournaments/${id}/entrants`, {method: 'POST', headers: {'Content-Type':
                'application/json'}, body: JSON.stringify({names: ['Greco-Marino'], version: tr.version})});
            return [r.status, tr.version];
        }""",
            tournament,
        )
        assert behind_its_back[0] == 200  # the console still shows the version before
        desk.click("#pair-btn")
        desk.wait_for_selector("#card-1-1")
        assert "changed" not in desk.inner_text("#pair-msg") and "Greco-Marino" in desk.inner_text("#entrants")
    assert errors == []
