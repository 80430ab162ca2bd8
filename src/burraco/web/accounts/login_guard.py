"""Logins and registrations that cannot flood the server nor lock an owner out of their account.

argon2 runs in a small thread pool with a bounded queue (:class:`HashPool`), and an unknown name costs
one dummy verification, like a known one, so the answer time does not tell which names exist. The
guard (:class:`LoginGuard` in one process, :class:`RedisLoginGuard` shared by every process on one
Redis) limits:

- attempts per address (logins, registrations, guests): a token bucket;
- wrong passwords per *(account, address)*: five within the window lock that pair for a while, so an
  attacker locks only their own address out, never the owner's;
- wrong passwords per account from every address the account has never logged in from: a slower
  bucket (a burst, then one a minute) against guessing from many addresses; an address that logged
  into the account in the last 30 days is known to it and is never slowed by others' failures.

>>> import asyncio
>>> clock = [0.0]
>>> guard = LoginGuard(lambda: clock[0], LoginLimits(address_burst=2, address_every=10.0))
>>> async def demo() -> None:
...     await guard.check("1.2.3.4", "ann"); await guard.check("1.2.3.4", "ann")
...     await guard.check("1.2.3.4", "ann")
>>> asyncio.run(demo())
Traceback (most recent call last):
...
burraco.web.accounts.login_guard.Limited: too many attempts from your address; try again in 10 s
>>> clock[0] = 10.0; asyncio.run(guard.check("1.2.3.4", "ann"))
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

from burraco.web.http import refusals as http_refusals

if TYPE_CHECKING:
    from redis.asyncio import Redis

T = TypeVar("T")
MAX_KEYS: Final = 100_000
"""Addresses or accounts remembered at most (the oldest are forgotten first)."""


@dataclass(frozen=True)
class LoginLimits:
    """How many logins and registrations are allowed (defaults for a public server)."""

    address_burst: int = 20
    """Attempts (logins, registrations, guests) one address may make at once..."""
    address_every: float = 3.0
    """...then one more every this many seconds."""
    account_failures: int = 5
    """Wrong passwords for one account from one address within ``account_window`` seconds that lock
    that account for that address..."""
    account_window: float = 900.0
    account_lockout: float = 900.0
    """...for this many seconds."""
    account_burst: int = 50
    """Wrong passwords for one account from addresses it never logged in from, at once..."""
    account_every: float = 60.0
    """...then one more every this many seconds (the owner's known addresses are never slowed)."""
    known_for: float = 30 * 86400.0
    """Seconds an address that logged into an account stays known to it."""
    hash_workers: int = 2
    """Threads computing argon2 hashes (each takes tens of MB and ~50-300 ms)."""
    hash_queue: int = 16
    """Hash jobs that may wait for a thread; more get 503 (busy) at once."""


class Limited(Exception):
    """Refused for now: answer 429 (or 503 when ``busy``) with ``Retry-After: retry_after``."""

    def __init__(self, code: str, retry_after: float, busy: bool = False, **params: object) -> None:
        super().__init__(http_refusals.message(code, **params))
        self.retry_after = max(1, math.ceil(retry_after))
        self.busy = busy
        self.code, self.params = code, params


class Guard(Protocol):
    """What the account routes ask of a login guard (in memory or in Redis)."""

    async def check(self, address: str, account: str | None = None) -> None: ...
    async def failure(self, address: str, account: str) -> None: ...
    async def success(self, address: str, account: str) -> None: ...


def _forget_oldest(table: dict[T, float] | dict[T, list[float]] | dict[T, tuple[float, float]]) -> None:
    while len(table) >= MAX_KEYS:
        del table[next(iter(table))]


class LoginGuard:
    """The guard of one process, read on the injected clock."""

    def __init__(self, clock: Callable[[], float], limits: LoginLimits | None = None) -> None:
        self.clock = clock
        self.limits = limits or LoginLimits()
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)
        self._account_buckets: dict[str, tuple[float, float]] = {}  # account -> (tokens, at)
        self._failures: dict[tuple[str, str], list[float]] = {}  # (account, address) -> failure times
        self._locked: dict[tuple[str, str], float] = {}  # (account, address) -> locked until
        self._known: dict[tuple[str, str], float] = {}  # (account, address) -> known until

    async def check(self, address: str, account: str | None = None) -> None:
        """Take one attempt from ``address``'s bucket; raise :class:`Limited` when it is empty, when the
        account is locked for this address, or when the account's unknown-address bucket is empty (a
        refused attempt does not use a token)."""
        now, limits = self.clock(), self.limits
        if account is not None:
            pair = (account, address)
            until = self._locked.get(pair)
            if until is not None and now < until:
                raise Limited("account_locked", until - now)
            self._locked.pop(pair, None)
            if not self._is_known(pair, now):
                tokens, _ = self._refill(self._account_buckets, account, limits.account_burst, limits.account_every)
                if tokens < 1:
                    raise Limited("account_locked", (1 - tokens) * limits.account_every)
        tokens, _ = self._refill(self._buckets, address, limits.address_burst, limits.address_every)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            wait = (1 - tokens) * limits.address_every
            raise Limited("too_many_attempts", wait, seconds=math.ceil(wait))
        _forget_oldest(self._buckets)
        self._buckets[address] = (tokens - 1, now)

    async def failure(self, address: str, account: str) -> None:
        """A wrong password for ``account`` (known or not) from ``address``."""
        now, limits = self.clock(), self.limits
        pair = (account, address)
        recent = [t for t in self._failures.pop(pair, []) if now - t < limits.account_window] + [now]
        if len(recent) >= limits.account_failures:
            _forget_oldest(self._locked)
            self._locked[pair] = now + limits.account_lockout
        else:
            _forget_oldest(self._failures)
            self._failures[pair] = recent
        if not self._is_known(pair, now):
            tokens, _ = self._refill(self._account_buckets, account, limits.account_burst, limits.account_every)
            _forget_oldest(self._account_buckets)
            self._account_buckets[account] = (tokens - 1, now)

    async def success(self, address: str, account: str) -> None:
        pair = (account, address)
        self._failures.pop(pair, None)
        _forget_oldest(self._known)
        self._known[pair] = self.clock() + self.limits.known_for

    def _is_known(self, pair: tuple[str, str], now: float) -> bool:
        return self._known.get(pair, -1.0) > now

    def _refill(
        self, buckets: dict[str, tuple[float, float]], key: str, burst: int, every: float
    ) -> tuple[float, float]:
        now = self.clock()
        tokens, at = buckets.pop(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - at) / every)
        buckets[key] = (tokens, now)
        return tokens, now


_REDIS_CHECK: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lock_left = redis.call('PTTL', KEYS[1])
if lock_left > 0 then return {1, lock_left} end
if ARGV[5] == '1' and redis.call('EXISTS', KEYS[2]) == 0 then
  local tat = tonumber(redis.call('GET', KEYS[3]) or now)
  local wait = tat - now - (tonumber(ARGV[3]) - 1) * tonumber(ARGV[4])
  if wait > 0 then return {2, wait} end
end
local every, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[4]) or now)
if tat < now then tat = now end
local wait = tat - now - (burst - 1) * every
if wait > 0 then return {3, wait} end
redis.call('SET', KEYS[4], tat + every, 'PX', burst * every + 1000)
return {0, 0}
"""
_REDIS_FAILURE: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
end
if redis.call('EXISTS', KEYS[3]) == 0 then
  local every, burst = tonumber(ARGV[5]), tonumber(ARGV[4])
  local tat = tonumber(redis.call('GET', KEYS[4]) or now)
  if tat < now then tat = now end
  redis.call('SET', KEYS[4], tat + every, 'PX', math.floor(tat + every - now + burst * every))
end
return 0
"""


class RedisLoginGuard:
    """The same guard, kept in Redis (on the Redis server's clock) so every process shares it."""

    def __init__(self, client: Redis, namespace: str, limits: LoginLimits | None = None) -> None:
        self.client, self.prefix = client, f"{namespace}:login"
        self.limits = limits or LoginLimits()
        self._check = client.register_script(_REDIS_CHECK)
        self._failure = client.register_script(_REDIS_FAILURE)

    def _keys(self, address: str, account: str) -> tuple[str, str, str, str, str]:
        pair = f"{account}|{address}"
        p = self.prefix
        return f"{p}:fail:{pair}", f"{p}:lock:{pair}", f"{p}:known:{pair}", f"{p}:acct:{account}", f"{p}:addr:{address}"

    async def check(self, address: str, account: str | None = None) -> None:
        limits = self.limits
        _, lock, known, acct, addr = self._keys(address, account or "")
        args = [_ms(limits.address_every), limits.address_burst, limits.account_burst, _ms(limits.account_every)]
        kind, wait_ms = await self._check(
            keys=[lock if account else "", known, acct, addr], args=[*args, int(bool(account))]
        )
        wait = int(wait_ms) / 1000
        if int(kind) in (1, 2):
            raise Limited("account_locked", wait)
        if int(kind) == 3:
            raise Limited("too_many_attempts", wait, seconds=math.ceil(wait))

    async def failure(self, address: str, account: str) -> None:
        limits = self.limits
        fail, lock, known, acct, _ = self._keys(address, account)
        args = [_ms(limits.account_window), limits.account_failures, _ms(limits.account_lockout)]
        await self._failure(
            keys=[fail, lock, known, acct], args=[*args, limits.account_burst, _ms(limits.account_every)]
        )

    async def success(self, address: str, account: str) -> None:
        fail, _, known, _, _ = self._keys(address, account)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.delete(fail)
            pipe.set(known, "1", px=_ms(self.limits.known_for))
            await pipe.execute()


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class HashPool:
    """Run argon2 (or any slow call) in ``workers`` threads, with at most ``queue`` calls waiting."""

    def __init__(self, workers: int = 2, queue: int = 16) -> None:
        self.workers, self.queue = workers, queue
        self.pending = 0
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="burraco-argon2")

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        if self.pending >= self.workers + self.queue:
            raise Limited("server_busy", 1, busy=True)
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        finally:
            self.pending -= 1

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
