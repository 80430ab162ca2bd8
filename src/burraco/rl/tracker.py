"""One seat's observation vector, kept up to date from the records of the seat's own log.

:func:`burraco.rl.observation.encode` of :func:`~burraco.core.view.observe` rebuilds the whole
vector from the seat's view: it copies the log and every zone, and scores every meld on the table.
An environment asks for the vector every step while one step changes a few numbers, so
:class:`SeatTracker` keeps the vector and brings it up to date *incrementally*:

* the count blocks (own hand, melds by side, meld counts, discard pile, cards known by seat) from
  the records the seat's visible log gained since the last call (``hand.visible_logs[seat]``: other
  seats' private cards are already removed there);
* the scalars every seat sees (hand sizes, stock size, phase, stall rule, the one-card pick of the
  seat itself, the seat to play) read from the hand, one number each, and the table points of a
  side only after one of its melds changed;
* a pozzetto taken or moved under the stock updates the taker's hand (its cards are in the
  taker's log only) and the pozzetto blocks from the hand's public pozzetto state; the end of the
  hand rescores the sides (closing bonus);
* the first call, and the forming of the pair with 3 players (sides are renumbered), rebuild the
  vector from :func:`observe` with :func:`encode`; so does any record of a kind it does not know.

So the tracker reads nothing :func:`observe` would not show the seat, and its vector is always
exactly ``encode(observe(hand, seat), rules)`` (tests/rl/test_tracker.py checks every seat at every
step of random hands for 2, 3 and 4 players).

>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=3)
>>> tracker = SeatTracker(hand, 0, hand.rules)
>>> _ = hand.apply(hand.legal_actions()[0])
>>> bool((tracker.vector() == O.encode(observe(hand, 0), hand.rules)).all())
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.rl import observation as O
from burraco.rl.fastobs import SeatCounts


class SeatTracker:
    """The vector of ``seat`` for ``hand``; :meth:`vector` returns it as of now (a fresh copy).

    The updates are :class:`~burraco.rl.fastobs.SeatCounts` (NumPy-free, compiled with the core);
    this class adds the NumPy side: the first vector and any rebuild, and a view of the counts'
    ``array('f')`` that :meth:`vector` copies out."""

    __slots__ = ("counts", "hand", "rules", "seat", "view")

    def __init__(self, hand: Hand, seat: int, rules: Rules) -> None:
        self.hand = hand
        self.seat = seat
        self.rules = rules
        self.counts: SeatCounts
        self.view: npt.NDArray[np.float32]
        self.rebuild()

    def rebuild(self) -> None:
        """The whole vector again from the seat's view (and the bookkeeping the updates need)."""
        view = observe(self.hand, self.seat)
        self.counts = SeatCounts(self.hand, self.seat, self.rules, view, O.encode(view, self.rules).tobytes())
        self.view = np.frombuffer(self.counts.out, dtype=np.float32)

    def vector(self) -> npt.NDArray[np.float32]:
        """``encode(observe(hand, seat), rules)`` as of now, updated from what changed since the last call."""
        if not self.counts.update():
            self.rebuild()
        return self.view.copy()
