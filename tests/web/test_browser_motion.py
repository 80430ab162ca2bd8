"""The table's motion, sound, drag and your-turn cue (static/effects.js, sound.js, drag.js, motion.css),
seen in Debian's Chromium through the real server (fixtures and helpers from test_browser.py).

Most tests run on a small page of their own, served on the app's origin with the app's
Content-Security-Policy, whose cards, zones and drop targets carry the renderer's data attributes
(data-key, data-code, data-zone, data-meld, data-drop) and which imports the modules from /static/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from test_browser import DESKTOP, as_guest, browser, practice_table, server, shot  # noqa: F401

from burraco.web.http.security_headers import CSP

PHONE = {"width": 390, "height": 844}
FIXTURE = "/motion-test/"

FIXTURE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Burraco</title>
<link rel="stylesheet" href="/static/style.css"><link rel="stylesheet" href="/static/motion.css">
<link rel="stylesheet" href="/motion-test/fixture.css">
<script type="module" src="/motion-test/fixture.js"></script>
</head><body class="at-table"><main><div class="felt" id="table"></div></main></body></html>
"""

# The page's own layout, as the table's: the felt above, the hand in a bar fixed at the bottom.
FIXTURE_CSS = """
.felt { background: #1f5f3a; color: #fff; padding: 8px; border-radius: 12px; }
.ring, .center, .melds, .meld-cards, .pile, .hand { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.seatbox, .counter { background: #0003; border-radius: 8px; padding: 4px 10px; min-width: 80px; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 8px; }
.side { background: #0002; border-radius: 8px; padding: 4px; min-height: 70px; }
.card { width: 48px; height: 68px; border-radius: 6px; background: #fffdf7; color: #1b1b1b; border: 1px solid #bbb;
  font-weight: 700; padding: 2px 3px; box-sizing: border-box; user-select: none; position: relative; flex: none; }
.card.red { color: #c0262d; }
.card.mini { width: 30px; height: 42px; font-size: .75rem; }
.pile .card + .card, .meld-cards .card + .card { margin-left: -14px; }
.bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 5; background: #123a24; padding: 12px 8px; }
.hand .card { cursor: pointer; margin-right: -6px; }
.hand .card.selected { transform: translateY(-10px); outline: 3px solid #f0c24b; }
"""

# The page's renderer: it rebuilds the table from a plain state on every render, between the
# effects' beforeRender and afterRender, as the real table does.
FIXTURE_JS = """
import * as effects from "/static/effects.js";
import * as sound from "/static/sound.js";
import { enableDrag } from "/static/drag.js";

const root = document.getElementById("table");
const fixture = { effects, sound, drops: [], state: null, clicks: 0 };
window.fixture = fixture;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function card([key, code], extra = "") {
  const red = /[HD]$/.test(code) ? " red" : "";
  return el("div", { class: `card${red} ${extra}`.trim(), "data-key": key, "data-code": code }, code);
}

function build(s) {
  const seats = s.seats.map((n) => el("div", { class: "seatbox", "data-zone": `seat-${n}` }, `Seat ${n}`));
  const centre = el("div", { class: "center" },
    el("div", { class: "counter", "data-zone": "stock" }, el("b", {}, String(s.stock)), "stock"),
    el("div", { class: "counter", "data-zone": "pozzetti" }, el("b", {}, String(s.pozzetti)), "pozzetti"),
    el("div", { class: "pile", id: "pile", "data-zone": "pile", "data-drop": "pile" },
      ...s.pile.map((c) => card(c, "mini"))));
  const sides = el("div", { class: "sides" }, ...s.melds.map((melds, side) => el("div",
    side === 0 ? { class: "side my-side", id: "side-mine", "data-zone": `side-${side}`, "data-drop": "new-meld" }
      : { class: "side", "data-zone": `side-${side}` },
    el("h4", {}, side === 0 ? "We" : "They"),
    el("div", { class: "melds" }, ...melds.map((m, k) => el("div",
      side === 0 ? { class: "meld mine", "data-meld": `${side}:${k}`, "data-drop": `meld:${k}` }
        : { class: "meld", "data-meld": `${side}:${k}` },
      el("div", { class: "meld-cards" }, ...m.map((c) => card(c, "mini")))))))));
  const hand = el("div", { class: "hand", id: "hand", "data-zone": "hand" },
    ...s.hand.map((c) => card(c, s.selected.includes(c[0]) ? "selected" : "")));
  for (const node of hand.children) {
    node.addEventListener("click", () => {
      fixture.clicks += 1;
      const key = node.dataset.key, at = s.selected.indexOf(key);
      render({ ...s, selected: at >= 0 ? s.selected.filter((k) => k !== key) : [...s.selected, key] });
    });
  }
  root.replaceChildren(el("div", { class: "ring players-2" }, ...seats), centre, sides,
    el("div", { class: "bar", id: "bar" }, hand));
}

export function render(state, records = []) {
  const snap = effects.beforeRender(root);
  build(state);
  effects.afterRender(root, snap, records);
  fixture.state = state;
}
fixture.render = render;

enableDrag(root, {
  selection: () => fixture.state.selected.map((k) => fixture.state.hand.find((c) => c[0] === k)[1]),
  onDrop: (drop) => fixture.drops.push(drop),
});
fixture.ready = true;
"""

START: dict[str, Any] = {
    "seats": [1],
    "stock": 60,
    "pozzetti": 2,
    "pile": [["p1", "7C"], ["p2", "QD"]],
    "melds": [[[["m1", "5H"], ["m2", "6H"], ["m3", "7H"]]], [[["o1", "9S"], ["o2", "10S"], ["o3", "JS"]]]],
    "hand": [["h1", "3C"], ["h2", "4D"], ["h3", "8H"], ["h4", "KS"], ["h5", "JK"], ["h6", "2C"], ["h7", "AH"]],
    "selected": [],
}

# Where each keyed card is, its running effect animations, and each animation's end (ms).
CARD_STATE = """(key) => {
  const card = document.querySelector(`[data-key="${key}"]`);
  const r = card.getBoundingClientRect();
  const anims = card.getAnimations().filter((a) => a.id === "burraco-motion");
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width,
           anims: anims.length, ends: anims.map((a) => a.effect.getComputedTiming().endTime) };
}"""

# The card's place when its animations are set back to their start.
AT_START = """(key) => {
  const card = document.querySelector(`[data-key="${key}"]`);
  for (const a of card.getAnimations()) { a.pause(); a.currentTime = 0; }
  const r = card.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""

# The flying copy of a card that changed zone, set back to its start.
GHOST_AT_START = """(key) => {
  const ghost = document.querySelector(`body > .motion-ghost[data-ghost-of="${key}"]`);
  for (const a of ghost.getAnimations()) { a.pause(); a.currentTime = 0; }
  const r = ghost.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""

ZONE_CENTRE = """(zone) => {
  const r = document.querySelector(`[data-zone="${zone}"]`).getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""

EFFECT_ANIMATIONS = "() => document.getAnimations().filter((a) => a.id === 'burraco-motion').length"


def changed(state: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**json.loads(json.dumps(state)), **fields}


def render(page: Any, state: dict[str, Any], records: list[dict[str, Any]] | None = None, hold: bool = True) -> None:
    """Render ``state`` after ``records``; with ``hold``, the animations it starts are paused at once, to be
    looked at (a slow machine could otherwise see them over before the next look)."""
    page.evaluate(
        "([s, r, hold]) => { window.fixture.render(s, r);"
        " if (hold) document.getAnimations().forEach((a) => a.pause()); }",
        [state, records or [], hold],
    )


def play_on(page: Any) -> None:
    """Let the held animations run to their end."""
    page.evaluate("() => document.getAnimations().forEach((a) => a.play())")


def open_fixture(page: Any, server: str, tmp_path: Path, state: dict[str, Any] = START) -> None:  # noqa: F811
    """The fixture page on the server's origin (routed in the browser, with the app's CSP), rendered once."""
    folder = tmp_path / "motion-test"
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(FIXTURE_HTML, encoding="utf-8")
    (folder / "fixture.js").write_text(FIXTURE_JS, encoding="utf-8")
    (folder / "fixture.css").write_text(FIXTURE_CSS, encoding="utf-8")
    pages = {"index.html": "text/html", "fixture.js": "text/javascript", "fixture.css": "text/css"}

    def serve(route: Any) -> None:
        name = route.request.url.split(FIXTURE, 1)[1].split("?")[0] or "index.html"
        route.fulfill(
            path=str(folder / name),
            headers={"Content-Type": pages[name], "Content-Security-Policy": CSP},
        )

    page.route(f"{server}{FIXTURE}**", serve)
    page.goto(server + FIXTURE)
    page.wait_for_function("() => window.fixture && window.fixture.ready")
    render(page, state)


@contextmanager
def fixture_page(
    server: str,  # noqa: F811
    tmp_path: Path,
    viewport: dict[str, int] = DESKTOP,
    locale: str = "en-US",
    init: str | None = None,
) -> Iterator[tuple[Any, list[str]]]:
    with browser(tmp_path, viewport, locale) as (page, errors):
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        if init:
            page.add_init_script(init)
        open_fixture(page, server, tmp_path)
        yield page, errors


def near(a: dict[str, float], b: dict[str, float], within: float = 2.0) -> bool:
    return abs(a["x"] - b["x"]) <= within and abs(a["y"] - b["y"]) <= within


def test_moved_and_new_cards_fly_from_where_they_came(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        assert page.evaluate(EFFECT_ANIMATIONS) == 0  # the first render stands still
        # my discard: the 8♥ flies from the hand to the pile above the hand's bar (as a copy, while the
        # card waits unseen on the pile), the cards to its right close up
        before = page.evaluate(CARD_STATE, "h3")
        hand = [c for c in START["hand"] if c[0] != "h3"]
        state = changed(START, hand=hand, pile=[*START["pile"], ["h3", "8H"]])
        render(page, state, [{"kind": "discard", "seat": 0, "cards": ["8H"], "i": 5}])
        moved = page.evaluate(CARD_STATE, "h3")
        assert moved["anims"] == 1 and all(end <= 300 for end in moved["ends"]), moved
        assert page.evaluate(CARD_STATE, "h4")["anims"] == 1
        assert page.evaluate(CARD_STATE, "h1")["anims"] == 0  # left of the gap: it did not move
        assert near(page.evaluate(GHOST_AT_START, "h3"), before), "the discard starts where it was in the hand"
        shot(page, "motion-discard")
        # my draw: the new card grows into the hand from the stock
        state = changed(state, hand=[*state["hand"], ["h8", "9C"]], stock=59)
        render(page, state, [{"kind": "draw", "seat": 0, "cards": ["9C"], "i": 6}])
        drawn = page.evaluate(CARD_STATE, "h8")
        assert drawn["anims"] == 1 and all(end <= 300 for end in drawn["ends"])
        assert near(page.evaluate(AT_START, "h8"), page.evaluate(ZONE_CENTRE, "stock"))
        # the other seat discards: its card comes from its place to the pile
        state = changed(state, pile=[*state["pile"], ["x1", "5S"]])
        render(page, state, [{"kind": "discard", "seat": 1, "cards": ["5S"], "i": 7}])
        assert near(page.evaluate(AT_START, "x1"), page.evaluate(ZONE_CENTRE, "seat-1"))
        # the other seat melds: the meld's cards come from its place
        melds = [state["melds"][0], [*state["melds"][1], [["x2", "4C"], ["x3", "5C"], ["x4", "6C"]]]]
        state = changed(state, melds=melds)
        render(page, state, [{"kind": "meld", "seat": 1, "cards": ["4C", "5C", "6C"], "i": 8}])
        assert near(page.evaluate(AT_START, "x3"), page.evaluate(ZONE_CENTRE, "seat-1"))
        # the other seat draws unseen: a face-down card flies from the stock to its place, then goes
        state = changed(state, stock=58)
        render(page, state, [{"kind": "draw", "seat": 1, "cards": [], "i": 9}])
        assert page.locator(".motion-ghost.motion-back").count() == 1
        play_on(page)
        page.wait_for_function("() => !document.querySelector('.motion-ghost')")
        # the other seat picks up the pile: its cards fly to its place
        state = changed(state, pile=[])
        render(page, state, [{"kind": "pickup", "seat": 1, "cards": ["7C", "QD", "8H", "5S"], "i": 10}])
        assert page.locator(".motion-ghost").count() == 4
        play_on(page)
        page.wait_for_function("() => !document.querySelector('.motion-ghost')")
        # I take the pozzetto: its cards come from the pozzetti
        state = changed(state, hand=[*state["hand"], ["z1", "QC"], ["z2", "QH"]], pozzetti=1)
        render(page, state, [{"kind": "pozzetto", "seat": 0, "cards": [], "i": 11}])
        assert near(page.evaluate(AT_START, "z2"), page.evaluate(ZONE_CENTRE, "pozzetti"))
        assert "paused" in page.evaluate("() => document.getAnimations().map((a) => a.playState)")
        render(page, state, hold=False)  # a new render: the paused animation gives way to a new one, which ends
        assert set(page.evaluate("() => document.getAnimations().map((a) => a.playState)")) <= {"running"}
        page.wait_for_function("() => document.getAnimations().length === 0")
    assert errors == []


def test_cards_keyed_within_their_place_fly_by_their_code(server: str, tmp_path: Path) -> None:  # noqa: F811
    """The renderer may key a card within its place only ("7H.0" in the hand and another "7H.0" on the pile):
    a card that left one place and arrived in another is matched by its code."""
    with fixture_page(server, tmp_path) as (page, errors):
        was = {key: page.evaluate(CARD_STATE, key) for key in ("p2", "h1", "h2")}
        # I pick up the pile: its cards come into the hand from where they lay
        hand = [*START["hand"], ["7C.0", "7C"], ["QD.0", "QD"]]
        state = changed(START, hand=hand, pile=[])
        render(page, state, [{"kind": "pickup", "seat": 0, "cards": ["7C", "QD"], "i": 5}])
        assert near(page.evaluate(AT_START, "QD.0"), was["p2"])
        # I meld from the hand: the meld's cards fly as copies above the hand's bar, from the hand
        melds = [[*state["melds"][0], [["3C.0", "3C"], ["4D.0", "4D"], ["JK.0", "JK"]]], state["melds"][1]]
        state = changed(state, hand=[c for c in hand if c[0] not in ("h1", "h2", "h5")], melds=melds)
        render(page, state, [{"kind": "meld", "seat": 0, "cards": ["3C", "4D", "JK"], "i": 6}])
        assert page.locator("body > .motion-ghost").count() == 3
        assert near(page.evaluate(GHOST_AT_START, "4D.0"), was["h2"])
        assert near(page.evaluate(GHOST_AT_START, "3C.0"), was["h1"])
    assert errors == []


def test_a_new_render_carries_on_from_where_the_cards_are(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        hand = [c for c in START["hand"] if c[0] != "h3"]
        state = changed(START, hand=hand, pile=[*START["pile"], ["h3", "8H"]])
        render(page, state, [{"kind": "discard", "seat": 0, "cards": ["8H"], "i": 5}])
        end, halfway = page.evaluate(
            """() => { const card = document.querySelector('[data-ghost-of="h3"]'), a = card.getAnimations()[0];
            const at = (ms) => { a.currentTime = ms; const r = card.getBoundingClientRect();
                                 return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };
            a.pause(); window.first = a;
            return [at(a.effect.getComputedTiming().endTime), at(60)]; }"""
        )
        assert not near(halfway, end, 10), "the card was caught on its way"
        render(page, state)  # another render before the first flight ended
        assert page.evaluate("() => window.first.playState") == "idle"  # cancelled
        assert near(page.evaluate(GHOST_AT_START, "h3"), halfway), "the new flight starts where the card was"
        assert page.locator(".motion-ghost").count() == 1
    assert errors == []


def test_no_motion_under_reduced_motion(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        page.emulate_media(reduced_motion="reduce")
        hand = [c for c in START["hand"] if c[0] != "h3"]
        state = changed(START, hand=hand, pile=[*START["pile"], ["h3", "8H"]], stock=59)
        render(page, state, [{"kind": "discard", "seat": 0, "cards": ["8H"], "i": 5}])
        render(page, changed(state, stock=58), [{"kind": "draw", "seat": 1, "cards": [], "i": 6}])
        assert page.evaluate(EFFECT_ANIMATIONS) == 0
        assert page.locator(".motion-ghost").count() == 0
        assert page.evaluate("() => document.getAnimations().length") == 0  # nor any CSS transition
        page.emulate_media(reduced_motion="no-preference")
        render(page, START, [{"kind": "discard", "seat": 0, "cards": ["8H"], "i": 7}])
        assert page.evaluate(EFFECT_ANIMATIONS) > 0
    assert errors == []


def test_many_cards_and_bad_input_never_break_the_table(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        big = [[f"b{i}", f"{2 + i % 9}{'HDCS'[i % 4]}"] for i in range(110)]
        render(page, changed(START, hand=big))
        assert page.locator("[data-key]").count() > 100
        render(page, changed(START, hand=big[::-1]))  # the hand sorted the other way: every card moves
        assert page.evaluate(EFFECT_ANIMATIONS) > 50
        outcome = page.evaluate(
            """() => { const fx = window.fixture.effects, root = document.getElementById('table');
            fx.afterRender(root, { cards: 'nonsense' }, [null, { kind: 5 }, 7]);
            fx.afterRender(null, null, 'records');
            fx.afterRender(root, fx.beforeRender(root), Array(50).fill({ kind: 'draw', seat: 9 }));
            fx.yourTurn('maybe'); fx.yourTurn(false);
            return document.querySelectorAll('[data-key]').length; }"""
        )
        assert outcome == 118
    assert errors == []


# Spies on the real Web Audio objects: how many contexts were made, and each note's frequency.
AUDIO_SPY = """
window.audioSpy = { contexts: 0, notes: [] };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.audioSpy.contexts += 1; }
  createOscillator() {
    const osc = super.createOscillator(), start = osc.start.bind(osc);
    osc.start = (...a) => { window.audioSpy.notes.push(osc.frequency.value); return start(...a); };
    return osc;
  }
};
"""


def test_sounds_are_off_by_default_remembered_and_distinct(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path, init=AUDIO_SPY) as (page, errors):
        assert page.evaluate("() => window.fixture.sound.soundEnabled()") is False
        discard = [{"kind": "discard", "seat": 1, "cards": ["5S"], "i": 5}]
        page.click('[data-key="h1"]')  # a gesture, with sounds off: no audio at all
        render(page, changed(START, pile=[*START["pile"], ["x1", "5S"]]), discard)
        assert page.evaluate("() => window.audioSpy") == {"contexts": 0, "notes": []}
        page.evaluate("() => window.fixture.sound.setSoundEnabled(true)")  # as from the toggle's click
        page.reload()
        page.wait_for_function("() => window.fixture && window.fixture.ready")
        assert page.evaluate("() => window.fixture.sound.soundEnabled()") is True
        assert page.evaluate("() => localStorage.getItem('burraco.sound')") == "on"
        render(page, changed(START, pile=[*START["pile"], ["x1", "5S"]]), discard)
        assert page.evaluate("() => window.audioSpy.contexts") == 0  # before any gesture: silence, no audio
        page.click('[data-key="h2"]')  # the first gesture readies the audio
        page.wait_for_function("() => window.audioSpy.contexts === 1")
        page.wait_for_function("() => window.fixture.sound.playSound('turn')")
        signatures = page.evaluate(
            """(kinds) => kinds.map((kind) => { window.audioSpy.notes = [];
            window.fixture.sound.playSound(kind); return window.audioSpy.notes.join(' '); })""",
            ["draw", "pickup", "discard", "meld", "attach", "pozzetto", "close", "turn"],
        )
        assert all(signatures) and len(set(signatures)) == len(signatures), signatures
        # a render with a new record plays the newest record's sound
        page.evaluate("() => { window.audioSpy.notes = []; }")
        render(page, changed(START, pile=[*START["pile"], ["x1", "5S"]]), discard)
        assert " ".join(str(n) for n in page.evaluate("() => window.audioSpy.notes")) == signatures[2]
        page.evaluate("() => window.fixture.sound.setSoundEnabled(false)")
        page.reload()
        page.wait_for_function("() => window.fixture && window.fixture.ready")
        assert page.evaluate("() => window.fixture.sound.soundEnabled()") is False
    assert errors == []


# A hidden tab, as the browser reports it when the player looks at another tab.
HIDE = """(hidden) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => hidden ? 'hidden' : 'visible' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}"""

VIBRATE_SPY = """
window.vibrations = [];
const real = navigator.vibrate ? navigator.vibrate.bind(navigator) : () => false;
navigator.vibrate = (pattern) => { window.vibrations.push(pattern); return real(pattern); };
"""


def test_your_turn_titles_the_hidden_tab_and_vibrates_once(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path, PHONE, locale="it-IT", init=VIBRATE_SPY) as (page, errors):
        page.tap('[data-key="h1"]')  # the page has been touched: the phone may vibrate
        turn = "(mine) => window.fixture.effects.yourTurn(mine)"
        page.evaluate(turn, True)
        assert page.title() == "Burraco"  # the tab is in view: no prefix
        page.evaluate(HIDE, True)
        assert page.title() == "● Tocca a te — Burraco"
        page.evaluate(turn, True)  # the next render of the same turn
        assert page.title() == "● Tocca a te — Burraco"
        page.evaluate(HIDE, False)
        assert page.title() == "Burraco"
        page.evaluate(HIDE, True)
        page.evaluate(turn, False)  # the turn passed while the tab was hidden
        assert page.title() == "Burraco"
        page.evaluate(turn, True)
        assert page.title() == "● Tocca a te — Burraco"
        assert len(page.evaluate("() => window.vibrations")) == 2  # once per turn start
        page.evaluate("() => localStorage.setItem('burraco.lang', 'en')")
        page.reload()
        page.wait_for_function("() => window.fixture && window.fixture.ready")
        page.evaluate(HIDE, True)
        page.evaluate(turn, True)
        assert page.title() == "● Your turn — Burraco"
    assert errors == []


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Any, source: str, target: str, look: str | None = None) -> None:
    """Press on ``source``, move in steps to ``target`` and release; ``look`` names a screenshot taken
    (after checking the ghost and the highlight) just before the release."""
    page.wait_for_function(f"() => ({EFFECT_ANIMATIONS})() === 0")  # the cards stand still where they are
    page.mouse.move(*centre(page, source))
    page.mouse.down()
    x, y = centre(page, target)
    page.mouse.move(x, y, steps=10)
    page.wait_for_selector(".drag-ghost .card")
    # (moves reach the page with the next frame)
    page.wait_for_function(
        "(t) => document.querySelector(t).closest('[data-drop]').classList.contains('drop-over')", arg=target
    )
    if look:
        shot(page, look)
    page.mouse.up()


def drops(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.fixture.drops.splice(0)")
    return found


def test_drag_with_the_mouse_carries_a_card_or_the_selection(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        mouse_drag(page, '[data-key="h3"]', "#pile", look="motion-drag-mouse")
        assert drops(page) == [{"cards": ["8H"], "target": "pile"}]
        assert page.locator(".drag-ghost, .drop-over, .drop-ready, .drag-source").count() == 0  # all tidied
        assert page.locator("#hand .selected").count() == 0  # the drag was no click
        # a click selects; dragging a selected card carries the whole selection onto my meld
        page.click('[data-key="h1"]')
        page.click('[data-key="h2"]')
        assert page.locator("#hand .selected").count() == 2
        mouse_drag(page, '[data-key="h2"]', '[data-drop="meld:0"]')
        assert drops(page) == [{"cards": ["3C", "4D"], "target": "meld:0"}]
        # an unselected card goes alone, here to lay a new meld; a card dropped on no target goes nowhere
        mouse_drag(page, '[data-key="h5"]', '[data-drop="new-meld"] h4')
        assert drops(page) == [{"cards": ["JK"], "target": "new-meld"}]
        page.mouse.move(*centre(page, '[data-key="h6"]'))
        page.mouse.down()
        page.mouse.move(*centre(page, '[data-zone="seat-1"]'), steps=5)
        page.mouse.up()
        assert drops(page) == []
        # Escape gives up a drag
        page.mouse.move(*centre(page, '[data-key="h6"]'))
        page.mouse.down()
        page.mouse.move(*centre(page, "#pile"), steps=5)
        page.keyboard.press("Escape")
        page.mouse.up()
        assert drops(page) == [] and page.locator(".drag-ghost").count() == 0
    assert errors == []


def test_a_short_click_selects_and_starts_no_drag(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path) as (page, errors):
        x, y = centre(page, '[data-key="h4"]')
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 3, y - 2, steps=2)  # a hand trembling on the button
        assert page.locator(".drag-ghost").count() == 0
        page.mouse.up()
        assert page.evaluate("() => window.fixture.clicks") == 1
        assert page.locator('[data-key="h4"].selected').count() == 1
        assert drops(page) == []
    assert errors == []


def test_drag_with_a_finger(server: str, tmp_path: Path) -> None:  # noqa: F811
    with fixture_page(server, tmp_path, PHONE) as (page, errors):
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, x: float = 0, y: float = 0) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        page.tap('[data-key="h7"]')  # a tap selects
        assert page.locator('[data-key="h7"].selected').count() == 1
        page.evaluate(
            """() => { window.pointerTypes = new Set();
            addEventListener('pointermove', (e) => window.pointerTypes.add(e.pointerType), true); }"""
        )
        (x, y), (tx, ty) = centre(page, '[data-key="h7"]'), centre(page, "#pile")
        touch("touchStart", x, y)
        for step in range(1, 11):
            touch("touchMove", x + (tx - x) * step / 10, y + (ty - y) * step / 10)
        page.wait_for_function("() => document.querySelector('#pile').classList.contains('drop-over')")
        assert page.locator(".drag-ghost .card").count() == 1
        shot(page, "motion-drag-touch")
        touch("touchEnd")
        assert page.evaluate("() => [...window.pointerTypes]") == ["touch"]
        assert drops(page) == [{"cards": ["AH"], "target": "pile"}]
        assert page.locator("#hand .selected").count() == 1  # the drag did not click
    assert errors == []


# Every copy that flies above the table, by its card's code (the flights are over too soon to be looked at).
FLIGHT_SPY = """() => { window.flights = [];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.classList && n.classList.contains('motion-ghost')) window.flights.push(n.dataset.code); })
    .observe(document.body, { childList: true }); }"""


def test_on_the_real_table_a_card_dragged_onto_the_pile_is_discarded(server: str, tmp_path: Path) -> None:  # noqa: F811
    with browser(tmp_path, DESKTOP) as (page, errors):
        as_guest(page, server)
        table = practice_table(page, 2, seed=2024, hands=1, bots="beginner")
        page.goto(f"{server}/#/table/{table}")
        page.wait_for_function(
            "() => document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled"
        )
        page.click("#btn-draw")
        page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")
        page.evaluate(FLIGHT_SPY)
        cards = page.locator("#hand .card")
        count, code = cards.count(), cards.nth(2).get_attribute("data-code")
        mouse_drag(page, "#hand .card >> nth=2", "#pile", look="motion-real-table-drag")
        page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length === n", arg=count - 1)
        assert page.locator("#btn-discard").is_disabled()  # the turn has passed
        assert code in page.evaluate("() => window.flights")  # it flew from the hand to the pile
        assert page.locator("#hand .selected").count() == 0  # the drag selected nothing
    assert errors == []
