"""A table's clock duties (on the injected clock), decided from its state: a stand-in bot for an absent
player after the grace period, a bot finishing a turn whose timer ran out, the next deal after a
finished hand. The functions here return the events due; the live table applies and stores them.
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
    if s.connections == 0 and now - max(s.absent_since, table.turn_started) >= table.config.grace:
        return [TableEvent.standin(seat, on=True)]
    if table.turn_timer > 0 and now - table.turn_started >= table.turn_timer:
        timer = TableEvent(EventKind.TIMER, seat, "turn timer ran out: a bot finishes the turn")
        if table.absence.timed_out(seat).take_over(seat):  # too many in a row: the computer takes the seat
            return [timer, TableEvent.standin(seat, on=True)]
        return [timer]
    return []


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
