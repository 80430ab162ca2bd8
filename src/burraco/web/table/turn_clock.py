"""A table's clock duties (on the injected clock): a stand-in bot for an absent player after the grace
period, a bot finishing a turn whose timer ran out, the next deal after a finished hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from burraco.web.table import results as match_end
from burraco.web.table import tournament_clock
from burraco.web.table.views import send_watchers

if TYPE_CHECKING:
    from burraco.web.table.live import Table


def timer_left(table: Table) -> float | None:
    if table.turn_timer <= 0 or table.status != "playing":
        return None
    return round(max(0.0, table.turn_timer - (table.runtime.clock() - table.turn_started)), 1)


async def tick(table: Table, now: float) -> bool:
    """Apply what the clock calls for (lock held); True if the table changed."""
    changed = await tournament_clock.tick(table)
    if table.status == "over" and not table.recorded:
        await match_end.record(table)
    elif table.status == "playing" and table.hand is not None:
        changed = await _playing(table, now) or changed
    elif table.status == "between" and now - table.between_since >= _between_limit(table):
        await table.maybe_deal(force=True)
        changed = True
    if changed:
        table.broadcast(full=table.status != "playing")
        table.kick_bots()
    send_watchers(table, now)
    return changed


async def _playing(table: Table, now: float) -> bool:
    assert table.hand is not None
    seat = table.hand.to_play
    s = table.seats[seat]
    if not s.human or s.left or s.standin or table.auto_turn == seat:
        return False
    if s.connections == 0 and now - max(s.absent_since, table.turn_started) >= table.config.grace:
        await table.event("standin", seat, "on")
        return True
    if table.turn_timer > 0 and now - table.turn_started >= table.turn_timer:
        await table.event("timer", seat, "turn timer ran out: a bot finishes the turn")
        if table.absence.take_over(seat):  # too many in a row: the computer takes the seat
            await table.event("standin", seat, "on")
        return True
    return False


def _between_limit(table: Table) -> float:
    return max(table.config.grace, table.config.turn_timer)


def needs_tick(table: Table, now: float) -> bool:
    """Cheap check (no lock) whether :func:`tick` may have something to do."""
    if (
        (table.status == "over" and not table.recorded)
        or tournament_clock.due(table)
        or tournament_clock.deal_due(table)
    ):
        return True
    if table.watchers_dirty and now - table.watchers_at >= table.runtime.limits.watchers_every:
        return True
    if table.status == "between":
        return now - table.between_since >= _between_limit(table)
    if table.status != "playing" or table.hand is None:
        return False
    s = table.seats[table.hand.to_play]
    if not s.human or s.left or s.standin or table.auto_turn == table.hand.to_play:
        return False
    if s.connections == 0 and now - max(s.absent_since, table.turn_started) >= table.config.grace:
        return True
    return table.turn_timer > 0 and now - table.turn_started >= table.turn_timer
