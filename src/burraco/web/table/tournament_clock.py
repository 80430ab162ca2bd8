"""A tournament table's turn clock (Art. 5, Art. 28): when the turn's time runs out the table calls
"time-out" once. A hand in progress ends by the federation's procedure (the player now playing
finishes, play goes on until the player on their right has played; a hand just dealt gets one whole
round), and the hands not yet dealt are not played (:meth:`burraco.core.match.Match.time_out`).
Between hands a tournament table does not wait for absent players: the clock is running.

The deadline is stored on the ``tables`` row (``tables.tournament``) in the app's *wallclock*
seconds, so it survives a restart; tests inject a fake wallclock.
"""

from __future__ import annotations

from typing import Any, Final

from burraco.web.table.events import EventKind, TableEvent
from burraco.web.table.model import TableState

ART5_MINUTES: Final = {2: 25, 3: 35, 4: 45}
"""Art. 5: the minutes of a turn of 2, 3 or 4 hands."""


def turn_minutes(hands: int) -> int:
    """Art. 5's time for a turn of ``hands`` hands (more hands: 10 minutes each beyond four)."""
    return ART5_MINUTES.get(hands, 45 + 10 * max(0, hands - 4))


def deadline(table: TableState) -> float | None:
    """The wallclock second the table's turn ends, None if it is not a timed tournament table."""
    info = table.config.tournament
    if info is None or info.get("deadline") is None:
        return None
    return float(info["deadline"])


def time_left(table: TableState) -> float | None:
    end = deadline(table)
    return None if end is None else round(max(0.0, end - table.runtime.wallclock()), 1)


def info(table: TableState) -> dict[str, Any] | None:
    """What the table's players see of its tournament: which turn and table, the turn's time left."""
    data = table.config.tournament
    if data is None:
        return None
    return {
        "id": data["id"],
        "turn": data["turn"],
        "table": data["table"],
        "time_left": time_left(table),
        "timed_out": table.match.timed_out,
    }


def due(table: TableState) -> bool:
    """True when the turn's time has run out and the table has not called time-out yet."""
    end = deadline(table)
    return (
        end is not None
        and not table.match.timed_out
        and table.status in ("playing", "between")
        and table.runtime.wallclock() >= end
    )


def deal_due(table: TableState) -> bool:
    """A tournament table between hands deals the next one as soon as no connected player is still
    looking at the score sheet (the turn's clock runs: no pause for absent players or bots)."""
    return (
        table.config.tournament is not None
        and table.status == "between"
        and not any(s.human and not s.left and s.connections > 0 and not s.ready for s in table.seats)
    )


def time_out_event() -> TableEvent:
    """The event that calls time-out on a tournament table (Art. 28)."""
    return TableEvent(EventKind.TIMEOUT, -1, "time-out (Art. 28)")
