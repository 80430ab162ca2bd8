"""The pages around the table as an Italian player meets them in Chromium, at desktop and phone size:
the lobby (a visitor's and a player's), the score sheet, the replay viewer, the profile, the
tournaments page and the rules page. Each passes an accessibility audit (axe-core on the WCAG 2 A/AA
rules: no serious or critical violation, axe_helpers.py) and reads in Italian: the computer players
as "Computer 1 (intermedio)", whole names in the lobby, match and victory points in words, every
move of a replay in words, no command to type. The way back to one's table ("Torna al tuo tavolo")
shows on every page but that table. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_helpers import assert_no_serious_violations
from test_browser import DESKTOP, PHONE, as_guest, browser, play_turns, server, shot

__all__ = ["server"]  # the fixture, shared with test_browser.py

SIZES = {"desktop": DESKTOP, "phone": PHONE}
ENGLISH = re.compile(r"\b(Bot \d|guest|intermediate|champion|draws|discards|melds|picks up)\b|\bMP -?\d")


def register(page: Any, server: str, name: str) -> int:
    """Open an account named ``name`` from the lobby's header; its user id."""
    page.goto(server + "/")
    page.fill("#login-name", name)
    page.fill("#login-password", "correct horse")
    page.click("#register-btn")
    page.wait_for_selector("#me")
    return int(page.get_attribute("#me", "href").rsplit("/", 1)[1])


def create_table(page: Any, body: dict[str, Any]) -> int:
    """A table made through the API as the page would make it (the signed-in player sits); its id."""
    made: dict[str, Any] = page.evaluate(
        "async (body) => (await (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
        "'application/json'}, body: JSON.stringify(body)})).json())",
        body,
    )
    assert "table" in made, made
    return int(made["table"]["id"])


@pytest.mark.parametrize("size", SIZES)
def test_the_pages_pass_the_audit_and_read_in_italian(server: str, tmp_path: Path, size: str) -> None:
    with browser(tmp_path, SIZES[size], "it-IT") as (page, errors):
        page.goto(server + "/")
        page.wait_for_selector("#guest-name")
        assert_no_serious_violations(page, f"lobby of a visitor, {size}")
        user = register(page, server, "Giulia")

        # a short rated match against the computer: one hand of at most ten turns, to its score sheet
        table = create_table(
            page, {"players": 2, "bots": "intermediate", "sit": True, "hands": 1, "options": {"max_turns": 10}}
        )
        page.goto(f"{server}/#/table/{table}")
        assert play_turns(page, 40), "the hand did not end"
        page.wait_for_selector("#replay-link")
        sheet = page.inner_text("#modal-box")
        assert "Computer 1 (intermedio)" in sheet and not ENGLISH.search(sheet), sheet
        assert page.inner_text("#match-points").startswith("Punti partita (MP): Giulia ")  # by name, not "-160 / 160"
        shot(page, f"a11y-{size}-score-sheet")
        assert_no_serious_violations(page, f"score sheet, {size}")

        page.click("#replay-link")
        page.wait_for_selector("#replay")
        page.click("#replay-next")
        page.wait_for_function("() => document.querySelector('#replay').textContent.includes('passo 1 di')")
        page.click("#replay-moves summary")
        moves = page.inner_text("#replay-moves")
        assert "Tutte le mosse della mano" in moves and "Computer 1 (intermedio)" in moves, moves
        assert not ENGLISH.search(moves) and not re.search(r"\b(draw|pickup|meld|attach|discard)\b", moves), moves
        assert page.get_attribute("#replay-moves li >> nth=0", "aria-current") == "step"
        page.click("#replay-moves li >> nth=2 >> button")  # a move of the list opens its step
        page.wait_for_function("() => document.querySelector('#replay').textContent.includes('passo 3 di')")
        shot(page, f"a11y-{size}-replay")
        assert_no_serious_violations(page, f"replay, {size}")

        page.goto(f"{server}/#/user/{user}")
        page.wait_for_selector("#profile .table-card")
        profile = page.inner_text("#profile")
        assert "1 partita" in profile and "Computer 1 (intermedio)" in profile, profile
        assert "Punti partita (MP): Giulia " in profile and "punti vittoria (VP): Giulia " in profile, profile
        assert "la differenza tra i totali" in page.inner_text("#points-note") and not ENGLISH.search(profile)
        shot(page, f"a11y-{size}-profile")
        assert_no_serious_violations(page, f"profile, {size}")

        # the lobby with a table of four whose names are long: whole, never cut inside a word
        create_table(page, {"players": 4, "bots": "champion", "sit": True, "name": "Il tavolo della domenica"})
        page.goto(server + "/#/")
        page.wait_for_selector(".table-card .lobby-seat")
        seats = page.inner_text(".tc-seats")
        assert "Computer 1 (campione)" in seats and "Computer 3 (campione)" in seats and not ENGLISH.search(seats)
        whole = page.evaluate(
            "() => [...document.querySelectorAll('.lobby-seat')].every((el) => "
            "el.scrollWidth <= el.clientWidth + 1 || el.title === el.textContent)"
        )
        assert whole, "a name in the lobby is cut without its full text"
        shot(page, f"a11y-{size}-lobby")
        assert_no_serious_violations(page, f"lobby of a player, {size}")

        page.goto(server + "/#/tournaments")
        page.wait_for_selector("#tour-not-director")
        director = page.inner_text("#tour-not-director")
        assert "direttore" in director and "burraco" not in director and "grant" not in director
        assert_no_serious_violations(page, f"tournaments, {size}")

        page.goto(server + "/rules?lang=it")
        page.wait_for_selector("#s6-2")
        rules = page.inner_text("main")
        assert "burraco play" not in rules and "burraco rules" not in rules and "--" not in rules
        shot(page, f"a11y-{size}-rules")
        assert_no_serious_violations(page, f"rules, {size}")
        assert not errors, errors


def test_the_way_back_to_ones_table_shows_on_every_other_page(server: str, tmp_path: Path) -> None:
    """GET /api/me/tables names the player's tables in play (a guest's too): every page but that table
    shows "Torna al tuo tavolo" with its name; a server without the list shows nothing and no error."""
    with browser(tmp_path, PHONE, "it-IT") as (page, errors):
        as_guest(page, server, "Marta")
        user = int(page.get_attribute("#me", "href").rsplit("/", 1)[1])
        page.wait_for_selector("#tables")
        assert page.is_hidden("#way-back")
        table = create_table(page, {"players": 4, "bots": "intermediate", "sit": True, "name": "Tavolo di Marta"})
        page.goto(server + "/#/tournaments")
        page.wait_for_selector(f"#way-back-{table}")
        banner = page.inner_text("#way-back")
        assert "Torna al tuo tavolo" in banner and "Tavolo di Marta" in banner, banner
        assert "il tavolo ti aspetta" in banner, banner  # not connected to it yet
        shot(page, "a11y-phone-way-back")
        assert_no_serious_violations(page, "the way back, phone")

        page.click(f"#way-back-{table}")
        page.wait_for_url(f"**/#/table/{table}")
        page.wait_for_function("() => document.querySelector('#way-back').classList.contains('hidden')")

        page.goto(f"{server}/#/user/{user}")
        page.wait_for_selector(f"#way-back-{table}")
        page.goto(server + "/#/")
        page.wait_for_selector(f"#way-back-{table}")  # the lobby keeps it fresh every few seconds
        page.wait_for_selector(".lobby-seat")
        assert "Marta (ospite), Computer 1 (intermedio)" in page.inner_text(".tc-seats")

        # a table whose turns of a second run out three times: the computer takes the seat, and says so
        idle = create_table(
            page, {"players": 2, "bots": "beginner", "sit": True, "turn_timer": 1, "name": "Tavolo lampo"}
        )
        page.wait_for_selector(f"#way-back-{idle}")
        page.wait_for_function(
            f"() => document.querySelector('#way-back [data-table=\"{idle}\"]').textContent"
            ".includes('il computer sta giocando per te')",
            timeout=30_000,
        )
        shot(page, "a11y-phone-way-back-standin")

        page.route("**/api/me/tables", lambda route: route.fulfill(status=404, body='{"detail": "Not Found"}'))
        page.goto(server + "/#/tournaments")
        page.wait_for_selector("#tour-not-director")
        page.wait_for_function("() => document.querySelector('#way-back').classList.contains('hidden')")
        assert not errors, errors
