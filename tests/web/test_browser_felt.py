"""The felt laid out from the room it has (static/table_layout.css, table_fit.js, docs/web.md "Languages
and layout"), measured in Debian's Chromium from what is on screen: the cards' boxes and what of each
the next card leaves in view, what overlaps what, the empty felt, where a tap lands (fixtures and
helpers from test_browser.py). Screenshots go to test-artifacts/screenshots/felt-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_browser import as_guest, assert_fits, browser, play_turns, practice_table, server, shot  # noqa: F401

SIZES = {
    "desktop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
    "landscape": {"width": 844, "height": 390},
}
# the least each size must give: hand card width, what of a hand card shows, meld card width, what of a
# meld card shows (a meld card's corner, its rank and suit, is 38 % of its width: half of it shows)
LEAST = {
    "desktop": (72, 28, 56, 28),
    "wide": (72, 28, 56, 28),
    "phone": (44, 28, 40, 20),
    "small-phone": (44, 28, 40, 20),
    "landscape": (44, 28, 36, 18),
}
CORNER = {"x": 6, "y": 16}  # a card's top-left corner, where its rank and suit are

# The cards' laid-out widths, and what of each card its right-hand neighbour in the row leaves in view.
CARDS = """() => {
  const shown = (cards) => cards.map((card, i) => {
    const next = cards[i + 1], w = card.offsetWidth;
    return next && next.offsetTop === card.offsetTop ? Math.min(w, next.offsetLeft - card.offsetLeft) : w;
  });
  const hand = [...document.querySelectorAll('#hand .card')];
  const melds = [...document.querySelectorAll('.meld')].map((m) => [...m.querySelectorAll('.card')]);
  return {hand: hand.map((c) => c.offsetWidth), handShown: shown(hand),
    meld: melds.flat().map((c) => c.offsetWidth), meldShown: melds.flatMap(shown),
    rows: new Set(hand.map((c) => c.offsetTop)).size};
}"""

# Each zone's boxes as seen: a box inside the felt is cut to the felt's visible area (a meld scrolled
# out of view covers nothing); a box wholly out of view is left out.
BOXES = """(zones) => {
  const area = document.querySelector('#felt-area').getBoundingClientRect();
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    let [x, y, right, bottom] = [r.left, r.top, r.right, r.bottom];
    if (el.closest('#felt-area')) {
      [x, y] = [Math.max(x, area.left), Math.max(y, area.top)];
      [right, bottom] = [Math.min(right, area.right), Math.min(bottom, area.bottom)];
    }
    return right - x > 1 && bottom - y > 1 ? [x, y, right, bottom] : null;
  };
  return Object.fromEntries(Object.entries(zones).map(([name, selector]) =>
    [name, [...document.querySelectorAll(selector)].map(seen).filter(Boolean)]));
}"""

ZONES = {
    "mine": "#side-mine .meld",
    "theirs": ".sides-top .meld",
    "pile": "#pile",
    "stock": "#stock",
    "pozzetti": "#pozzetti",
    "seats": ".seat",
    "chat": ".chat",
    "topline": "#topline",
    "bar": "#bar",
}
# what may never lie on what
APART = [
    ("mine", ["theirs", "pile", "stock", "pozzetti", "seats", "chat", "topline", "bar"]),
    ("pile", ["theirs", "stock", "pozzetti", "seats", "chat", "topline", "bar"]),
    ("chat", ["theirs", "seats", "stock", "pozzetti", "topline", "bar"]),
    ("seats", ["theirs", "stock", "pozzetti", "topline", "bar"]),
]

# The largest height of felt, between its top and its foot, that shows nothing: no seat, label, meld,
# stock, pile, pozzetto or the log's line.
EMPTY_BAND = """() => {
  const felt = document.querySelector('#felt'), f = felt.getBoundingClientRect(), style = getComputedStyle(felt);
  const top = f.top + parseFloat(style.paddingTop), foot = f.bottom - parseFloat(style.paddingBottom);
  const spans = [...felt.querySelectorAll('.seat, .side-label, .meld, #stock, #pile, #pozzetti, .log-box > summary')]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0)
    .map((r) => [r.top, r.bottom]).sort((a, b) => a[0] - b[0]);
  let reached = top, band = 0;
  for (const [y, bottom] of spans) { band = Math.max(band, y - reached); reached = Math.max(reached, bottom); }
  return Math.round(Math.max(band, foot - reached));
}"""

# Where the hand, its cards' buttons, the bar and its actions are (to the half pixel).
HAND_BOXES = """() => [...document.querySelectorAll('#hand, #hand .card, #bar, #bar .actions')].map((el) => {
  const r = el.getBoundingClientRect(), half = (v) => Math.round(v * 2) / 2;
  return [el.id || el.dataset.key || el.className, half(r.left), half(r.top), half(r.width), half(r.height)];
})"""

# For every hand card: does a tap on its visible corner land on it?
CORNERS_HIT = """(corner) => [...document.querySelectorAll('#hand .card')].map((card) => {
  const r = card.getBoundingClientRect(), hit = document.elementFromPoint(r.left + corner.x, r.top + corner.y);
  return hit && hit.closest('[data-key]') === card;
})"""


def overlaps(boxes: dict[str, list[list[float]]]) -> list[str]:
    """The pairs of APART that overlap by more than a pixel each way."""
    found = []
    for name, others in APART:
        for other in others:
            for a in boxes[name]:
                for b in boxes[other]:
                    if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1:
                        found.append(f"{name} {[round(v) for v in a]} on {other} {[round(v) for v in b]}")
    return found


def press(page: Any, selector: str, touch: bool) -> None:
    """A tap (a finger, on a phone) or a click on a card's visible corner."""
    if touch:
        page.tap(selector, position=CORNER)
    else:
        page.click(selector, position=CORNER)


def choose(page: Any, key: str, touch: bool) -> None:
    """Tap (or click) the corner of the hand's card ``key``: it is chosen."""
    selector = f'#hand [data-key="{key}"]'
    press(page, selector, touch)
    page.wait_for_function("(s) => document.querySelector(s).getAttribute('aria-pressed') === 'true'", arg=selector)


def pressed(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#hand .card[aria-pressed='true']", "cs => cs.map((c) => c.dataset.key)"))


def settled(page: Any) -> None:
    """The player's turn, every card landed: what the page shows stays still until the player moves."""
    page.wait_for_function("() => !document.querySelector('#btn-draw').disabled")
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")


def late_hand(page: Any, url: str, name: str = "Giulia") -> None:
    """A 4-player practice hand in Italian, twelve turns in: several melds on both sides."""
    as_guest(page, url, name)
    table = practice_table(page, 4, seed=4242, hands=1, options={"max_turns": 60}, bots="beginner")
    page.goto(f"{url}/#/table/{table}")
    page.wait_for_selector("#hand .card")
    assert not play_turns(page, 12), "the hand ended in 12 turns: choose another seed"
    assert page.locator(".meld").count() >= 6
    settled(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_felt_gives_the_cards_the_room_there_is(server: str, tmp_path: Path, size: str) -> None:  # noqa: F811
    """A late hand at each size: the hand's and the melds' cards as large as the size promises, each
    showing its corner; nothing on your melds or the pile; the chat, open or closed, on nothing; on a
    desktop no empty band of felt; a tap selects the card it lands on and moves nothing."""
    viewport = SIZES[size]
    touch = viewport["width"] < 600
    with browser(tmp_path, viewport, locale="it-IT") as (page, errors):
        late_hand(page, server)
        assert_fits(page, f"late hand, {size}", hand=True)
        cards = page.evaluate(CARDS)
        hand_w, hand_shown, meld_w, meld_shown = LEAST[size]
        assert min(cards["hand"]) >= hand_w and min(cards["handShown"]) >= hand_shown, (size, cards)
        assert min(cards["meld"]) >= meld_w and min(cards["meldShown"]) >= meld_shown, (size, cards)
        assert all(s >= 0.45 * w for s, w in zip(cards["meldShown"], cards["meld"], strict=True)), cards
        assert cards["rows"] <= 2, cards
        assert overlaps(page.evaluate(BOXES, ZONES)) == [], f"{size}, chat closed"
        if size in ("desktop", "wide"):
            scroll = page.eval_on_selector("#felt-area", "a => [a.scrollHeight, a.clientHeight]")
            assert scroll[0] <= scroll[1], f"the felt scrolls at {size}: {scroll}"
            band = page.evaluate(EMPTY_BAND)
            assert band <= 0.05 * viewport["height"], f"{band} px of empty felt at {size}"
        shot(page, f"felt-{size}-late")

        # the chat opened: a drawer or a column of its own, the phrases whole, still on nothing
        page.click(".chat summary")
        page.wait_for_function("() => document.querySelector('.chat').open")
        page.wait_for_timeout(100)  # the felt fits its new room at the next frame
        settled(page)
        assert overlaps(page.evaluate(BOXES, ZONES)) == [], f"{size}, chat open"
        phrases = page.evaluate(
            "() => { const c = document.querySelector('.chat').getBoundingClientRect();"
            " return [...document.querySelectorAll('.chat-phrase')].map((p) => p.getBoundingClientRect())"
            ".filter((r) => r.left < c.left - 1 || r.right > c.right + 1).length; }"
        )
        assert phrases == 0, f"{phrases} quick phrases cut off at {size}"
        cards = page.evaluate(CARDS)
        assert min(cards["meld"]) >= meld_w and min(cards["meldShown"]) >= meld_shown, (size, "chat open", cards)
        shot(page, f"felt-{size}-chat-open")
        page.click(".chat summary")
        page.wait_for_function("() => !document.querySelector('.chat').open")

        # choosing cards: the tapped card is chosen, its neighbour's corner still takes the neighbour's tap,
        # and nothing moves (the chosen card's face rises inside a button that stays put)
        page.wait_for_timeout(100)
        settled(page)
        before = page.evaluate(HAND_BOXES)
        keys = page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.dataset.key)")
        middle = len(keys) // 2
        choose(page, keys[middle], touch)
        assert page.evaluate(HAND_BOXES) == before, f"the hand moved when a card was chosen at {size}"
        assert all(page.evaluate(CORNERS_HIT, CORNER)), f"the raised card covers a corner at {size}"
        choose(page, keys[middle + 1], touch)  # the corner next to the raised card
        choose(page, keys[middle - 1], touch)
        assert sorted(pressed(page)) == sorted(keys[middle - 1 : middle + 2])
        assert all(page.evaluate(CORNERS_HIT, CORNER)), f"a card's corner lands on another card at {size}"
        assert page.evaluate(HAND_BOXES) == before
        shot(page, f"felt-{size}-chosen")
        for k in (middle - 1, middle, middle + 1):
            press(page, f'#hand [data-key="{keys[k]}"]', touch)
        page.wait_for_function("() => !document.querySelector('#hand .card[aria-pressed=\"true\"]')")
        assert page.evaluate(HAND_BOXES) == before
    assert errors == []


def test_bad_input_leaves_the_table_as_it_was(server: str, tmp_path: Path) -> None:  # noqa: F811
    """On a phone: a second tap on Discard while the first is on its way sends nothing more; a card
    dragged off the felt goes nowhere; the phone turned mid-turn keeps the chosen card and fits the
    hand to its new width. The server sees one discard, the hand keeps its cards until then."""
    sent: list[dict[str, Any]] = []
    held: list[str | bytes] = []
    link: dict[str, Any] = {"holding": False, "page_side": None}

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "action":
                sent.append(data)
            upstream.send(message)

        def from_server(message: str | bytes) -> None:
            if link["holding"]:
                held.append(message)  # the answer is slow to come: the move is on its way
            else:
                ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(from_page)
        link["page_side"] = ws

    with browser(tmp_path, SIZES["phone"], locale="it-IT") as (page, errors):
        page.route_web_socket(re.compile(r".*/ws/tables/\d+$"), route)
        as_guest(page, server, "Paola")
        table = practice_table(page, 2, seed=5)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        settled(page)
        page.click("#btn-draw")
        page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
        keys = page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.dataset.key)")

        # a card dragged onto the top line, off the felt: nothing sent, nothing chosen, nothing left behind
        first = page.locator("#hand .card").first.bounding_box()
        page.mouse.move(first["x"] + 8, first["y"] + 20)
        page.mouse.down()
        page.mouse.move(195, 60, steps=8)
        page.mouse.up()
        assert page.evaluate(
            "() => [document.querySelectorAll('.drag-ghost, .drop-ready, .drop-over, .drag-source').length,"
            " document.querySelectorAll('#hand .card[aria-pressed=\"true\"]').length]"
        ) == [0, 0]
        assert [a["kind"] for a in sent] == ["draw"]

        # turned mid-turn with a card chosen: still chosen, the hand fitted to the new width, and back
        choose(page, keys[1], touch=True)
        for viewport in (SIZES["landscape"], SIZES["phone"]):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(150)
            assert_fits(page, f"turned to {viewport}", hand=True)
            cards = page.evaluate(CARDS)
            assert min(cards["handShown"]) >= 28, (viewport, cards)
            assert pressed(page) == [keys[1]]
        assert page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.dataset.key)") == keys

        # Discard tapped twice while the first is on its way: one discard, no refusal
        link["holding"] = True
        page.tap("#btn-discard")
        page.tap("#btn-discard")
        page.wait_for_timeout(300)
        assert [a["kind"] for a in sent] == ["draw", "discard"]
        link["holding"] = False
        for message in held:
            link["page_side"].send(message)
        page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length === n", arg=len(keys) - 1)
        page.wait_for_timeout(300)
        assert [a["kind"] for a in sent] == ["draw", "discard"]
        assert not page.eval_on_selector("#message", "m => m.classList.contains('error') && m.textContent")
    assert errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_long_name_is_cut_and_shown_whole_on_hover_and_focus(server: str, tmp_path: Path, size: str) -> None:  # noqa: F811
    """A 24-letter name: the top line keeps the tools on its first line, nothing scrolls sideways,
    the chat covers nothing; where the name is cut it says so with "…" and shows whole on hover and
    on focus."""
    name = "Pierfrancesco Montalbano"
    with browser(tmp_path, SIZES[size], locale="it-IT") as (page, errors):
        as_guest(page, server, name)
        table = practice_table(page, 4, seed=4242)
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        settled(page)
        assert_fits(page, f"a long name, {size}", hand=True)
        assert overlaps(page.evaluate(BOXES, ZONES)) == []
        cut = page.eval_on_selector_all(
            "[data-full]", "es => es.map((e) => [e.dataset.full, e.tabIndex, e.scrollWidth > e.clientWidth])"
        )
        full = f"{name} (ospite) & Computer 2"
        assert any(text.endswith(full) and focusable == 0 and cut_short for text, focusable, cut_short in cut), cut
        where = "#totals .who-names" if size == "desktop" else "#side-mine .members"
        after = "(s) => getComputedStyle(document.querySelector(s), '::after').content"
        assert page.evaluate(after, where) in ("none", "normal", "")
        page.hover(where)
        assert page.evaluate(after, where).endswith(f'{full}"')
        page.mouse.move(1, 1)
        page.focus(where)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # focus from the keyboard: it shows there too
        assert page.evaluate(after, where).endswith(f'{full}"')
        if size == "desktop":
            tops = page.evaluate(
                "() => ['#turn', '#totals', '#topline .tools'].map((s) => document.querySelector(s))"
                ".map((e) => e.getBoundingClientRect()).map((r) => Math.round(r.top + r.height / 2))"
            )
            assert max(tops) - min(tops) <= 4, f"the top line broke in two: {tops}"
        shot(page, f"felt-{size}-long-name")
    assert errors == []


def test_the_hand_summary_leaves_the_table_in_view_on_a_phone(server: str, tmp_path: Path) -> None:  # noqa: F811
    """The score sheet after a hand rises from the foot of a phone's screen: the others' melds and the
    centre stay in view above it, the sheet scrolls within itself."""
    with browser(tmp_path, SIZES["phone"], locale="it-IT") as (page, errors):
        as_guest(page, server, "Paola")
        table = practice_table(page, 2, seed=5, hands=2, options={"max_turns": 10})
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_selector("#hand .card")
        assert play_turns(page, 20)
        page.wait_for_selector("#scoresheet")
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        boxes = page.evaluate(
            "() => ['#modal-box', '.sides-top .side-label', '#stock'].map((s) => document.querySelector(s))"
            ".map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom])"
        )
        sheet, theirs, stock = boxes
        assert sheet[0] >= 0.45 * SIZES["phone"]["height"] and sheet[1] <= SIZES["phone"]["height"] + 1, boxes
        assert theirs[1] <= sheet[0] and stock[1] <= sheet[0], f"the sheet covers the table: {boxes}"
        assert page.is_visible("#btn-next")
        shot(page, "felt-phone-hand-summary")
    assert errors == []
