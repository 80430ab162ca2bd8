"""The score of one side for one hand, item by item like a score sheet (docs/rules.md §8, Art. 29).

:func:`score_side` lists, in this order: each meld with its card points, each meld's burraco
bonus right after it, the closing bonus (only for the side that closed), the cards still in hand
(negative, listed even when zero; doubled by a second item under ``double_negative_if_not_opened``
when the side melded nothing) and the penalty for a pozzetto not taken. ``SideScore.total`` is
the sum of the items.

Each item has a :class:`ScoreKind` (what interfaces word and what code tests), its points and,
for a meld or a burraco, which one; ``label`` is the item in English.

An irregular hand (:mod:`burraco.core.irregular`) is scored by the same function: a void burraco
lists ``VOID_BURRACO`` (0) instead of any bonus, a frozen meld's wrong cards follow it as
``WRONG_CARDS`` (negative; a meld with no valid part lists them after the melds), a closing left
without a valid burraco lists ``CLOSING_ANNULLED`` (0) instead of the bonus, and the penalised cards
still held follow the cards in hand as ``PENALISED_CARDS`` (negative, doubled with them).

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
from enum import StrEnum
from typing import Any, Final

from burraco.core.cards import value_table
from burraco.core.errors import BurracoError
from burraco.core.irregular import NO_SIDE_IRREGULARITIES, SideIrregularities
from burraco.core.melds import Meld
from burraco.core.options import Rules


class ScoreKind(StrEnum):
    """What a score-sheet item is; an interface words it from this (``label`` is the English)."""

    MELD = "meld"
    """A meld's card points; ``detail`` is the meld described (:meth:`Meld.describe`)."""
    TABLE_POINTS = "table_points"
    """The card points of all a side's melds in one item, as a physical table counts them."""
    BURRACO = "burraco"
    """A burraco bonus; ``detail`` is its :class:`BonusName`."""
    VOID_BURRACO = "void_burraco"
    WRONG_CARDS = "wrong_cards"
    CLOSING = "closing"
    CLOSING_ANNULLED = "closing_annulled"
    CARDS_IN_HAND = "cards_in_hand"
    PENALISED_CARDS = "penalised_cards"
    NEVER_OPENED = "never_opened"
    """The cards in hand (and penalised cards) counted a second time: the side never opened."""
    POZZETTO_NOT_TAKEN = "pozzetto_not_taken"


class BonusName(StrEnum):
    """Which burraco bonus an item is: the three classes and the special ones of seed 000 (§8)."""

    CLEAN = "clean"
    DIRTY = "dirty"
    SEMI_CLEAN = "semi_clean"
    SUPER = "super"
    REALE = "reale"
    NOBILE = "nobile"
    REALE_ACE_TO_ACE = "reale_ace_to_ace"
    SPECIAL = "special"


BONUS_LABELS: Final = {
    BonusName.CLEAN: "clean burraco",
    BonusName.DIRTY: "dirty burraco",
    BonusName.SEMI_CLEAN: "semi-clean burraco",
    BonusName.SUPER: "super burraco",
    BonusName.REALE: "burraco reale",
    BonusName.NOBILE: "burraco nobile (A to K)",
    BonusName.REALE_ACE_TO_ACE: "burraco reale (A to A)",
    BonusName.SPECIAL: "special burraco",
}
"""Each bonus's English name on the score sheet."""
SPECIAL_BONUSES: Final = {
    250: BonusName.SUPER,
    300: BonusName.REALE,
    500: BonusName.NOBILE,
    1000: BonusName.REALE_ACE_TO_ACE,
}
"""The special bonuses of seed 000 (:meth:`Meld.special_bonus`), by their value."""
LABELS: Final = {
    ScoreKind.TABLE_POINTS: "melds",
    ScoreKind.VOID_BURRACO: "burraco not valid",
    ScoreKind.WRONG_CARDS: "wrong cards of a frozen meld",
    ScoreKind.CLOSING: "closing",
    ScoreKind.CLOSING_ANNULLED: "closing annulled",
    ScoreKind.CARDS_IN_HAND: "cards in hand",
    ScoreKind.PENALISED_CARDS: "penalised cards",
    ScoreKind.NEVER_OPENED: "cards in hand doubled (side never opened)",
    ScoreKind.POZZETTO_NOT_TAKEN: "pozzetto not taken",
}
"""The English label of each kind of item that has no detail."""


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of the score sheet: what it is, its (signed) points and, for a meld or a burraco, which."""

    kind: ScoreKind
    points: int
    detail: str = ""
    """A meld's description (``5H 6H 7H (sequence)``) or a burraco's :class:`BonusName`; else empty."""

    @property
    def label(self) -> str:
        """The item in English, as a score sheet writes it.

        >>> ScoreItem(ScoreKind.BURRACO, 200, BonusName.CLEAN.value).label, ScoreItem(ScoreKind.CLOSING, 100).label
        ('clean burraco 200', 'closing')
        """
        if self.kind == ScoreKind.MELD:
            return f"meld {self.detail}"
        if self.kind == ScoreKind.BURRACO:
            return f"{BONUS_LABELS[BonusName(self.detail)]} {self.points}"
        return LABELS[self.kind]

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., "detail": ..., "label": ..., "points": ...}``.

        >>> ScoreItem(ScoreKind.CLOSING, 100).to_dict()
        {'kind': 'closing', 'detail': '', 'label': 'closing', 'points': 100}
        """
        return {"kind": self.kind.value, "detail": self.detail, "label": self.label, "points": self.points}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> ScoreItem:
        """An item back from :meth:`to_dict`, or from a sheet stored before items had kinds (a label alone).

        >>> ScoreItem.from_dict({"label": "semi-clean burraco 150", "points": 150})
        ScoreItem(kind=<ScoreKind.BURRACO: 'burraco'>, points=150, detail='semi_clean')
        >>> ScoreItem.from_dict(ScoreItem(ScoreKind.MELD, 30, "7H 8H 9H (sequence)").to_dict()).detail
        '7H 8H 9H (sequence)'
        """
        points = int(data["points"])
        if "kind" in data:
            return ScoreItem(ScoreKind(data["kind"]), points, str(data.get("detail", "")))
        return _from_label(str(data["label"]), points)


def _from_label(label: str, points: int) -> ScoreItem:
    """Read a label written before items had kinds."""
    if label.startswith("meld "):
        return ScoreItem(ScoreKind.MELD, points, label[5:])
    kind = next((k for k, text in LABELS.items() if text == label), None)
    if kind is not None:
        return ScoreItem(kind, points)
    name = next((n for n, text in BONUS_LABELS.items() if label == f"{text} {points}"), None)
    if name is None:
        raise BurracoError(f"not a score-sheet item: {label!r}")
    return ScoreItem(ScoreKind.BURRACO, points, name.value)


@dataclass(frozen=True, slots=True)
class SideScore:
    """A side's hand score: the items in score-sheet order; ``total`` is their sum."""

    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """The sum of the items.

        >>> SideScore((ScoreItem(ScoreKind.CARDS_IN_HAND, -35), ScoreItem(ScoreKind.POZZETTO_NOT_TAKEN, -100))).total
        -135
        """
        return sum(item.points for item in self.items)

    def points_of(self, kind: ScoreKind) -> int:
        """The sum of the items of ``kind`` (0 if none).

        >>> score = SideScore((ScoreItem(ScoreKind.CLOSING, 100), ScoreItem(ScoreKind.CARDS_IN_HAND, -5)))
        >>> score.points_of(ScoreKind.CLOSING)
        100
        """
        return sum(item.points for item in self.items if item.kind == kind)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"total": int, "items": [ScoreItem.to_dict(), ...]}``.

        >>> SideScore((ScoreItem(ScoreKind.CLOSING, 100),)).to_dict()["total"]
        100
        """
        return {"total": self.total, "items": [item.to_dict() for item in self.items]}


def bonus_name(meld: Meld, rules: Rules) -> BonusName | None:
    """Which burraco bonus a meld earns, None for no burraco.

    >>> from burraco.core.cards import parse_cards as p
    >>> from burraco.core.melds import make_meld
    >>> from burraco.core.options import Rules, preset
    >>> bonus_name(make_meld(p("7H 7D 7C")), Rules()) is None
    True
    >>> bonus_name(make_meld(p("3D 4D 5D 6D 7D 8D 9D 2S")), preset("portal")).value
    'semi_clean'
    >>> bonus_name(make_meld(p("9S 9S 9D 9D 9H 9H 9C 9C")), preset("reale")).value
    'super'
    """
    kind = meld.burraco(rules)
    if kind is None:
        return None
    points = meld.bonus(rules)
    base = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi_clean": rules.semi_clean_bonus}[kind]
    return SPECIAL_BONUSES.get(points, BonusName.SPECIAL) if points > base else BonusName(kind)


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
        items.append(ScoreItem(ScoreKind.MELD, meld.card_points(rules), meld.describe()))
        name = bonus_name(meld, rules)
        if index in irregular.void_burraci:
            items.append(ScoreItem(ScoreKind.VOID_BURRACO, 0))
        elif name is not None:
            valid_burraco = True
            items.append(ScoreItem(ScoreKind.BURRACO, meld.bonus(rules), name.value))
        if index in wrong:
            items.append(ScoreItem(ScoreKind.WRONG_CARDS, wrong[index]))
    if None in wrong:
        items.append(ScoreItem(ScoreKind.WRONG_CARDS, wrong[None]))
    if closed and irregular.closing_needs_valid_burraco and not valid_burraco:
        items.append(ScoreItem(ScoreKind.CLOSING_ANNULLED, 0))
    elif closed:
        items.append(ScoreItem(ScoreKind.CLOSING, rules.closing_bonus))
    in_hand = -sum(values[card] for card in hand_cards)
    items.append(ScoreItem(ScoreKind.CARDS_IN_HAND, in_hand))
    penalised = -sum(values[card] for card in irregular.penalised)
    if irregular.penalised:
        items.append(ScoreItem(ScoreKind.PENALISED_CARDS, penalised))
    if rules.double_negative_if_not_opened and not melds and in_hand + penalised:
        items.append(ScoreItem(ScoreKind.NEVER_OPENED, in_hand + penalised))
    if not took_pozzetto:
        items.append(ScoreItem(ScoreKind.POZZETTO_NOT_TAKEN, -rules.pozzetto_penalty))
    return SideScore(tuple(items))


def _check(irregular: SideIrregularities, melds: int) -> None:
    """Refuse an irregularity that names a meld the side does not have."""
    named = [index for index, _ in irregular.wrong if index is not None] + list(irregular.void_burraci)
    for index in named:
        if not 0 <= index < melds:
            raise BurracoError(f"irregularity names meld {index}, but the side has {melds} melds")


def hand_score_to_dict(scores: Sequence[SideScore]) -> dict[str, Any]:
    """Every side's breakdown of a hand as one JSON-ready dict (sides in seat order).

    >>> a = SideScore((ScoreItem(ScoreKind.CLOSING, 100),))
    >>> b = SideScore((ScoreItem(ScoreKind.POZZETTO_NOT_TAKEN, -100),))
    >>> hand_score_to_dict([a, b])["totals"]
    [100, -100]
    """
    return {
        "totals": [score.total for score in scores],
        "sides": [{"side": index, **score.to_dict()} for index, score in enumerate(scores)],
    }
