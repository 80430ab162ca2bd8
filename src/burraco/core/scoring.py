"""The score of one side for one hand, item by item like a score sheet (docs/rules.md §8, Art. 29).

:func:`score_side` lists, in this order: each meld with its card points, each meld's burraco
bonus right after it, the closing bonus (only for the side that closed), the cards still in hand
(negative, listed even when zero; doubled by a second item under ``double_negative_if_not_opened``
when the side melded nothing) and the penalty for a pozzetto not taken. ``SideScore.total`` is
the sum of the items.

An irregular hand (:mod:`burraco.core.irregular`) is scored by the same function: a void burraco
lists ``burraco not valid`` (0) instead of any bonus, a frozen meld's wrong cards follow it as
``wrong cards of a frozen meld`` (negative; a meld with no valid part lists them after the melds),
a closing left without a valid burraco lists ``closing annulled`` (0) instead of the bonus, and the
penalised cards still held follow the cards in hand as ``penalised cards`` (negative, doubled with
them).

>>> from burraco.core.cards import parse_cards as p
>>> from burraco.core.melds import make_meld
>>> from burraco.core.options import Rules
>>> melds = [make_meld(p("5H 6H 7H 8H 9H 10H JH")), make_meld(p("KS KD JK"))]
>>> score = score_side(melds, p("3C 2D"), took_pozzetto=True, closed=False, rules=Rules())
>>> for item in score.items:
...     print(f"{item.points:+5d}  {item.label}")
  +55  meld 5H 6H 7H 8H 9H 10H JH (sequence)
 +200  clean burraco 200
  +50  meld KD KS JK=K* (combination)
  -25  cards in hand
>>> score.total
280
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from burraco.core.cards import value_table
from burraco.core.errors import BurracoError
from burraco.core.irregular import NO_SIDE_IRREGULARITIES, SideIrregularities
from burraco.core.melds import Meld
from burraco.core.options import Rules

CLASS_NAMES: Final = {"clean": "clean burraco", "dirty": "dirty burraco", "semi_clean": "semi-clean burraco"}
SPECIAL_NAMES: Final = {
    250: "super burraco",
    300: "burraco reale",
    500: "burraco nobile (A to K)",
    1000: "burraco reale (A to A)",
}
"""Names of the special bonuses of seed 000 (:meth:`Meld.special_bonus`), by their value."""
MELD_ITEM: Final = "meld "
"""How a meld's own item begins (its cards' points): ``meld `` and the meld described."""
VOID_BURRACO: Final = "burraco not valid"
WRONG_CARDS: Final = "wrong cards of a frozen meld"
CLOSING_ANNULLED: Final = "closing annulled"
PENALISED_CARDS: Final = "penalised cards"
"""The labels of the items an irregular hand adds (:mod:`burraco.core.irregular`)."""


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of the score sheet: what it is and its (signed) points."""

    label: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        """``{"label": ..., "points": ...}``.

        >>> ScoreItem("closing", 100).to_dict()
        {'label': 'closing', 'points': 100}
        """
        return {"label": self.label, "points": self.points}


@dataclass(frozen=True, slots=True)
class SideScore:
    """A side's hand score: the items in score-sheet order; ``total`` is their sum."""

    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """The sum of the items.

        >>> SideScore((ScoreItem("cards in hand", -35), ScoreItem("pozzetto not taken", -100))).total
        -135
        """
        return sum(item.points for item in self.items)

    def points_of(self, label: str) -> int:
        """The sum of the items whose label starts with ``label`` (0 if none).

        >>> SideScore((ScoreItem("closing", 100), ScoreItem("cards in hand", -5))).points_of("closing")
        100
        """
        return sum(item.points for item in self.items if item.label.startswith(label))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"total": int, "items": [{"label": str, "points": int}, ...]}``.

        >>> SideScore((ScoreItem("closing", 100),)).to_dict()
        {'total': 100, 'items': [{'label': 'closing', 'points': 100}]}
        """
        return {"total": self.total, "items": [item.to_dict() for item in self.items]}


def bonus_label(meld: Meld, rules: Rules) -> str | None:
    """The score-sheet name of a meld's burraco bonus with its points, None for no burraco.

    >>> from burraco.core.cards import parse_cards as p
    >>> from burraco.core.melds import make_meld
    >>> from burraco.core.options import Rules, preset
    >>> bonus_label(make_meld(p("7H 7D 7C")), Rules()) is None
    True
    >>> bonus_label(make_meld(p("3D 4D 5D 6D 7D 8D 9D 2S")), preset("portal"))
    'semi-clean burraco 150'
    >>> bonus_label(make_meld(p("9S 9S 9D 9D 9H 9H 9C 9C")), preset("reale"))
    'super burraco 250'
    """
    kind = meld.burraco(rules)
    if kind is None:
        return None
    points = meld.bonus(rules)
    base = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi_clean": rules.semi_clean_bonus}[kind]
    name = SPECIAL_NAMES.get(points, "special burraco") if points > base else CLASS_NAMES[kind]
    return f"{name} {points}"


def score_side(
    melds: Sequence[Meld],
    hand_cards: Sequence[int],
    took_pozzetto: bool,
    closed: bool,
    rules: Rules,
    irregular: SideIrregularities = NO_SIDE_IRREGULARITIES,
) -> SideScore:
    """The §8 breakdown of one side's hand score.

    ``melds`` are the side's melds on the table; ``hand_cards`` every card still in the hands
    of the side's players (a pozzetto taken but not played is in hand and counts here);
    ``irregular`` what the arbiter's rulings changed (none by default).

    >>> from burraco.core.cards import parse_cards as p
    >>> from burraco.core.options import preset
    >>> never_opened = score_side([], p("JK AS 7D"), took_pozzetto=False, closed=False, rules=preset("home"))
    >>> [(i.label, i.points) for i in never_opened.items], never_opened.total
    ([('cards in hand', -45), ('cards in hand doubled (side never opened)', -45), ('pozzetto not taken', -100)], -190)
    """
    values = value_table(rules.joker_value)
    wrong: dict[int | None, int] = {}
    if irregular.wrong or irregular.void_burraci:
        _check(irregular, len(melds))
        for at, cards in irregular.wrong:
            wrong[at] = wrong.get(at, 0) - sum(values[card] for card in cards)
    items: list[ScoreItem] = []
    valid_burraco = False
    for index, meld in enumerate(melds):
        items.append(ScoreItem(f"{MELD_ITEM}{meld.describe()}", meld.card_points(rules)))
        label = bonus_label(meld, rules)
        if index in irregular.void_burraci:
            items.append(ScoreItem(VOID_BURRACO, 0))
        elif label is not None:
            valid_burraco = True
            items.append(ScoreItem(label, meld.bonus(rules)))
        if index in wrong:
            items.append(ScoreItem(WRONG_CARDS, wrong[index]))
    if None in wrong:
        items.append(ScoreItem(WRONG_CARDS, wrong[None]))
    if closed and irregular.closing_needs_valid_burraco and not valid_burraco:
        items.append(ScoreItem(CLOSING_ANNULLED, 0))
    elif closed:
        items.append(ScoreItem("closing", rules.closing_bonus))
    in_hand = -sum(values[card] for card in hand_cards)
    items.append(ScoreItem("cards in hand", in_hand))
    penalised = -sum(values[card] for card in irregular.penalised)
    if irregular.penalised:
        items.append(ScoreItem(PENALISED_CARDS, penalised))
    if rules.double_negative_if_not_opened and not melds and in_hand + penalised:
        items.append(ScoreItem("cards in hand doubled (side never opened)", in_hand + penalised))
    if not took_pozzetto:
        items.append(ScoreItem("pozzetto not taken", -rules.pozzetto_penalty))
    return SideScore(tuple(items))


def _check(irregular: SideIrregularities, melds: int) -> None:
    """Refuse an irregularity that names a meld the side does not have."""
    named = [index for index, _ in irregular.wrong if index is not None] + list(irregular.void_burraci)
    for index in named:
        if not 0 <= index < melds:
            raise BurracoError(f"irregularity names meld {index}, but the side has {melds} melds")


def hand_score_to_dict(scores: Sequence[SideScore]) -> dict[str, Any]:
    """Every side's breakdown of a hand as one JSON-ready dict (sides in seat order).

    >>> a = SideScore((ScoreItem("closing", 100),))
    >>> b = SideScore((ScoreItem("pozzetto not taken", -100),))
    >>> hand_score_to_dict([a, b])["totals"]
    [100, -100]
    """
    return {
        "totals": [score.total for score in scores],
        "sides": [{"side": index, **score.to_dict()} for index, score in enumerate(scores)],
    }
