"""Hand histories: a line-oriented text record of one hand that replays exactly (docs/rules.md §2, §3).

A history holds the rules (a preset name and every option that differs from it), the number of
players, the dealer, the deal — a seed, or every zone written out card by card — and every
action in card notation, one per line with the seat that played it. The format is described in
``docs/hand-history.md``; in short::

    burraco-history 1
    rules fibur
    players 2
    dealer 0
    seed 7
    actions
    1 draw 8D
    1 discard KS

:func:`write_history` turns a played :class:`~burraco.core.hand.Hand` (or a
:class:`HandHistory`) into text, :func:`read_history` reads it back (raising
:class:`HistoryLineError`, a :class:`~burraco.core.errors.HistoryError`, with the line number on
malformed input) and :func:`replay` re-applies every action (raising :class:`ReplayError` with the
failing action's index and the engine's reason on an illegal one). The module is pure: text in,
text out. It gathers the public interface of four modules: the steps and what they do to a hand
(:mod:`~burraco.core.history_step`), the deal, the history, its replay and its text
(:mod:`~burraco.core.history_model`), the writer of a hand's history
(:mod:`~burraco.core.history_write`) and the reader (:mod:`~burraco.core.history_read`).

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=7)
>>> for _ in range(6):
...     _ = hand.apply(hand.legal_actions()[-1])
>>> text = write_history(hand, seed=7)
>>> again = replay(read_history(text))
>>> again.log == hand.log, snapshot(again) == snapshot(hand)
(True, True)
>>> read_history("burraco-history 1\\nplayers 5\\ndealer 0\\nseed 1\\nactions")
Traceback (most recent call last):
...
burraco.core.history_step.HistoryLineError: line 2: players must be 2, 3 or 4, not '5'
"""

from __future__ import annotations

from burraco.core.history_model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Deal,
    HandHistory,
    initial_deal,
    nearest_preset,
    option_changes,
    replay,
)
from burraco.core.history_read import read_history
from burraco.core.history_step import (
    STEP_KINDS,
    HistoryLineError,
    ReplayError,
    Step,
    StepKind,
    apply_step,
    snapshot,
    steps_from_log,
)
from burraco.core.history_write import write_history

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "STEP_KINDS",
    "Deal",
    "HandHistory",
    "HistoryLineError",
    "ReplayError",
    "Step",
    "StepKind",
    "apply_step",
    "initial_deal",
    "nearest_preset",
    "option_changes",
    "read_history",
    "replay",
    "snapshot",
    "steps_from_log",
    "write_history",
]
