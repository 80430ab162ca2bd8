"""Table ownership by lease, the first piece of running many server processes (``docs/deploy.md``).

A process may hold a live table (deal, write its events, run its bots) only while it holds the
table's lease. :class:`RedisLeases` keeps leases in Redis (``SET NX PX``; renew and release only by
the owner, atomically, with small Lua scripts), so processes sharing one Redis and one database
never both own a table; a process that dies stops renewing, and its leases lapse after ``ttl``.
:class:`LocalLeases` is the single-process stand-in (every lease is granted; nothing to share).

>>> leases = LocalLeases("proc-a")
>>> leases.acquire(7), leases.renew(7), leases.owner(7)
(True, True, 'proc-a')
>>> leases.release(7); leases.owner(7) is None
True
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    import redis

NAMESPACE: Final = "burraco"
"""The default first part of every Redis key of the game (``BURRACO_REDIS_NAMESPACE`` changes it)."""
PREFIX: Final = NAMESPACE + ":table:"
DEFAULT_TTL: Final = 15.0
"""Seconds a lease lasts unless renewed (its process renews its leases every second, ``ownership.py``)."""
_RENEW: Final = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0
"""
_RENEW_MANY: Final = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('pexpire', key, ARGV[2]) else lost[#lost + 1] = i end
end
return lost
"""
RENEW_CHUNK: Final = 1000
"""Leases renewed at most in one round trip (one short script: Redis serves nothing else meanwhile)."""
_RELEASE: Final = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""
_HAND_OVER: Final = """
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0
"""


class Leases(Protocol):
    """Who owns which table."""

    name: str

    def acquire(self, table_id: int) -> bool: ...
    def renew(self, table_id: int) -> bool: ...
    def renew_all(self, table_ids: list[int]) -> list[int]: ...
    def release(self, table_id: int) -> None: ...
    def hand_over(self, table_id: int, to: str) -> bool: ...
    def owner(self, table_id: int) -> str | None: ...
    def unheld(self, table_ids: list[int]) -> list[int]: ...


def process_name() -> str:
    """A name for this process's leases, unique among the processes sharing a Redis."""
    return f"burraco-{secrets.token_hex(6)}"


class LocalLeases:
    """One process alone: it owns every table it asks for."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name or process_name()
        self._held: set[int] = set()

    def acquire(self, table_id: int) -> bool:
        self._held.add(table_id)
        return True

    def renew(self, table_id: int) -> bool:
        return table_id in self._held

    def renew_all(self, table_ids: list[int]) -> list[int]:
        """Renew these leases; the tables of ``table_ids`` whose lease this process no longer holds."""
        return [t for t in table_ids if t not in self._held]

    def release(self, table_id: int) -> None:
        self._held.discard(table_id)

    def hand_over(self, table_id: int, to: str) -> bool:
        """A process alone has nobody to hand a table to."""
        return False

    def owner(self, table_id: int) -> str | None:
        return self.name if table_id in self._held else None

    def unheld(self, table_ids: list[int]) -> list[int]:
        """The tables of ``table_ids`` nobody holds."""
        return [t for t in table_ids if t not in self._held]


class RedisLeases:
    """Leases shared by every process on one Redis (``redis.Redis`` with ``decode_responses=True``)."""

    def __init__(
        self, client: redis.Redis, name: str | None = None, ttl: float = DEFAULT_TTL, prefix: str = PREFIX
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.name = name or process_name()
        self.ttl_ms = max(1, int(ttl * 1000))
        self._renew = client.register_script(_RENEW)
        self._renew_many = client.register_script(_RENEW_MANY)
        self._release = client.register_script(_RELEASE)
        self._hand_over = client.register_script(_HAND_OVER)

    @classmethod
    def from_url(cls, url: str, name: str | None = None, ttl: float = DEFAULT_TTL, prefix: str = PREFIX) -> RedisLeases:
        import redis as redis_module

        return cls(redis_module.Redis.from_url(url, decode_responses=True), name, ttl, prefix)

    def acquire(self, table_id: int) -> bool:
        """Take the table's lease if nobody holds it (or this process already does)."""
        key = self.prefix + str(table_id)
        if self.client.set(key, self.name, nx=True, px=self.ttl_ms):
            return True
        return self.renew(table_id)

    def renew(self, table_id: int) -> bool:
        """Extend the lease; False if this process no longer holds it (it must drop the table)."""
        return bool(self._renew(keys=[self.prefix + str(table_id)], args=[self.name, self.ttl_ms]))

    def renew_all(self, table_ids: list[int]) -> list[int]:
        """Renew these leases, a thousand per round trip (not one each: the ticker renews every table
        held, and thousands of round trips would stall the event loop); the tables whose lease this
        process no longer holds (it must drop them)."""
        lost: list[int] = []
        for start in range(0, len(table_ids), RENEW_CHUNK):
            chunk = table_ids[start : start + RENEW_CHUNK]
            positions = self._renew_many(keys=[self.prefix + str(t) for t in chunk], args=[self.name, self.ttl_ms])
            lost.extend(chunk[int(i) - 1] for i in positions)
        return lost

    def release(self, table_id: int) -> None:
        self._release(keys=[self.prefix + str(table_id)], args=[self.name])

    def hand_over(self, table_id: int, to: str) -> bool:
        """Give the lease to process ``to`` at once (a fresh ``ttl``), if this process holds it: never
        a moment with no owner (adoption would step in) nor with two."""
        return bool(self._hand_over(keys=[self.prefix + str(table_id)], args=[self.name, to, self.ttl_ms]))

    def owner(self, table_id: int) -> str | None:
        value = self.client.get(self.prefix + str(table_id))
        return None if value is None else str(value)

    def unheld(self, table_ids: list[int]) -> list[int]:
        """The tables of ``table_ids`` nobody holds (one round trip per thousand)."""
        free: list[int] = []
        for start in range(0, len(table_ids), 1000):
            chunk = table_ids[start : start + 1000]
            owners = self.client.mget([self.prefix + str(t) for t in chunk])
            free.extend(t for t, owner in zip(chunk, owners, strict=True) if owner is None)
        return free
