"""A table's clock duties (on the injected clock), decided from its state: the stand-in for a player
absent longer than the grace period or idle on their turn longer than the idle limit, the minimum turn
for a player whose turn timer ran out, the next deal after a finished hand. The functions here return
the events due; the live table applies and stores them.

The turn timer is the table's own (``turn_timer``; 0: no turn clock, no ``timer_left``, no ``timer``
event). Whatever it is, a player who makes no move on their own turn for ``TableState.idle_limit``
seconds (``Limits.idle_limit``, 600 s; none at a private practice table) is treated as absent: the
computer takes the seat (``standin``) until they take it back.
"""

from __future__ import annotations

from burraco.web.table import tournament_clock
from burraco.web.table.events import EventKind, TableEvent
from burraco.web.table.model import Status, TableState


def timer_left(table: TableState) -> float | None:
    if table.turn_timer <= 0 or table.status != Status.PLAYING:
        return None
    return round(max(0.0, table.turn_timer - (table.runtime.clock() - table.turn_started)), 1)


def playing_events(table: TableState, now: float) -> list[TableEvent]:
    """What the clock calls for during a hand: the stand-in for an absent player, or the turn timer."""
    if table.status != Status.PLAYING or table.hand is None:
        return []
    seat = table.hand.to_play
    s = table.seats[seat]
    if not s.human or s.left or s.standin or table.auto_turn == seat:
        return []
    if absent(table, seat) and now - s.absent_since >= table.config.grace:
        return [TableEvent.standin(seat, on=True)]
    if table.turn_timer > 0 and now - table.turn_started >= table.turn_timer:
        timer = TableEvent(EventKind.TIMER, seat, "turn timer ran out: the computer draws and discards")
        if table.absence.timed_out(seat).take_over(seat):  # too many in a row: the computer takes the seat
            return [timer, TableEvent.standin(seat, on=True)]
        return [timer]
    if 0 < table.idle_limit <= now - max(table.turn_started, table.acted_at):
        return [TableEvent.standin(seat, on=True)]
    return []


def mid_turn(table: TableState, seat: int) -> bool:
    """Whether ``seat`` is in the middle of its turn: to play, and it has drawn or picked up already."""
    hand = table.hand
    return table.status == Status.PLAYING and hand is not None and hand.to_play == seat and hand.phase != "take"


def absent(table: TableState, seat: int) -> bool:
    """Whether ``seat``'s player is away during the match: a human seat, not left, with no connection."""
    s = table.seats[seat]
    return s.human and not s.left and s.connections == 0 and table.status in (Status.PLAYING, Status.BETWEEN)


def absent_left(table: TableState, seat: int, now: float) -> float | None:
    """Seconds until the computer takes an absent player's seat (the grace period minus the time away,
    at least 0: it takes the seat on the player's next turn), None if present or already replaced."""
    if not absent(table, seat) or table.seats[seat].standin:
        return None
    return round(max(0.0, table.config.grace - (now - table.seats[seat].absent_since)), 1)


def between_due(table: TableState, now: float) -> bool:
    """True when the pause after a hand is over and the next hand is dealt whoever is not ready."""
    return table.status == Status.BETWEEN and now - table.between_since >= _between_limit(table)


def _between_limit(table: TableState) -> float:
    return max(table.config.grace, table.config.turn_timer)


def needs_tick(table: TableState, now: float) -> bool:
    """Cheap check whether the table's tick may have something to do."""
    if (
        (table.status == Status.OVER and not table.recorded)
        or tournament_clock.due(table)
        or tournament_clock.deal_due(table)
    ):
        return True
    if table.watchers_dirty and now - table.watchers_at >= table.runtime.limits.watchers_every:
        return True
    if table.status == Status.BETWEEN:
        return between_due(table, now)
    return bool(playing_events(table, now))
