"""Helpers of the social tests (friends, invitations, table talk): several people, each in their own
Chromium context (own cookies) at it-IT, whose pages record what they are told; and the check that a
social payload (a notification, the friends overview, an invitation) holds no card."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PASSWORD = "password123"
CARD = re.compile(r"(?:10|[2-9AJQK])[HDCS]|JK")
"""A card as the protocol writes it (``core/cards.py`` ``format_card``)."""
CARD_WORDS = {"hand", "hands", "cards", "card", "known", "legal", "view", "log", "pozzetto", "discard"}
NOTE_FIELDS = {"id", "kind", "data", "created_at", "read"}
DATA_FIELDS = {
    "friend_request": {"from_id", "from_name"},
    "friend_accepted": {"from_id", "from_name"},
    "table_invite": {"from_id", "from_name", "table_id", "table_name", "token"},
}
"""Every field a notification of each kind carries."""
ANSWER_SPY = """
window.__answers = [];
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await realFetch(...args);
  const url = String(args[0] && args[0].url ? args[0].url : args[0]);
  if (/\\/api\\/(notifications|friends|invitations)/.test(url)) {
    response.clone().text().then((text) => window.__answers.push([url, text]));
  }
  return response;
};
"""
"""The page's answers of the social routes, as received (``window.__answers``: [url, body])."""


@dataclass
class Person:
    """One person's page, and every WebSocket frame it received (parsed)."""

    page: Any
    frames: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class People:
    """The people of a test, and what went wrong on any page: page errors, dialogs opened."""

    people: list[Person]
    errors: list[str]
    dialogs: list[str]


@contextmanager
def people(viewports: Sequence[dict[str, int]]) -> Iterator[People]:
    """One person per viewport, each in their own browser context (Italian, browser notifications and social
    answers recorded), in one Chromium."""
    from test_browser import CHROMIUM, LAUNCH_ARGS, WAIT_MS, require_chromium
    from test_browser_friends import NOTIFICATION_SPY

    require_chromium()
    from playwright.sync_api import sync_playwright

    found = People([], [], [])
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            for viewport in viewports:
                size: Any = viewport
                context = chromium.new_context(viewport=size, locale="it-IT", has_touch=viewport is PHONE)
                context.add_init_script(NOTIFICATION_SPY + ANSWER_SPY)
                page = context.new_page()
                page.set_default_timeout(WAIT_MS)
                person = Person(page)
                page.on("pageerror", lambda error: found.errors.append(str(error)))
                page.on("dialog", dismissed(found.dialogs))
                page.on("websocket", listened(person))
                found.people.append(person)
            yield found
        finally:
            chromium.close()


def dismissed(dialogs: list[str]) -> Any:
    """A page's dialog handler: keep what it said, and dismiss it."""

    def handle(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    return handle


def listened(person: Person) -> Any:
    """A page's WebSocket handler: keep every text frame the page receives, parsed."""

    def received(payload: str | bytes) -> None:
        if isinstance(payload, str):
            person.frames.append(json.loads(payload))

    def opened(ws: Any) -> None:
        ws.on("framereceived", received)

    return opened


def sign_up(page: Any, base: str, name: str) -> int:
    """Register ``name`` from the page's form; their user id."""
    page.goto(base + "/")
    page.fill("#login-name", name)
    page.fill("#login-password", PASSWORD)
    page.click("#register-btn")
    page.wait_for_selector("#me")
    return int(call(page, "GET", "/api/me")["user"]["id"])


def call(page: Any, method: str, path: str, body: Any = None, status: int = 200) -> Any:
    """An API call with the page's cookies (to the page's own server); its JSON, checked for ``status``."""
    origin = page.evaluate("location.origin")
    response = page.request.fetch(origin + path, method=method, data=body)
    assert response.status == status, (path, response.status, response.text())
    return response.json()


def befriend(asker: Any, answerer: Any) -> None:
    """``asker`` asks ``answerer`` to be friends, who accepts (through the API)."""
    asker_id, answerer_id = call(asker, "GET", "/api/me")["user"]["id"], call(answerer, "GET", "/api/me")["user"]["id"]
    call(asker, "POST", "/api/friends/requests", {"user_id": answerer_id})
    call(answerer, "POST", f"/api/friends/requests/{asker_id}/accept")


def open_notice(page: Any, words: str) -> None:
    """Wait for the polled notice saying ``words`` (within a poll or two) and follow it."""
    page.wait_for_selector(f'#notice:not(.hidden) .notice-text:has-text("{words}")', timeout=20_000)
    page.click("#notice-open")


def hand_codes(page: Any) -> list[str]:
    """The cards the page shows in its own hand."""
    return list(page.eval_on_selector_all("#hand .card", "els => els.map((e) => e.dataset.code)"))


def said(page: Any) -> list[str]:
    """The table talk the page shows, in order (hidden, muted, ones too)."""
    return list(page.eval_on_selector_all(".chat-list .chat-text", "els => els.map((e) => e.textContent)"))


def markup_made(page: Any) -> int:
    """Elements made from what was typed in the chat (none is ever)."""
    return int(page.eval_on_selector_all(".chat img, .chat b, .chat script", "els => els.length"))


def assert_own_cards_only(person: Person) -> None:
    """Every table state the page got shows the hand it shows now (nobody has played yet), and no other."""
    shown = Counter(hand_codes(person.page))
    states = [f for f in person.frames if f.get("type") == "state" and f.get("view")]
    assert states and sum(shown.values()) == 11
    for state in states:
        if state["table"]["status"] == "playing":
            assert Counter(state["view"]["hand"]) == shown
            assert "hands" not in state["view"] and "hand" not in state["table"]


def answers(page: Any) -> list[tuple[str, Any]]:
    """The social answers the page received so far: (url, JSON)."""
    return [(url, json.loads(text)) for url, text in page.evaluate("window.__answers") if text.startswith("{")]


def leaves(payload: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Each (key, value) of a JSON payload down to its leaves."""
    if isinstance(payload, dict):
        for name, value in payload.items():
            yield name, value
            yield from leaves(value, name)
    elif isinstance(payload, list):
        for value in payload:
            yield from leaves(value, key)


def check_social(where: str, payload: Any, cards: set[str]) -> None:
    """No field names a card, no text is one of ``cards`` or holds a card as a word, and a notification
    carries its kind's fields only."""
    for key, value in leaves(payload):
        assert key.lower() not in CARD_WORDS, (where, key)
        if isinstance(value, str):
            assert not any(CARD.fullmatch(word) for word in value.split()), (where, key, value)
            assert value not in cards, (where, key, value)
    for note in payload.get("notifications", []) if isinstance(payload, dict) else []:
        assert set(note) == NOTE_FIELDS and set(note["data"]) == DATA_FIELDS[note["kind"]], (where, note)
