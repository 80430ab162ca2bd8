"""The small things, each seen in Debian's Chromium: the language, bad links, forms, dialogs, totals,
three players, guests (fixtures and helpers from test_browser.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import as_guest, assert_fits, browser, play_turns, practice_table, server, shot  # noqa: F401

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def test_italian_by_default_switchable_and_remembered(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        page.goto(server + "/")
        page.wait_for_selector("#create-form")
        assert page.inner_text("#nav-lobby") == "Sala" and "Crea un tavolo" in page.inner_text("#main")
        assert page.evaluate("document.documentElement.lang") == "it"
        page.click("#lang-btn")
        page.wait_for_function("() => document.querySelector('#nav-lobby').textContent === 'Lobby'")
        assert "Create a table" in page.inner_text("#main")
        page.reload()
        page.wait_for_selector("#create-form")
        assert page.inner_text("#nav-lobby") == "Lobby"
    assert errors == []


def test_english_browser_gets_english(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, PHONE, locale="en-GB") as (page, errors):
        page.goto(server + "/")
        page.wait_for_selector("#create-form")
        assert page.inner_text("#nav-lobby") == "Lobby"
    assert errors == []


def test_a_bad_table_link_says_so_at_once(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        as_guest(page, server, "Marco")
        page.goto(server + "/#/table/9999")
        page.wait_for_selector("#table-refused", timeout=5000)
        assert "non esiste" in page.inner_text("#table-refused")
        assert page.locator("#table-refused a[href='#/']").count() == 1
    assert errors == []


def test_forms_give_friendly_messages(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        page.goto(server + "/")
        page.wait_for_selector("#guest-btn")
        page.click("#guest-btn")
        assert "soprannome" in page.inner_text("#account-error")
        page.fill("#guest-name", "!")
        page.click("#guest-btn")
        assert "da 2 a 24" in page.inner_text("#account-error")
        assert page.query_selector("#me") is None
        # the create form says which field is wrong, in words, before asking the server
        as_guest(page, server, "Marta")
        page.select_option("#mode", "hands")
        page.fill("#hands", "0")
        page.click("#create-btn")
        assert "Mani" in page.inner_text("#create-error") and "da 1 a 20" in page.inner_text("#create-error")
    assert errors == []


def test_a_wrong_password_is_refused_in_italian(server: str, tmp_path: Path) -> None:  # noqa: F811
    """The server refuses with a code (http.wrong_password): the page words it in the player's language."""
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        page.goto(server + "/")
        page.wait_for_selector("#login-btn")
        page.fill("#login-name", "Nessuno")
        page.fill("#login-password", "sbagliata-123")
        page.click("#login-btn")
        page.wait_for_function("() => document.querySelector('#account-error').textContent !== ''")
        assert page.inner_text("#account-error") == "Nome o password sbagliati."
    assert errors == []


def test_escape_closes_dialogs_and_totals_name_the_sides(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, PHONE, locale="en-US") as (page, errors):
        as_guest(page, server, "Sara")
        assert "rating" not in page.inner_text("#me")  # a guest never shows a rating
        table = practice_table(page, 4, seed=99)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        totals = page.text_content("#totals")  # on a phone the names show in the sides' labels, not the top line
        assert "Us" in totals and "Sara" in totals and "Bot" in totals
        assert "Us · Sara (guest) & Bot 2" in page.inner_text("#side-mine")
        page.click("#btn-rules")
        page.wait_for_selector("#rules-panel")
        page.keyboard.press("Escape")
        page.wait_for_selector("#modal.hidden", state="attached")
        page.click("#me")
        page.wait_for_selector("#profile")
        assert "Guest" in page.inner_text("#profile-rating") and "Rating" not in page.inner_text("#profile")
    assert errors == []


def test_three_players_keep_your_side_in_place_and_explain_the_credit(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, {"width": 1280, "height": 800}, locale="en-US") as (page, errors):
        as_guest(page, server, "Luca")
        table = practice_table(page, 3, seed=31, hands=1, options={"max_turns": 30})
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        for turn in range(4):
            if turn == 2:
                assert_fits(page, "3 players", hand=True)
                shot(page, "desktop-3-players")
            below = page.evaluate(
                "() => document.querySelector('#side-mine').getBoundingClientRect().top"
                " > document.querySelector('#pile').getBoundingClientRect().bottom"
            )
            assert below, "your side's melds are not next to your hand"
            if play_turns(page, 2):
                break
        assert play_turns(page, 40)
        credited = page.inner_text("#credited")
        assert "Credited" in credited and "Luca" in credited
    assert errors == []


def test_a_timed_out_turn_is_counted_down_warned_and_announced(server: str, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        as_guest(page, server, "Paola")
        table = practice_table(page, 2, seed=5, turn_timer=4)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_function(
            "() => document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled"
        )
        assert re.search(r"\d+ s", page.inner_text("#timer")) and page.query_selector("#timer svg")  # no emoji
        page.wait_for_function(
            "() => document.querySelector('#clock-warn') && "
            "document.querySelector('#clock-warn').textContent.includes('il computer giocherà')"
        )
        page.wait_for_function("() => document.querySelector('#absence')", timeout=10_000)
        assert "Paola" in page.inner_text("#absence")
        page.click(".log-box summary")
        page.wait_for_function(
            "() => document.querySelector('#log').textContent.includes('giocata dal computer per Paola')"
        )
        assert_fits(page, "a timed-out turn", hand=True)
        # the warning is gone as soon as it is no longer true: not during the bot's turn
        page.wait_for_function("() => document.querySelector('#turn').textContent !== 'Tocca a te'")
        assert page.query_selector("#clock-warn") is None
        # three time-outs in a row: the computer takes the seat; the page says what it did and how to come back
        page.wait_for_selector("#standin-summary", timeout=40_000)
        summary = page.inner_text("#standin-mine")
        assert "Dalla mano 1" in summary and "Totali allora" in summary, summary
        assert page.inner_text("#btn-back") == "Riprendi il posto"
        shot(page, "phone-standin-summary")
        for _ in range(5):  # the stand-in plays on: a hand it ends opens its score sheet, closed first
            if page.is_visible("#btn-close-sheet"):
                page.click("#btn-close-sheet")
            try:
                page.click("#btn-back", timeout=3_000)
                break
            except PlaywrightTimeout:
                pass
        else:
            raise AssertionError("the stand-in's summary could not be left")
        page.wait_for_selector("#btn-standin-ok")  # back in the seat: the summary stays until seen
        page.click("#btn-standin-ok")
        page.wait_for_selector("#standin-mine", state="detached")
    assert errors == []


def test_a_finished_table_link_says_the_match_has_ended(server: str, tmp_path: Path) -> None:  # noqa: F811
    """The server closes a finished table's socket with 4410 (tests/web: test_hardening_tables); the page
    says so at once and does not retry."""
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        as_guest(page, server, "Elena")
        page.route_web_socket(re.compile(r".*/ws/tables/\d+"), lambda ws: ws.close(code=4410, reason="over"))
        page.goto(server + "/#/table/5")
        page.wait_for_selector("#table-refused", timeout=5000)
        assert "è finita" in page.inner_text("#table-refused")
    assert errors == []


def test_a_lost_state_is_noticed_and_the_whole_log_asked_for_again(server: str, tmp_path: Path) -> None:  # noqa: F811
    """Pub/sub may lose a relayed socket's message (docs/deploy.md): the page sees the hole (a ``delta``
    built on a version it does not hold, or a log from beyond what it holds), asks for a full state
    (``sync``) and shows the whole log."""
    states: list[dict[str, Any]] = []
    dropped: list[str] = []
    syncs: list[str] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            view = data.get("view") if data.get("type") in ("state", "delta") else None
            later = data["type"] == "delta" or bool(view and view["log_from"] > 0)
            if later and len(states) >= 4 and not dropped:
                dropped.append(str(message))  # lost on the way
                return
            if view is not None:
                states.append(data)
            ws.send(message)

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("type") == "sync":
                syncs.append(str(message))
            upstream.send(message)

        upstream.on_message(from_server)
        ws.on_message(from_page)

    with browser(tmp_path, PHONE, locale="en-US") as (page, errors):
        page.route_web_socket(re.compile(r".*/ws/tables/\d+$"), route)
        as_guest(page, server, "Lia")
        table = practice_table(page, 2, seed=11)
        page.goto(server + f"/#/table/{table}")
        play_turns(page, 4)
        assert dropped and syncs  # one state lost; the page noticed and asked for everything
        expected = min(30, next(m["view"]["log_len"] for m in reversed(states) if "log_len" in m["view"]))
        page.wait_for_function("(n) => document.querySelectorAll('#log > div').length === n", arg=expected)
    assert errors == []


def test_counts_take_their_plural_form(server: str, tmp_path: Path) -> None:  # noqa: F811
    """Intl.PluralRules picks the form: "1 spettatore", "2 spettatori" on the table and in the lobby (the
    spectators are a second guest's sockets), and the other counts the page shows, in both languages."""
    from test_browser_tournament import two_screens

    with two_screens() as (watcher, player, errors):  # the player's phone speaks Italian
        as_guest(player, server, "Giulia")
        table = player.evaluate(
            "async () => (await (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
            "'application/json'}, body: JSON.stringify({players: 2, sit: true, name: 'Circolo'})})).json()).table.id"
        )
        player.goto(f"{server}/#/table/{table}")
        player.wait_for_selector("#watchers", state="attached")
        assert player.inner_text("#watchers") == ""  # nobody watches yet
        as_guest(watcher, server, "Guardo")
        watcher.goto(f"{server}/#/table/{table}")
        player.wait_for_function("() => document.querySelector('#watchers').textContent === '· 1 spettatore'")
        watcher.evaluate(f"() => {{ window.second = new WebSocket(`ws://${{location.host}}/ws/tables/{table}`); }}")
        player.wait_for_function("() => document.querySelector('#watchers').textContent === '· 2 spettatori'")
        watcher.wait_for_function("() => document.querySelector('#watchers').textContent === '· 2 spectators'")
        shot(player, "phone-table-2-spectators")
        player.goto(f"{server}/#/")  # the lobby lists the table with its spectators
        player.wait_for_selector(".table-card")
        assert "2 giocatori · FIBUR (federazione) · 2 spettatori" in player.inner_text(".table-card")
        shot(player, "phone-lobby-2-spectators")
        watcher.evaluate("() => window.second.close()")
        player.wait_for_function(
            "() => document.querySelector('.table-card').textContent.includes('· 1 spettatore')", timeout=10_000
        )
        worded = """async (keys) => {
            const { t, setLang } = await import('/static/i18n.js');
            const out = {};
            for (const lang of ['it', 'en']) {
                setLang(lang);
                out[lang] = keys.map(([key, params]) => t(key, params));
            }
            setLang('it');
            return out;
        }"""
        keys = [
            ["table.cards", {"count": 1}],
            ["table.cards", {"count": 11}],
            ["table.hands", {"count": 1}],
            ["table.hands", {"count": 3}],
            ["profile.guest", {"count": 1}],
            ["profile.guest", {"count": 0}],
            ["tour.entrants_n", {"count": 1}],
            ["table.timer_warn", {"count": 1}],
            ["absence.count", {"count": 2, "max": 3}],
            ["players.n", {"count": 4}],
        ]
        words = player.evaluate(worded, keys)
        assert words["it"] == [
            "1 carta",
            "11 carte",
            "una mano",
            "3 mani",
            "Ospite · 1 partita",
            "Ospite · 0 partite",
            "1 iscritto",
            "Manca 1 secondo: gioca, o il computer giocherà per te.",
            "Il tuo tempo è scaduto 2 volte di fila: se scade 3 volte di fila, il computer prende il tuo posto.",
            "4 giocatori",
        ]
        assert words["en"][:7] == [
            "1 card",
            "11 cards",
            "one hand",
            "3 hands",
            "Guest · 1 match",
            "Guest · 0 matches",
            "1 entrant",
        ]
    assert errors == []


RANKS_IT = {"A": "asso", "J": "fante", "Q": "donna", "K": "re"}  # a number is named as it shows
SUITS_IT = {"H": "cuori", "D": "quadri", "C": "fiori", "S": "picche"}


def italian_name(code: str) -> str:
    """A card's name as an Italian player says it, what its face shows first (WCAG 2.5.3): "10 di picche",
    "K, re di cuori", "jolly"."""
    if code == "JK":
        return "jolly"
    rank, suit = code[:-1], SUITS_IT[code[-1]]
    return f"{rank} di {suit}" if rank.isdigit() else f"{rank}, {RANKS_IT[rank]} di {suit}"


def focused(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            "() => { const e = document.activeElement; return {key: e.dataset.key || '', meld: e.dataset.meld || '',"
            " inHand: Boolean(e.closest('#hand')), pressed: e.getAttribute('aria-pressed'), id: e.id}; }"
        )
    )


def tab_to(page: Any, selector: str, back: bool = True, presses: int = 60) -> bool:
    """Press (Shift+)Tab until the focused element matches ``selector``; False if it never does."""
    for _ in range(presses):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return True
    return False


def test_a_whole_hand_by_keyboard_alone(server: str, tmp_path: Path) -> None:  # noqa: F811
    """After sitting down, no mouse: P draws, M goes to the hand, arrows move, Space chooses, S discards,
    ? shows the keys; an opponent's meld says why it takes no card; the others' moves are said in words;
    the hand ends on the score sheet, which has the focus. Every card is named in Italian."""
    with browser(tmp_path, DESKTOP, locale="it-IT") as (page, errors):
        as_guest(page, server, "Tastiera")
        table = practice_table(page, 2, seed=21, hands=1, options={"max_turns": 24})
        page.goto(f"{server}/#/table/{table}")  # sat down: from here on, keys only
        page.wait_for_selector("#hand .card")
        cards = page.eval_on_selector_all(
            "#hand .card", "cs => cs.map(c => [c.dataset.code, c.getAttribute('aria-label'), c.tabIndex, c.tagName])"
        )
        assert [label for _, label, _, _ in cards] == [italian_name(code) for code, _, _, _ in cards]
        assert [tab for *_, tab, _ in cards].count(0) == 1 and {tag for *_, tag in cards} == {"BUTTON"}
        page.keyboard.press("?")
        page.wait_for_selector("#keys-help")
        assert "pesca dal tallone" in page.inner_text("#keys-help")
        assert_no_serious_violations(page, "the keys' help, desktop")
        page.keyboard.press("Escape")
        page.wait_for_selector("#modal.hidden", state="attached")
        refused_on_theirs = announced = False
        for turn in range(40):
            page.wait_for_function(
                "() => document.querySelector('#scoresheet') || !document.querySelector('#btn-draw').disabled"
            )
            if page.query_selector("#scoresheet"):
                break
            if re.search(r"ha scartato (il|l'|la) ", page.inner_text("#announce")):
                announced = True
            page.keyboard.press("m")
            before = focused(page)
            page.keyboard.press("p")
            page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
            after = focused(page)  # the page was patched, not rebuilt: the focus stayed on the same card
            assert after["inHand"] and after["key"] == before["key"], (before, after)
            first = after
            assert first["inHand"], first
            page.keyboard.press("ArrowRight")
            moved = focused(page)
            assert moved["inHand"] and moved["key"] != first["key"], (first, moved)
            page.keyboard.press("Space")
            page.wait_for_function("() => document.activeElement.getAttribute('aria-pressed') === 'true'")
            if not refused_on_theirs and page.query_selector("#side-1 .meld"):
                assert tab_to(page, "#side-1 .meld"), "an opponent's meld is not reachable by Tab"
                page.keyboard.press("Enter")
                page.wait_for_function("() => document.querySelector('#message').textContent.includes('solo')")
                assert page.inner_text("#message") == "Puoi attaccare solo alle tue combinazioni."
                refused_on_theirs = True
                page.keyboard.press("m")
            page.keyboard.press("s")
            page.wait_for_function(
                "() => document.querySelector('#scoresheet') || document.querySelector('#btn-discard').disabled"
            )
            if turn == 3:
                shot(page, "desktop-keyboard")
        page.wait_for_selector("#scoresheet")
        assert page.evaluate("() => document.querySelector('#modal').contains(document.activeElement)")
        assert announced, "no discard of the bot was said in words"
        assert refused_on_theirs, "the bot never melded: choose another seed"
    assert errors == []


def test_leaving_asks_in_the_pages_own_dialog(server: str, tmp_path: Path) -> None:  # noqa: F811
    """Lascia opens the page's dialog: focus inside, Tab stays inside, Esc closes it and nothing is sent."""
    with browser(tmp_path, PHONE, locale="it-IT") as (page, errors):
        as_guest(page, server, "Rita")
        table = practice_table(page, 2, seed=8)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        page.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(f"a native dialog opened: {d.message}")))
        page.click("#btn-leave")
        page.wait_for_selector("#leave-dialog")
        assert page.evaluate("() => document.activeElement.id") == "btn-leave-no"
        for _ in range(3):
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.getElementById('modal-box').contains(document.activeElement)")
        assert page.get_attribute("#modal", "aria-labelledby") == "leave-title"
        shot(page, "phone-leave-dialog")
        assert_no_serious_violations(page, "the leave dialog, phone")
        page.keyboard.press("Escape")
        page.wait_for_selector("#modal.hidden", state="attached")
        assert page.evaluate("() => document.activeElement.id") == "btn-leave"  # focus back where it was
        assert page.query_selector("#btn-leave") and "ha lasciato" not in page.inner_text("#felt")
    assert errors == []


RED, BLUE, GREEN, BLACK = "rgb(192, 38, 45)", "rgb(29, 78, 216)", "rgb(21, 128, 61)", "rgb(22, 22, 22)"


def test_the_four_colour_deck_is_a_setting_that_stays(server: str, tmp_path: Path) -> None:  # noqa: F811
    ink = (
        "(suit) => [...document.querySelectorAll('#felt .card .ink.s-' + suit + ', #hand .card .ink.s-' + suit)]"
        ".map((g) => getComputedStyle(g).color)"
    )
    with browser(tmp_path, DESKTOP, locale="it-IT") as (page, errors):
        as_guest(page, server, "Colori")
        table = practice_table(page, 4, seed=4242)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        colours = {suit: set(page.evaluate(ink, suit)) for suit in "HDCS"}
        assert colours["D"] <= {RED} and colours["C"] <= {BLACK}, colours
        assert page.evaluate(ink, "D") or page.evaluate(ink, "C"), "no diamond nor club on the table"
        page.click("#btn-four")
        page.wait_for_selector("#btn-four[aria-pressed='true']")
        page.reload()
        page.wait_for_selector("#hand .card")
        assert page.get_attribute("#btn-four", "aria-pressed") == "true"
        colours = {suit: set(page.evaluate(ink, suit)) for suit in "HDCS"}
        assert colours == {"H": {RED}, "D": {BLUE}, "C": {GREEN}, "S": {BLACK}} or (
            colours["H"] <= {RED} and colours["D"] <= {BLUE} and colours["C"] <= {GREEN} and colours["S"] <= {BLACK}
        ), colours
        shot(page, "desktop-four-colour")
    assert errors == []


def test_a_spectator_sees_the_sides_by_their_players(server: str, tmp_path: Path) -> None:  # noqa: F811
    from test_browser_tournament import two_screens

    with two_screens() as (watcher, player, errors):
        as_guest(player, server, "Giulia")
        table = player.evaluate(
            "async () => (await (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
            "'application/json'}, body: JSON.stringify({players: 2, sit: true, bots: 'beginner'})})).json()).table.id"
        )
        player.goto(f"{server}/#/table/{table}")
        player.wait_for_selector("#hand .card")
        as_guest(watcher, server, "Guardo")
        watcher.goto(f"{server}/#/table/{table}")
        watcher.wait_for_selector("#side-0")
        labels = [watcher.inner_text(f"#side-{side} .side-label") for side in (0, 1)]
        assert labels[0].startswith("Giulia") and labels[1].startswith("Bot 1"), labels
        assert not any(word in " ".join(labels) for word in ("Us", "Them", "Noi", "Loro")), labels
        assert watcher.query_selector("#hand") is None and watcher.query_selector("#seat-0")
        shot(watcher, "desktop-spectator")
    assert errors == []


def test_an_absent_player_is_shown_with_the_time_before_the_computer_plays(server: str, tmp_path: Path) -> None:  # noqa: F811
    """Two people at a table; one goes away: the other sees "assente" on that seat, counting down."""
    from test_browser_tournament import two_screens

    with two_screens() as (guest, host, errors):  # the host's phone speaks Italian
        as_guest(host, server, "Giulia")
        table = host.evaluate(
            "async () => (await (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
            "'application/json'}, body: JSON.stringify({players: 2, sit: true})})).json()).table.id"
        )
        host.goto(f"{server}/#/table/{table}")
        host.wait_for_selector("#seat-1")
        as_guest(guest, server, "Marco")
        guest.goto(f"{server}/#/table/{table}")
        guest.click("#seat-1 .sit")
        host.wait_for_selector("#hand .card")
        guest.wait_for_selector("#hand .card")
        assert "assente" not in host.inner_text("#seat-1")
        guest.goto(f"{server}/#/")  # Marco leaves the table's page: his socket closes
        host.wait_for_function("() => /assente · \\d+ s/.test(document.querySelector('#seat-1').textContent)")
        first = int(re.findall(r"assente · (\d+) s", host.inner_text("#seat-1"))[0])
        host.wait_for_function(
            "(n) => { const m = /assente · (\\d+) s/.exec(document.querySelector('#seat-1').textContent);"
            " return m && Number(m[1]) < n; }",
            arg=first,
        )
        shot(host, "phone-absent-seat")
        guest.goto(f"{server}/#/table/{table}")  # back: the seat is his again, the notice goes
        host.wait_for_function("() => !document.querySelector('#seat-1').textContent.includes('assente')")
    assert errors == []
