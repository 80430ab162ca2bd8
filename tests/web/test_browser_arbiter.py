"""The arbiter called from a table's phone in Chromium: on the score terminal (390x844, Italian) "Chiama
l'arbitro" opens the guided form; Art. 17 is walked question by question to its ruling, recorded on a
hand, and the director's console (1280x800) lists it with the ruling in words; the director warns a pair
(Art. 23) from the console and sees the warning counted for it. The form is audited with
axe-core. Screenshots in test-artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path

from axe_helpers import assert_no_serious_violations
from test_browser import DESKTOP, PHONE, people_pages, server, shot
from test_browser_terminal import IT, answer, codes_for_turn_1

__all__ = ["server"]


def test_the_arbiter_rules_from_the_phone_and_the_console_lists_it(server: str, tmp_path: Path) -> None:
    with people_pages((DESKTOP, IT), (PHONE, IT)) as ((desk, phone), errors):
        codes_for_turn_1(desk, server, tmp_path)
        link = desk.get_attribute("#terminal-1 .terminal-link", "href")

        # the table's phone calls the arbiter
        phone.goto(link)
        phone.wait_for_selector("#terminal-arbiter")
        assert phone.inner_text("#terminal-arbiter") == "Chiama l'arbitro"
        phone.click("#terminal-arbiter")
        phone.wait_for_selector("#arbiter-articles")
        assert "Art. 17 · Pesca, raccolta o giocata fuori turno" in phone.inner_text("#arbiter-articles")
        shot(phone, "arbiter-phone-articles")
        phone.click("#arbiter-form .arbiter-article[data-article='17']")
        assert phone.inner_text("#arbiter-question") == "Che cosa ha fatto il colpevole?"
        answer(phone, "drew")
        assert "ha già fatto gioco" in phone.inner_text("#arbiter-question")
        shot(phone, "arbiter-phone-question")
        assert_no_serious_violations(phone, "the arbiter's form, a question (390x844)")
        answer(phone, "no")
        answer(phone, "yes")
        phone.wait_for_selector("#arbiter-ruling")
        ruling = phone.inner_text("#arbiter-ruling")
        assert "Al momento della contestazione il giocatore colpevole interrompe il gioco" in ruling
        assert "Carte penalizzate" in phone.inner_text("#arbiter-effects")
        phone.select_option("#arbiter-hand", "2")
        phone.select_option("#arbiter-side", "ew")
        assert_no_serious_violations(phone, "the arbiter's form, the ruling (390x844)")
        phone.click("#arbiter-record")
        phone.wait_for_selector("#arbiter-msg.arbiter-done")
        assert phone.inner_text("#arbiter-msg") == "Decisione registrata."
        shot(phone, "arbiter-phone-recorded")

        # the director's console lists it
        desk.reload()
        desk.wait_for_selector("#rulings-table .ruling-row")
        row = desk.inner_text("#rulings-table .ruling-row")
        assert "Turno 1 · tavolo 1 · mano 2" in row and "Art. 17" in row and "dal terminale del tavolo" in row
        assert "Al momento della contestazione" in row
        assert "1 ammonizione" not in desk.inner_text("#rulings-panel")  # Art. 17 warns nobody
        # the director warns a pair (Art. 23) from the console: the warning is counted for that pair
        desk.click("#rulings-call")
        desk.click("#arbiter-form .arbiter-article[data-article='23']")
        answer(desk, "no")
        desk.select_option("#arbiter-table", "2")
        desk.select_option("#arbiter-side", "ns")
        desk.click("#arbiter-record")
        desk.wait_for_selector("#arbiter-msg.arbiter-done")
        shot(desk, "arbiter-console-form")
        desk.click("#arbiter-close")
        desk.wait_for_selector("#ruling-lines")
        warned = desk.inner_text("#ruling-lines")
        assert "1 ammonizione" in warned and "alla prossima infrazione la linea perde 1 V.P." in warned
        assert desk.locator("#rulings-table .ruling-row").count() == 2
        desk.locator("#rulings-panel").scroll_into_view_if_needed()
        shot(desk, "arbiter-console-rulings")
        assert_no_serious_violations(desk, "the console's arbiter rulings (1280x800)")
    assert errors == []
