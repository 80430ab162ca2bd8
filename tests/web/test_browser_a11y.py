"""The pages around the table as an Italian player meets them in Chromium, at desktop and phone size:
the lobby (a visitor's and a player's), the score sheet, the replay viewer, the profile, the
tournaments page and the rules page. Each passes an accessibility audit (axe-core on the WCAG 2 A/AA
rules and its other serious ones: no serious or critical violation, axe_helpers.py) and reads in
Italian: the computer players as "Computer 1 (intermedio)", whole names in the lobby, match and
victory points in words, every move of a replay in words, no command to type. The way back to one's
table ("Torna al tuo tavolo") shows on every page but that table. At the table every name contains
what its element shows (WCAG 2.5.3) and no name is a catalogue key. Screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from axe_helpers import assert_no_serious_violations, audited_rules, describe, serious_violations
from test_browser import DESKTOP, PHONE, ROOT, as_guest, browser, play_turns, practice_table, server, shot

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


STATIC = ROOT / "src" / "burraco" / "web" / "static"
KEY_PREFIXES = sorted({key.split(".")[0] for key in json.loads((STATIC / "i18n.it.json").read_text(encoding="utf-8"))})
RAW_KEY = re.compile(rf"\b(?:{'|'.join(map(re.escape, KEY_PREFIXES))})\.[\w*]")
"""A catalogue key where words should be ("card.suit.*", "table.stock_label"): a key's first part, a dot,
then a letter or a star (a sentence's "table. Then" does not match)."""

# What the server's view is given on the way (test_browser.py's eight melds do the same): a discard pile
# with a court card, a ten and a joker, and melds with each kind of wildcard: a joker in a sequence, a
# pinella in a combination (it stands for "7*": a seven of no suit), a pinella in a dirty burraco.
PILE = ["KS", "10D", "JK", "4C"]
MELDS = [
    [
        {"cards": ["5H", "6H", "JK", "8H"], "wild": 2, "stands_for": "7H", "burraco": "", "kind": "sequence"},
        {"cards": ["7H", "7D", "2S"], "wild": 2, "stands_for": "7*", "burraco": "", "kind": "combination"},
    ],
    [
        {
            "cards": ["3C", "4C", "2H", "6C", "7C", "8C", "9C"],
            "wild": 2,
            "stands_for": "5C",
            "burraco": "dirty",
            "kind": "sequence",
        }
    ],
]


def with_melds_and_pile(ws: Any) -> None:
    """Pass a table's socket through, giving every state the melds and discard pile above."""
    upstream = ws.connect_to_server()

    def from_server(message: str | bytes) -> None:
        data = json.loads(message)
        if data.get("type") == "state" and data.get("view"):
            data["view"]["melds"], data["view"]["discard_pile"] = MELDS, PILE
            message = json.dumps(data)
        ws.send(message)

    upstream.on_message(from_server)
    ws.on_message(lambda message: upstream.send(message))


@pytest.mark.parametrize("size", SIZES)
def test_the_tables_names_contain_what_it_shows(server: str, tmp_path: Path, size: str) -> None:
    """WCAG 2.5.3 (label in name), which axe-core checks as label-content-name-mismatch: a card showing
    "3" is named "3 di cuori", a "K" "K, re di cuori", the stock showing "62 tallone" "62 tallone: pesca
    (P)", the pile and the melds by the ranks they show in order, then in words; and no name is a
    catalogue key (a wildcard standing for a seven of no suit was "card.suit.*")."""
    with browser(tmp_path, SIZES[size], "it-IT") as (page, errors):
        page.route_web_socket(re.compile(r".*/ws/tables/\d+$"), with_melds_and_pile)
        as_guest(page, server, "Giulia")
        table = practice_table(page, 2, seed=4242)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_function("() => document.querySelectorAll('.meld').length === 3")
        page.wait_for_function("() => !document.querySelector('#stock').disabled")  # your turn: the stock draws
        shot(page, f"a11y-{size}-table")

        assert "label-content-name-mismatch" in audited_rules(page)
        mismatched = serious_violations(page, rules=("label-content-name-mismatch",))
        assert not mismatched, describe(mismatched, per_rule=20)
        assert_no_serious_violations(page, f"the table with wildcards, {size}")

        names = page.evaluate(
            "() => [...document.querySelectorAll('[aria-label], [title]')]"
            ".flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)"
        )
        raw = [name for name in names if RAW_KEY.search(name)]
        assert not raw, f"names with a catalogue key: {raw}"

        hand = page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => [c.dataset.code, c.ariaLabel])")
        suits = {"H": "cuori", "D": "quadri", "C": "fiori", "S": "picche"}
        for code, label in hand:
            rank, suit = code[:-1], suits.get(code[-1], "")
            court = rf"{rank}, \w+ di {suit}"  # "K, re di cuori"
            expected = "jolly" if code == "JK" else f"{rank} di {suit}" if rank.isdigit() else court
            assert re.fullmatch(rf"{expected}(, vista dagli altri)?", label), (code, label)
        stock = page.inner_text("#stock .counter")
        assert page.get_attribute("#stock", "aria-label") == f"{' '.join(stock.split())}: pesca (P)"
        pile = page.get_attribute("#pile", "aria-label")
        assert pile.startswith(
            "Scarti, 4 carte: K 10 jolly 4 — re di picche, dieci di quadri, jolly e quattro di fiori"
        )
        melds = page.eval_on_selector_all(".meld", "ms => ms.map((m) => m.ariaLabel)")
        assert sorted(melds) == [
            "Combinazione 1: 3 4 2 5 6 7 8 9 burraco sporco — tre di fiori, quattro di fiori, pinella (vale cinque"
            " di fiori), sei di fiori, sette di fiori, otto di fiori e nove di fiori",
            "Combinazione 1: 5 6 jolly 7 8 — cinque di cuori, sei di cuori, jolly (vale sette di cuori) e otto"
            " di cuori",
            "Combinazione 2: 7 7 2 7 — sette di cuori, sette di quadri e pinella (vale un sette)",
        ], melds
        assert not errors, errors
