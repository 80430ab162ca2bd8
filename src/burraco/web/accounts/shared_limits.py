"""Per-user limits shared by every process on one Redis (``docs/security.md``, ``docs/deploy.md``).

- **Creation rate**: the same bucket as :class:`burraco.web.accounts.creation_guard.CreationGuard` (``burst``
  tables at once, then one every ``every`` seconds), kept in Redis as a theoretical arrival time
  (GCRA) read on the Redis server's clock, so every process draws from one bucket per user.
- **Unfinished tables**: counted in the shared database plus the user's creations in flight on every
  process (a Redis counter each creation increments first), so two processes creating at once cannot
  both let a user past the limit (a creation may be refused while another commits: never let past).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Final

from burraco.web.accounts.login_guard import Limited

if TYPE_CHECKING:
    from redis.asyncio import Redis

_GCRA: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local every, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local wait = tat - now - (burst - 1) * every
if wait > 0 then return wait end
redis.call('SET', KEYS[1], tat + every, 'PX', burst * every + 1000)
return 0
"""
RESERVATION_SECONDS: Final = 30.0
"""A user's count of creations in flight lapses this long after the latest one began (if a process
died in the middle of one, its reservation does not count for ever)."""


class SharedLimits:
    """The per-user limits of every process, in Redis (an ``redis.asyncio`` client)."""

    def __init__(self, client: Redis, namespace: str, burst: int, every: float) -> None:
        self.client, self.namespace = client, namespace
        self.burst, self.every_ms = burst, max(1, int(every * 1000))
        self._gcra = client.register_script(_GCRA)

    async def check_rate(self, user_id: int) -> None:
        """Take one table creation from ``user_id``'s shared bucket, or raise :class:`Limited`."""
        key = f"{self.namespace}:rate:{user_id}"
        wait_ms = int(await self._gcra(keys=[key], args=[self.every_ms, self.burst]))
        if wait_ms > 0:
            raise Limited("tables_too_fast", wait_ms / 1000, seconds=math.ceil(wait_ms / 1000))

    @contextlib.asynccontextmanager
    async def creating(self, user_id: int) -> AsyncIterator[int]:
        """Held while one of ``user_id``'s tables is being created; yields how many other creations of
        the user are in flight on any process (count them with the stored unfinished tables)."""
        key = f"{self.namespace}:creating:{user_id}"
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.pexpire(key, int(RESERVATION_SECONDS * 1000))
            in_flight, _ = await pipe.execute()
        try:
            yield int(in_flight) - 1
        finally:
            await self.client.decr(key)
