"""Who is online: a user whose page asked the server for its notifications in the last
:data:`PRESENCE_TTL` seconds (the page asks every few seconds while it is open, ``static/friends.js``).

With processes sharing a Redis, each mark is a key ``{ns}:presence:{user}`` with that time to live, so a
friend connected to any process is seen by every process; a process alone keeps the marks in memory.

>>> import asyncio
>>> now = [100.0]
>>> presence = LocalPresence(lambda: now[0])
>>> asyncio.run(presence.touch(7))
>>> asyncio.run(presence.online([7, 8]))
{7}
>>> now[0] += PRESENCE_TTL
>>> asyncio.run(presence.online([7]))
set()
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger(__name__)
PRESENCE_TTL: Final = 20.0
"""Seconds a user counts as online after their page last asked for its notifications."""
POLL_EVERY: Final = 5.0
"""Seconds between two requests of an open page for its notifications (``static/friends.js``)."""


class Presence(Protocol):
    async def touch(self, user_id: int) -> None: ...

    async def online(self, user_ids: Iterable[int]) -> set[int]: ...


class LocalPresence:
    """The marks of one process, in memory (for a process alone)."""

    def __init__(self, clock: Callable[[], float], ttl: float = PRESENCE_TTL) -> None:
        self.clock, self.ttl = clock, ttl
        self.seen: dict[int, float] = {}

    async def touch(self, user_id: int) -> None:
        now = self.clock()
        if len(self.seen) > 10_000:  # forget the stale ones now and then
            self.seen = {user: at for user, at in self.seen.items() if now - at < self.ttl}
        self.seen[user_id] = now

    async def online(self, user_ids: Iterable[int]) -> set[int]:
        now = self.clock()
        return {user for user in user_ids if now - self.seen.get(user, -1e18) < self.ttl}


class RedisPresence:
    """The marks of every process sharing a Redis: one key per user, with a time to live."""

    def __init__(self, client: Redis, namespace: str, ttl: float = PRESENCE_TTL) -> None:
        self.client, self.ttl = client, ttl
        self.prefix = f"{namespace}:presence:"

    async def touch(self, user_id: int) -> None:
        try:
            await self.client.set(f"{self.prefix}{user_id}", "1", px=int(self.ttl * 1000))
        except Exception as error:  # Redis unreachable: the user shows offline for a while
            log.warning("presence could not be marked: %s", error)

    async def online(self, user_ids: Iterable[int]) -> set[int]:
        users = list(user_ids)
        if not users:
            return set()
        try:
            found = await self.client.mget([f"{self.prefix}{user}" for user in users])
        except Exception as error:
            log.warning("presence could not be read: %s", error)
            return set()
        return {user for user, mark in zip(users, found, strict=True) if mark is not None}
