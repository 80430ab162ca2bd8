"""Per-user limits shared by every process on one Redis (``docs/security.md``, ``docs/deploy.md``).

- **Creation rate**: the same bucket as :class:`burraco.web.accounts.creation_guard.CreationGuard` (``burst``
  tables at once, then one every ``every`` seconds), kept in Redis as a theoretical arrival time
  (GCRA) read on the Redis server's clock, so every process draws from one bucket per user.
- **Unfinished tables**: counted in the shared database plus the user's creations in flight on every
  process (a Redis counter each creation increments first), so two processes creating at once cannot
  both let a user past the limit (a creation may be refused while another commits: never let past).
- **Open table sockets**: one Redis hash per user, a field per process with its count of the user's
  sockets and the Redis time of its last refresh. A process takes a socket only if the user's sockets on
  every live process stay within the limit; it refreshes its own counts (absolute, so a count that
  drifted heals) every :data:`SOCKETS_REFRESH` seconds, and the counts of a process that stopped
  refreshing (it died) stop counting after :data:`SOCKETS_STALE` seconds.
"""

from __future__ import annotations

import contextlib
import math
import secrets
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Final

from burraco.web.accounts.creation_guard import ADDRESS_FACTOR
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
_SOCKET_TAKE: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local own, limit, stale = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local name = fields[i]
  if string.sub(name, -3) ~= '@at' then
    local at = tonumber(redis.call('HGET', KEYS[1], name .. '@at') or 0)
    if name ~= own and now - at > stale then
      redis.call('HDEL', KEYS[1], name, name .. '@at')
    else
      total = total + tonumber(fields[i + 1])
    end
  end
end
if total >= limit then return 0 end
redis.call('HINCRBY', KEYS[1], own, 1)
redis.call('HSET', KEYS[1], own .. '@at', now)
redis.call('PEXPIRE', KEYS[1], stale)
return 1
"""
_SOCKET_SET: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local own, count = ARGV[1], tonumber(ARGV[2])
if count > 0 then
  redis.call('HSET', KEYS[1], own, count, own .. '@at', now)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
else
  redis.call('HDEL', KEYS[1], own, own .. '@at')
end
return 0
"""
SOCKETS_REFRESH: Final = 5.0
"""Seconds between two refreshes of a process's socket counts in Redis."""
SOCKETS_STALE: Final = 15.0
"""Seconds after its last refresh a process's socket counts stop counting (the process died)."""
RESERVATION_SECONDS: Final = 30.0
"""A user's count of creations in flight lapses this long after the latest one began (if a process
died in the middle of one, its reservation does not count for ever)."""


class SharedLimits:
    """The per-user limits of every process, in Redis (an ``redis.asyncio`` client)."""

    def __init__(self, client: Redis, namespace: str, burst: int, every: float, process: str | None = None) -> None:
        self.client, self.namespace = client, namespace
        self.burst, self.every_ms = burst, max(1, int(every * 1000))
        self.process = process or secrets.token_hex(6)
        """This process's field in every user's socket count."""
        self._gcra = client.register_script(_GCRA)
        self._socket_take = client.register_script(_SOCKET_TAKE)
        self._socket_set = client.register_script(_SOCKET_SET)

    async def check_rate(self, user_id: int, address: str | None = None, code: str = "tables_too_fast") -> None:
        """Take one table creation (or what this bucket counts) from ``user_id``'s shared bucket and from
        ``address``'s (a bucket of :data:`~burraco.web.accounts.creation_guard.ADDRESS_FACTOR` users), or
        raise :class:`Limited` with ``code``."""
        buckets = [(f"{self.namespace}:rate:{user_id}", self.every_ms, self.burst)]
        if address:
            buckets.append(
                (f"{self.namespace}:rate-addr:{address}", self.every_ms // ADDRESS_FACTOR, self.burst * ADDRESS_FACTOR)
            )
        for key, every_ms, burst in buckets:
            wait_ms = int(await self._gcra(keys=[key], args=[max(1, every_ms), burst]))
            if wait_ms > 0:
                raise Limited(code, wait_ms / 1000, seconds=math.ceil(wait_ms / 1000))

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

    # ------------------------------------------------------------------ open table sockets
    def _sockets_key(self, user_id: int) -> str:
        return f"{self.namespace}:sockets:{user_id}"

    async def take_socket(self, user_id: int, limit: int) -> bool:
        """Count one more table socket of ``user_id`` on this process, unless the user already has
        ``limit`` open on the live processes together (then False, and nothing is counted)."""
        args: list[str | int] = [self.process, limit, int(SOCKETS_STALE * 1000)]
        return bool(int(await self._socket_take(keys=[self._sockets_key(user_id)], args=args)))

    async def set_sockets(self, counts: dict[int, int]) -> None:
        """Write this process's count of each user's sockets (0: none left), stamped with the time."""
        if not counts:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for user_id, count in counts.items():
                args: list[str | int] = [self.process, count, int(SOCKETS_STALE * 1000)]
                await self._socket_set(keys=[self._sockets_key(user_id)], args=args, client=pipe)
            await pipe.execute()
