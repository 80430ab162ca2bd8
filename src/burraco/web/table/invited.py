"""A private table with friends (``TableConfig.private``): who may come in, where an invited guest sits,
how its owner seats the players, and who may not sit at whose table.

Only its owner, whoever sits at it, and whoever opened one of its invitation links
(``persistence/repositories/invitations.py``, stored in the database, so every process honours them) may
watch it; the others are refused with ``CloseCode.INVITE_ONLY``. An invited guest who connects while the
table waits sits at once: in the seat their link keeps for them, else in the first free seat no link
keeps for another friend. While the table waits, its owner may move a seated player to another seat
(``seat`` message; a player already there takes the seat left): in 4 players, who plays with whom.
Nobody sits at the table of someone who blocked them, or whom they blocked (``friends.is_blocked``).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories.friends import FriendRepository
from burraco.web.persistence.repositories.invitations import InvitationRepository
from burraco.web.protocol.messages import ErrorCode
from burraco.web.table.events import EventKind, TableEvent
from burraco.web.table.model import Status, TableState
from burraco.web.table.seats import Seat, TableError

if TYPE_CHECKING:
    from burraco.web.table.live import Table


def invited(table: TableState, user: User) -> bool:
    """Whether ``user`` may come into a private table: its owner, a seated player, or a guest who opened
    one of its links (and whom its owner has not blocked, nor been blocked by)."""
    if user.id == table.config.created_by or table.seat_of_user(user.id) is not None:
        return True
    let_in, _seat = InvitationRepository(table.runtime.store).guest(table.id, user.id)
    return let_in and not blocked(table, user)


def blocked(table: TableState, user: User) -> bool:
    """Whether ``user`` and the table's owner blocked one another (a tournament's table has no owner)."""
    owner = table.config.created_by
    if owner is None or owner == user.id or table.config.tournament is not None:
        return False
    return FriendRepository(table.runtime.store).is_blocked(owner, user.id)


def check_sit(table: TableState, user: User) -> None:
    """Refuse a seat to a user the owner blocked (or who blocked the owner)."""
    if blocked(table, user):
        raise TableError("you cannot sit at this player's tables", ErrorCode.REFUSED)


def guest_seat(table: TableState, user: User) -> int | None:
    """The seat an invited guest takes on connecting to a waiting private table, or None."""
    if not table.config.private or table.status != Status.WAITING or table.seat_of_user(user.id) is not None:
        return None
    invitations = InvitationRepository(table.runtime.store)
    let_in, kept = invitations.guest(table.id, user.id)
    if not let_in or blocked(table, user):
        return None
    if kept is not None and 0 <= kept < table.players and table.seats[kept].empty:
        return kept
    others = {
        seat
        for seat, friend in invitations.kept_seats(table.id, table.runtime.wallclock()).items()
        if friend != user.id
    }
    free = [i for i, s in enumerate(table.seats) if s.empty and i not in others]
    return free[0] if free else None


async def seat_guest(table: Table, user: User) -> None:
    """Seat an invited guest who connects (in the table's actor; nothing happens if no seat is free)."""
    seat = guest_seat(table, user)
    if seat is not None:
        with contextlib.suppress(TableError):  # taken meanwhile, or not stored: they watch instead
            await table.sit(user, seat)


async def move_seat(table: Table, user: User, source: int, target: int) -> None:
    """The owner moves the player of ``source`` to ``target`` (swapping with whoever sits there), while a
    private table waits. Stored as the seats' ``leave`` and ``sit`` (or ``bot``) events."""
    if user.id != table.config.created_by or not table.config.private:
        raise TableError("only the owner of a table with friends chooses who sits where", ErrorCode.REFUSED)
    if table.status != Status.WAITING:
        raise TableError("the match has started: the seats can no longer change")
    if not (0 <= source < table.players and 0 <= target < table.players) or source == target:
        raise TableError(f"this table has seats 0 to {table.players - 1}: choose two different ones")
    moving, staying = table.seats[source], table.seats[target]
    if moving.empty:
        raise TableError(f"seat {source} is empty")
    async with table.atomic():
        for seat, s in ((source, moving), (target, staying)):
            if not s.empty:
                await table.event(TableEvent(EventKind.LEAVE, seat, "changed seat", s.user_id))
        for seat, s in ((target, moving), (source, staying)):
            if not s.empty:
                await table.event(_sit_event(seat, s))
    table.seats[target].connections, table.seats[source].connections = moving.connections, staying.connections
    for conn in table.conns:
        if conn.seat in (source, target):
            conn.seat = target if conn.seat == source else source


def _sit_event(seat: int, s: Seat) -> TableEvent:
    if s.bot is not None:
        return TableEvent.bot(seat, s.bot, s.name, s.user_id)
    return TableEvent(EventKind.SIT, seat, s.name, s.user_id)
