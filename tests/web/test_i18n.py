"""The page's catalogues (static/i18n.it.json, static/i18n.en.json, loaded by static/i18n.js): both
languages hold the same keys with the same {placeholders}, plural forms are CLDR categories picked by a
``count``, every key the scripts name exists, the server's refusal codes are all worded, the files ship
in the package, and the page's modules import one way (no cycle)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any

from burraco.web.http import refusals as http_refusals
from burraco.web.protocol.refusals import PATTERNS, refusal

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "burraco" / "web" / "static"
LANGS = ("it", "en")
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}  # Intl.PluralRules.select's answers


def entries(lang: str) -> dict[str, Any]:
    """One language's catalogue: key → text, or key → {plural category: text}."""
    data: dict[str, Any] = json.loads((STATIC / f"i18n.{lang}.json").read_text(encoding="utf-8"))
    return data


def catalogue() -> dict[str, set[str]]:
    return {lang: set(entries(lang)) for lang in LANGS}


def placeholders(entry: str | dict[str, str]) -> set[str]:
    """The {names} a text takes (all of a plural entry's forms together)."""
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in forms for name in re.findall(r"\{(\w+)\}", text)}


def scripts() -> dict[str, str]:
    return {script.name: script.read_text(encoding="utf-8") for script in sorted(STATIC.glob("*.js"))}


def test_both_languages_have_the_same_keys() -> None:
    keys = catalogue()
    assert keys["it"] == keys["en"], keys["it"] ^ keys["en"]
    assert len(keys["it"]) > 200


def test_both_languages_take_the_same_placeholders() -> None:
    it, en = entries("it"), entries("en")
    differ = {
        key: (placeholders(it[key]), placeholders(en[key]))
        for key in it.keys() & en.keys()
        if placeholders(it[key]) != placeholders(en[key])
    }
    assert not differ, differ


def test_plural_entries_have_cldr_forms_and_count() -> None:
    """A plural entry's forms are Intl.PluralRules categories, always with "other" (the form a category
    without its own falls back to, e.g. Italian "many"), and "other" shows the {count}."""
    plural = 0
    for lang in LANGS:
        for key, entry in entries(lang).items():
            if isinstance(entry, str):
                continue
            plural += 1
            assert isinstance(entry, dict) and entry, (lang, key)
            assert set(entry) <= PLURAL_CATEGORIES and "other" in entry, (lang, key, set(entry))
            assert all(isinstance(text, str) for text in entry.values()), (lang, key)
            assert "{count}" in entry["other"], (lang, key)
    assert plural >= 2 * 8


def test_plural_keys_are_given_a_count() -> None:
    """t("table.watchers", { count: n }): the count picks the form, so every call of a plural key passes one."""
    plural = {key for lang in LANGS for key, entry in entries(lang).items() if isinstance(entry, dict)}
    calls = 0
    for name, text in scripts().items():
        for match in re.finditer(r'\bt\("([\w.]+)"(\s*,\s*\{[^}]*\})?', text):
            if match.group(1) in plural:
                calls += 1
                assert match.group(2) and re.search(r"\bcount\b", match.group(2)), (name, match.group(0))
    assert calls >= 8


def test_the_catalogue_files_ship_in_the_package() -> None:
    """Every file the page loads matches a package-data pattern of pyproject.toml (a "*" stays in its folder)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["burraco"]
    package = STATIC.parents[1]
    for path in STATIC.rglob("*"):
        if path.is_file():
            relative = PurePosixPath(path.relative_to(package).as_posix())
            shipped = any(len(relative.parts) == len(PurePosixPath(p).parts) and relative.match(p) for p in patterns)
            assert shipped, f"{relative} matches no package-data pattern"


def test_the_page_modules_import_one_way() -> None:
    """No import cycle among the page's modules (a cycle makes their start order depend on who loads first)."""
    graph = {
        name: set(re.findall(r'^import[^;]*?from "\./([\w.]+\.js)";', text, re.M | re.S))
        for name, text in scripts().items()
    }
    assert graph["app.js"] and any("socket.js" in imported for imported in graph.values())  # the graph was read

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        for other in graph.get(name, ()):
            visit(other, (*path, name))

    for name in graph:
        visit(name, ())


def test_close_codes_come_from_the_server() -> None:
    """table.js names the WebSocket close codes from /protocol.js (burraco.web.protocol.close_codes), no number."""
    text = scripts()["table.js"]
    assert 'import { CLOSE_CODES } from "/protocol.js";' in text
    words = re.search(r"const CLOSE_WORDS = \{(.*?)\};", text, re.S)
    assert words and "CLOSE_CODES." in words.group(1) and not re.search(r"\d{4}", words.group(1))


def test_every_key_the_scripts_use_is_in_the_catalogue() -> None:
    keys = catalogue()["en"]
    used: set[str] = set()
    for text in scripts().values():
        used |= set(re.findall(r'\bt\("([\w.]+)"', text))
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
        sent |= set(re.findall(r'(?:refused\(\d+, |Limited\(|code: str = |Rate\("\w+", )"(\w+)"', text))
    assert {"wrong_password", "too_many_attempts", "tables_too_fast", "not_logged_in", "reports_too_fast"} <= sent
    assert sent <= set(http_refusals.MESSAGES), sent - set(http_refusals.MESSAGES)


def test_no_emoji_only_symbols_on_the_page() -> None:
    """⏱ ⏮ ⏭ and friends need an emoji font: the page draws them as inline SVG instead."""
    for script in [*STATIC.glob("*.js"), *STATIC.glob("*.json"), STATIC / "index.html"]:
        text = script.read_text(encoding="utf-8")
        assert not re.search("[\u23e9-\u23fa\U0001f300-\U0001faff]", text), script.name


def test_every_refusal_reason_is_worded_in_both_languages() -> None:
    """Every reason code the server may send with a refused move (burraco.web.protocol.refusals) has
    its words in Italian and in English: ``reason.<code>``."""
    keys = catalogue()
    codes = {code for code, _ in PATTERNS}
    assert len(codes) == len(PATTERNS), "a code named twice"
    for lang in LANGS:
        missing = {f"reason.{code}" for code in codes} - keys[lang]
        assert not missing, (lang, sorted(missing))


def test_every_closing_rule_of_the_engine_has_a_reason_code() -> None:
    """The engine's closing refusals (docs/rules.md §6: its ``_CLOSE_*`` reasons, enumerated from the
    module) come with a code, on the last discard and on a play that would leave an unclosable card;
    §6.2's is the clean-burraco one under the international preset."""
    from burraco.core import hand_checks
    from burraco.core.cards import parse_card
    from burraco.core.hand import Hand
    from burraco.core.options import preset

    blocks = {name: getattr(hand_checks, name) for name in dir(hand_checks) if name.startswith("_CLOSE_")}
    assert len(blocks) >= 5, blocks
    joker = parse_card("JK")  # a wildcard, for the one rule that names the card
    texts = []
    for rules in (preset("fibur", players=2), preset("international", players=2)):
        hand = Hand.deal(players=2, seed=7, rules=rules)
        texts += [hand._closing_text(block, joker) for block in blocks.values()]
    assert any("§6.2" in text for text in texts)
    for text in texts:
        coded = refusal(text)
        assert coded.get("reason", "").startswith("close_"), text
        assert f"reason.{coded['reason']}" in catalogue()["it"], text
        assert "section" in coded["params"], text
        leave = refusal(f"this would leave you one card you could not discard: {text}")
        assert leave["reason"] == f"leave_{coded['reason']}", text
    international = Hand.deal(players=2, seed=7, rules=preset("international", players=2))
    clean = international._closing_text(blocks["_CLOSE_NO_BURRACO"], joker)
    assert refusal(clean)["reason"] == "close_no_clean_burraco"


def test_refusals_carry_a_code_and_the_cited_section() -> None:
    assert refusal("illegal meld: not a run (rules §4)") == {"reason": "illegal_meld", "params": {"section": "4"}}
    assert refusal("you picked up 10H alone from the discard pile: you may not discard it")["params"] == {"card": "10H"}
    assert refusal("no idea") == {}
