"""Who may open a connection to a live table, and when a table leaves memory."""

from __future__ import annotations

from burraco.web.accounts.auth import User
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.table.model import Status, TableState


def admission(table: TableState, user: User) -> tuple[int, str] | None:
    """Why ``user`` may not open a connection to ``table`` now (a close code and reason), or None."""
    if table.all_bots and table.config.tournament is None and user.id != table.config.created_by:
        return CloseCode.PRACTICE, f"table {table.id} is an all-bot practice table: only its owner may watch it"
    limit = table.runtime.limits.max_spectators
    if table.seat_of_user(user.id) is None and table.spectators >= limit:
        return CloseCode.CROWDED, f"table {table.id} has {limit} spectators, the most it allows: try later"
    return None


def expired(table: TableState, now: float) -> str | None:
    """Why ``table`` should leave memory now (``over``: finished and recorded a while ago; ``closed``:
    waiting with nobody connected for long), or None."""
    limits = table.runtime.limits
    if table.status == Status.OVER and table.recorded and now - table.between_since >= limits.finished_ttl:
        return "over"
    if table.status == Status.WAITING and not table.conns and now - table.idle_since >= limits.idle_ttl:
        return "closed"
    return None
