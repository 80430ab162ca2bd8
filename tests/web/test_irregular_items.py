"""Every score-sheet item an irregular hand adds (burraco.core.scoring) has its words in both catalogues,
under the key static/sheets.js ``itemText`` derives from the label."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from burraco.core.scoring import CLOSING_ANNULLED, PENALISED_CARDS, VOID_BURRACO, WRONG_CARDS

STATIC = Path(__file__).resolve().parents[2] / "src" / "burraco" / "web" / "static"


def item_key(label: str) -> str:
    """``itemText``'s key for a label that is neither a meld nor a bonus with its points."""
    assert not re.match(r"^(.*) (\d+)$", label) and not label.startswith("meld ")
    return "score." + re.sub(r"_+$", "", re.sub(r"[ ()-]+", "_", label))


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("label", [VOID_BURRACO, WRONG_CARDS, CLOSING_ANNULLED, PENALISED_CARDS])
def test_irregular_items_are_worded(lang: str, label: str) -> None:
    catalogue = json.loads((STATIC / f"i18n.{lang}.json").read_text(encoding="utf-8"))
    assert catalogue[item_key(label)].strip()
