"""Logins and registrations that cannot flood the server: argon2 runs in a small thread pool with a
bounded queue (:class:`HashPool`), attempts are limited per address and failures per account
(:class:`LoginGuard`, read on the injected clock), and an unknown name costs one dummy verification,
like a known one, so the answer time does not tell which names exist.

>>> clock = [0.0]
>>> guard = LoginGuard(lambda: clock[0], LoginLimits(address_burst=2, address_every=10.0))
>>> guard.check("1.2.3.4", "ann"); guard.check("1.2.3.4", "ann")
>>> guard.check("1.2.3.4", "ann")
Traceback (most recent call last):
...
burraco.web.accounts.login_guard.Limited: too many attempts from your address; try again in 10 s
>>> clock[0] = 10.0; guard.check("1.2.3.4", "ann")
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final, TypeVar

from burraco.web.http import refusals as http_refusals

T = TypeVar("T")
MAX_KEYS: Final = 100_000
"""Addresses or accounts remembered at most (the oldest are forgotten first)."""


@dataclass(frozen=True)
class LoginLimits:
    """How many logins and registrations are allowed (defaults for a public server)."""

    address_burst: int = 20
    """Attempts (logins and registrations) one address may make at once..."""
    address_every: float = 3.0
    """...then one more every this many seconds."""
    account_failures: int = 5
    """Wrong passwords for one account name within ``account_window`` seconds that lock it..."""
    account_window: float = 900.0
    account_lockout: float = 900.0
    """...for this many seconds."""
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


def _forget_oldest(table: dict[str, T]) -> None:
    while len(table) >= MAX_KEYS:
        del table[next(iter(table))]


class LoginGuard:
    """Per-address token buckets and per-account failure windows with a lockout."""

    def __init__(self, clock: Callable[[], float], limits: LoginLimits | None = None) -> None:
        self.clock = clock
        self.limits = limits or LoginLimits()
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)
        self._failures: dict[str, list[float]] = {}  # account -> failure times in the window
        self._locked: dict[str, float] = {}  # account -> locked until

    def check(self, address: str, account: str | None = None) -> None:
        """Take one attempt from ``address``'s bucket; raise :class:`Limited` when it is empty or the
        account is locked (a locked account's attempt does not use a token)."""
        now, limits = self.clock(), self.limits
        if account is not None:
            until = self._locked.get(account)
            if until is not None and now < until:
                raise Limited("account_locked", until - now)
            self._locked.pop(account, None)
        tokens, at = self._buckets.pop(address, (float(limits.address_burst), now))
        tokens = min(float(limits.address_burst), tokens + (now - at) / limits.address_every)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            wait = (1 - tokens) * limits.address_every
            raise Limited("too_many_attempts", wait, seconds=math.ceil(wait))
        _forget_oldest(self._buckets)
        self._buckets[address] = (tokens - 1, now)

    def failure(self, account: str) -> None:
        """A wrong password for ``account`` (known or not): enough of them lock it."""
        now, limits = self.clock(), self.limits
        recent = [t for t in self._failures.pop(account, []) if now - t < limits.account_window] + [now]
        if len(recent) >= limits.account_failures:
            _forget_oldest(self._locked)
            self._locked[account] = now + limits.account_lockout
            recent = []
        else:
            _forget_oldest(self._failures)
            self._failures[account] = recent

    def success(self, account: str) -> None:
        self._failures.pop(account, None)


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
