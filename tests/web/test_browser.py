"""A whole hand played in Debian's Chromium through the real server (uvicorn on 127.0.0.1).

The browser is /usr/bin/chromium driven by Playwright (never a downloaded browser build); the
README's test command installs it (scripts/install-test-browser) where it may. Where it is missing
the test is skipped with one line saying so, unless BURRACO_REQUIRE_BROWSER is set (CI sets it):
then it fails.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from burraco.web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--no-first-run"]
WAIT_MS = 15_000


def require_chromium() -> None:
    """Skip (or, where BURRACO_REQUIRE_BROWSER is set, fail) when Debian's Chromium is missing."""
    if CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK):
        return
    message = "Debian's Chromium is not at /usr/bin/chromium (as root: apt-get install chromium)"
    if os.environ.get("BURRACO_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(f"{message}: browser test not run")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    app = create_app(f"sqlite:///{tmp_path / 'browser.db'}", bot_delay=0.02, tick_interval=0.2)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    uv = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(10)
    sock.close()


def test_play_a_hand_in_the_browser(server: str, tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server + "/")
            # a guest, then a 2-player table against an easy bot, one hand with a turn cap of 10
            page.fill("#guest-name", "Browser")
            page.click("#guest-btn")
            page.wait_for_selector("#me")
            page.select_option("#players", "2")
            page.select_option("#mode", "hands")
            page.fill("#hands", "1")
            page.fill("#max-turns", "10")
            page.select_option("#bots", "easy")
            page.click("#create-btn")
            page.wait_for_selector("#hand .card")
            # the rules panel shows the table's options
            page.click("#btn-rules")
            assert "max_turns" in page.inner_text("#rules-panel") and "10" in page.inner_text("#rules-panel")
            page.click("#rules-panel button")
            tried_meld = False
            for _turn in range(40):
                page.wait_for_function(
                    "() => document.querySelector('#scoresheet') || "
                    "(document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled)")
                if page.query_selector("#scoresheet"):
                    break
                page.click("#btn-draw")
                page.wait_for_selector("#btn-discard")
                page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
                if not tried_meld:  # three cards that (on this deal) make no meld: the engine's reason shows
                    tried_meld = True
                    melds_before = page.locator(".meld.mine").count()
                    for nth in (0, 4, 8):
                        page.click(f"#hand .card >> nth={nth}")
                    page.click("#btn-meld")
                    page.wait_for_function(
                        "(n) => document.querySelector('#message').textContent || "
                        "document.querySelectorAll('.meld.mine').length > n", arg=melds_before)
                    message = page.inner_text("#message")
                    assert re.search(r"rules §|illegal", message) or page.locator(".meld.mine").count() > melds_before
                    page.click("#sort-suit")  # clears the selection
                page.click("#hand .card >> nth=0")
                page.click("#btn-discard")
                page.wait_for_function(
                    "() => document.querySelector('#scoresheet') || !document.querySelector('#btn-discard') "
                    "|| document.querySelector('#btn-discard').disabled")
            page.wait_for_selector("#scoresheet")
            page.wait_for_selector("#match-result")
            result = page.inner_text("#match-result")
            assert "Match over" in result and "Victory points (VP)" in result
            assert "cards in hand" in page.inner_text("#scoresheet")
            page.screenshot(path=str(tmp_path / "hand-over.png"), full_page=True)
            assert (tmp_path / "hand-over.png").stat().st_size > 10_000
            # the finished hand replays in the browser
            page.click("#replay-link")
            page.wait_for_selector("#replay")
            page.click("#replay-next")
            page.wait_for_function("() => document.querySelector('#replay').textContent.includes('step 1 /')")
        finally:
            context.close()
    assert errors == []
