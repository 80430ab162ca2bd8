"""A table's events, typed: what each kind means, how its stored ``text`` reads, and how it changes a
table. The stored rows keep the readable text format of every existing database (``bot`` rows hold
``difficulty|name``, ``standin`` rows ``on``/``off``, ``action`` rows the action's text).

>>> TableEvent.bot(1, "easy", "Bot 1 (easy)", 3).text
'easy|Bot 1 (easy)'
>>> TableEvent("bot", 1, "easy|Bot 1 (easy)", 3).bot_seat()
('easy', 'Bot 1 (easy)')
>>> TableEvent("bot", 1, "hard", 3).bot_seat()  # rows of older servers had no name
('hard', 'Bot (hard)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.web.table.seats import STANDIN_BOT, Seat

if TYPE_CHECKING:
    from burraco.web.table.live import Table

EventKind = Literal["sit", "bot", "leave", "standin", "deal", "action", "timeout", "timer"]
KINDS: Final = ("sit", "bot", "leave", "standin", "deal", "action", "timeout", "timer")
TEXT_LIMIT: Final = 200
"""The ``events.text`` column's width."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One event of a table's log: ``kind``, the ``seat`` it concerns (-1: none), its text, its user."""

    kind: str
    seat: int = -1
    text: str = ""
    user_id: int | None = None

    @classmethod
    def bot(cls, seat: int, difficulty: str, name: str, user_id: int | None) -> TableEvent:
        return cls("bot", seat, f"{difficulty}|{name}", user_id)

    @classmethod
    def from_row(cls, row: Any) -> TableEvent:
        return cls(row.kind, row.seat, row.text, row.user_id)

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
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text[:TEXT_LIMIT],
            "user_id": self.user_id,
            "at": at,
        }


def apply_event(table: Table, event: TableEvent, action: Action | None = None) -> None:
    """Apply one event to the in-memory table (the same code for live play and restarts)."""
    kind, seat = event.kind, event.seat
    if kind == "sit":
        table.seats[seat] = Seat(user_id=event.user_id, name=event.text, absent_since=table.runtime.clock())
    elif kind == "bot":
        difficulty, name = event.bot_seat()
        table.seats[seat] = Seat(user_id=event.user_id, name=name, bot=difficulty)
    elif kind == "leave":
        _leave(table, seat)
    elif kind == "standin":
        table.seats[seat].standin = event.text == "on"
        if event.text != "on":
            table.absence = table.absence.moved(seat)
    elif kind == "deal":
        _deal(table)
    elif kind == "action":
        _action(table, seat, action if action is not None else Action.parse(event.text))
    elif kind == "timeout":  # Art. 28 (a tournament turn's time ran out: tournament_clock.py)
        table.match.time_out()
        if table.match.is_over and table.status != "over":
            table.end_match()
    elif kind == "timer":
        table.auto_turn = seat
        table.absence = table.absence.timed_out(seat)
    table.track_turn()


def _leave(table: Table, seat: int) -> None:
    if table.status == "waiting":
        table.seats[seat] = Seat()
    else:
        table.seats[seat].left = True
        table.seats[seat].ready = True


def _deal(table: Table) -> None:
    table.match.start_hand()
    table.hand_no += 1
    table.status = "playing"
    table.auto_turn = -1
    table.absence = table.absence.new_hand()
    for s in table.seats:
        s.ready = False


def _action(table: Table, seat: int, action: Action) -> None:
    hand = table.match.current
    if hand is None:
        raise IllegalActionError("no hand in progress")
    if hand.to_play != seat:
        raise IllegalActionError(f"seat {seat} is not to play")
    auto, first = table.seats[seat].human and table.controller(seat) == STANDIN_BOT, len(hand.log)
    hand.apply(action)
    table.absence = table.absence.played_for(seat, range(first, len(hand.log))) if auto else table.absence.moved(seat)
    if hand.is_over:
        table.finish_hand()
