"""Table creation limited per user and per address: token buckets on the injected clock (429 with
``Retry-After``). An address's bucket holds :data:`ADDRESS_FACTOR` times a user's, so the people behind
one address share room for several users' tables but twenty guests of one client cannot fill the lobby.

>>> clock = [0.0]
>>> guard = CreationGuard(lambda: clock[0], burst=2, every=5.0)
>>> guard.check(7); guard.check(7)
>>> guard.check(7)
Traceback (most recent call last):
...
burraco.web.accounts.login_guard.Limited: you are creating tables too fast; try again in 5 s
>>> clock[0] = 5.0; guard.check(7)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from burraco.web.accounts.login_guard import Limited

MAX_USERS: Final = 100_000
"""Users and addresses remembered at most (the oldest are forgotten first)."""
ADDRESS_FACTOR: Final = 3
"""An address's bucket is this many users' buckets (burst and rate)."""


class CreationGuard:
    """``burst`` tables at once per user, then one more every ``every`` seconds."""

    def __init__(self, clock: Callable[[], float], burst: int = 10, every: float = 6.0) -> None:
        self.clock, self.burst, self.every = clock, burst, every
        self._buckets: dict[int | str, tuple[float, float]] = {}  # user id or address -> (tokens, at)

    def check(self, user_id: int, address: str | None = None, code: str = "tables_too_fast") -> None:
        """Take one token of ``user_id``'s bucket and of ``address``'s, or raise :class:`Limited` with
        ``code`` (and take none)."""
        now = self.clock()
        user = self._tokens(user_id, self.burst, self.every, now)
        place = (
            self._tokens(address, self.burst * ADDRESS_FACTOR, self.every / ADDRESS_FACTOR, now) if address else None
        )
        for tokens, every in ((user, self.every), (place, self.every / ADDRESS_FACTOR)):
            if tokens is not None and tokens < 1:
                wait = (1 - tokens) * every
                raise Limited(code, wait, seconds=math.ceil(wait))
        while len(self._buckets) >= MAX_USERS:
            del self._buckets[next(iter(self._buckets))]
        self._buckets[user_id] = (user - 1, now)
        if address and place is not None:
            self._buckets[address] = (place - 1, now)

    def _tokens(self, key: int | str, burst: int, every: float, now: float) -> float:
        tokens, at = self._buckets.pop(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - at) / every)
        self._buckets[key] = (tokens, now)
        return tokens
