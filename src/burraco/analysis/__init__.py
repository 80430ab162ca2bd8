"""Post-hand analysis: every decision of a seat judged from its own information, as a champion would.

``analyse_hand(history, seat, budget_ms, seed) -> HandReview`` (docs/analysis.md). Layer 2: it
imports ``burraco.core``, ``burraco.bots`` and ``burraco.arena`` only.
"""

from __future__ import annotations

from burraco.analysis.decision import DEFAULT_BUDGET_MS, ForcedDecision, review_decision
from burraco.analysis.hand import analyse_hand, analyse_history, count_decisions, decision_points
from burraco.analysis.labels import THRESHOLDS, Label, Reason, decision_accuracy, hand_accuracy, label_for
from burraco.analysis.review import DecisionReview, HandReview

__all__ = [
    "DEFAULT_BUDGET_MS",
    "THRESHOLDS",
    "DecisionReview",
    "ForcedDecision",
    "HandReview",
    "Label",
    "Reason",
    "analyse_hand",
    "analyse_history",
    "count_decisions",
    "decision_accuracy",
    "decision_points",
    "hand_accuracy",
    "label_for",
    "review_decision",
]
