"""Friends across two real ``burraco serve`` processes on one PostgreSQL schema and one Redis namespace, in
Debian's Chromium at it-IT: Anna's browser (desktop) talks to the first process only, Bruno's (phone) to
the second. She asks him on the first; his page on the second shows the notice and he accepts there; her
friends page, open all along, shows him as a friend and online by itself. She makes a table with friends
on the first and invites him; the invitation reaches his page on the second, he takes it there (his socket
relayed to her table), the hand starts for both, and they talk across the processes, markup as text.
Skipped (one line) without PostgreSQL, Redis or Chromium, unless ``BURRACO_REQUIRE_*`` is set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_helpers import assert_no_serious_violations
from db_backends import postgres_schema
from redis_helpers import URL as REDIS
from serve_helpers import served
from social_helpers import (
    DESKTOP,
    PHONE,
    answers,
    assert_own_cards_only,
    check_social,
    hand_codes,
    markup_made,
    open_notice,
    people,
    said,
    sign_up,
)
from test_browser import require_chromium, shot

IMG = "<img src=x onerror=alert(1)>"


@pytest.fixture
def two_servers(tmp_path: Path, namespace: str) -> Iterator[tuple[str, str]]:
    """Two ``burraco serve`` on one fresh PostgreSQL schema and this test's Redis namespace: their URLs."""
    require_chromium()
    with postgres_schema() as url:
        shared = {"db_url": url, "redis_url": REDIS, "redis_namespace": namespace, "bot_delay": "0.05"}
        with served(tmp_path, **shared) as first, served(tmp_path, **shared) as second:
            yield f"http://127.0.0.1:{first}", f"http://127.0.0.1:{second}"


def test_friends_invitation_and_talk_across_two_processes(two_servers: tuple[str, str]) -> None:
    first, second = two_servers
    with people([DESKTOP, PHONE]) as found:
        anna, bruno = found.people
        a, b = anna.page, bruno.page
        sign_up(a, first, "Anna")
        sign_up(b, second, "Bruno")
        # Anna, on the first process, asks Bruno; her friends page stays open
        a.click("#nav-friends")
        a.fill("#friend-search", "bru")
        a.click("#friend-search-btn")
        a.click("#friend-results >> text=Chiedi l'amicizia")
        a.wait_for_selector("#friend-requests >> text=Bruno")
        a.fill("#friend-search", "qualcun altro")  # typing when the answer comes: kept
        # his page, on the second, was told; he accepts there
        open_notice(b, "Anna ti chiede l'amicizia.")
        b.wait_for_selector("#friend-requests >> text=Anna")
        shot(b, "processes-friend-request-phone")
        b.click("#friend-requests >> text=Accetta")
        b.wait_for_selector("#friends >> text=Anna")
        b.wait_for_selector("#friends .online")  # Anna's page asks the first process: online on the second
        # her page, never reloaded, shows him as her friend, online, and no request left
        a.wait_for_selector("#friends li:has-text('Bruno') .online", timeout=20_000)
        assert "Bruno ha accettato la tua amicizia." in a.inner_text("#notice")
        assert "Bruno" not in a.inner_text("#friend-requests")
        assert a.input_value("#friend-search") == "qualcun altro"
        assert "Bruno ha accettato la tua amicizia." in a.inner_text("#notifications")
        shot(a, "processes-friends-desktop")
        assert_no_serious_violations(a, "friends page redrawn, desktop")
        # a table with friends on the first process; the invitation reaches his page on the second
        a.click("#nav-with-friend")
        a.fill("#wf-name", "Tra due server")
        a.click("#wf-create")
        a.wait_for_selector("#invite-friends li:has-text('Bruno') .online")
        a.click("#invite-friends li:has-text('Bruno') button")
        a.wait_for_selector("#invite-links >> text=Per un amico")
        open_notice(b, "Anna ti invita al tavolo «Tra due server».")
        assert b.url.startswith(second)
        b.wait_for_selector("#hand .card", timeout=20_000)
        a.click("#invite-go")
        a.wait_for_selector("#hand .card", timeout=20_000)
        assert "Bruno" in a.inner_text("#seat-1") and "Anna" in b.inner_text("#seat-0")
        for person in (anna, bruno):
            person.page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 11")
            assert_own_cards_only(person)
        # table talk across the processes: a quick phrase one way, markup shown as text the other
        for page in (a, b):
            page.click(".chat summary")
        a.click(".chat-phrase[data-phrase='good_game']")
        b.wait_for_selector(".chat-list .chat-text >> text=Buona partita")
        b.fill("#chat-text", IMG)
        b.press("#chat-text", "Enter")
        a.wait_for_function("() => document.querySelectorAll('.chat-list .chat-text').length === 2")
        assert said(a) == said(b) == ["Buona partita", IMG]
        assert markup_made(a) == markup_made(b) == 0
        shot(a, "processes-table-desktop")
        shot(b, "processes-table-phone")
        # what their pages were told of friends and notifications meanwhile: no card
        cards = set(hand_codes(a)) | set(hand_codes(b))
        polled = [len(answers(page)) for page in (a, b)]  # then one poll more each, at the same time
        for name, page, count in (("Anna", a, polled[0]), ("Bruno", b, polled[1])):
            page.wait_for_function(f"() => window.__answers.length > {count}", timeout=20_000)
            for url, payload in answers(page):
                check_social(f"{name}: {url}", payload, cards)
    assert found.dialogs == [] and found.errors == []
