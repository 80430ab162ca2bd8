"""The words of a review: a decision's label from the points it lost, the reason, the accuracy.

Thresholds are in points of the hand's final score difference for the seat's side (docs/rules.md §8),
calibrated on the champion's own play (docs/analysis.md): the champion's decisions are labelled
*ottima* or *buona* at least 90% of the time at the default budget.

>>> [label_for(loss).value for loss in (0.0, 12.0, 30.0, 70.0, 150.0)]
['best', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> Label.BLUNDER.italian, Label.BLUNDER.english
('grave errore', 'blunder')
>>> decision_accuracy(0.0), round(decision_accuracy(LOSS_SCALE), 1)
(100.0, 36.8)
>>> hand_accuracy([0.0, 0.0, 100.0])
78.9
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

THRESHOLDS: Final = (5.0, 25.0, 60.0, 120.0)
"""Upper bounds (points lost, exclusive) of *ottima*, *buona*, *imprecisione* and *errore*; a loss of
120 points or more is a *grave errore*: about the price of a clean burraco or of the close and its
bonus (docs/analysis.md says how they were calibrated)."""
LOSS_SCALE: Final = 100.0
"""Points lost at which a decision's accuracy falls to 1/e (37%)."""


class Label(StrEnum):
    """How good a decision was, from the points it lost (the value is the stable English key)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def italian(self) -> str:
        return _ITALIAN_LABELS[self]

    @property
    def english(self) -> str:
        return self.value


_ITALIAN_LABELS: Final = {
    Label.BEST: "ottima",
    Label.GOOD: "buona",
    Label.INACCURACY: "imprecisione",
    Label.MISTAKE: "errore",
    Label.BLUNDER: "grave errore",
}


class Reason(StrEnum):
    """Why a decision lost points, when the analysis can tell (the value is the stable key)."""

    MISSED_CLOSE = "missed_close"
    """The seat could have closed (gone out, §6) and won the hand, and did not."""
    LETS_OPPONENTS_CLOSE = "lets_opponents_close"
    """After the decision, the opponents close before the seat plays again far more often."""
    DISCARDS_WILDCARD = "discards_wildcard"
    """A wildcard discarded while a natural card could go (as ``burraco.arena.blunders`` counts it)."""
    FEEDS = "feeds"
    """A discard that attaches to an opponent's meld while a safe one existed (``burraco.arena.blunders``)."""
    LEAVES_POZZETTO = "leaves_pozzetto"
    """After the decision, the opponents take their pozzetto before the seat plays again far more often."""
    REFUSES_PILE = "refuses_pile"
    """Drew from the stock where picking up the discard pile was worth more."""
    TAKES_PILE = "takes_pile"
    """Picked up the discard pile where drawing was worth more."""

    @property
    def italian(self) -> str:
        return _ITALIAN_REASONS[self][0]

    @property
    def english(self) -> str:
        return _ITALIAN_REASONS[self][1]


_ITALIAN_REASONS: Final = {
    Reason.MISSED_CLOSE: ("manca una chiusura vincente", "misses a winning close"),
    Reason.LETS_OPPONENTS_CLOSE: ("lascia chiudere gli avversari", "lets the opponents close"),
    Reason.DISCARDS_WILDCARD: ("scarta una matta", "discards a wildcard"),
    Reason.FEEDS: ("scarta una carta che si attacca a un gioco avversario", "feeds an opponent's meld"),
    Reason.LEAVES_POZZETTO: ("lascia il pozzetto agli avversari", "leaves the pozzetto to the opponents"),
    Reason.REFUSES_PILE: ("pesca invece di raccogliere gli scarti", "draws instead of picking up the pile"),
    Reason.TAKES_PILE: ("raccoglie gli scarti invece di pescare", "picks up the pile instead of drawing"),
}


def label_for(loss: float) -> Label:
    """The label of a decision that lost ``loss`` points (>= 0) by :data:`THRESHOLDS`."""
    for label, bound in zip(Label, THRESHOLDS, strict=False):
        if loss < bound:
            return label
    return Label.BLUNDER


BLUNDER_REASONS: Final = frozenset(
    {Reason.MISSED_CLOSE, Reason.LETS_OPPONENTS_CLOSE, Reason.DISCARDS_WILDCARD, Reason.FEEDS}
)
"""The known patterns of a blunder: an *errore* that falls in one of them is a *grave errore*."""


def escalated(label: Label, reason: Reason | None) -> Label:
    """``label`` raised to *grave errore* when it is an *errore* of a known blunder pattern (a missed
    winning close, a discard that lets the opponents close, a wildcard thrown, a feed): the mistakes a
    strong player never makes, whatever the belief worlds say they cost this time.

    >>> escalated(Label.MISTAKE, Reason.FEEDS).italian, escalated(Label.MISTAKE, Reason.TAKES_PILE).italian
    ('grave errore', 'errore')
    >>> escalated(Label.INACCURACY, Reason.FEEDS).italian
    'imprecisione'
    """
    return Label.BLUNDER if label is Label.MISTAKE and reason in BLUNDER_REASONS else label


def decision_accuracy(loss: float) -> float:
    """A decision's accuracy in [0, 100]: ``100 · exp(−loss / LOSS_SCALE)``."""
    return 100.0 * math.exp(-max(0.0, loss) / LOSS_SCALE)


def hand_accuracy(losses: Sequence[float]) -> float:
    """A seat's accuracy over a hand in [0, 100]: the mean of its decisions' accuracies, to one
    decimal (100 when it had no decision to make)."""
    if not losses:
        return 100.0
    return round(sum(decision_accuracy(x) for x in losses) / len(losses), 1)
