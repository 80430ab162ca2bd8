"""The friends page follows the notifications it polls (static/friends.js), in Debian's Chromium at it-IT:
with the page open and never reloaded, a friend request that arrives shows in its list, and a request
accepted moves the friend to the friends list; what is being typed in the search stays, with its focus."""

from __future__ import annotations

from pathlib import Path

from social_helpers import DESKTOP, PHONE, people, sign_up
from test_browser import server, shot  # noqa: F401


def test_the_friends_page_redraws_when_a_notification_comes(server: str, tmp_path: Path) -> None:  # noqa: F811
    with people([DESKTOP, PHONE]) as found:
        anna, bruno = (person.page for person in found.people)
        sign_up(anna, server, "Anna")
        sign_up(bruno, server, "Bruno")
        for page in (anna, bruno):
            page.click("#nav-friends")
            page.wait_for_selector("#friend-find")
        # Anna is typing a name when Bruno's request comes: the list shows it, her typing stays
        anna.click("#friend-search")
        anna.type("#friend-search", "Car")
        bruno.fill("#friend-search", "ann")
        bruno.click("#friend-search-btn")
        bruno.click("#friend-results >> text=Chiedi l'amicizia")
        anna.wait_for_selector("#friend-requests li:has-text('Bruno')", timeout=15_000)
        assert anna.input_value("#friend-search") == "Car"
        assert anna.evaluate("document.activeElement.id") == "friend-search"
        assert "Bruno ti chiede l'amicizia." in anna.inner_text("#notifications")
        # she accepts; his page, open, moves her from the requests he sent to his friends
        anna.click("#friend-requests >> text=Accetta")
        bruno.wait_for_selector("#friends li:has-text('Anna') .online", timeout=15_000)
        assert "Anna" not in bruno.inner_text("#friend-requests")
        assert "Anna ha accettato la tua amicizia." in bruno.inner_text("#notifications")
        shot(bruno, "friends-redrawn-phone")
    assert found.errors == [] and found.dialogs == []
