"""Every score-sheet item (burraco.core.scoring) has its words in both catalogues, under the key
static/sheets.js ``itemText`` and the terminal's ``Words.score_item`` take from its kind (the browser
tests read the Italian sheet): a player never reads an English label in Italian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from burraco.cli.play_words import Words
from burraco.core.scoring import LABELS, BonusName, ScoreItem, ScoreKind

STATIC = Path(__file__).resolve().parents[2] / "src" / "burraco" / "web" / "static"


def keys() -> list[str]:
    """The catalogue keys of every kind of item and every bonus."""
    return [f"sheet.item.{kind.value}" for kind in LABELS] + [f"sheet.bonus.{name.value}" for name in BonusName]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_item_is_worded(lang: str) -> None:
    catalogue = json.loads((STATIC / f"i18n.{lang}.json").read_text(encoding="utf-8"))
    for key in [*keys(), "sheet.meld.sequence", "sheet.meld.combination"]:
        assert str(catalogue.get(key, "")).strip(), key


def test_the_terminal_words_every_item_in_italian() -> None:
    words = Words("it")
    items = [ScoreItem(kind, -5) for kind in LABELS]
    items += [ScoreItem(ScoreKind.BURRACO, 200, name) for name in BonusName]
    for item in items:
        assert words.score_item(item) != item.label, item
    assert words.score_item(ScoreItem(ScoreKind.CLOSING, 100)) == "chiusura"
    assert words.score_item(ScoreItem(ScoreKind.BURRACO, 500, BonusName.NOBILE)) == "burraco nobile (dall'asso al re)"
    assert "(scala)" in words.score_item(ScoreItem(ScoreKind.MELD, 15, "5H 6H 7H (sequence)"))
