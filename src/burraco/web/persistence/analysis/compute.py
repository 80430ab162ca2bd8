"""The work of one analysis, run in a worker (a process of the local pool, or an arq worker): a seat's
review of a hand history as JSON (``HandReview.to_dict``, docs/analysis.md)."""

from __future__ import annotations

from typing import Any, Final

SEED: Final = 0
"""The analysis's seed: an analysis depends only on the hand, the seat and the budget."""


class BadHand(Exception):
    """The history could not be read or replayed."""


def review(history_text: str, seat: int, budget_ms: int) -> dict[str, Any]:
    """The review of ``seat`` in the hand ``history_text`` (:class:`BadHand` if it is not a valid history)."""
    from burraco.analysis import analyse_hand
    from burraco.core.errors import BurracoError
    from burraco.core.history import read_history

    try:
        history = read_history(history_text)
        return analyse_hand(history, seat, budget_ms=budget_ms, seed=SEED).to_dict()
    except BurracoError as error:
        raise BadHand(str(error)) from None
