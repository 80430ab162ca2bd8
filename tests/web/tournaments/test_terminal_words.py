"""Every refusal of the hand entry and of the score terminals is worded in both catalogues (the page
words ``http.entry.<code>`` and ``http.score.<code>``), with the parameters the server sends."""

from __future__ import annotations

import json
import re
from importlib import resources

from burraco.tournament.hand_entry_words import WORDS

STATIC = resources.files("burraco.web") / "static"
SCORE_CODES = {
    "bad_code",
    "expired",
    "finished",
    "bad_hand",
    "bad_ruling",
    "no_hands",
    "disagreement",
    "hands_missing",
    "mismatch",
}


def catalogue(lang: str) -> dict[str, object]:
    return json.loads((STATIC / f"i18n.{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_every_entry_refusal_is_worded_in_both_languages() -> None:
    for lang in ("it", "en"):
        words = catalogue(lang)
        for code, python_text in WORDS[lang].items():
            page_text = str(words[f"http.entry.{code}"])
            page_params = set(re.findall(r"\{(\w+)\}", page_text))
            assert page_params <= set(re.findall(r"\{(\w+)\}", python_text)), (lang, code)


def test_every_terminal_refusal_is_worded_in_both_languages() -> None:
    source = (resources.files("burraco.web.tournaments") / "terminals.py").read_text(encoding="utf-8")
    assert set(re.findall(r'refusal\(\d+, "(\w+)"', source)) == SCORE_CODES
    for lang in ("it", "en"):
        words = catalogue(lang)
        assert {f"http.score.{code}" for code in SCORE_CODES} <= set(words)
