"""The hand score breakdown of RULES.md §8 (minimal version; see tests/core/test_scoring.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from burraco.core.cards import value_table
from burraco.core.melds import Meld
from burraco.core.options import Rules


@dataclass(frozen=True, slots=True)
class ScoreItem:
    label: str
    points: int


@dataclass(frozen=True, slots=True)
class SideScore:
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "items": [{"label": i.label, "points": i.points} for i in self.items]}


def score_side(melds: Sequence[Meld], hand_cards: Sequence[int], took_pozzetto: bool, closed: bool,
               rules: Rules) -> SideScore:
    values = value_table(rules.joker_value)
    items = [ScoreItem(m.describe(), m.card_points(rules)) for m in melds]
    items += [ScoreItem(f"{m.burraco(rules)} burraco", m.bonus(rules)) for m in melds if m.bonus(rules)]
    if closed:
        items.append(ScoreItem("closing", rules.closing_bonus))
    in_hand = -sum(values[c] for c in hand_cards)
    items.append(ScoreItem("cards in hand", in_hand))
    if rules.double_negative_if_not_opened and not melds and in_hand:
        items.append(ScoreItem("cards in hand again (side never opened)", in_hand))
    if not took_pozzetto:
        items.append(ScoreItem("pozzetto not taken", -rules.pozzetto_penalty))
    return SideScore(tuple(items))
