"""Who may open a connection to a live table, and when a table leaves memory."""

from __future__ import annotations

from burraco.web.accounts.auth import User
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.table.invited import invited
from burraco.web.table.model import Status, TableState


def private(table: TableState) -> bool:
    """Whether ``table`` is its owner's alone: a private practice table (one human and bots), or a table
    with bots in every seat (a tournament's table is never private)."""
    return table.config.tournament is None and (table.config.practice or table.all_bots)


def may_see(table: TableState, user: User | None) -> bool:
    """Whether ``user`` may watch ``table`` or read it over HTTP: anyone at a public table; at a private
    one (:func:`private`) only its owner and whoever sits at it; at a table with friends
    (``config.private``) also whoever opened one of its invitation links (``invited.py``)."""
    if not private(table):
        return not table.config.private or (user is not None and invited(table, user))
    return user is not None and (user.id == table.config.created_by or table.seat_of_user(user.id) is not None)


def admission(table: TableState, user: User) -> tuple[int, str] | None:
    """Why ``user`` may not open a connection to ``table`` now (a close code and reason), or None."""
    if not may_see(table, user) and not private(table):
        return CloseCode.INVITE_ONLY, f"table {table.id} is private: open its invitation link to join"
    if not may_see(table, user):
        return CloseCode.PRACTICE, f"table {table.id} is a private practice table: only its owner may watch it"
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
