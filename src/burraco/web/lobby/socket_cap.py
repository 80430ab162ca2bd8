"""How many table sockets each user has open: at most ``Limits.max_sockets_per_user`` at once, every
table and tab together, on this process and (when processes share a Redis: ``shared_limits.py``) on
every process. A socket over the limit is closed with :data:`CloseCode.TOO_MANY_SOCKETS`
(``docs/security.md``).

>>> import asyncio
>>> cap = SocketCap(2)
>>> async def three() -> list[object]:
...     return [await cap.take(7) for _ in range(3)]
>>> first, second, third = asyncio.run(three())
>>> third[0] == CloseCode.TOO_MANY_SOCKETS, cap.open
(True, {7: 2})
>>> asyncio.run(cap.give_back(first)); cap.open
{7: 1}
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from burraco.web.accounts.shared_limits import SOCKETS_REFRESH
from burraco.web.protocol.close_codes import CloseCode

if TYPE_CHECKING:
    from burraco.web.accounts.shared_limits import SharedLimits

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SocketTicket:
    """One open socket counted for ``user_id`` (``shared``: counted in Redis too)."""

    user_id: int
    shared: bool


class SocketCap:
    """The open table sockets of each user on this process, and the limit on them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[int, int] = {}
        """The user's sockets open on this process (users with none are left out)."""
        self.shared: SharedLimits | None = None
        """Counts shared with the other processes (set when processes share a Redis)."""
        self.refreshed_at = -1e18
        self._changed: set[int] = set()

    def refusal(self) -> tuple[int, str]:
        return (
            CloseCode.TOO_MANY_SOCKETS,
            f"you have {self.limit} table sockets open, the most one player may: close one first",
        )

    async def take(self, user_id: int) -> SocketTicket | tuple[int, str]:
        """Count a new socket of ``user_id``, or the close code and reason that refuse it. If the
        shared count cannot be reached, the socket is counted here only (the limit still holds per
        process)."""
        if self.open.get(user_id, 0) >= self.limit:
            return self.refusal()
        self.open[user_id] = self.open.get(user_id, 0) + 1  # before the await: a burst on this process counts
        if self.shared is None:
            return SocketTicket(user_id, False)
        try:
            taken = await self.shared.take_socket(user_id, self.limit)
        except Exception as error:  # Redis unreachable: this process's count still holds
            log.warning("the shared socket count could not be read: %s", error)
            return SocketTicket(user_id, False)
        if not taken:
            self._drop(user_id)
            return self.refusal()
        return SocketTicket(user_id, True)

    async def give_back(self, ticket: SocketTicket) -> None:
        """The socket of ``ticket`` closed."""
        self._drop(ticket.user_id)
        if ticket.shared and self.shared is not None:
            await self._write({ticket.user_id: self.open.get(ticket.user_id, 0)})

    def _drop(self, user_id: int) -> None:
        left = self.open.get(user_id, 0) - 1
        if left > 0:
            self.open[user_id] = left
        else:
            self.open.pop(user_id, None)

    async def refresh(self, now: float) -> None:
        """Every :data:`SOCKETS_REFRESH` seconds: write this process's count of every user's sockets to
        the shared count (so they keep counting, and a count that drifted is set right)."""
        if self.shared is None or now - self.refreshed_at < SOCKETS_REFRESH:
            return
        self.refreshed_at = now
        counts = dict(self.open)
        counts.update((user_id, 0) for user_id in self._changed - counts.keys())
        self._changed = set(self.open)
        await self._write(counts)

    async def _write(self, counts: dict[int, int]) -> None:
        assert self.shared is not None
        try:
            await self.shared.set_sockets(counts)
        except Exception as error:  # the next refresh writes them again
            log.warning("the shared socket counts could not be written: %s", error)
