"""The incremental part of :class:`burraco.rl.tracker.SeatTracker`, without NumPy (compiled with the core).

:class:`SeatCounts` holds one seat's observation vector in an ``array('f')`` and brings it up to
date from the records the seat's visible log gained since the last call (the logic is described
in :mod:`burraco.rl.tracker`). It imports only the core and :mod:`burraco.rl.layout`, so mypyc
compiles it together with the core (setup.py's ``COMPILED_RL``): the tracker then reads the
compiled ``Hand`` and ``Record`` objects natively. The first vector comes from outside
(``encode(observe(...))``, NumPy), and so does any rebuild :meth:`SeatCounts.update` asks for.
"""

from __future__ import annotations

from array import array
from typing import Final

from burraco.core.actions import EndReason, Record
from burraco.core.cards import DECK_SIZE, NUM_KINDS
from burraco.core.hand import Hand
from burraco.core.melds import Meld
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.view import Observation
from burraco.rl.layout import OFFSET, PHASES, meld_points, side_points

_HAND: Final = OFFSET["hand"]
assert _HAND == 0, "the own hand block comes first (the updates index it by card id)"
_MELDS: Final = OFFSET["melds_by_side"]
_COUNT: Final = OFFSET["meld_count_by_side"]
_POINTS: Final = OFFSET["table_points_by_side"]
_PILE: Final = OFFSET["discard_counts"]
_TOP: Final = OFFSET["discard_top"]
_ORDER: Final = OFFSET["discard_order"]
_KNOWN: Final = OFFSET["known_by_seat"]
_SIZES: Final = OFFSET["hand_size_by_seat"]
_STOCK: Final = OFFSET["stock_size"]
_PHASE: Final = OFFSET["phase"]
_MUST: Final = OFFSET["must_draw"]
_PICK: Final = OFFSET["one_card_pick"]
_POZZ: Final = OFFSET["pozzetto_sizes"]
_TAKEN: Final = OFFSET["pozzetto_taken_by_side"]
_OWN: Final = OFFSET["own_pozzetto"]
_TO_PLAY: Final = OFFSET["to_play"]
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(PHASES)}
_ZERO_RUNS: Final = [array("f", bytes(4 * n)) for n in range(max(NUM_KINDS, DECK_SIZE) + 1)]
"""``_ZERO_RUNS[n]``: n float zeros, to clear a run of the vector in one slice assignment."""


def relative_sides(view: Observation) -> dict[int, int]:
    """Side -> relative side number (the observer's first, then by the first seat clockwise)."""
    seat, n = view.seat or 0, view.players
    order: dict[int, int] = {}
    for k in range(n):
        side = view.side_of[(seat + k) % n]
        if side not in order:
            order[side] = len(order)
    return order


class SeatCounts:
    """``seat``'s vector in :attr:`out`, from ``vector`` (``encode(view)`` as float32 bytes) onwards."""

    def __init__(self, hand: Hand, seat: int, rules: Rules, view: Observation, vector: bytes) -> None:
        n = view.players
        self.hand = hand
        self.seat = seat
        self.rules = rules
        self.n = n
        self.log: RecordLog = hand.visible_logs[seat]
        """The seat's log (a hand only ever appends to it)."""
        self.out: array[float] = array("f", vector)
        """The vector (a NumPy view of it is copied out by the tracker)."""
        self.ints = list(map(int, self.out))
        """The counts an update reads back (own hand, melds by side, meld counts, pile counts,
        must-draw) as ints; its other entries go stale and are never read (the known cards have
        :attr:`known`). An update changes a count here, natively, and writes the new small int into
        :attr:`out` once, instead of reading and writing a float32 item through the generic C API."""
        self.stock = len(hand.stock)
        self.seen = len(view.log)
        self.sizes = list(view.hand_sizes)
        self.pile = list(view.discard_pile)
        self.known = [[0] * NUM_KINDS for _ in range(n)]
        for k in range(n):
            for card in view.known_cards[(seat + k) % n]:
                self.known[k][card] += 1
        self.rel_side = relative_sides(view)
        self.side_of = list(view.side_of)
        self.dirty: set[int] = set()
        self.side_melds: list[list[Meld]] = [[] for _ in range(n)]
        """Per side, the melds whose points :attr:`meld_points` holds (by position, checked by identity)."""
        self.meld_points: list[list[int]] = [[] for _ in range(n)]
        self.at_phase = _PHASE + _PHASE_INDEX[view.phase]
        self.at_pick = _PICK + view.one_card_pick if view.one_card_pick >= 0 else -1
        self.at_to_play = _TO_PLAY + (view.to_play - seat) % n

    def update(self) -> bool:
        """Bring :attr:`out` up to date; False when only a rebuild from :func:`observe` can (then
        :attr:`out` is stale and the caller makes a new :class:`SeatCounts`)."""
        if len(self.log) == self.seen:  # the hand changes only by actions and events, each one logged
            return True
        if not self._catch_up():
            return False
        self._scalars()
        return True

    def _catch_up(self) -> bool:
        """Apply the new records; False at one only a rebuild handles."""
        log, seat = self.log, self.seat
        for i in range(self.seen, len(log)):
            record = log[i]
            kind = record.kind
            if kind == "discard":
                self._discard(record.seat, record.cards[0])
            elif kind == "draw":
                if record.seat == seat:
                    self._add(_HAND + record.cards[0], 1)
            elif kind == "meld" or kind == "attach":
                self._lay(record)
            elif kind == "pickup":
                self._pickup(record.seat, record.cards)
            elif kind == "pozzetto":
                if self.hand.side_of != self.side_of:  # 3 players: the pair formed, sides renumbered
                    return False
                self._pozzetto(record)
            elif kind == "close" or kind == "end" or kind == "timeout":
                self.dirty.update(self.rel_side)  # the closing bonus (the rest is read by _scalars)
            else:
                return False
        self.seen = len(log)
        return True

    def _add(self, at: int, delta: int) -> None:
        """Add ``delta`` to the count at ``at`` (:attr:`ints`, then one write to :attr:`out`)."""
        ints = self.ints
        value = ints[at] + delta
        ints[at] = value
        self.out[at] = value

    def _set(self, at: int, value: int) -> None:
        """Set the count at ``at`` (in both)."""
        self.ints[at] = value
        self.out[at] = value

    def _played(self, seat: int, cards: tuple[int, ...]) -> None:
        """Cards leave ``seat``'s hand: the own hand block, and the cards known to be held."""
        k = (seat - self.seat) % self.n
        known = self.known[k]
        base = _KNOWN + k * NUM_KINDS
        mine = seat == self.seat
        out, ints = self.out, self.ints
        for card in cards:
            if mine:
                value = ints[card] - 1  # _HAND is 0
                ints[card] = value
                out[card] = value
            if known[card]:
                known[card] -= 1
                out[base + card] = known[card]

    def _discard(self, seat: int, card: int) -> None:
        """The most frequent record: :meth:`_played` for one card, then the pile blocks."""
        out, ints, pile = self.out, self.ints, self.pile
        if seat == self.seat:
            value = ints[card] - 1  # _HAND is 0
            ints[card] = value
            out[card] = value
        k = (seat - self.seat) % self.n
        known = self.known[k]
        if known[card]:
            known[card] -= 1
            out[_KNOWN + k * NUM_KINDS + card] = known[card]
        if pile:
            out[_TOP + pile[-1]] = 0
        at = _PILE + card
        value = ints[at] + 1
        ints[at] = value
        out[at] = value
        out[_TOP + card] = 1
        out[_ORDER + len(pile)] = card + 1
        pile.append(card)

    def _pickup(self, seat: int, cards: tuple[int, ...]) -> None:
        out, pile, ints = self.out, self.pile, self.ints
        k = (seat - self.seat) % self.n
        known = self.known[k]
        base = _KNOWN + k * NUM_KINDS
        mine = seat == self.seat
        for card in cards:
            if mine:
                value = ints[card] + 1  # _HAND is 0
                ints[card] = value
                out[card] = value
            known[card] += 1
            out[base + card] = known[card]
        for card in pile:  # the pile's counts were nonzero only at its own cards
            ints[_PILE + card] = 0
        out[_PILE : _PILE + NUM_KINDS] = _ZERO_RUNS[NUM_KINDS]
        if pile:
            out[_TOP + pile[-1]] = 0
            out[_ORDER : _ORDER + len(pile)] = _ZERO_RUNS[len(pile)]
            pile.clear()

    def _pozzetto(self, record: Record) -> None:
        """A pozzetto taken (its cards seen by the taker only) or put under the stock (seat -1)."""
        hand, out = self.hand, self.out
        if record.seat == self.seat:
            for card in record.cards:
                self._add(_HAND + card, 1)
        left = [len(p) for p in hand.pozzetti[hand.next_pozzetto :]][-2:]
        out[_POZZ] = out[_POZZ + 1] = 0
        for i, size in enumerate(left):
            out[_POZZ + i] = size
        taken = hand.pozzetto_of_side
        for side, k in self.rel_side.items():
            out[_TAKEN + k] = 1 if side in taken else 0
        out[_OWN] = 1 if hand.side_of[self.seat] in taken else 0
        self.dirty.update(self.rel_side)

    def _lay(self, record: Record) -> None:
        side = self.hand.side_of[record.seat]
        k = self.rel_side[side]
        base = _MELDS + k * NUM_KINDS
        out, ints = self.out, self.ints
        for card in record.cards:
            at = base + card
            value = ints[at] + 1
            ints[at] = value
            out[at] = value
        if record.kind == "meld":
            self._add(_COUNT + k, 1)
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
        stock = len(hand.stock)
        if stock != self.stock:
            out[_STOCK] = self.stock = stock
        must = 1 if hand.must_draw else 0
        if must != self.ints[_MUST]:
            self._set(_MUST, must)
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
            closer = hand.side_of[to_play] if hand.end_reason == EndReason.CLOSED else -1
            for side in self.dirty:
                points = self._table_points(side, side in hand.pozzetto_of_side, side == closer)
                out[_POINTS + self.rel_side[side]] = points / 100
            self.dirty.clear()

    def _table_points(self, side: int, took: bool, closed: bool) -> int:
        """:func:`~burraco.rl.layout.table_points` of the side, rescoring only the melds that are new
        objects since the last time (a meld laid, or one an attachment replaced)."""
        rules = self.rules
        melds = self.hand.melds[side]
        seen, points = self.side_melds[side], self.meld_points[side]
        if len(seen) > len(melds):
            del seen[len(melds) :], points[len(melds) :]
        total = side_points(took, closed, rules)
        for i, meld in enumerate(melds):
            if i == len(seen):
                seen.append(meld)
                points.append(meld_points(meld, rules))
            elif seen[i] is not meld:
                seen[i] = meld
                points[i] = meld_points(meld, rules)
            total += points[i]
        return total
