"""A whole hand played in Debian's Chromium through the real server (uvicorn on 127.0.0.1).

The browser is /usr/bin/chromium driven by Playwright (never a downloaded browser build); the
README's test command installs it (scripts/install-test-browser) where it may. Where it is missing
the test is skipped with one line saying so, unless BURRACO_REQUIRE_BROWSER is set (CI sets it):
then it fails.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from axe_helpers import assert_no_serious_violations
from serve_helpers import serving

from burraco.web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
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
    with serving(create_app(f"sqlite:///{tmp_path / 'browser.db'}", bot_delay=0.02, tick_interval=0.2)) as url:
        yield url


ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@contextmanager
def browser(tmp_path: Path, viewport: dict[str, int], locale: str = "en-US") -> Iterator[tuple[Any, list[str]]]:
    """A Chromium page at ``viewport`` whose browser prefers ``locale``; yields (page, page errors)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / f"profile-{viewport['width']}-{locale}"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=LAUNCH_ARGS,
            viewport=viewport,
            locale=locale,
            has_touch=viewport["width"] < 600,
        )
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda error: errors.append(str(error)))
            yield page, errors
        finally:
            context.close()


@contextmanager
def people_pages(
    *screens: tuple[dict[str, int], str], init_script: str | None = None
) -> Iterator[tuple[list[Any], list[str]]]:
    """One Chromium page per (viewport, locale), each in a browser context of its own (a person with their
    own cookies; a phone-sized one with touch, and ``init_script`` run in every page); yields (pages, page errors)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            pages = []
            for viewport, locale in screens:
                context = chromium.new_context(viewport=viewport, locale=locale, has_touch=viewport["width"] < 600)
                if init_script:
                    context.add_init_script(init_script)
                page = context.new_page()
                page.set_default_timeout(WAIT_MS)
                page.on("pageerror", lambda error: errors.append(str(error)))
                pages.append(page)
            yield pages, errors
        finally:
            chromium.close()


def as_guest(page: Any, server: str, name: str = "Browser") -> None:
    page.goto(server + "/")
    page.fill("#guest-name", name)
    page.click("#guest-btn")
    page.wait_for_selector("#me")


def practice_table(page: Any, players: int, seed: int, **extra: Any) -> int:
    """A private practice table against easy bots, dealt from ``seed`` (reproducible hands); its id."""
    body = {"players": players, "bots": "easy", "sit": True, "practice": True, "seed": seed, **extra}
    table: dict[str, Any] = page.evaluate(
        "async (body) => (await (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
        "'application/json'}, body: JSON.stringify(body)})).json()).table",
        body,
    )
    return int(table["id"])


def assert_fits(page: Any, where: str, hand: bool = False) -> None:
    """No sideways scrolling; with ``hand``, the hand and the Discard button are inside the viewport."""
    text = page.inner_text("body")
    raw = re.search(r"\bnull\b|\bundefined\b|_", text)  # (whole words: "annullata" is Italian)
    assert raw is None, f"{where}: raw words on screen ({raw.group() if raw else ''})"
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{where}: the page is {width[0]} px wide in a {width[1]} px viewport"
    if hand:
        inside = page.evaluate(
            "() => ['#hand', '#btn-discard'].map((s) => { const r = document.querySelector(s).getBoundingClientRect();"
            " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })"
        )
        assert inside == [True, True], f"{where}: the hand or the Discard button is off screen"


def in_view(page: Any, selectors: list[str]) -> list[bool]:
    """Whether each element is wholly inside the viewport."""
    return list(
        page.evaluate(
            "(ss) => ss.map((s) => { const r = document.querySelector(s).getBoundingClientRect();"
            " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })",
            selectors,
        )
    )


def card_widths(page: Any) -> dict[str, list[float]]:
    """The laid-out widths (not the moment of an animation) of the hand's, the melds' and the pile's cards."""
    return dict(
        page.evaluate(
            "() => Object.fromEntries(['#hand', '.meld', '#pile'].map((z) => [z,"
            " [...document.querySelectorAll(z + ' .card')].map((c) => c.offsetWidth)]))"
        )
    )


def pick_up(page: Any) -> None:
    """On the player's turn, pick up the discard pile instead of drawing, then discard."""
    page.wait_for_function("() => !document.querySelector('#btn-pickup').disabled")
    page.click("#btn-pickup")
    page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")


def click_card(page: Any, selector: str) -> None:
    """Click a card where it shows when the hand overlaps: its top-left corner (rank and suit)."""
    page.click(selector, position={"x": 8, "y": 24})


def discard_any(page: Any) -> None:
    """Discard the first card the rules allow (a card picked up alone may not go straight back)."""
    for nth in range(page.locator("#hand .card").count()):
        click_card(page, f"#hand .card >> nth={nth}")
        page.click("#btn-discard")
        page.wait_for_function(
            "() => document.querySelector('#btn-discard').disabled || document.querySelector('#message').textContent"
        )
        if page.is_disabled("#btn-discard") and not page.query_selector("#hand .card[aria-pressed='true']"):
            return
        click_card(page, f"#hand .card >> nth={nth}")  # refused: choose the next one
    raise AssertionError("no card could be discarded")


def hand_rows(page: Any, cards: int) -> tuple[int, bool]:
    """The rows #hand takes (and whether it stays on screen) when it holds ``cards`` cards: copies of
    its cards are added for the measure (the page lays them out at its next frame), then taken away."""
    return tuple(
        page.evaluate(
            """async (n) => {
        const hand = document.querySelector('#hand'), cards = [...hand.querySelectorAll('.card')], added = [];
        for (let i = 0; cards.length + added.length < n; i++) {
            added.push(hand.appendChild(cards[i % cards.length].cloneNode(true)));
        }
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const rows = new Set([...hand.querySelectorAll('.card')].map((c) => c.offsetTop)).size;
        const inside = hand.getBoundingClientRect().bottom <= innerHeight;
        added.forEach((c) => c.remove());
        return [rows, inside];
    }""",
            cards,
        )
    )


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def play_turns(page: Any, turns: int, check: str | None = None) -> bool:
    """Draw and discard the first card for ``turns`` turns (or until the score sheet); True if the hand ended."""
    for turn in range(turns):
        page.wait_for_function(
            "() => document.querySelector('#scoresheet') || "
            "(document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled)"
        )
        if page.query_selector("#scoresheet"):
            return True
        if check and turn % 4 == 0:
            assert_fits(page, f"{check}, turn {turn}", hand=True)
        page.click("#btn-draw")
        page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
        click_card(page, "#hand .card >> nth=0")
        page.wait_for_selector("#hand .card[aria-pressed='true']")
        page.click("#btn-discard")
        page.wait_for_function(
            "() => document.querySelector('#scoresheet') || document.querySelector('#btn-discard').disabled"
        )
    return page.query_selector("#scoresheet") is not None


def test_play_a_hand_in_the_browser(server: str, tmp_path: Path) -> None:
    with browser(tmp_path, {"width": 1280, "height": 900}) as (page, errors):
        # a guest, then a 2-player table against an easy bot, one hand with a turn cap of 10
        as_guest(page, server)
        page.select_option("#players", "2")
        page.select_option("#mode", "hands")
        page.fill("#hands", "1")
        page.fill("#max-turns", "10")
        # the four levels of the bot ladder, intermediate by default, in the page's language
        options = page.eval_on_selector_all("#bots option", "os => os.map(o => [o.value, o.textContent])")
        assert options[1:] == [
            ["beginner", "beginner"],
            ["intermediate", "intermediate"],
            ["expert", "expert"],
            ["champion", "champion"],
        ]
        assert page.input_value("#bots") == "intermediate"
        page.select_option("#bots", "beginner")
        page.click("#create-btn")
        page.wait_for_selector("#hand .card")
        # the rules panel shows the table's options in words
        page.click("#btn-rules")
        panel = page.inner_text("#rules-panel")
        assert "Most turns in a hand" in panel and "10" in panel and "max_turns" not in panel and "null" not in panel
        page.click("#rules-panel button")
        page.wait_for_function(
            "() => document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled"
        )
        page.click("#btn-draw")
        page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
        page.click("#btn-hint")  # the legal moves in words, not the server's codes
        hint = page.inner_text("#message")
        assert hint.startswith("You may now:") and re.search(r"discard one of \d+ cards", hint), hint
        assert "move." not in hint and not re.search(r"\b\d{1,2}[HDCS]\b", hint), hint
        melds_before = page.locator(".meld.mine").count()
        for nth in (0, 4, 8):  # three cards that (on this deal) make no meld: the engine's reason shows
            page.click(f"#hand .card >> nth={nth}")
        page.click("#btn-meld")
        page.wait_for_function(  # the refusal's reason replaces the hint, or a meld is laid
            "([n, hint]) => (document.querySelector('#message').textContent || hint) !== hint || "
            "document.querySelectorAll('.meld.mine').length > n",
            arg=[melds_before, hint],
        )
        message = page.inner_text("#message")
        assert re.search(r"rules §|Not allowed|meld", message) or page.locator(".meld.mine").count() > melds_before
        if page.locator(".meld.mine").count() > melds_before:  # (a deal where the three made a meld: choose again)
            for nth in (0, 1, 2):
                page.click(f"#hand .card >> nth={nth}")
        page.click("#sort-rank")  # the selection survives a new order: the three cards are still chosen
        assert page.locator("#hand .card[aria-pressed='true']").count() == 3
        while page.locator("#hand .card[aria-pressed='true']").count():
            page.click("#hand .card[aria-pressed='true'] >> nth=0")
        page.click("#hand .card >> nth=0")
        page.click("#btn-discard")
        assert play_turns(page, 40)
        page.wait_for_selector("#match-result")
        result = page.inner_text("#match-result")
        assert "Match over" in result and "Victory points (VP)" in result
        assert "cards in hand" in page.inner_text("#scoresheet")
        # the finished hand replays in the browser, with the players' names
        page.click("#replay-link")
        page.wait_for_selector("#replay")
        page.click("#replay-next")
        page.wait_for_function("() => document.querySelector('#replay').textContent.includes('step 1 of')")
        assert "Browser" in page.inner_text("#replay") and "seat 0" not in page.inner_text("#replay")
        assert re.search(r"(Browser|Bot).* (draws|picks up)", page.inner_text("#replay-action"))  # secret seed: either
    assert errors == []


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_table_fits_the_screen(server: str, tmp_path: Path, size: str, viewport: dict[str, int]) -> None:
    """Lobby, create form, a late 4-player hand, the score sheet and a replay: never sideways scrolling;
    at the table the hand and the Discard button are always on screen. Screenshots for a person to look at."""
    with browser(tmp_path, viewport, locale="it-IT") as (page, errors):
        as_guest(page, server, "Giulia")
        levels = page.eval_on_selector_all("#bots option", "os => os.slice(1).map(o => o.textContent)")
        assert levels == ["principiante", "intermedio", "esperto", "campione"]
        page.evaluate(
            "async () => await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': "
            "'application/json'}, body: JSON.stringify({players: 4, sit: false, name: 'Circolo di Roma'})})"
        )
        page.wait_for_selector(".table-card")  # the lobby lists it at its next refresh
        assert_fits(page, "lobby")
        shot(page, f"{size}-lobby")
        table = practice_table(page, 4, seed=4242, hands=1, options={"max_turns": 60}, bots="beginner")
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        seat = page.inner_text("#seat-1")  # a bot seat's name whole, its level in the page's language
        assert "1" in seat and "principiante" in seat and "…" not in seat
        assert_fits(page, "start of the hand", hand=True)
        if size == "phone":  # a long hand after a big pick-up: overlapped more, at most two rows
            for cards in (20, 24, 34, 44):
                assert hand_rows(page, cards) == (2, True), f"{cards} cards"
        assert_no_serious_violations(page, f"the table, {size}")
        ended = play_turns(page, 12, check=size)
        if not ended:
            assert_fits(page, "late in the hand", hand=True)
            shot(page, f"{size}-late-4-players")
            widths = card_widths(page)
            assert widths[".meld"], "nobody melded in 12 turns: choose another seed"
            hand, meld = min(widths["#hand"]), min(widths[".meld"])
            if size == "desktop":
                height = page.evaluate("() => document.documentElement.scrollHeight")
                assert height <= viewport["height"], f"a late 4-player hand is {height} px tall"
                assert meld >= 44 and hand > meld and min(widths["#pile"] or [44]) >= 40, widths
            else:
                assert meld >= 30 and hand > meld, widths
            page.wait_for_function("() => !document.querySelector('#btn-draw').disabled")
            pick_up(page)  # the hand grows; the turn line, the hand and the actions stay in view
            assert in_view(page, ["#turn", "#hand", "#bar .actions", "#btn-discard"]) == [True] * 4
            assert_fits(page, "after a pick-up", hand=True)
            shot(page, f"{size}-after-pick-up")
            discard_any(page)
            ended = play_turns(page, 40)
        assert ended
        page.wait_for_selector("#scoresheet")
        sheet = page.inner_text("#scoresheet")
        assert "carte in mano" in sheet and "cards in hand" not in sheet, sheet
        assert_fits(page, "score sheet")
        shot(page, f"{size}-score-sheet")
        page.click("#replay-link")
        page.wait_for_selector("#replay")
        page.click("#replay-next")
        page.wait_for_function("() => document.querySelector('#replay').textContent.includes('passo 1 di')")
        assert_fits(page, "replay")
        shot(page, f"{size}-replay")
    assert errors == []


def eight_melds(side: int) -> list[dict[str, Any]]:
    """Eight melds of seven cards (a sequence with a pinella, then combinations), as the server sends them."""
    run = ["3H", "4H", "2C", "6H", "7H", "8H", "9H"]
    melds = [{"cards": run, "wild": 2, "stands_for": "5H", "burraco": "dirty" if side else "", "kind": "sequence"}]
    for rank in ("5", "6", "7", "8", "9", "10", "J"):
        cards = [f"{rank}{s}" for s in "HDCSHDC"]
        melds.append({"cards": cards, "wild": -1, "stands_for": "", "burraco": "clean", "kind": "combination"})
    return melds


def test_eight_melds_a_side_fit_the_desktop(server: str, tmp_path: Path) -> None:
    """At 1280×800 a side with eight melds of seven cards, on both sides, shows whole without scrolling:
    the states the page receives are given eight melds a side on the way (what a long hand looks like)."""

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state" and data.get("view"):
                data["view"]["melds"] = [eight_melds(0), eight_melds(1)]
                message = json.dumps(data)
            ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(lambda message: upstream.send(message))

    with browser(tmp_path, DESKTOP, locale="it-IT") as (page, errors):
        page.route_web_socket(re.compile(r".*/ws/tables/\d+$"), route)
        as_guest(page, server, "Giulia")
        table = practice_table(page, 4, seed=4242)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_function("() => document.querySelectorAll('.meld').length === 16")
        shot(page, "desktop-eight-melds-a-side")
        hooks = page.evaluate(
            """() => ({
            drops: [...document.querySelectorAll('[data-drop]')].map((e) => e.dataset.drop),
            melds: [...document.querySelectorAll('[data-meld]')].map((e) => e.dataset.meld),
            zones: [...new Set([...document.querySelectorAll('[data-zone]')].map((e) => e.dataset.zone))].sort(),
            unkeyed: [...document.querySelectorAll('#hand .card, #pile .card, .meld .card')]
                .filter((c) => !c.dataset.key || !c.dataset.key.startsWith(c.dataset.code + '.')).length,
            handKeys: [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.key),
        })"""
        )
        assert sorted(hooks["drops"]) == sorted(["pile", "new-meld"] + [f"meld:{k}" for k in range(8)]), hooks["drops"]
        assert hooks["melds"] == [f"1:{k}" for k in range(8)] + [f"0:{k}" for k in range(8)], hooks["melds"]
        assert {"hand", "pile", "stock", "pozzetti", "meld", "side-0", "side-1", "seat-1"} <= set(hooks["zones"])
        assert hooks["unkeyed"] == 0 and len(set(hooks["handKeys"])) == len(hooks["handKeys"])
        assert_fits(page, "eight melds a side", hand=True)
        scroll = page.evaluate(
            "() => { const a = document.querySelector('#felt-area'); return [a.scrollHeight, a.clientHeight,"
            " document.documentElement.scrollHeight, innerHeight]; }"
        )
        assert scroll[0] <= scroll[1] and scroll[2] <= scroll[3], f"the melds need scrolling: {scroll}"
        widths = card_widths(page)
        assert min(widths[".meld"]) >= 44 and min(widths["#hand"]) > min(widths[".meld"]), widths
        assert in_view(page, ["#side-mine .meld:last-child", "#side-1 .meld:last-child", "#hand"]) == [True] * 3
        labels = page.eval_on_selector_all("#side-mine .meld", "ms => ms.map((m) => m.getAttribute('aria-label'))")
        assert labels[0] == (  # what the meld shows (a pinella shows its 2 and a band with 5), then in words
            "Combinazione 1: 3 4 2 5 6 7 8 9 — tre di cuori, quattro di cuori, pinella (vale cinque di cuori), "
            "sei di cuori, sette di cuori, otto di cuori e nove di cuori"
        )
    assert errors == []
