"""Rates of what one person may make others receive or the server store, per user and per address:
friend requests, invitations to a table, chat reports, new matches kept by the segnapunti
(``docs/security.md`` "Friends, chat and the segnapunti").

Each :class:`Rate` is a token bucket per user (``burst`` at once, then one every ``every`` seconds) and
one per address holding :data:`~burraco.web.accounts.creation_guard.ADDRESS_FACTOR` users' worth, so
new guests or accounts of one client share their address's room. In this process by default; with
Redis (:meth:`SocialLimits.share`) every process draws from the same buckets on the Redis server's clock
(the GCRA of :mod:`burraco.web.accounts.shared_limits`). Past a bucket the request is refused with
:class:`~burraco.web.accounts.login_guard.Limited` (429, ``Retry-After``) and the rate's own code.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from burraco.web.accounts.creation_guard import CreationGuard
from burraco.web.accounts.login_guard import Limited
from burraco.web.accounts.shared_limits import SharedLimits

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger(__name__)


@dataclass
class Rate:
    """One limited action: its refusal ``code``, ``burst`` at once, then one every ``every`` seconds."""

    name: str
    code: str
    burst: int
    every: float
    shared: SharedLimits | None = None
    _local: CreationGuard | None = field(default=None, repr=False)

    async def take(self, user_id: int, address: str | None, clock: Callable[[], float]) -> None:
        """Take one from ``user_id``'s bucket and ``address``'s, or raise :class:`Limited`."""
        if self.shared is not None:
            try:
                await self.shared.check_rate(user_id, address, self.code)
                return
            except Limited:
                raise
            except Exception as error:  # Redis unreachable: this process's buckets meanwhile
                log.warning("the shared %s limit could not be read: %s", self.name, error)
        if self._local is None:
            self._local = CreationGuard(clock, self.burst, self.every)
        self._local.check(user_id, address, self.code)


@dataclass
class SocialLimits:
    """The app's social rates (``app.state.social_limits``)."""

    friend_requests: Rate = field(default_factory=lambda: Rate("friend", "friend_requests_too_fast", 10, 60.0))
    """Friend requests a user sends: 10 at once, then one a minute."""
    invitations: Rate = field(default_factory=lambda: Rate("invite", "invitations_too_fast", 10, 30.0))
    """Invitations to a table a user sends to friends (notifications, links): 10 at once, then one every 30 s."""
    reports: Rate = field(default_factory=lambda: Rate("report", "reports_too_fast", 5, 60.0))
    """Chat messages a user reports: 5 at once, then one a minute."""
    kept_matches: Rate = field(default_factory=lambda: Rate("keeper", "keeper_too_fast", 10, 60.0))
    """New matches an account keeps with the segnapunti: 10 at once, then one a minute (updates are free)."""

    def rates(self) -> list[Rate]:
        return [self.friend_requests, self.invitations, self.reports, self.kept_matches]

    def share(self, client: Redis, namespace: str) -> None:
        """Count every process's requests in one bucket per user and per address, in ``client``'s Redis."""
        for rate in self.rates():
            rate.shared = SharedLimits(client, f"{namespace}:social:{rate.name}", rate.burst, rate.every)
