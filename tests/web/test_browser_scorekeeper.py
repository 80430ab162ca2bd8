"""The segnapunti in Chromium on a phone (390x844, Italian): the page's own scoring (keeper_rules.js)
agrees with the hand entry in Python on many generated entries of every preset, irregular hands (the
arbiter's void burraci, wrong and penalised cards, a closing that needs a valid burraco) and refusals
included;
then a short match is played offline from the installed copy (the service worker), with whose deal it
is, the winner and the result shared as text and as an image. Screenshots in test-artifacts/screenshots/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from axe_helpers import assert_no_serious_violations
from test_browser import CHROMIUM, LAUNCH_ARGS, PHONE, WAIT_MS, assert_fits, require_chromium, server, shot

from burraco.core.match import _half
from burraco.core.options import PRESETS
from burraco.tournament.hand_entry import (
    NO_IRREGULAR,
    BurracoKind,
    EntryError,
    HandEntry,
    IrregularEntry,
    SideEntry,
    TotalsEntry,
    kinds,
    score_entry,
    score_totals,
)

__all__ = ["server"]


def generated(rng: random.Random, preset: str) -> dict[str, Any]:
    """A typed hand as the page sends it: often valid, sometimes not (odd points, two closes, too many burraci)."""
    if rng.random() < 0.15:
        return {"totals": [5 * rng.randint(-300, 600) + (rng.random() < 0.2), 5 * rng.randint(-300, 600)]}
    sides = []
    for _ in range(2):
        pool = list(BurracoKind) if rng.random() < 0.1 else list(kinds(PRESETS[preset]))
        burraci = {k.value: rng.choice([0, 1, 1, 1, 2, 9]) for k in rng.sample(pool, rng.randint(0, 2))}
        side = {
            "burraci": burraci,
            "table": 5 * rng.randint(0, 90) + (3 if rng.random() < 0.05 else 0),
            "hand": 5 * rng.randint(0, 25) * (-1 if rng.random() < 0.03 else 1),
            "pozzetto": rng.random() < 0.85,
            "closed": rng.random() < 0.2,
        }
        if rng.random() < 0.35:
            void_kinds = list(burraci) if burraci and rng.random() < 0.8 else [k.value for k in pool]
            side["irregular"] = {
                "void": {
                    k: rng.randint(0, burraci.get(k, 0)) + (1 if rng.random() < 0.08 else 0) - (rng.random() < 0.02)
                    for k in void_kinds[:2]
                },
                "wrong": 5 * rng.randint(0, 8) + (2 if rng.random() < 0.03 else 0),
                "penalised": 5 * rng.randint(0, 6) * (-1 if rng.random() < 0.03 else 1),
                "closing_needs_valid": rng.random() < 0.6,
            }
        sides.append(side)
    return {"sides": sides}


def irregular_of(side: dict[str, Any]) -> IrregularEntry:
    facts = side.get("irregular")
    if facts is None:
        return NO_IRREGULAR
    void = {BurracoKind(k): n for k, n in facts["void"].items()}
    return IrregularEntry(void, facts["wrong"], facts["penalised"], facts["closing_needs_valid"])


def python_score(entry: dict[str, Any], preset: str) -> Any:
    rules = PRESETS[preset]
    try:
        if "totals" in entry:
            return list(score_totals(TotalsEntry(tuple(entry["totals"])), rules))
        sides = tuple(
            SideEntry(
                {BurracoKind(k): n for k, n in s["burraci"].items()},
                s["table"],
                s["hand"],
                s["pozzetto"],
                s["closed"],
                irregular_of(s),
            )
            for s in entry["sides"]
        )
        return [s.total for s in score_entry(HandEntry(sides), rules)]
    except EntryError as error:
        return error.code


JS_SCORE = """async ([cases, halves]) => {
  const { scoreHand, half } = await import('/static/keeper_rules.js');
  const presets = (await (await fetch('/api/scorekeeper/rules')).json()).presets;
  const scored = cases.map(([preset, entry]) => {
    try { return scoreHand(entry, presets[preset]).totals; } catch (e) { return e.code; }
  });
  return [scored, halves.map(half)];
}"""


def test_the_page_scores_as_python_and_plays_a_match_offline(server: str, tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    rng = random.Random(11)
    presets = [rng.choice(sorted(PRESETS)) for _ in range(600)]
    cases = [(preset, generated(rng, preset)) for preset in presets]
    crowded = {"burraci": {"clean": 8}, "table": 400, "hand": 0, "pozzetto": True, "closed": False}
    reale = {"burraci": {"ace_to_ace": 1, "super": 1}, "table": 300, "hand": 10, "pozzetto": True, "closed": True}
    cases += [("fibur", {"sides": [crowded, crowded]}), ("reale", {"sides": [reale, {**reale, "closed": False}]})]
    halves = list(range(-500, 505, 5))
    errors: list[str] = []
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        try:
            context = chromium.new_context(viewport=PHONE, locale="it-IT", has_touch=True)
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server + "/segnapunti/#/segnapunti")
            page.wait_for_selector("#keeper-setup")

            # the page's scoring against Python's, on 600 generated entries of every preset
            scored, js_halves = page.evaluate(JS_SCORE, [cases, halves])
            expected = [python_score(entry, preset) for preset, entry in cases]
            assert scored == expected
            assert expected[-2:] == ["too_many_burraci", [1640, 1540]]
            assert js_halves == [_half(x) for x in halves]
            three = {
                "players": 3,
                "pairShare": "half",
                "hands": [{"totals": [300, 25], "lone": 0}, {"totals": [-100, 410], "lone": 2}],
            }
            shares = page.evaluate("async (m) => (await import('/static/scorekeeper.js')).totals(m)", three)
            assert shares == [300 + _half(410), _half(25) + _half(410), _half(25) - 100] == [505, 215, -90]
            assert sum(isinstance(x, str) for x in expected) > 60 and sum(isinstance(x, list) for x in expected) > 200
            irregular = [x for (_p, e), x in zip(cases, expected, strict=True) if "irregular" in str(e)]
            assert sum(isinstance(x, list) for x in irregular) > 40 and "void_too_many" in irregular

            # installed for offline use: the worker controls the page and keeps what it loaded
            page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
            assert page.evaluate("() => document.querySelector('link[rel=manifest]').href").endswith(
                "manifest.webmanifest"
            )
            page.wait_for_timeout(500)  # the worker's copies of the page's modules
            context.set_offline(True)
            page.reload()
            page.wait_for_selector("#keeper-setup")
            page.select_option("#keeper-players", "4")
            for k, name in enumerate(["Anna", "Bruno", "Carla", "Dario"]):
                page.fill(f"#keeper-name-{k}", name)
            page.select_option("#keeper-mode", "hands")
            page.fill("#keeper-hands", "2")
            page.select_option("#keeper-dealer", "1")
            assert_no_serious_violations(page, "the segnapunti's setup, phone")
            shot(page, "keeper-setup")
            page.click("#keeper-start")
            page.wait_for_selector("#keeper-entry")
            assert page.inner_text("#keeper-dealer-now") == "Mescola Bruno"
            page.fill("#keeper-0-clean", "1")
            page.fill("#keeper-0-table", "185")
            page.fill("#keeper-0-hand", "15")
            page.check("#keeper-closed-0")
            page.fill("#keeper-1-dirty", "1")
            page.fill("#keeper-1-table", "120")
            page.fill("#keeper-1-hand", "43")
            page.wait_for_function(
                "() => document.querySelector('#keeper-preview').textContent === '43 non è un multiplo di 5.'"
            )
            page.fill("#keeper-1-hand", "40")
            page.wait_for_function(
                "() => document.querySelector('#keeper-preview').textContent === 'Questa mano: 470 e 180'"
            )
            # the irregular hand's section, collapsed: opened, the totals follow the arbiter's facts
            assert not page.eval_on_selector("#keeper-irregular", "d => d.open")
            page.click("#keeper-irregular-toggle")
            page.fill("#keeper-0-void-clean", "1")
            page.check("#keeper-0-needs-valid")
            page.fill("#keeper-1-penalised", "10")
            page.wait_for_function(
                "() => document.querySelector('#keeper-preview').textContent === 'Questa mano: 170 e 170'"
            )
            page.locator("#keeper-irregular").scroll_into_view_if_needed()
            shot(page, "keeper-irregular")
            page.fill("#keeper-0-void-clean", "0")
            page.uncheck("#keeper-0-needs-valid")
            page.fill("#keeper-1-penalised", "0")
            page.wait_for_function(
                "() => document.querySelector('#keeper-preview').textContent === 'Questa mano: 470 e 180'"
            )
            page.click("#keeper-add")
            page.wait_for_function("() => document.querySelector('#keeper-total-0')?.textContent === '470'")
            assert page.inner_text("#keeper-dealer-now") == "Mescola Carla"
            assert_fits(page, "the segnapunti during a match")
            shot(page, "keeper-match-offline")
            page.select_option("#keeper-mode", "totals")
            page.fill("#keeper-0-total", "-100")
            page.fill("#keeper-1-total", "655")
            page.click("#keeper-add")
            page.wait_for_selector("#keeper-winner")
            assert page.inner_text("#keeper-winner") == "Vince Bruno & Dario!"
            assert page.inner_text("#keeper-total-1") == "835"
            page.click("#keeper-image")
            page.wait_for_selector("#keeper-image-link")
            shot(page, "keeper-finished")
            context.set_offline(False)
            page.reload()
            page.wait_for_selector("#keeper")
            page.click("#keeper-new")
            page.wait_for_selector("#keeper-history")
            assert "Anna & Carla 370 – Bruno & Dario 835 (2 mani)" in page.inner_text("#keeper-history")
        finally:
            chromium.close()
    assert errors == []
