"""What one server lets a table, a user and a crowd cost: the limits and the WebSocket close codes.

Every limit has a default that suits a small public server; pass ``create_app(limits=Limits(...))``
to change them. Durations are read on the injected clock (seconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from burraco.web.protocol.close_codes import CloseCode

if TYPE_CHECKING:
    from burraco.web.accounts.auth import User
    from burraco.web.table.live import Table


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (see ``docs/security.md``)."""

    max_spectators: int = 50
    """Spectator connections per table (seated players always get in)."""
    max_open_tables_guest: int = 5
    """Unfinished tables a guest may have created at once."""
    max_open_tables_account: int = 10
    """Unfinished tables an account may have created at once."""
    finished_ttl: float = 300.0
    """Seconds a finished (and recorded) table stays in memory before it is unloaded."""
    idle_ttl: float = 1800.0
    """Seconds a waiting table with nobody connected stays open before it is closed and unloaded."""
    default_turn_timer: float = 120.0
    """The turn timer of a rated table created without one (0: none)."""
    watchers_every: float = 2.0
    """Seconds between two spectator-count updates sent to a table (joins and leaves are coalesced)."""

    def max_open_tables(self, kind: str) -> int:
        return self.max_open_tables_guest if kind == "guest" else self.max_open_tables_account


def admission(table: Table, user: User) -> tuple[int, str] | None:
    """Why ``user`` may not open a connection to ``table`` now (a close code and reason), or None."""
    if table.all_bots and table.config.tournament is None and user.id != table.config.created_by:
        return CloseCode.PRACTICE, f"table {table.id} is an all-bot practice table: only its owner may watch it"
    limit = table.runtime.limits.max_spectators
    if table.seat_of_user(user.id) is None and table.spectators >= limit:
        return CloseCode.CROWDED, f"table {table.id} has {limit} spectators, the most it allows: try later"
    return None


def expired(table: Table, now: float) -> str | None:
    """Why ``table`` should leave memory now (``over``: finished and recorded a while ago; ``closed``:
    waiting with nobody connected for long), or None."""
    limits = table.runtime.limits
    if table.status == "over" and table.recorded and now - table.between_since >= limits.finished_ttl:
        return "over"
    if table.status == "waiting" and not table.conns and now - table.idle_since >= limits.idle_ttl:
        return "closed"
    return None
