"""The state of a hand and its bookkeeping: zones, sides, logs, the turn's flow (docs/rules.md §5, §7–§10).

:class:`HandState` holds every attribute of a hand (:data:`STATE_FIELDS`) and the moves of cards
between zones that every action shares: a card in or out of a hand (with the generator's
:class:`~burraco.core.summary.HandSummary` kept up to date), a record appended to the log and to
each seat's visible log, a pozzetto taken (§5) and the pair formed with 3 players (§9), the end of
a turn (the stock's end §7, the time-out §10, the stall count §3) and the end of the hand. It has
no actions of its own: :class:`~burraco.core.hand_checks.HandChecks` adds the checks of §3 and §6,
:class:`~burraco.core.hand.Hand` the actions.

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=7)
>>> isinstance(hand, HandState), hand.card_count(), hand.num_sides
(True, 108, 2)
"""

from __future__ import annotations

from typing import Final, Literal

from burraco.core.actions import EndReason, Record, RecordDetail, RecordKind
from burraco.core.cards import NUM_KINDS, counts_of, full_deck
from burraco.core.citation import cite
from burraco.core.errors import IllegalActionError
from burraco.core.irregular import NO_IRREGULARITIES, Irregularities
from burraco.core.melds import Meld
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.scoring import SideScore, score_side
from burraco.core.summary import HandSummary

Phase = Literal["take", "play", "over"]
HAND_CARDS: Final = 11


def _fail(message: str) -> IllegalActionError:
    return IllegalActionError(message)


STATE_FIELDS: Final = (
    "closed_by",
    "dealer",
    "discard_pile",
    "end_reason",
    "first_turn_done",
    "hand_sizes",
    "hands",
    "known",
    "log",
    "melds",
    "must_draw",
    "next_pozzetto",
    "one_card_pick",
    "phase",
    "players",
    "pozzetti",
    "pozzetto_of_side",
    "rules",
    "side_of",
    "solo_seat",
    "stock",
    "time_out_last",
    "to_play",
    "turns",
    "turns_without_stock",
    "visible_logs",
)
"""Every attribute of a hand's state (its slots; :func:`burraco.core.history.snapshot` reads them)."""


class HandState:
    """The state of one hand for 2, 3 or 4 players and the bookkeeping its actions share.

    With 4 players seats 0 and 2 (North-South) form side 0, seats 1 and 3 side 1; with 2 players
    each seat is a side; with 3 players each seat starts as its own side (docs/rules.md §9).
    """

    __slots__ = (*STATE_FIELDS, "_owned", "_summaries", "_summary_of")

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: list[list[int]],
        pozzetti: list[list[int]],
        discard: list[int],
        stock: list[int],
        *,
        copy_of: HandState | None = None,
    ) -> None:
        """Build a hand from an explicit deal. ``stock`` lists cards from the top down.

        ``copy_of`` (used by :meth:`clone`) copies that hand's state instead and ignores the deal:
        compiled classes cannot be created without ``__init__``."""
        if copy_of is not None:
            self._copy_state(copy_of)
            return
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.hands = [counts_of(h) for h in hands]
        self._summaries = [HandSummary(h) for h in self.hands]
        """Per seat, the generator's masks and codes of ``hands[seat]``, kept up card by card,
        shared with clones until written (``_owned``: bit per seat this hand may write)."""
        self._summary_of = self.hands[:]
        """Per seat, the very list its summary describes (a list replaced from outside is noticed)."""
        self._owned = (1 << self.players) - 1
        self.hand_sizes = [len(h) for h in hands]
        self.pozzetti = [list(p) for p in pozzetti]
        self.pozzetto_of_side: dict[int, int] = {}
        self.next_pozzetto = 0
        self.discard_pile = list(discard)
        self.stock = list(reversed(stock))  # the top of the stock is the end of the list
        self.side_of = _initial_sides(self.players)
        self.solo_seat = -1
        self.melds: list[list[Meld]] = [[] for _ in range(max(self.side_of) + 1)]
        self.known = [[0] * NUM_KINDS for _ in range(self.players)]
        self.to_play = (dealer + 1) % self.players
        self.phase: Phase = "take"
        self.turns = 0
        self.turns_without_stock = 0
        self.must_draw = False
        self.one_card_pick = (-1, False)
        self.first_turn_done = [False] * self.players
        self.closed_by = -1
        self.end_reason = ""
        self.time_out_last = -1
        self.log = RecordLog()
        self.visible_logs = [RecordLog() for _ in range(self.players + 1)]
        """Per seat (the last one: a spectator), the log as that seat may see it (docs/rules.md §5)."""
        self._check_deal()

    def _check_deal(self) -> None:
        if not 0 <= self.dealer < self.players:
            raise _fail(f"dealer must be a seat from 0 to {self.players - 1}")
        if len(self.hands) != self.players:
            raise _fail(f"{self.players} players need {self.players} hands")
        total = [0] * NUM_KINDS
        for zone in (
            *self.hands,
            counts_of(self.stock),
            counts_of(self.discard_pile),
            *(counts_of(p) for p in self.pozzetti),
        ):
            for k in range(NUM_KINDS):
                total[k] += zone[k]
        if total != counts_of(full_deck()):
            raise _fail(f"the deal does not hold exactly the 108 cards of two decks ({cite('1')})")

    # ----------------------------------------------------------------- queries
    def side(self, seat: int) -> int:
        return self.side_of[seat]

    def seats_of_side(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side_of[s] == side]

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def set_hand(self, seat: int, counts: list[int]) -> None:
        """Replace a seat's count vector (``hand_sizes`` is the caller's to keep right): the way
        to write ``hands[seat]`` from outside (determinization); the hand keeps the list."""
        self.hands[seat] = counts
        self._summaries[seat] = HandSummary(counts)
        self._summary_of[seat] = counts
        self._owned |= 1 << seat

    def _summary(self, seat: int) -> HandSummary:
        """The summary of ``hands[seat]`` to read, rebuilt if the list was replaced from outside."""
        counts = self.hands[seat]
        if self._summary_of[seat] is not counts:
            self.set_hand(seat, counts)
        return self._summaries[seat]

    def _own_summary(self, seat: int) -> HandSummary:
        """The summary of ``hands[seat]`` to write: copied first if it is shared with a clone."""
        summary = self._summary(seat)
        if not self._owned >> seat & 1:
            summary = self._summaries[seat] = summary.copy()
            self._owned |= 1 << seat
        return summary

    def hand_cards(self, seat: int) -> list[int]:
        """The cards of a seat's hand, sorted by card id."""
        counts = self.hands[seat]
        return [k for k in range(NUM_KINDS) for _ in range(counts[k])]

    @property
    def num_sides(self) -> int:
        return max(self.side_of) + 1

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def side_took_pozzetto(self, side: int) -> bool:
        return side in self.pozzetto_of_side

    def pozzetto_available(self, side: int) -> bool:
        """The side has not taken a pozzetto and one is left (§5)."""
        return side not in self.pozzetto_of_side and self.next_pozzetto < len(self.pozzetti)

    def card_count(self) -> int:
        """All cards in every zone: always 108 (the invariant the fuzzer checks)."""
        untaken = sum(len(p) for p in self.pozzetti[self.next_pozzetto :])
        in_melds = sum(len(m.cards) for side in self.melds for m in side)
        return sum(self.hand_sizes) + len(self.stock) + len(self.discard_pile) + untaken + in_melds

    # ----------------------------------------------------------------- scoring (§8)
    def scores(self, irregularities: Irregularities = NO_IRREGULARITIES) -> list[SideScore]:
        """Each side's §8 breakdown (provisional while the hand is being played), with what the
        arbiter's rulings changed (:mod:`burraco.core.irregular`; none by default)."""
        result = []
        for side in range(self.num_sides):
            seats = self.seats_of_side(side)
            cards = [c for s in seats for c in self.hand_cards(s)]
            closed = self.closed_by in seats
            irregular = irregularities.of_side(side, seats)
            took = self.side_took_pozzetto(side)
            result.append(score_side(self.melds[side], cards, took, closed, self.rules, irregular))
        return result

    # ----------------------------------------------------------------- cards between zones, the logs
    def _add_to_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        summary = self._own_summary(seat)
        counts = self.hands[seat]
        for c in cards:
            summary.add(counts, c)
        self.hand_sizes[seat] += len(cards)

    def _add_card(self, seat: int, card: int) -> None:
        """:meth:`_add_to_hand` of one card (a draw), with no tuple to build and walk."""
        self._own_summary(seat).add(self.hands[seat], card)
        self.hand_sizes[seat] += 1

    def _remove_from_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        for c in cards:
            self._remove_card(seat, c)

    def _remove_card(self, seat: int, card: int) -> None:
        self._own_summary(seat).remove(self.hands[seat], card)
        known = self.known[seat]
        if known[card]:
            known[card] -= 1
        self.hand_sizes[seat] -= 1

    def _record(
        self, seat: int, kind: str, cards: tuple[int, ...], target: int = -1, detail: str = "", private: bool = False
    ) -> Record:
        record = Record(len(self.log), seat, kind, cards, target, detail, private)
        self.log.append(record)
        if private:
            hidden = record.public()
            for viewer, log in enumerate(self.visible_logs):
                log.append(record if viewer == seat else hidden)
        else:
            for log in self.visible_logs:
                log.append(record)
        return record

    # ----------------------------------------------------------------- the turn's flow (§5, §7, §9, §10)
    def call_time_out(self) -> Record:
        """The turn's time ran out: the player now playing finishes, then play goes on until the player
        on their right (who played just before them) has played; that discard ends the hand."""
        if self.phase == "over":
            raise _fail("the hand is over: no time-out to call")
        if self.time_out_last >= 0:
            raise _fail("time-out has already been called in this hand")
        self.time_out_last = (self.to_play - 1) % self.players
        return self._record(self.to_play, RecordKind.TIMEOUT, (), self.time_out_last, RecordDetail.TIME_OUT_CALLED)

    def _take_pozzetto(self, seat: int, how: RecordDetail) -> None:
        side = self.side_of[seat]
        index = self.next_pozzetto
        self.next_pozzetto += 1
        self.pozzetto_of_side[side] = index
        cards = self.pozzetti[index]
        self._add_to_hand(seat, tuple(cards))
        self._record(seat, RecordKind.POZZETTO, tuple(cards), index, how, private=True)
        if self.players == 3 and self.solo_seat < 0 and len(self.pozzetti[0]) > HAND_CARDS:
            self._form_pair(seat)  # the first pozzetto taken, even if the 18 went under the stock (§7, §9)

    def _form_pair(self, solo: int) -> None:
        """§9: the first to take the 18-card pozzetto plays alone; the other two become one side."""
        self.solo_seat = solo
        others = [s for s in range(3) if s != solo]
        pair_melds = self.melds[self.side_of[others[0]]] + self.melds[self.side_of[others[1]]]
        solo_melds = self.melds[self.side_of[solo]]
        taken = self.pozzetto_of_side[self.side_of[solo]]
        self.side_of = [0 if s == solo else 1 for s in range(3)]
        self.melds = [solo_melds, pair_melds]
        self.pozzetto_of_side = {0: taken}

    def _close(self, seat: int) -> None:
        self.closed_by = seat
        self.first_turn_done[seat] = True
        self._finish(EndReason.CLOSED, seat)

    def _end_turn(self, seat: int) -> None:
        self.first_turn_done[seat] = True
        self.one_card_pick = (-1, False)
        self.turns += 1
        if len(self.stock) <= 2:
            if self.rules.leftover_pozzetto_to_stock and self._leftover_to_stock():
                pass
            else:
                self._finish(EndReason.STOCK_EXHAUSTED, seat)
                return
        if seat == self.time_out_last:
            self._finish(EndReason.TIME_OUT, seat)
            return
        if self.turns >= self.rules.max_turns:
            self._finish(EndReason.TURN_CAP, seat)
            return
        self.to_play = (seat + 1) % self.players
        self.must_draw = self.turns_without_stock >= self.rules.stall_rounds * self.players
        self.phase = "take"

    def _leftover_to_stock(self) -> bool:
        """§7 option: the first untaken pozzetto goes under the stock."""
        index = self.next_pozzetto
        if index >= len(self.pozzetti):
            return False
        self.stock[0:0] = list(reversed(self.pozzetti[index]))
        self.next_pozzetto += 1
        self._record(-1, RecordKind.POZZETTO, (), index, RecordDetail.TO_THE_STOCK)
        return True

    def _finish(self, reason: EndReason, seat: int) -> None:
        self.phase = "over"
        self.end_reason = reason
        self._record(seat, RecordKind.CLOSE if reason is EndReason.CLOSED else RecordKind.END, (), -1, reason)

    # ----------------------------------------------------------------- copies
    def _copy_state(self, other: HandState) -> None:
        self.rules = other.rules
        self.players = other.players
        self.dealer = other.dealer
        self.hands = [h[:] for h in other.hands]
        self._summaries = other._summaries[:]  # shared until written (copy on write)
        self._summary_of = self.hands[:]
        theirs, of = other.hands, other._summary_of
        for seat in range(len(theirs)):
            if of[seat] is not theirs[seat]:  # replaced from outside and not rescanned yet
                self._summary_of[seat] = _NO_CARDS_LIST
        self._owned = 0
        other._owned = 0
        self.hand_sizes = other.hand_sizes[:]
        self.pozzetti = other.pozzetti  # never mutated after the deal: shared
        self.pozzetto_of_side = dict(other.pozzetto_of_side)
        self.next_pozzetto = other.next_pozzetto
        self.discard_pile = other.discard_pile[:]
        self.stock = other.stock[:]
        self.side_of = other.side_of[:]
        self.solo_seat = other.solo_seat
        self.melds = [m[:] for m in other.melds]
        self.known = [k[:] for k in other.known]
        self.to_play = other.to_play
        self.phase = other.phase
        self.turns = other.turns
        self.turns_without_stock = other.turns_without_stock
        self.must_draw = other.must_draw
        self.one_card_pick = other.one_card_pick
        self.first_turn_done = other.first_turn_done[:]
        self.closed_by = other.closed_by
        self.end_reason = other.end_reason
        self.time_out_last = other.time_out_last
        self.log = other.log.share()  # the logs are shared until one side appends (recordlog.py)
        self.visible_logs = [log.share() for log in other.visible_logs]


_NO_CARDS: Final[list[list[int]]] = []
_NO_CARDS_LIST: Final[list[int]] = []
"""Stands for "no list": a summary marked so is rebuilt on first use."""


def _initial_sides(players: int) -> list[int]:
    if players == 4:
        return [0, 1, 0, 1]
    return list(range(players))
