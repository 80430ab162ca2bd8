"""Friends and "Gioca con un amico" in Debian's Chromium, two players in two browser contexts at it-IT:
a friend request sent and accepted, the invitation's notice (and browser notification, once allowed)
on the friend's open page, and the friend opening the link, sitting, and the hand starting."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import people_pages, server, shot  # noqa: F401

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
NOTIFICATION_SPY = """
window.__shown = [];
window.Notification = class {
  static permission = "default";
  static async requestPermission() { window.Notification.permission = "granted"; return "granted"; }
  constructor(title, options) { window.__shown.push({ title, body: options.body }); }
  close() {}
};
"""
"""The browser's Notification API as a recorder: headless Chromium shows no notification to look at."""


@contextmanager
def two_players() -> Iterator[tuple[Any, Any, list[str]]]:
    """Two pages of two browser contexts (two people, each their own cookies), Italian; and page errors."""
    with people_pages((DESKTOP, "it-IT"), (PHONE, "it-IT"), init_script=NOTIFICATION_SPY) as (pages, errors):
        yield pages[0], pages[1], errors


def register(page: Any, server: str, name: str) -> None:  # noqa: F811
    page.goto(server + "/")
    page.fill("#login-name", name)
    page.fill("#login-password", "password123")
    page.click("#register-btn")
    page.wait_for_selector("#me")


def test_friends_invite_and_play_with_a_friend(server: str, tmp_path: Path) -> None:  # noqa: F811
    with two_players() as (anna, bruno, errors):
        register(anna, server, "Anna")
        register(bruno, server, "Bruno")
        assert (
            anna.inner_text("#nav-friends") == "Amici" and anna.inner_text("#nav-with-friend") == "Gioca con un amico"
        )
        # Anna finds Bruno and asks him; his open page tells him
        anna.click("#nav-friends")
        anna.fill("#friend-search", "bru")
        anna.click("#friend-search-btn")
        anna.click("#friend-results >> text=Chiedi l'amicizia")
        anna.wait_for_selector("#friend-requests >> text=Bruno")
        bruno.wait_for_selector("#notice:not(.hidden)", timeout=15_000)
        assert "Anna ti chiede l'amicizia." in bruno.inner_text("#notice")
        assert bruno.inner_text("#friends-badge") == "1"
        shot(bruno, "friends-request-notice-phone")
        bruno.click("#notice-open")
        bruno.wait_for_selector("#friend-requests >> text=Anna")
        bruno.click("#friend-requests >> text=Accetta")
        bruno.wait_for_selector("#friends >> text=Anna")
        bruno.click("#allow-notifications")  # asked from a click: the browser's notifications too
        assert bruno.evaluate("Notification.permission") == "granted"
        anna.reload()  # her friends page, opened before Bruno answered
        anna.wait_for_selector("#friends .online")  # Bruno's page is open: he is online
        assert "Bruno" in anna.inner_text("#friends") and "in linea" in anna.inner_text("#friends")
        shot(anna, "friends-page-desktop")
        assert_no_serious_violations(anna, "friends page, desktop")
        # Anna makes a table with friends and its link, and invites Bruno too
        anna.click("#nav-with-friend")
        anna.wait_for_selector("#wf-form")
        assert "24 ore" in anna.inner_text("#with-friend")
        anna.click("#wf-create")
        anna.wait_for_selector("#invite-link")
        link = anna.input_value("#invite-link")
        assert "/#/invite/" in link and len(link.rsplit("/", 1)[1]) >= 43
        anna.click("#invite-friends button.primary")
        anna.wait_for_selector("#invite-links >> text=Per un amico")
        shot(anna, "with-friend-link-desktop")
        bruno.wait_for_function(
            "() => window.__shown.some((n) => n.body.includes('ti invita al tavolo'))", timeout=15_000
        )
        assert "Anna ti invita al tavolo" in bruno.inner_text("#notice")
        shot(bruno, "with-friend-invite-notice-phone")
        # the table is nowhere in the lobby
        bruno.click("#nav-lobby")
        bruno.wait_for_selector("#tables")
        assert "Anna" not in bruno.inner_text("#tables")
        # Bruno opens the link: he sits, and the hand starts for both
        bruno.goto(link)
        bruno.wait_for_selector("#hand .card", timeout=15_000)
        anna.click("#invite-go")
        anna.wait_for_selector("#hand .card", timeout=15_000)
        assert "Bruno" in anna.inner_text("#table") and "Anna" in bruno.inner_text("#table")
        # at the table it led to, the invitation is read: no badge, and its notice does not come back
        bruno.wait_for_selector("#friends-badge.hidden", state="attached", timeout=15_000)
        bruno.reload()
        bruno.wait_for_selector("#hand .card", timeout=15_000)
        bruno.wait_for_timeout(1500)  # a poll on opening the page
        assert not bruno.is_visible("#notice")
        shot(bruno, "with-friend-table-phone")
        shot(anna, "with-friend-table-desktop")
    assert errors == []


def test_a_revoked_link_says_why_in_italian(server: str, tmp_path: Path) -> None:  # noqa: F811
    with two_players() as (anna, carla, errors):
        register(anna, server, "Anna")
        anna.click("#nav-with-friend")
        anna.click("#wf-create")
        anna.wait_for_selector("#invite-link")
        link = anna.input_value("#invite-link")
        # a guest without a session picks a nickname on the link's page, then sits
        carla.goto(link)
        carla.wait_for_selector("#invite-form")
        assert "Anna ti invita a giocare a Burraco" in carla.inner_text("#invite")
        shot(carla, "invite-page-guest-phone")
        assert_no_serious_violations(carla, "invitation page, phone")
        anna.click("#invite-links >> text=Revoca")
        anna.wait_for_selector("#invite-links", state="detached")
        carla.fill("#invite-nick", "Carla")
        carla.click("#invite-sit")
        carla.wait_for_selector("#invite-error:has-text('revocato')")
        assert "Carla" in carla.inner_text("#me")  # she is a guest now; nothing else changed
        shot(carla, "invite-page-revoked-phone")
    assert errors == []


def test_the_owner_chooses_the_seats_of_four(server: str, tmp_path: Path) -> None:  # noqa: F811
    with two_players() as (anna, _other, errors):
        register(anna, server, "Anna")
        anna.click("#nav-with-friend")
        anna.select_option("#wf-players", "4")
        anna.click("#wf-create")
        anna.wait_for_selector("#invite-seats")
        assert anna.locator("#invite-seats li").count() == 4
        assert_no_serious_violations(anna, "play with a friend, 4 players, desktop")
        assert anna.inner_text("#invite-seats li[data-seat='0']").startswith("Sud")
        anna.select_option("#invite-seats li[data-seat='0'] select", "2")  # she moves to North
        anna.click("#invite-seats li[data-seat='0'] button")
        anna.wait_for_selector("#invite-seats li[data-seat='2']:has-text('Anna')")
        assert "libero" in anna.inner_text("#invite-seats li[data-seat='0']")
        shot(anna, "with-friend-seats-desktop")
    assert errors == []


def test_a_guest_picks_a_nickname_and_sits(server: str, tmp_path: Path) -> None:  # noqa: F811
    with two_players() as (anna, carla, errors):
        register(anna, server, "Anna")
        anna.click("#nav-with-friend")
        anna.click("#wf-create")
        anna.wait_for_selector("#invite-link")
        carla.goto(anna.input_value("#invite-link"))
        carla.fill("#invite-nick", "Carla")
        carla.click("#invite-sit")
        carla.wait_for_selector("#hand .card", timeout=15_000)  # seated, and the hand dealt
        assert "Carla" in carla.inner_text("#me") and "Anna" in carla.inner_text("#table")
        shot(carla, "invite-guest-seated-phone")
    assert errors == []
