"""Every way a hand can end, a void hand included (docs/rules.md §12), has its words in both
languages: ``burraco play`` and the page's score sheet show them from the same catalogues."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from burraco.cli.play_words import Words
from burraco.core.actions import EndReason


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("reason", list(EndReason))
def test_every_end_reason_is_worded(lang: str, reason: EndReason) -> None:
    text = resources.files("burraco.web").joinpath("static", f"i18n.{lang}.json").read_text(encoding="utf-8")
    worded = json.loads(text)[f"end.{re.sub(r'[ -]', '_', reason)}"]
    assert Words(lang).end(reason) == worded != ""


def test_a_void_hand_says_why_and_that_it_is_dealt_again() -> None:
    assert Words("it").end(EndReason.VOID) == "nulla: nessuno ha preso il pozzetto, si rifà"
    assert Words("en").end(EndReason.VOID) == "void: nobody took a pozzetto, dealt again"
