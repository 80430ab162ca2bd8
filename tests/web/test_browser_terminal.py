"""Score terminals in Chromium: the director (1280x800) makes the turn's codes and sees the QR codes; a
table's phone (390x844, Italian) opens the link, enters hands scored by the server, sees a refusal in
Italian, goes offline while entering (the service worker keeps the page and the submissions), comes
back with nothing lost, and E-W confirm: the console shows the result at once. Then an irregular hand:
the phone calls the arbiter (Art. 12), the ruling prefills the collapsed "Mano irregolare (arbitro)"
section, the hand is entered with the arbiter's facts (scored by the server: void burraco, wrong cards,
penalised cards, closing annulled) and reaches the console marked irregular with its article; the
console, never reloaded, lists the ruling as the phone records it and marks it "seguita dalla mano
segnata" once the hand is entered (redrawn only when it changed, the director's open form kept).
Screenshots in test-artifacts/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import (
    CHROMIUM,
    DESKTOP,
    LAUNCH_ARGS,
    PHONE,
    WAIT_MS,
    assert_fits,
    people_pages,
    require_chromium,
    server,
    shot,
)
from test_browser_tournament import open_console

__all__ = ["server"]
IT = "it-IT"


def side(page: Any, index: int, table: int, hand: int, **kinds: int) -> None:
    for kind, count in kinds.items():
        page.fill(f"#entry-{index}-{kind}", str(count))
    page.fill(f"#entry-{index}-table", str(table))
    page.fill(f"#entry-{index}-hand", str(hand))


def lines(page: Any) -> list[str]:
    script = "rows => rows.map(r => r.innerText.replace(/\\s+/g, ' '))"
    return page.eval_on_selector_all("#terminal-lines tbody tr", script)  # type: ignore[no-any-return]


def wait_text(page: Any, selector: str, text: str, exact: bool = False, timeout: int = 15_000) -> None:
    """Wait until the element's text is (or holds) ``text``."""
    check = "t === text" if exact else "t.includes(text)"
    script = f"([sel, text]) => {{ const t = document.querySelector(sel)?.textContent || ''; return {check}; }}"
    page.wait_for_function(script, arg=[selector, text], timeout=timeout)


def codes_for_turn_1(desk: Any, server: str, tmp_path: Path) -> None:
    """The director: an event of 4 pairs, turn 1 paired, the tables' codes made."""
    open_console(desk, server, tmp_path, "Direttrice", "Giovedì al circolo", 1, "mitchell*1")
    desk.fill("#register-names", "Rossi-Bianchi\nVerdi-Neri\nGialli-Blu\nConti-Ferri")
    desk.click("#register-btn")
    desk.wait_for_function("() => document.querySelectorAll('.tour-entrants li').length === 4")
    desk.click("#pair-btn")
    desk.wait_for_selector("#terminals-issue")
    desk.click("#terminals-issue")
    desk.wait_for_selector("#terminal-2 img.terminal-qr")


def test_a_table_scores_its_turn_on_a_phone_offline_too(server: str, tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            desk_ctx = chromium.new_context(viewport=DESKTOP, locale="it-IT")
            phone_ctx = chromium.new_context(viewport=PHONE, locale="it-IT", has_touch=True)
            desk, phone = desk_ctx.new_page(), phone_ctx.new_page()
            for page in (desk, phone):
                page.set_default_timeout(WAIT_MS)
                page.on("pageerror", lambda error: errors.append(str(error)))

            codes_for_turn_1(desk, server, tmp_path)
            assert desk.get_attribute("#terminal-1 img.terminal-qr", "src").startswith("data:image/svg+xml")
            link = desk.get_attribute("#terminal-1 .terminal-link", "href")
            assert "/score/#/score/" in link
            desk.locator("#terminals-panel").scroll_into_view_if_needed()
            shot(desk, "terminal-console-codes")
            sheet = desk_ctx.new_page()
            sheet.goto(server + desk.get_attribute("#terminals-sheet", "href"))
            assert sheet.locator("svg").count() == 2 and "Tavolo 1" in sheet.inner_text("body")
            shot(sheet, "terminal-qr-sheet")
            sheet.close()

            # the table's phone: the link, the page under its service worker
            phone.goto(link)
            phone.wait_for_selector("#entry-form")
            phone.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
            assert "Turno 1 · Tavolo 1" in phone.inner_text("#terminal")
            side(phone, 0, 183, 15, clean=1)
            side(phone, 1, 120, 40, dirty=1)
            phone.check("#entry-closed-0")
            wait_text(phone, "#entry-preview", "183 non è un multiplo di 5")
            shot(phone, "terminal-phone-refusal")
            phone.fill("#entry-0-table", "185")
            wait_text(phone, "#entry-preview", "Questa mano: N-S 470, E-O 180", exact=True)
            assert_no_serious_violations(phone, "the score terminal, phone")
            assert_fits(phone, "the score terminal")
            phone.click("#entry-send")
            phone.wait_for_function("() => document.querySelector('#total-ns')?.textContent === '470'")
            assert "1 mano su 3 inserita" in phone.inner_text("#terminal-status")
            desk.wait_for_function(
                "() => document.querySelector('#terminal-1 .terminal-state')?.textContent === '1 mano su 3 inserita'"
            )

            # the connection drops while hand 2 and hand 3 are entered
            phone_ctx.set_offline(True)
            phone.reload()  # the page opens from the worker's copy
            phone.wait_for_selector("#entry-form")
            assert lines(phone) == ["Mano 1 470 180"]
            phone.select_option("#entry-mode", "totals")
            phone.select_option("#entry-hand", "2")
            phone.fill("#entry-0-total", "300")
            phone.fill("#entry-1-total", "-100")
            phone.click("#entry-send")
            wait_text(phone, "#entry-msg", "salvata sul telefono")
            phone.select_option("#entry-mode", "totals")
            phone.select_option("#entry-hand", "3")
            phone.fill("#entry-0-total", "-80")
            phone.fill("#entry-1-total", "655")
            phone.click("#entry-send")
            phone.wait_for_function("() => document.querySelectorAll('#terminal-lines tr.queued').length === 2")
            shot(phone, "terminal-phone-offline")
            assert "1 mano su 3" in desk.inner_text("#terminal-1")  # nothing reached the server yet

            # back online: the kept hands are sent, once
            phone_ctx.set_offline(False)
            phone.wait_for_function("() => document.querySelector('#total-ns')?.textContent === '690'", timeout=20_000)
            assert lines(phone) == ["Mano 1 470 180", "Mano 2 300 -100", "Mano 3 -80 655"]
            assert phone.inner_text("#total-ew") == "735"
            assert "MP di N-S: -45 · il turno darà VP 10–10" in phone.inner_text("#terminal-mpvp")

            # E-W confirm on their own phone (the same code): the result enters the turn, the console shows it
            ew = chromium.new_context(viewport=PHONE, locale="it-IT", has_touch=True).new_page()
            ew.set_default_timeout(WAIT_MS)
            ew.on("pageerror", lambda error: errors.append(str(error)))
            ew.goto(link)
            wait_text(ew, "#confirm-btn", "Confermiamo N-S 690 – E-O 735", exact=True)
            ew.click("#confirm-btn")
            ew.wait_for_selector("#terminal-done")
            phone.wait_for_selector("#terminal-done")  # N-S's phone sees it by itself
            assert "Risultato confermato: N-S 690, E-O 735" in phone.inner_text("#terminal-done")
            shot(phone, "terminal-phone-confirmed")
            wait_text(desk, "#card-1-1", "690", timeout=20_000)
            desk.wait_for_function(
                "() => document.querySelector('#terminal-1')?.classList.contains('status-confirmed')"
            )
            desk.locator("#terminals-panel").scroll_into_view_if_needed()
            shot(desk, "terminal-console-confirmed")
            assert_no_serious_violations(desk, "the console's score terminals")
            standings = desk.evaluate(
                "async () => (await (await fetch(location.origin + '/api/tournaments/1/standings')).json()).standings"
            )
            assert sorted(s["vp"] for s in standings) == [0, 0, 10, 10]  # table 2 has no result yet
        finally:
            chromium.close()
    assert errors == []


def test_the_confirmation_follows_the_other_phone_while_a_hand_is_typed(server: str, tmp_path: Path) -> None:
    """E-W's phone is typing a hand (the page is then not redrawn) when N-S's phone enters another: the
    confirmation box shows the new totals at once, and what E-W typed stays."""
    with people_pages((DESKTOP, IT), (PHONE, IT), (PHONE, IT)) as ((desk, ns, ew), errors):
        codes_for_turn_1(desk, server, tmp_path)
        link = desk.get_attribute("#terminal-1 .terminal-link", "href")
        for page in (ns, ew):
            page.goto(link)
            page.wait_for_selector("#entry-form")
        side(ns, 0, 185, 15, clean=1)
        side(ns, 1, 120, 40, dirty=1)
        ns.check("#entry-closed-0")
        ns.click("#entry-send")
        wait_text(ew, "#confirm-btn", "Confermiamo N-S 470 – E-O 180", exact=True)
        ew.fill("#entry-0-table", "95")  # E-W start typing hand 2: the page keeps their form
        ns.select_option("#entry-mode", "totals")
        ns.select_option("#entry-hand", "2")
        ns.fill("#entry-0-total", "300")
        ns.fill("#entry-1-total", "-100")
        ns.click("#entry-send")
        wait_text(ew, "#confirm-btn", "Confermiamo N-S 770 – E-O 80", exact=True)
        assert ew.input_value("#entry-0-table") == "95"
        assert "2 mani su 3 inserite" in ew.inner_text("#terminal-status")
    assert errors == []


def fits(page: Any, where: str) -> None:
    """As ``assert_fits``, where the arbiter's words may say "annullata": no raw word, no sideways scrolling."""
    text = page.inner_text("body")
    assert not re.search(r"\bnull\b|undefined|_", text), f"{where}: raw words on screen"
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{where}: the page is {width[0]} px wide in a {width[1]} px viewport"


def answer(page: Any, value: str) -> None:
    page.click(f"#arbiter-form .arbiter-answer[data-value='{value}']")


def test_an_irregular_hand_reaches_the_console_with_its_ruling(server: str, tmp_path: Path) -> None:
    with people_pages((DESKTOP, IT), (PHONE, IT)) as ((desk, phone), errors):
        codes_for_turn_1(desk, server, tmp_path)
        link = desk.get_attribute("#terminal-1 .terminal-link", "href")

        # the phone: the section is there, collapsed; the arbiter is called on hand 1 (Art. 12)
        phone.goto(link)
        phone.wait_for_selector("#entry-form")
        assert phone.inner_text("#entry-irregular-toggle") == "Mano irregolare (arbitro)"
        assert not phone.eval_on_selector("#entry-irregular", "d => d.open")
        assert not phone.is_visible("#entry-0-wrong")
        phone.click("#terminal-arbiter")
        phone.click("#arbiter-form .arbiter-article[data-article='12']")
        for value in ("wrong_play", "later", "yes", "yes"):
            answer(phone, value)
        phone.wait_for_selector("#arbiter-ruling")
        phone.select_option("#arbiter-hand", "1")
        phone.select_option("#arbiter-side", "ns")
        phone.click("#arbiter-record")
        phone.wait_for_selector("#arbiter-msg.arbiter-done")
        phone.click("#arbiter-close")

        # the console, never reloaded, lists the ruling by itself (not yet followed by a hand)
        wait_text(desk, "#rulings-table .ruling-row", "dal terminale del tavolo", timeout=20_000)
        row = desk.inner_text("#rulings-table .ruling-row")
        assert "Turno 1 · tavolo 1 · mano 1" in row and "Art. 12" in row and "seguita" not in row
        # nothing changed: the next polls leave the list as it is (same nodes), the focus and the scroll
        desk.locator("#rulings-panel").scroll_into_view_if_needed()
        desk.focus("#rulings-call")
        before = desk.evaluate("() => { document.querySelector('#rulings-table').probe = 1; return scrollY; }")
        for _ in range(2):
            with desk.expect_response(lambda r: r.url.endswith("/rulings"), timeout=15_000):
                pass
        kept = "() => [document.querySelector('#rulings-table').probe, document.activeElement.id, scrollY]"
        assert desk.evaluate(kept) == [1, "rulings-call", before]
        # the director opens the arbiter's form: it stays open while the list refreshes behind it
        desk.click("#rulings-call")
        desk.click("#arbiter-form .arbiter-article[data-article='23']")
        question = desk.inner_text("#arbiter-question")

        # the ruling prefills the section: opened, the ruling followed, N-S's closing needs a valid burraco
        phone.wait_for_selector("#entry-rulings input.ruling-link:checked")
        assert phone.eval_on_selector("#entry-irregular", "d => d.open")
        rulings = phone.inner_text("#entry-rulings")
        assert "Decisioni dell'arbitro sulla mano 1" in rulings and "Art. 12 · " in rulings and "N-S" in rulings
        assert phone.is_checked("#entry-0-needs-valid") and not phone.is_checked("#entry-1-needs-valid")
        side(phone, 0, 185, 15, clean=1)
        side(phone, 1, 120, 40, dirty=1)
        phone.check("#entry-closed-0")
        wait_text(phone, "#entry-preview", "Questa mano: N-S 470, E-O 180", exact=True)
        phone.fill("#entry-0-void-clean", "2")
        wait_text(phone, "#entry-preview", "I burraci non validi (2) sono più di quelli segnati (1).", exact=True)
        phone.fill("#entry-0-void-clean", "1")
        phone.fill("#entry-0-wrong", "15")
        phone.fill("#entry-0-penalised", "10")
        # 185 − 15 wrong − 15 in hand − 10 penalised: no bonus for the void burraco, the closing annulled
        wait_text(phone, "#entry-preview", "Questa mano: N-S 145, E-O 180", exact=True)
        phone.locator("#entry-irregular").scroll_into_view_if_needed()
        shot(phone, "terminal-phone-irregular")
        assert_no_serious_violations(phone, "the score terminal's irregular hand, phone")
        fits(phone, "the score terminal's irregular hand")
        phone.click("#entry-send")
        phone.wait_for_function("() => document.querySelector('#total-ns')?.textContent === '145'")
        cells = "rows => rows.map(r => Array.from(r.cells, c => c.textContent.trim()))"
        assert phone.eval_on_selector_all("#terminal-lines tbody tr", cells) == [["Mano 1 · irregolare", "145", "180"]]
        assert not phone.eval_on_selector("#entry-irregular", "d => d.open")  # hand 2 has no ruling
        shot(phone, "terminal-phone-irregular-sent")

        # the console, still not reloaded: the ruling followed by the hand, the form still open as it was
        wait_text(desk, "#rulings-table .ruling-row", "seguita dalla mano segnata", timeout=20_000)
        row = desk.inner_text("#rulings-table .ruling-row")
        assert "Turno 1 · tavolo 1 · mano 1" in row and "Art. 12" in row
        assert desk.locator("#rulings-table .ruling-row").count() == 1
        assert desk.is_visible("#arbiter-form") and desk.inner_text("#arbiter-question") == question
        desk.click("#arbiter-close")
        desk.locator("#rulings-panel").scroll_into_view_if_needed()
        shot(desk, "terminal-console-irregular-ruling")
        # the board: the hand marked irregular with its article
        wait_text(desk, "#terminal-1-hand-1", "Mano 1 · irregolare · Art. 12", exact=True, timeout=20_000)
        desk.locator("#terminal-1").scroll_into_view_if_needed()
        shot(desk, "terminal-console-irregular")
        assert_no_serious_violations(desk, "the console's irregular hand")
    assert errors == []
