"""A table's events, typed: what each kind means, how its stored ``text`` reads, and how it changes a
table. The stored rows keep the readable text format of every existing database (``bot`` rows hold
``difficulty|name``, ``standin`` rows ``on``/``off``, ``action`` rows the action's text).

>>> TableEvent.bot(1, "easy", "Bot 1 (easy)", 3).text
'easy|Bot 1 (easy)'
>>> TableEvent(EventKind.BOT, 1, "easy|Bot 1 (easy)", 3).bot_seat()
('easy', 'Bot 1 (easy)')
>>> TableEvent(EventKind.BOT, 1, "hard", 3).bot_seat()  # rows of older servers had no name
('hard', 'Bot (hard)')
>>> TableEvent.standin(2, on=True).row(7, 1, 0, 0.0)["kind"], EventKind("deal")
('standin', <EventKind.DEAL: 'deal'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.web.table import results
from burraco.web.table.model import REMEMBERED_IDS, Status, TableState
from burraco.web.table.seats import STANDIN_BOT, Seat

TEXT_LIMIT: Final = 200
"""The ``events.text`` column's width."""
STANDIN_ON: Final = "on"
"""A ``standin`` event's text when the computer takes the seat (``off``: the player takes it back)."""


class EventKind(StrEnum):
    """What happened at a table (stored in the ``events`` row's ``kind``)."""

    SIT = "sit"
    """A player took a seat (text: the seat's name)."""
    BOT = "bot"
    """A bot took a seat (text: ``difficulty|name``)."""
    LEAVE = "leave"
    """A player left the table."""
    STANDIN = "standin"
    """The computer takes an absent player's seat (``on``), or gives it back (``off``)."""
    DEAL = "deal"
    """The next hand was dealt."""
    ACTION = "action"
    """A move (text: the action's notation)."""
    TIMEOUT = "timeout"
    """A tournament turn's time ran out (Art. 28)."""
    TIMER = "timer"
    """A player's turn timer ran out: the computer takes the minimum turn for them (``timeout_turn.py``)."""
    FALLBACK = "fallback"
    """A slow bot's decision did not come by its deadline (``late``) or its worker failed (``failed``):
    a quicker bot moves for it, the ``action`` that follows (text: ``level|fallback level|why``).
    Nothing at the table changes: the event records that the move was not the slow bot's own."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One event of a table's log: its kind, the ``seat`` it concerns (-1: none), its text, its user."""

    kind: EventKind
    seat: int = -1
    text: str = ""
    user_id: int | None = None
    client_id: int | None = None
    """The id the player's page gave an ``action`` (None: a bot's move, or a client that gave none)."""

    @classmethod
    def bot(cls, seat: int, difficulty: str, name: str, user_id: int | None) -> TableEvent:
        return cls(EventKind.BOT, seat, f"{difficulty}|{name}", user_id)

    @classmethod
    def standin(cls, seat: int, *, on: bool) -> TableEvent:
        return cls(EventKind.STANDIN, seat, STANDIN_ON if on else "off")

    @classmethod
    def fallback(cls, seat: int, level: str, instead: str, *, late: bool) -> TableEvent:
        """``instead`` moves for the ``level`` bot of ``seat``, whose decision was ``late`` (else failed)."""
        return cls(EventKind.FALLBACK, seat, f"{level}|{instead}|{'late' if late else 'failed'}")

    @classmethod
    def from_row(cls, row: Any) -> TableEvent:
        return cls(EventKind(row.kind), row.seat, row.text, row.user_id, getattr(row, "client_id", None))

    def bot_seat(self) -> tuple[str, str]:
        """A ``bot`` event's difficulty and seat name."""
        difficulty, _, name = self.text.partition("|")
        return difficulty, name or f"Bot ({self.text})"

    def row(self, table_id: int, seq: int, hand: int, at: float) -> dict[str, Any]:
        """The ``events`` row that stores it."""
        return {
            "table_id": table_id,
            "seq": seq,
            "hand": hand,
            "kind": self.kind.value,
            "seat": self.seat,
            "text": self.text[:TEXT_LIMIT],
            "user_id": self.user_id,
            "at": at,
            "client_id": self.client_id,
        }


def apply_event(table: TableState, event: TableEvent, action: Action | None = None) -> None:
    """Apply one event to the table's state (the same code for live play and restarts)."""
    kind, seat = event.kind, event.seat
    if kind is EventKind.SIT:
        table.seats[seat] = Seat(user_id=event.user_id, name=event.text, absent_since=table.runtime.clock())
    elif kind is EventKind.BOT:
        difficulty, name = event.bot_seat()
        table.seats[seat] = Seat(user_id=event.user_id, name=name, bot=difficulty)
    elif kind is EventKind.LEAVE:
        _leave(table, seat)
    elif kind is EventKind.STANDIN:
        on = event.text == STANDIN_ON
        table.seats[seat].standin = on
        if on:
            table.absence = table.absence.took_seat(seat, table.hand_no, table.match.totals)
        else:
            table.absence = table.absence.moved(seat).gave_back(seat)
    elif kind is EventKind.DEAL:
        _deal(table)
    elif kind is EventKind.ACTION:
        _action(table, seat, action if action is not None else Action.parse(event.text))
        if event.client_id is not None:
            table.action_ids = (*table.action_ids[1 - REMEMBERED_IDS :], (seat, event.client_id))
    elif kind is EventKind.TIMEOUT:  # Art. 28 (a tournament turn's time ran out: tournament_clock.py)
        table.match.time_out()
        if table.match.is_over and table.status != Status.OVER:
            end_match(table)
    elif kind is EventKind.TIMER:
        table.auto_turn = seat
        table.absence = table.absence.timed_out(seat)
    # (EventKind.FALLBACK changes nothing: it says who made the next move)
    track_turn(table)


def finish_hand(table: TableState) -> None:
    """The hand just played is over: the score sheet, then the next deal or the match's end."""
    table.last_hand = table.match.current
    table.match.finish_hand()
    table.between_since = table.runtime.clock()
    if table.match.is_over:
        end_match(table)
    else:
        table.status = Status.BETWEEN
        for s in table.seats:
            s.ready = s.bot is not None or s.left


def end_match(table: TableState) -> None:
    """The match is over (its last hand finished, or the turn's time ran out between hands)."""
    table.status = Status.OVER
    table.summary = results.summary(table)


def track_turn(table: TableState) -> None:
    """Restart the turn's clock when the turn changed."""
    hand = table.match.current
    key = (table.hand_no, hand.to_play, hand.turns) if hand is not None else (table.hand_no, -1, -1)
    if key != table.turn_key:
        table.turn_key = key
        table.turn_started = table.runtime.clock()
        table.auto_turn = -1


def _leave(table: TableState, seat: int) -> None:
    if table.status == Status.WAITING:
        table.seats[seat] = Seat()
    else:
        table.seats[seat].left = True
        table.seats[seat].ready = True


def _deal(table: TableState) -> None:
    table.match.start_hand()
    table.hand_no += 1
    table.status = Status.PLAYING
    table.auto_turn = -1
    table.absence = table.absence.new_hand()
    for s in table.seats:
        s.ready = False
        if table.hand_no == 1:  # an absence counts from the match's start (the seat was taken before)
            s.absent_since = table.runtime.clock()


def _action(table: TableState, seat: int, action: Action) -> None:
    hand = table.match.current
    if hand is None:
        raise IllegalActionError("no hand in progress")
    if hand.to_play != seat:
        raise IllegalActionError(f"seat {seat} is not to play")
    s = table.seats[seat]
    auto, first = s.human and table.controller(seat) == STANDIN_BOT, len(hand.log)
    hand.apply(action)
    table.acted_at = table.runtime.clock()
    if auto:
        table.absence = table.absence.played_for(seat, range(first, len(hand.log)))
        if s.standin:
            table.absence = table.absence.standin_played(seat, table.hand_no)
    else:
        table.absence = table.absence.moved(seat)
    if hand.is_over:
        finish_hand(table)
