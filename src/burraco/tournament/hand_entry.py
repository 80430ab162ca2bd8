"""A hand typed at a real table, scored by the engine's rules (docs/rules.md §8): per side the burraci
by kind, the points of the cards on the table and of the cards left in hand, who closed and whether
the side took its pozzetto — or just the two totals. An irregular hand adds, per side, what the
arbiter ruled (:class:`IrregularEntry`: void burraci by kind, the points of frozen melds' wrong cards
and of penalised cards held, a closing that needs a valid burraco).

Every side is scored by :func:`burraco.core.scoring.score_side` itself, on a model meld of each
reported kind (:func:`model_meld`: its bonus and label are the core's) and stand-in cards worth the
reported points (:func:`~burraco.tournament.hand_entry_irregular.score_reported`). What cannot be is
refused with an :class:`EntryError` (a ``ValueError`` with a stable code and the reason in Italian
and English).

>>> from burraco.core.options import Rules
>>> ns = SideEntry(burraci={BurracoKind.CLEAN: 1}, table_points=185, hand_points=15, closed=True)
>>> ew = SideEntry(burraci={BurracoKind.DIRTY: 1}, table_points=120, hand_points=40)
>>> [s.total for s in score_entry(HandEntry((ns, ew)), Rules())]
[470, 180]
>>> score_entry(HandEntry((ns, SideEntry(table_points=0, hand_points=12))), Rules())
Traceback (most recent call last):
...
burraco.tournament.hand_entry.EntryError: [not_five] 12 is not a multiple of 5
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from burraco.core.cards import DECK_SIZE, IS_WILD, JOKER, full_deck, parse_cards, value_table
from burraco.core.melds import Meld, make_meld
from burraco.core.options import Rules
from burraco.core.scoring import SideScore
from burraco.tournament.hand_entry_irregular import score_reported
from burraco.tournament.hand_entry_words import message

SIDES: Final = 2
"""A typed hand has two sides (four players in pairs, or two players)."""


class BurracoKind(StrEnum):
    """The burraci a side may report (docs/rules.md §4.3, §8)."""

    CLEAN = "clean"
    DIRTY = "dirty"
    SEMI_CLEAN = "semi_clean"
    SUPER = "super"
    """Eight natural cards of one rank (``special_burraco_bonuses``)."""
    ACE_TO_KING = "ace_to_king"
    """The clean run from ace to king, 13 cards (``special_burraco_bonuses`` or ``burraco_reale_variant``)."""
    ACE_TO_ACE = "ace_to_ace"
    """The clean run from ace to ace, 14 cards (``burraco_reale_variant``)."""


CLEAN_KINDS: Final = frozenset({BurracoKind.CLEAN, BurracoKind.SUPER, BurracoKind.ACE_TO_KING, BurracoKind.ACE_TO_ACE})
"""The kinds without a wildcard (they satisfy the international rule, §6.2)."""
MODEL_MELDS: Final = {
    BurracoKind.SUPER: "8S 8S 8D 8D 8H 8H 8C 8C",
    BurracoKind.ACE_TO_KING: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    BurracoKind.ACE_TO_ACE: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
}
"""A meld of each special kind: its bonus under the rules is the kind's bonus (one source of truth)."""
CLASS_MELDS: Final = {
    BurracoKind.CLEAN: "3H 4H 5H 6H 7H 8H 9H",
    BurracoKind.DIRTY: "3H 4H 5H 6H 7H 8H 2C",
    BurracoKind.SEMI_CLEAN: "3H 4H 5H 6H 7H 8H 9H JK",
}
"""A meld of each class, as the core scores a burraco of that class (the semi-clean one where the
rules have it)."""
MIN_CARDS: Final = {
    BurracoKind.CLEAN: 7,
    BurracoKind.DIRTY: 7,
    BurracoKind.SEMI_CLEAN: 8,
    BurracoKind.SUPER: 8,
    BurracoKind.ACE_TO_KING: 13,
    BurracoKind.ACE_TO_ACE: 14,
}
"""The fewest cards a burraco of each kind holds (a semi-clean one: seven naturals and the wildcard)."""
WILD_KINDS: Final = frozenset({BurracoKind.DIRTY, BurracoKind.SEMI_CLEAN})
"""The kinds that hold exactly one wildcard."""
WILDCARDS: Final = 12
"""Four jokers and eight 2s: at most this many burraci hold a wildcard."""
NATURALS: Final = DECK_SIZE - 4
"""Every card but the jokers may stand as a natural."""
ACES: Final = 8


class EntryError(ValueError):
    """A typed hand that cannot be: ``code`` is stable, ``it`` and ``en`` say why.

    >>> error = EntryError("negative", value=-5)
    >>> error.code, error.it
    ('negative', 'un numero negativo (-5) non è ammesso')
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        self.it = message(code, "it", params)
        self.en = message(code, "en", params)
        super().__init__(f"[{code}] {self.en}")

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "it": self.it, "en": self.en}


@dataclass(frozen=True, slots=True)
class IrregularEntry:
    """What the arbiter's rulings changed in one side's hand, as the score sheet has it."""

    void: Mapping[BurracoKind, int] = field(default_factory=dict)
    """How many of the side's burraci of each kind are void (at most as many as it reported)."""
    wrong_points: int = 0
    """The points of the wrong cards of the side's frozen melds (not in its table points)."""
    penalised_points: int = 0
    """The points of the penalised cards the side's players still hold at the end."""
    closing_needs_valid_burraco: bool = False
    """The side's closing stands only if a burraco that is not void is left on its table."""

    @property
    def given(self) -> bool:
        """Whether any irregular fact is given.

        >>> NO_IRREGULAR.given, IrregularEntry(wrong_points=5).given
        (False, True)
        """
        return bool(
            any(self.void.values()) or self.wrong_points or self.penalised_points or self.closing_needs_valid_burraco
        )


NO_IRREGULAR: Final = IrregularEntry()


@dataclass(frozen=True, slots=True)
class SideEntry:
    """One side's hand as the score sheet has it."""

    burraci: Mapping[BurracoKind, int] = field(default_factory=dict)
    table_points: int = 0
    """The points of every card in the side's melds (without bonuses)."""
    hand_points: int = 0
    """The points of the cards left in the side's hands, as a positive number."""
    took_pozzetto: bool = True
    closed: bool = False
    irregular: IrregularEntry = NO_IRREGULAR
    """What the arbiter ruled on the side's hand (none by default)."""


@dataclass(frozen=True, slots=True)
class HandEntry:
    """Both sides of a hand (N-S first)."""

    sides: tuple[SideEntry, ...]


@dataclass(frozen=True, slots=True)
class TotalsEntry:
    """Just the two totals, as added up on paper."""

    totals: tuple[int, ...]


# ----------------------------------------------------------------------------- what the rules allow
def kinds(rules: Rules) -> tuple[BurracoKind, ...]:
    """The burraci a hand under ``rules`` can score.

    >>> from burraco.core.options import preset
    >>> [k.value for k in kinds(preset("fibur"))], [k.value for k in kinds(preset("reale"))][-3:]
    (['clean', 'dirty'], ['super', 'ace_to_king', 'ace_to_ace'])
    """
    found = [BurracoKind.CLEAN, BurracoKind.DIRTY]
    if rules.semi_clean:
        found.append(BurracoKind.SEMI_CLEAN)
    if rules.special_burraco_bonuses:
        found.append(BurracoKind.SUPER)
    if rules.special_burraco_bonuses or rules.burraco_reale_variant:
        found.append(BurracoKind.ACE_TO_KING)
    if rules.burraco_reale_variant:
        found.append(BurracoKind.ACE_TO_ACE)
    return tuple(found)


def bonus(kind: BurracoKind, rules: Rules) -> int:
    """The bonus of a burraco of ``kind`` (the rules' class bonus, or the special meld's own bonus).

    >>> from burraco.core.options import preset
    >>> bonus(BurracoKind.SEMI_CLEAN, preset("portal")), bonus(BurracoKind.ACE_TO_ACE, preset("reale"))
    (150, 1000)
    """
    if kind == BurracoKind.CLEAN:
        return rules.clean_bonus
    if kind == BurracoKind.DIRTY:
        return rules.dirty_bonus
    if kind == BurracoKind.SEMI_CLEAN:
        return rules.semi_clean_bonus
    return make_meld(parse_cards(MODEL_MELDS[kind]), rules).bonus(rules)


@functools.cache
def model_meld(kind: BurracoKind, rules: Rules) -> Meld:
    """The meld :func:`score_side_entry` gives the core for a burraco of ``kind``.

    >>> from burraco.core.options import preset
    >>> model_meld(BurracoKind.SEMI_CLEAN, preset("portal")).burraco(preset("portal"))
    'semi_clean'
    """
    return make_meld(parse_cards(CLASS_MELDS.get(kind) or MODEL_MELDS[kind]), rules)


@functools.cache
def _values(joker_value: int) -> tuple[int, ...]:
    return value_table(joker_value)


def min_points(kind: BurracoKind, rules: Rules) -> int:
    """The fewest card points a burraco of ``kind`` can hold (its cheapest cards).

    >>> from burraco.core.options import preset
    >>> min_points(BurracoKind.CLEAN, preset("fibur")), min_points(BurracoKind.DIRTY, preset("fibur"))
    (35, 50)
    """
    values = _values(rules.joker_value)
    if kind in MODEL_MELDS and kind != BurracoKind.SUPER:
        return sum(values[c] for c in parse_cards(MODEL_MELDS[kind]))
    natural = min(values[c] for c in range(JOKER) if not IS_WILD[c])
    wild = min(values[c] for c in range(JOKER + 1) if IS_WILD[c])
    if kind in WILD_KINDS:
        return natural * (MIN_CARDS[kind] - 1) + wild
    return natural * MIN_CARDS[kind]


def deck_points(rules: Rules) -> int:
    """The points of all 108 cards: no hand puts more on the table and in the hands together."""
    values = _values(rules.joker_value)
    return sum(values[c] for c in full_deck())


# ----------------------------------------------------------------------------- checks
def _check_points(value: int) -> None:
    if value < 0:
        raise EntryError("negative", value=value)
    if value % 5:
        raise EntryError("not_five", value=value)


def _check_side(index: int, side: SideEntry, rules: Rules) -> None:
    allowed = kinds(rules)
    for kind, count in side.burraci.items():
        if count < 0:
            raise EntryError("negative", value=count)
        if count and kind not in allowed:
            raise EntryError("kind_not_in_rules", kind=kind.value)
    _check_void(index, side)
    for points in (side.table_points, side.hand_points, side.irregular.wrong_points, side.irregular.penalised_points):
        _check_points(points)
    needed = sum(min_points(kind, rules) * count for kind, count in side.burraci.items())
    if side.table_points < needed:
        raise EntryError("table_too_low", side=index, points=side.table_points, needed=needed)
    if side.closed:
        count = sum(side.burraci.values())
        clean = sum(n for kind, n in side.burraci.items() if kind in CLEAN_KINDS)
        if not count:
            raise EntryError("close_without_burraco", side=index)
        if rules.clean_burraco_to_close and not clean:
            raise EntryError("close_without_clean", side=index)
        if not side.took_pozzetto:
            raise EntryError("close_without_pozzetto", side=index)


def _check_void(index: int, side: SideEntry) -> None:
    """Void burraci are some of the side's own: never more of a kind than it reported."""
    for kind, void in side.irregular.void.items():
        if void < 0:
            raise EntryError("negative", value=void)
        if void > side.burraci.get(kind, 0):
            raise EntryError("void_too_many", side=index, kind=kind.value, void=void, count=side.burraci.get(kind, 0))


def _check_deck(sides: tuple[SideEntry, ...], rules: Rules) -> None:
    """The burraci of both sides must fit in the 108 cards (their wildcards, naturals and aces)."""
    counts = {kind: sum(s.burraci.get(kind, 0) for s in sides) for kind in BurracoKind}
    cards = sum(MIN_CARDS[k] * n for k, n in counts.items())
    wild = sum(counts[k] for k in WILD_KINDS)
    naturals = sum((MIN_CARDS[k] - (k in WILD_KINDS)) * n for k, n in counts.items())
    aces = counts[BurracoKind.ACE_TO_KING] + 2 * counts[BurracoKind.ACE_TO_ACE]
    if cards > DECK_SIZE or wild > WILDCARDS or naturals > NATURALS or aces > ACES:
        raise EntryError("too_many_burraci", cards=cards)
    points = sum(
        s.table_points + s.hand_points + s.irregular.wrong_points + s.irregular.penalised_points for s in sides
    )
    if points > deck_points(rules):
        raise EntryError("too_many_points", points=points, most=deck_points(rules))


def check_entry(entry: HandEntry, rules: Rules) -> None:
    """Raise :class:`EntryError` unless ``entry`` is a hand the rules allow."""
    if len(entry.sides) != SIDES:
        raise EntryError("two_sides", count=len(entry.sides))
    for index, side in enumerate(entry.sides):
        _check_side(index, side, rules)
    if sum(side.closed for side in entry.sides) > 1:
        raise EntryError("both_closed")
    _check_deck(entry.sides, rules)


# ----------------------------------------------------------------------------- scores
def score_side_entry(side: SideEntry, rules: Rules) -> SideScore:
    """One side's §8 items, scored and labelled by the engine's :func:`score_side` (the first burraci of
    each kind are the void ones).

    >>> void = IrregularEntry(void={BurracoKind.CLEAN: 1}, closing_needs_valid_burraco=True)
    >>> side = SideEntry({BurracoKind.CLEAN: 1}, 185, 15, closed=True, irregular=void)
    >>> score_side_entry(side, Rules()).total  # 185 - 15: no bonus, the closing annulled
    170
    """
    void = side.irregular.void
    burraci = [
        (model_meld(kind, rules), n < void.get(kind, 0))
        for kind in BurracoKind
        for n in range(side.burraci.get(kind, 0))
    ]
    irr = side.irregular
    return score_reported(
        burraci,
        side.table_points,
        side.hand_points,
        side.took_pozzetto,
        side.closed,
        rules,
        wrong_points=irr.wrong_points,
        penalised_points=irr.penalised_points,
        closing_needs_valid_burraco=irr.closing_needs_valid_burraco,
    )


def score_entry(entry: HandEntry, rules: Rules) -> tuple[SideScore, ...]:
    """Each side's score, after :func:`check_entry`."""
    check_entry(entry, rules)
    return tuple(score_side_entry(side, rules) for side in entry.sides)


def most_points(rules: Rules) -> int:
    """A bound on one side's hand score: every card on its table, every burraco at its best, closing."""
    best = max(bonus(kind, rules) / MIN_CARDS[kind] for kind in kinds(rules))
    return deck_points(rules) + int(best * DECK_SIZE) + rules.closing_bonus


def score_totals(entry: TotalsEntry, rules: Rules) -> tuple[int, ...]:
    """The two totals, checked: multiples of 5, within what one hand can score.

    >>> score_totals(TotalsEntry((470, -120)), Rules())
    (470, -120)
    """
    if len(entry.totals) != SIDES:
        raise EntryError("two_sides", count=len(entry.totals))
    bound = most_points(rules)
    for total in entry.totals:
        if total % 5:
            raise EntryError("not_five", value=total)
        if abs(total) > bound:
            raise EntryError("total_too_big", value=total, most=bound)
    return entry.totals
