"""The page's catalogue (static/i18n.js): both languages hold the same keys, every key the scripts
name exists, and the server's refusal codes are all worded."""

from __future__ import annotations

import re
from pathlib import Path

from burraco.web.http import refusals as http_refusals
from burraco.web.protocol.refusals import PATTERNS, refusal

STATIC = Path(__file__).resolve().parents[2] / "src" / "burraco" / "web" / "static"


def catalogue() -> dict[str, set[str]]:
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    it_part, en_part = text.split("\n  en: {", 1)
    keys = {}
    for lang, part in (("it", it_part.split("\n  it: {", 1)[1]), ("en", en_part.split("\n};", 1)[0])):
        keys[lang] = set(re.findall(r'"([\w.]+)":', part))
    return keys


def test_both_languages_have_the_same_keys() -> None:
    keys = catalogue()
    assert keys["it"] == keys["en"], keys["it"] ^ keys["en"]
    assert len(keys["it"]) > 200


def test_every_key_the_scripts_use_is_in_the_catalogue() -> None:
    keys = catalogue()["en"]
    used: set[str] = set()
    for script in STATIC.glob("*.js"):
        if script.name == "i18n.js":
            continue
        used |= set(re.findall(r'\bt\("([\w.]+)"', script.read_text(encoding="utf-8")))
    assert used, "no t(...) call found"
    assert used <= keys, used - keys


def test_every_refusal_code_and_error_code_is_worded() -> None:
    keys = catalogue()["en"]
    assert {f"reason.{code}" for code, _ in PATTERNS} <= keys
    assert {
        f"err.{c}"
        for c in (
            "protocol",
            "rate_limited",
            "not_your_turn",
            "not_seated",
            "store_failed",
            "internal",
            "illegal",
            "refused",
        )
    } <= keys


def test_every_http_refusal_code_is_worded_in_both_languages() -> None:
    """Login, register, guest and create-table refusals carry a code (burraco.web.http.refusals)."""
    keys = catalogue()
    for lang in ("it", "en"):
        assert {f"http.{code}" for code in http_refusals.MESSAGES} <= keys[lang], lang
    web = STATIC.parent
    sent = set()
    for source in web.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        sent |= set(re.findall(r'(?:refused\(\d+, |Limited\()"(\w+)"', text))
    assert {"wrong_password", "too_many_attempts", "tables_too_fast", "not_logged_in"} <= sent
    assert sent <= set(http_refusals.MESSAGES), sent - set(http_refusals.MESSAGES)


def test_no_emoji_only_symbols_on_the_page() -> None:
    """⏱ ⏮ ⏭ and friends need an emoji font: the page draws them as inline SVG instead."""
    for script in [*STATIC.glob("*.js"), STATIC / "index.html"]:
        text = script.read_text(encoding="utf-8")
        assert not re.search("[\u23e9-\u23fa\U0001f300-\U0001faff]", text), script.name


def test_refusals_carry_a_code_and_the_cited_section() -> None:
    assert refusal("illegal meld: not a run (rules §4)") == {"reason": "illegal_meld", "params": {"section": "4"}}
    assert refusal("you picked up 10H alone from the discard pile: you may not discard it")["params"] == {"card": "10H"}
    assert refusal("no idea") == {}
