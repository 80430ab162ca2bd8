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

from array import array
from typing import Final

import numpy as np
import numpy.typing as npt

from burraco.core.actions import Record
from burraco.core.cards import NUM_KINDS
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.rl import observation as O

_HAND: Final = O.OFFSET["hand"]
_MELDS: Final = O.OFFSET["melds_by_side"]
_COUNT: Final = O.OFFSET["meld_count_by_side"]
_POINTS: Final = O.OFFSET["table_points_by_side"]
_PILE: Final = O.OFFSET["discard_counts"]
_TOP: Final = O.OFFSET["discard_top"]
_ORDER: Final = O.OFFSET["discard_order"]
_KNOWN: Final = O.OFFSET["known_by_seat"]
_SIZES: Final = O.OFFSET["hand_size_by_seat"]
_STOCK: Final = O.OFFSET["stock_size"]
_PHASE: Final = O.OFFSET["phase"]
_MUST: Final = O.OFFSET["must_draw"]
_PICK: Final = O.OFFSET["one_card_pick"]
_POZZ: Final = O.OFFSET["pozzetto_sizes"]
_TAKEN: Final = O.OFFSET["pozzetto_taken_by_side"]
_OWN: Final = O.OFFSET["own_pozzetto"]
_TO_PLAY: Final = O.OFFSET["to_play"]
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(O.PHASES)}


class SeatTracker:
    """The vector of ``seat`` for ``hand``; :meth:`vector` returns it as of now (a fresh copy)."""

    __slots__ = ("at_phase", "at_pick", "at_to_play", "dirty", "hand", "known", "log", "n", "out", "pile",
                 "rel_side", "rules", "seat", "seen", "side_of", "sizes", "view")

    def __init__(self, hand: Hand, seat: int, rules: Rules) -> None:
        self.hand = hand
        self.seat = seat
        self.rules = rules
        self.n = hand.players
        self.log = hand.visible_logs[seat]
        """The seat's log (a hand only ever appends to it)."""
        self.out = array("f")
        """The vector, updated item by item (an ``array`` item costs a fraction of a NumPy one) ..."""
        self.view: npt.NDArray[np.float32] = np.zeros(O.SIZE, dtype=np.float32)
        """... and a NumPy view of the same memory, copied out by :meth:`vector`."""
        self.seen = 0
        self.sizes: list[int] = []
        self.pile: list[int] = []
        self.known: list[list[int]] = []
        self.rel_side: dict[int, int] = {}
        self.side_of: tuple[int, ...] = ()
        self.dirty: set[int] = set()
        self.at_phase = self.at_pick = self.at_to_play = -1
        self.rebuild()

    def rebuild(self) -> None:
        """The whole vector again from the seat's view (and the bookkeeping the updates need)."""
        view = observe(self.hand, self.seat)
        n, seat = view.players, self.seat
        self.out = array("f", O.encode(view, self.rules).tobytes())
        self.view = np.frombuffer(self.out, dtype=np.float32)
        self.seen = len(view.log)
        self.sizes = list(view.hand_sizes)
        self.pile = list(view.discard_pile)
        self.known = [[0] * NUM_KINDS for _ in range(n)]
        for k in range(n):
            for card in view.known_cards[(seat + k) % n]:
                self.known[k][card] += 1
        self.rel_side = {side: k for k, side in enumerate(O.side_order(view))}
        self.side_of = view.side_of
        self.dirty = set()
        self.at_phase = _PHASE + _PHASE_INDEX[view.phase]
        self.at_pick = _PICK + view.one_card_pick if view.one_card_pick >= 0 else -1
        self.at_to_play = _TO_PLAY + (view.to_play - seat) % n

    def vector(self) -> npt.NDArray[np.float32]:
        """``encode(observe(hand, seat), rules)`` as of now, updated from what changed since the last call."""
        log = self.log
        if len(log) != self.seen:  # the hand changes only by actions and events, each one logged
            if self._catch_up(log):
                self._scalars()
            else:
                self.rebuild()
        return self.view.copy()

    def _catch_up(self, log: list[Record]) -> bool:
        """Apply the new records; False at one only :meth:`rebuild` handles."""
        for record in log[self.seen :]:
            kind = record.kind
            if kind == "discard":
                self._discard(record.seat, record.cards[0])
            elif kind == "draw":
                if record.seat == self.seat:
                    self.out[_HAND + record.cards[0]] += 1
            elif kind == "meld" or kind == "attach":
                self._lay(record)
            elif kind == "pickup":
                self._pickup(record.seat, record.cards)
            elif kind == "pozzetto":
                if tuple(self.hand.side_of) != self.side_of:  # 3 players: the pair formed, sides renumbered
                    return False
                self._pozzetto(record)
            elif kind in ("close", "end", "timeout"):
                self.dirty.update(self.rel_side)  # the closing bonus (the rest is read by _scalars)
            else:
                return False
        self.seen = len(log)
        return True

    def _played(self, seat: int, cards: tuple[int, ...]) -> None:
        """Cards leave ``seat``'s hand: the own hand block, and the cards known to be held."""
        out = self.out
        k = (seat - self.seat) % self.n
        known = self.known[k]
        base = _KNOWN + k * NUM_KINDS
        mine = seat == self.seat
        for card in cards:
            if mine:
                out[_HAND + card] -= 1
            if known[card]:
                known[card] -= 1
                out[base + card] -= 1

    def _discard(self, seat: int, card: int) -> None:
        """The most frequent record: :meth:`_played` for one card, inlined, then the pile blocks."""
        out, pile = self.out, self.pile
        if seat == self.seat:
            out[_HAND + card] -= 1
        k = (seat - self.seat) % self.n
        known = self.known[k]
        if known[card]:
            known[card] -= 1
            out[_KNOWN + k * NUM_KINDS + card] -= 1
        if pile:
            out[_TOP + pile[-1]] = 0
        out[_PILE + card] += 1
        out[_TOP + card] = 1
        out[_ORDER + len(pile)] = card + 1
        pile.append(card)

    def _pickup(self, seat: int, cards: tuple[int, ...]) -> None:
        out, pile = self.out, self.pile
        k = (seat - self.seat) % self.n
        known = self.known[k]
        base = _KNOWN + k * NUM_KINDS
        mine = seat == self.seat
        for card in cards:
            if mine:
                out[_HAND + card] += 1
            known[card] += 1
            out[base + card] += 1
        self.view[_PILE : _PILE + NUM_KINDS] = 0
        if pile:
            out[_TOP + pile[-1]] = 0
            self.view[_ORDER : _ORDER + len(pile)] = 0
            pile.clear()

    def _pozzetto(self, record: Record) -> None:
        """A pozzetto taken (its cards seen by the taker only) or put under the stock (seat -1)."""
        hand, out = self.hand, self.out
        if record.seat == self.seat:
            for card in record.cards:
                out[_HAND + card] += 1
        left = [len(p) for p in hand.pozzetti[hand.next_pozzetto :]][-2:]
        out[_POZZ] = out[_POZZ + 1] = 0
        for i, size in enumerate(left):
            out[_POZZ + i] = size
        taken = hand.pozzetto_of_side
        for side, k in self.rel_side.items():
            out[_TAKEN + k] = side in taken
        out[_OWN] = hand.side_of[self.seat] in taken
        self.dirty.update(self.rel_side)

    def _lay(self, record: Record) -> None:
        side = self.hand.side_of[record.seat]
        k = self.rel_side[side]
        out = self.out
        base = _MELDS + k * NUM_KINDS
        for card in record.cards:
            out[base + card] += 1
        if record.kind == "meld":
            out[_COUNT + k] += 1
        self._played(record.seat, record.cards)
        self.dirty.add(side)

    def _scalars(self) -> None:
        """The numbers every step may change, read from the hand (all public, or the seat's own)."""
        hand, out, seat = self.hand, self.out, self.seat
        n = self.n
        sizes = hand.hand_sizes
        if sizes != self.sizes:
            self.sizes = sizes[:]
            for k in range(n):
                out[_SIZES + k] = sizes[(seat + k) % n]
        out[_STOCK] = len(hand.stock)
        if hand.must_draw != out[_MUST]:
            out[_MUST] = hand.must_draw
        to_play = hand.to_play
        at = _PHASE + _PHASE_INDEX[hand.phase]
        if at != self.at_phase:
            out[self.at_phase] = 0
            out[at] = 1
            self.at_phase = at
        at = _TO_PLAY + (to_play - seat) % n
        if at != self.at_to_play:
            out[self.at_to_play] = 0
            out[at] = 1
            self.at_to_play = at
        picked, had_copy = hand.one_card_pick
        at = _PICK + picked if picked >= 0 and to_play == seat and not had_copy else -1
        if at != self.at_pick:
            if self.at_pick >= 0:
                out[self.at_pick] = 0
            if at >= 0:
                out[at] = 1
            self.at_pick = at
        if self.dirty:
            closer = hand.side_of[to_play] if hand.end_reason == "closed" else -1
            for side in self.dirty:
                points = O.table_points(hand.melds[side], side in hand.pozzetto_of_side, side == closer, self.rules)
                out[_POINTS + self.rel_side[side]] = points / 100
            self.dirty.clear()

