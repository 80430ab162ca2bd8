"""An irregular hand typed at a real table (docs/rules.md §8, "An irregular hand"), and the bridge that
scores every typed side with the core's own :func:`burraco.core.scoring.score_side`.

A side at a real table reports totals, not cards: how many burraci of each kind, the points on the
table and in hand. The arbiter's facts are reported the same way
(:class:`burraco.tournament.hand_entry.IrregularEntry`): how many of those burraci are void (by kind:
their cards count, their bonus does not), the points of the wrong cards of its frozen melds (counted
against the side), the points of the penalised cards its players still hold (counted as cards in
hand), and whether its closing stands only with a valid burraco left.

:func:`score_reported` hands these to ``score_side`` as stand-ins that score the same: each reported
burraco is a model meld of its kind (its bonus and its label are then the core's), the table's points
one ``TABLE_POINTS`` item, and the points in hand, of wrong cards and of penalised cards that many 5-point
cards, in a :class:`~burraco.core.irregular.SideIrregularities`. The rule itself — a void burraco's
bonus dropped, the closing annulled when no valid burraco is left, wrong cards counted against,
penalised cards counted (and doubled) with the hand — is applied by ``score_side`` alone.

>>> from burraco.core.cards import parse_cards
>>> from burraco.core.melds import make_meld
>>> from burraco.core.options import Rules
>>> clean = make_meld(parse_cards("3H 4H 5H 6H 7H 8H 9H"))
>>> irr = {"wrong_points": 15, "penalised_points": 10, "closing_needs_valid_burraco": True}
>>> score = score_reported([(clean, True)], 185, 15, True, True, Rules(), **irr)
>>> [(item.label, item.points) for item in score.items]  # doctest: +NORMALIZE_WHITESPACE
[('melds', 185), ('burraco not valid', 0), ('wrong cards of a frozen meld', -15), ('closing annulled', 0),
 ('cards in hand', -15), ('penalised cards', -10)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.cards import parse_card, parse_cards, value_table
from burraco.core.irregular import SideIrregularities
from burraco.core.melds import Meld, make_meld
from burraco.core.options import Rules
from burraco.core.scoring import ScoreItem, ScoreKind, SideScore, score_side

STAND_IN_CARD: Final = parse_card("5H")
"""A card worth 5 under every preset: ``n`` points are ``n // 5`` of it."""
PLAIN_MELD: Final = parse_cards("3H 4H 5H")
"""The stand-in of a side that melded, but no burraco (so that the core sees it opened)."""


def stand_in(points: int, rules: Rules) -> tuple[int, ...]:
    """Cards worth ``points`` (a multiple of 5) under ``rules``.

    >>> from burraco.core.options import preset
    >>> len(stand_in(35, preset("home")))
    7
    """
    value = value_table(rules.joker_value)[STAND_IN_CARD]
    assert points % value == 0, points
    return (STAND_IN_CARD,) * (points // value)


def score_reported(
    burraci: Sequence[tuple[Meld, bool]],
    table_points: int,
    hand_points: int,
    took_pozzetto: bool,
    closed: bool,
    rules: Rules,
    *,
    wrong_points: int = 0,
    penalised_points: int = 0,
    closing_needs_valid_burraco: bool = False,
) -> SideScore:
    """One side's §8 items by :func:`score_side`: ``burraci`` are a model meld for each reported burraco
    with whether it is void; the table's points replace the models' card points in one ``TABLE_POINTS`` item;
    the points of wrong and of penalised cards, and whether the closing needs a valid burraco, are the
    side's irregular facts."""
    melds = [meld for meld, _void in burraci]
    if table_points and not melds:
        melds.append(make_meld(PLAIN_MELD, rules))
    wrong = stand_in(wrong_points, rules)
    side = SideIrregularities(
        wrong=((None, wrong),) if wrong else (),
        void_burraci=tuple(index for index, (_meld, void) in enumerate(burraci) if void),
        penalised=stand_in(penalised_points, rules),
        closing_needs_valid_burraco=closing_needs_valid_burraco,
    )
    core = score_side(melds, stand_in(hand_points, rules), took_pozzetto, closed, rules, side)
    items = [ScoreItem(ScoreKind.TABLE_POINTS, table_points)] if table_points else []
    items.extend(item for item in core.items if item.kind != ScoreKind.MELD)
    return SideScore(tuple(items))
