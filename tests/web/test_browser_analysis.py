"""The post-hand analysis as an Italian player meets it in Chromium, at desktop and phone size: a short
match against the computer, its replay, "Analizza", the progress while the worker computes, then the
evaluation strip, the key moments and every decision labelled in Italian; a decision moves the replay
to its step. The view passes the accessibility audit (axe_helpers.py); screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_helpers import assert_no_serious_violations
from test_browser import DESKTOP, PHONE, browser, play_turns, serving, shot
from test_browser_a11y import create_table, register

from burraco.web.app import create_app

SIZES = {"desktop": DESKTOP, "phone": PHONE}
LABELS = re.compile(r"\b(ottima|buona|imprecisione|errore|grave errore)\b")
ENGLISH = re.compile(r"\b(best|good|inaccuracy|mistake|blunder|draws|discards|melds|points lost)\b")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The app on a SQLite file with its local analysis pool, at a small budget (1 ms a decision)."""
    app = create_app(f"sqlite:///{tmp_path / 'browser.db'}", bot_delay=0.02, tick_interval=0.2, analysis_budget_ms=1)
    with serving(app) as url:
        yield url


@pytest.mark.parametrize("size", SIZES)
def test_analyse_a_finished_hand_from_its_replay(server: str, tmp_path: Path, size: str) -> None:
    with browser(tmp_path, SIZES[size], "it-IT") as (page, errors):
        register(page, server, "Giulia")
        table = create_table(
            page, {"players": 2, "bots": "intermediate", "sit": True, "hands": 1, "options": {"max_turns": 10}}
        )
        page.goto(f"{server}/#/table/{table}")
        assert play_turns(page, 40), "the hand did not end"
        page.wait_for_selector("#replay-link")
        page.click("#replay-link")
        page.wait_for_selector("#analysis-btn")
        assert "Analisi della mano" in page.inner_text("#analysis")

        page.click("#analysis-btn")
        page.wait_for_selector("#analysis-progress, .analysis-seat")  # the progress, unless already done
        if page.query_selector("#analysis-progress"):
            shot(page, f"analysis-{size}-progress")
        page.wait_for_selector(".analysis-seat", timeout=60_000)
        assert not page.query_selector("#analysis-progress") and not page.query_selector("#analysis-btn")

        panel = page.inner_text("#analysis")
        assert "Giulia: precisione" in panel and "Momenti chiave" in panel, panel
        assert not ENGLISH.search(panel), panel
        bars = page.locator(".analysis-strip rect.bar")
        assert bars.count() >= 1
        assert page.get_attribute(".analysis-strip", "aria-label").startswith("Punti persi")
        page.click(".analysis-all summary")
        decisions = page.locator(".analysis-all .analysis-decision")
        assert decisions.count() == bars.count()
        labels = page.locator(".analysis-all .analysis-label").all_inner_texts()
        assert labels and all(LABELS.fullmatch(label) for label in labels), labels
        shot(page, f"analysis-{size}-review")
        assert_no_serious_violations(page, f"analysis, {size}")

        # a decision moves the replay to its step
        target = decisions.nth(decisions.count() - 1)
        step = int(re.search(r"passo (\d+)", target.inner_text()).group(1))  # type: ignore[union-attr]
        target.click()
        page.wait_for_function(
            "(step) => document.querySelector('#replay').textContent.includes(`passo ${step} di`)", arg=step
        )
        page.wait_for_selector(".analysis-seat")  # the review stays while the replay moves
        assert page.get_attribute("#replay-step", "value") == str(step)

        if size == "desktop":  # after the match anyone may see Giulia's review, and ask for another seat's
            page.evaluate("async () => fetch('/api/logout', {method: 'POST'})")
            register(page, server, "Marco")
            page.goto(f"{server}/#/replay/{table}/1")
            page.wait_for_selector(".analysis-seat[data-seat='0']")
            assert not page.query_selector("#analysis-btn-0") and not page.query_selector("#analysis-btn")
            assert page.inner_text("#analysis-btn-1") == "Analizza Computer 1 (intermedio)"
            page.click("#analysis-btn-1")
            page.wait_for_selector(".analysis-seat[data-seat='1']", timeout=60_000)
            assert "Computer 1 (intermedio): precisione" in page.inner_text("#analysis")
            shot(page, f"analysis-{size}-spectator")
        assert not errors, errors
