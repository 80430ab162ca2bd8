"""The results of an analysis as typed, frozen data, with their JSON form (``to_dict``).

A web worker calls :func:`~burraco.analysis.hand.analyse_hand` and stores ``review.to_dict()``;
the command line prints the same data (``burraco analyse --json``: one object per decision).

>>> from burraco.analysis.labels import Label
>>> d = DecisionReview(step=3, seat=1, played="discard KS", best="discard 5H", loss=40.0,
...                    label=Label.INACCURACY, reason=None, candidates=3, worlds=20)
>>> line = d.to_line()
>>> sorted(line), line["label"], line["reason"]
(['best', 'label', 'loss', 'played', 'reason', 'seat', 'step'], 'inaccuracy', None)
>>> HandReview(seat=1, decisions=(d,), accuracy=67.0, budget_ms=250.0, seed=0).to_dict()["accuracy"]
67.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from burraco.analysis.labels import Label, Reason


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of a seat: the action played, the best found, the expected points lost (>= 0)."""

    step: int
    """The decision's index among the history's actions, counted from 0."""
    seat: int
    played: str
    """The action played, in the history's notation (``discard KS``, ``attach 2 JK``, ``draw``)."""
    best: str
    """The best action found (the played one when nothing better was)."""
    loss: float
    """Expected points of the hand's final difference lost against ``best`` (>= 0)."""
    label: Label
    reason: Reason | None
    """Why points were lost, when known (only for an *imprecisione* or worse)."""
    candidates: int = 0
    """How many actions were compared."""
    worlds: int = 0
    """How many belief worlds each of them was played out in."""

    def to_line(self) -> dict[str, Any]:
        """The JSON object of ``burraco analyse --json`` (one per decision)."""
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "label": self.label.value,
            "reason": None if self.reason is None else self.reason.value,
        }

    def to_dict(self) -> dict[str, Any]:
        return {**self.to_line(), "candidates": self.candidates, "worlds": self.worlds}


@dataclass(frozen=True, slots=True)
class HandReview:
    """Every decision one seat made in a hand, and its accuracy over the hand in [0, 100]."""

    seat: int
    decisions: tuple[DecisionReview, ...]
    accuracy: float
    budget_ms: float
    seed: int
    name: str = ""
    """The seat's name in the history, if it has one."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "accuracy": self.accuracy,
            "budget_ms": self.budget_ms,
            "seed": self.seed,
            "decisions": [d.to_dict() for d in self.decisions],
        }
