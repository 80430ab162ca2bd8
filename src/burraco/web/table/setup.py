"""What a live table is created with and what every table of one app shares.

:class:`TableConfig` is stored in the table's row; :class:`Runtime` holds the app's store, clocks,
bot pacing, limits and leases; :func:`new_seed` is a live table's secret seed. The table itself is
:class:`burraco.web.table.live.Table`.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from burraco.bots.levels import CHAMPION_MS
from burraco.core.options import Rules
from burraco.web.persistence import db
from burraco.web.persistence.leases import Leases, LocalLeases
from burraco.web.persistence.repositories import Repositories
from burraco.web.table.limits import Limits

if TYPE_CHECKING:
    from burraco.web.table.live import Table

Clock = Callable[[], float]


@dataclass
class TableConfig:
    """What a table is created with (stored in the ``tables`` row)."""

    name: str
    preset: str
    rules: Rules
    seed: int
    turn_timer: float = 0.0
    grace: float = 30.0
    created_by: int | None = None
    created_at: float = 0.0
    practice: bool = False
    """A private practice table: one human and bots, unrated, not in the lobby; may use a chosen seed."""
    tournament: dict[str, Any] | None = None
    """A tournament's table (``{"id", "turn", "table", "deadline"}``, ``tournament_tables.py``): anyone may
    watch it and it plays on while nobody does, even with bots in every seat."""


@dataclass
class Runtime:
    """What every table of one app shares: the store, the clocks, bot pacing."""

    store: db.Store
    clock: Clock
    wallclock: Clock
    bot_delay: float = 0.0
    champion_ms: float = CHAMPION_MS
    """The champion bot's search budget per decision in milliseconds (``bot_scheduler.py``)."""
    bot_users: dict[str, int] = field(default_factory=dict)
    closing: bool = False
    """Set when the app stops: no new bot task starts."""
    durable: bool = True
    """Wait for each event's commit before telling anyone (False: queue it and go on; see docs/web.md)."""
    limits: Limits = field(default_factory=Limits)
    leases: Leases = field(default_factory=LocalLeases)
    """Which tables this process may hold (shared with other processes through Redis: ``leases.py``)."""
    match_observers: list[Callable[[Table], Awaitable[None]]] = field(default_factory=list)
    """Called after a table's finished match is recorded (the online tournaments record its result)."""
    repos: Repositories = field(init=False)
    """The data-access layer over ``store`` (no SQL is written anywhere else)."""

    def __post_init__(self) -> None:
        self.repos = Repositories.over(self.store)


def new_seed() -> int:
    """A live table's secret seed: from the OS's secure randomness, never chosen by a client."""
    return secrets.randbits(63)
