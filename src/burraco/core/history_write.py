"""Writing a hand history in the text format of ``docs/hand-history.md`` (docs/rules.md §2, §3).

The format itself is written by :func:`burraco.core.history_model.format_history`, beside the
:class:`HandHistory` it writes (:meth:`HandHistory.to_text`); this module writes a :class:`Hand`'s.
"""

from __future__ import annotations

from burraco.core.hand import Hand
from burraco.core.history_model import HandHistory


def write_history(
    source: Hand | HandHistory, *, seed: int | None = None, preset: str | None = None, annotate: bool = True
) -> str:
    """The text of a history, or of a hand's history (see :meth:`HandHistory.from_hand` for ``seed``
    and ``preset``). ``annotate`` adds ``#`` comment lines for events and the scores."""
    history = source if isinstance(source, HandHistory) else HandHistory.from_hand(source, seed=seed, preset=preset)
    return history.to_text(annotate)
