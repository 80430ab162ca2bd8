"""Table creation limited per user: a token bucket on the injected clock (429 with ``Retry-After``).

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
"""Users remembered at most (the oldest are forgotten first)."""


class CreationGuard:
    """``burst`` tables at once per user, then one more every ``every`` seconds."""

    def __init__(self, clock: Callable[[], float], burst: int = 10, every: float = 6.0) -> None:
        self.clock, self.burst, self.every = clock, burst, every
        self._buckets: dict[int, tuple[float, float]] = {}  # user -> (tokens, at)

    def check(self, user_id: int) -> None:
        """Take one token of ``user_id``'s bucket, or raise :class:`Limited`."""
        now = self.clock()
        tokens, at = self._buckets.pop(user_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.every)
        if tokens < 1:
            self._buckets[user_id] = (tokens, now)
            wait = (1 - tokens) * self.every
            raise Limited("tables_too_fast", wait, seconds=math.ceil(wait))
        while len(self._buckets) >= MAX_USERS:
            del self._buckets[next(iter(self._buckets))]
        self._buckets[user_id] = (tokens - 1, now)
