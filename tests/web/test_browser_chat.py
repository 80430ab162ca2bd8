"""Table talk in Debian's Chromium (static/chat.js, docs/web.md "Table talk"): a player and a spectator in
two browser contexts at it-IT. Markup typed by either shows as text (no element made, no dialog), a
quick phrase is worded in Italian, a spectator's words during a hand reach the spectators only, and
mute and report work from the message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import CHROMIUM, LAUNCH_ARGS, WAIT_MS, play_turns, require_chromium, server, shot  # noqa: F401

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
IMG = "<img src=x onerror=alert(1)>"
BOLD = "<b>x</b>"


@contextmanager
def two_people() -> Iterator[tuple[Any, Any, list[str], list[str]]]:
    """A player's page (desktop) and a spectator's (phone), Italian; page errors and dialogs opened."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    dialogs: list[str] = []
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            pages = []
            for viewport in (DESKTOP, PHONE):
                context = chromium.new_context(viewport=viewport, locale="it-IT", has_touch=viewport is PHONE)
                page = context.new_page()
                page.set_default_timeout(WAIT_MS)
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
                pages.append(page)
            yield pages[0], pages[1], errors, dialogs
        finally:
            chromium.close()


def as_guest(page: Any, server: str, nickname: str) -> None:  # noqa: F811
    page.goto(server + "/")
    response = page.request.post(server + "/api/guest", data={"nickname": nickname})
    assert response.ok, response.text()
    page.reload()  # the page learns who it is
    page.wait_for_selector("#me")


def said(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".chat-list .chat-text", "els => els.map(e => e.textContent)"))


def markup_made(page: Any) -> int:
    return int(page.eval_on_selector_all(".chat img, .chat b", "els => els.length"))


def test_table_talk_is_text_and_spectators_talk_apart(server: str) -> None:  # noqa: F811
    with two_people() as (anna, zoe, errors, dialogs):
        as_guest(anna, server, "Anna")
        created = anna.request.post(
            server + "/api/tables", data={"players": 2, "hands": 1, "bots": "beginner", "options": {"max_turns": 10}}
        )
        assert created.ok, created.text()
        table_id = created.json()["table"]["id"]
        as_guest(zoe, server, "Zoe")
        for page in (anna, zoe):
            page.goto(f"{server}/#/table/{table_id}")
            page.wait_for_selector(".chat summary")
        assert anna.inner_text(".chat summary") == "Chiacchiere al tavolo"
        # closed at first (the table keeps its room); a closed panel counts what came
        assert all(page.eval_on_selector(".chat", "el => el.open") is False for page in (anna, zoe))
        anna.click(".chat summary")
        anna.click(".chat-phrase[data-phrase='hello']")
        zoe.wait_for_selector(".chat-unread >> text=1 nuovo")
        shot(zoe, "chat-closed-phone")
        zoe.click(".chat summary")
        zoe.wait_for_function("() => document.querySelector('.chat-unread').textContent === ''")  # on "toggle"
        # a quick phrase, worded in Italian for the reader
        assert said(zoe) == ["Ciao!"]
        # markup from a player: shown as the text typed, on both pages
        anna.fill("#chat-text", IMG)
        anna.press("#chat-text", "Enter")
        zoe.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item').length >= 2")
        anna.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item').length >= 2")
        assert said(zoe)[-1] == IMG and said(anna)[-1] == IMG
        # markup from the spectator during the hand: the spectators only
        zoe.fill("#chat-text", BOLD)
        zoe.click(".chat-send")
        zoe.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item').length >= 3")
        assert said(zoe)[-1] == BOLD
        assert zoe.inner_text(".chat-list .chat-item:last-child .chat-audience") == "solo spettatori"
        assert "solo gli altri spettatori" in zoe.inner_text(".chat-status")
        # anything the player would have received has arrived by now: a later message comes after it
        anna.click(".chat-phrase[data-phrase='thanks']")
        anna.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item').length >= 3")
        assert said(anna) == ["Ciao!", IMG, "Grazie"]
        zoe.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item').length >= 4")
        for page in (anna, zoe):
            assert markup_made(page) == 0
        shot(anna, "chat-player-desktop")
        shot(zoe, "chat-spectator-phone")
        assert_no_serious_violations(zoe, "the open chat panel, phone")
        # too long: refused with the reason, in Italian (the field's own limit is lifted to try)
        zoe.eval_on_selector("#chat-text", "el => el.removeAttribute('maxlength')")
        zoe.fill("#chat-text", "x" * 201)
        zoe.press("#chat-text", "Enter")
        zoe.wait_for_function("() => document.querySelector('.chat-status').textContent.includes('200')")
        assert zoe.inner_text(".chat-status") == "Un messaggio ha al massimo 200 caratteri."
        # report Anna's message, then mute her: her messages are hidden
        first = ".chat-list .chat-item:first-child"
        zoe.click(f"{first} .chat-report")
        zoe.wait_for_function(f"() => document.querySelector('{first} .chat-report').textContent === 'Segnalato'")
        zoe.click(f"{first} .chat-mute")
        zoe.wait_for_selector(".chat-muted >> text=Riattiva Anna")
        zoe.wait_for_function("() => document.querySelectorAll('.chat-list .chat-item[hidden]').length === 3")
        visible = [item.inner_text() for item in zoe.query_selector_all(".chat-list .chat-item") if item.is_visible()]
        assert len(visible) == 1 and BOLD in visible[0]  # only Zoe's own message is still shown
        shot(zoe, "chat-spectator-muted-phone")
        # the replay: each sees again what was said to them, as text
        assert play_turns(anna, 15)
        for page in (anna, zoe):
            page.goto(f"{server}/#/replay/{table_id}/1")
            page.wait_for_selector(".chat-replay")
        assert anna.inner_text(".chat-replay h3") == "Al tavolo si è detto"
        replayed = "els => els.map(e => e.textContent)"
        assert anna.eval_on_selector_all(".chat-replay .chat-text", replayed) == ["Ciao!", IMG, "Grazie"]
        assert zoe.eval_on_selector_all(".chat-replay .chat-text", replayed) == [BOLD]  # Anna is muted, there too
        assert int(anna.eval_on_selector_all(".chat-replay img, .chat-replay b", "els => els.length")) == 0
        shot(anna, "chat-replay-desktop")
        assert dialogs == [] and errors == []
