"""Rankings, a profile with its rating chart, and a password changed on the settings page, in Debian's
Chromium at it-IT (1280x800 and 390x844), on matches really played against bots beforehand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serve_helpers import serving
from test_browser import CHROMIUM, LAUNCH_ARGS, WAIT_MS, require_chromium, shot
from web_helpers import FakeClock, Player, create_table, make_app, simple_policy

from burraco.web.accounts.auth import COOKIE
from burraco.web.app import create_app

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "password123"


def _play(client: TestClient, cookie: str, players: int) -> None:
    """One short rated match against bots, played to its end over the table's WebSocket."""
    table = create_table(client, cookie, players=players, bots="easy", hands=1, options={"max_turns": 12})
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers={"cookie": cookie}) as ws:
        player = Player(ws)
        while (state := player.wait_turn())["table"]["status"] != "over":
            if state["table"]["status"] == "between":
                player.request({"type": "ready"})
            else:
                player.act(simple_policy(state["legal"]))


def _prepare(database: str) -> None:
    """Elena (3 two-player matches, one four-player) and Marco (2 two-player), both public."""
    with TestClient(make_app(database, FakeClock())) as client:
        for name, matches in (("Elena", 3), ("Marco", 2)):
            response = client.post("/api/register", json={"name": name, "password": PASSWORD})
            cookie = f"{COOKIE}={response.cookies[COOKIE]}"
            client.cookies.clear()
            for _ in range(matches):
                _play(client, cookie, 2)
            if name == "Elena":
                _play(client, cookie, 4)
            answer = client.post("/api/me/privacy", json={"public_profile": True}, headers={"cookie": cookie})
            assert answer.status_code == 200


@pytest.fixture
def social_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("BURRACO_RANKING_MIN_MATCHES", "2")
    database = f"sqlite:///{tmp_path / 'social.db'}"
    _prepare(database)
    app = create_app(database, bot_delay=0.02, tick_interval=0.2)
    with serving(app) as url:
        yield url


def _audit(page: Any, where: str) -> None:
    try:
        from axe_helpers import assert_no_serious_violations
    except ImportError:  # pragma: no cover - the helper ships with the suite
        return
    assert_no_serious_violations(page, where)


def _login(page: Any, server: str, password: str = PASSWORD) -> None:
    page.goto(server + "/")
    page.fill("#login-name", "Elena")
    page.fill("#login-password", password)
    page.click("#login-btn")
    page.wait_for_selector("#me")


def _pages(pw: Any) -> Iterator[tuple[str, Any, list[str]]]:
    chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
    try:
        for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            context = chromium.new_context(viewport=viewport, locale="it-IT", has_touch=viewport is PHONE)
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            yield label, page, errors
            context.close()
    finally:
        chromium.close()


def test_rankings_profile_chart_and_a_new_password(social_server: str) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        for label, page, errors in _pages(pw):
            password = PASSWORD if label == "desktop" else "nuova-password-1"
            _login(page, social_server, password)
            assert page.inner_text("#nav-rankings") == "Classifiche"
            page.click("#nav-rankings")
            page.wait_for_selector("#rankings-table")
            names = page.locator("#rankings-table tbody th").all_inner_texts()
            assert [n.split(" (")[0] for n in names] == ["Elena", "Marco"] or [n.split(" (")[0] for n in names] == [
                "Marco",
                "Elena",
            ]
            own = page.locator("#rankings-table tr.me")
            assert own.count() == 1 and "Elena" in own.inner_text() and own.get_attribute("aria-current") == "true"
            assert "Bot" not in page.inner_text("#rankings-table")
            assert "almeno 2 partite valutate" in page.inner_text("#rankings")
            shot(page, f"social-rankings-{label}")
            _audit(page, f"rankings, {label}")
            page.click("#rankings-kind-4p")
            page.wait_for_selector("#rankings-empty")  # one four-player match: below the minimum
            assert "Ti manca 1 partita valutata" in page.inner_text("#rankings-own")
            page.click("#rankings-kind-2p")
            page.click("#rankings-period-month")
            page.wait_for_selector("#rankings-month")
            page.wait_for_selector("#rankings-table tr.me")

            page.click("#me")
            page.wait_for_selector("#rating-chart")
            assert page.locator("#rating-chart polyline").count() == 1
            assert "Andamento del punteggio" in page.inner_text("#profile")
            figures = page.inner_text("#profile-figures")
            assert "Partite\n4" in figures and "Punti per mano" in figures and "Pozzetti presi" in figures
            assert page.locator("#profile-partners li").count() == 1  # the four-player match's partner
            assert page.locator("#profile .replay-num").count() == 4
            shot(page, f"social-profile-{label}")
            _audit(page, f"profile, {label}")

            page.click("#settings-link")
            page.wait_for_selector("#settings-password-form")
            page.fill("#settings-current", "sbagliata-del-tutto")
            page.fill("#settings-new", "nuova-password-2")
            page.fill("#settings-again", "nuova-password-2")
            page.click("#settings-password-btn")
            page.wait_for_selector("#settings-password-status.error")
            assert page.inner_text("#settings-password-status") == "La password attuale è sbagliata."
            page.fill("#settings-current", password)
            page.fill("#settings-new", "nuova-password-1")
            page.fill("#settings-again", "nuova-password-1")
            page.click("#settings-password-btn")
            page.wait_for_selector("#settings-password-status.ok")
            assert "Password cambiata" in page.inner_text("#settings-password-status")
            shot(page, f"social-settings-{label}")
            _audit(page, f"settings, {label}")
            assert errors == []
