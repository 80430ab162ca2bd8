"""Process metrics for ``/api/stats`` and the load test: garbage-collection pauses.

>>> pauses = GcPauses()
>>> pauses("start", {}); pauses("stop", {})
>>> pauses.count, pauses.longest < 1.0
(1, True)
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Final


class GcPauses:
    """The longest garbage-collection pause seen (the event loop stands still meanwhile)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.by_generation = [0.0, 0.0, 0.0]
        self.count = 0
        self.over_10ms = 0
        self.pauses: list[tuple[int, float]] = []
        """Every pause (generation, seconds), the latest 100,000 at most: a window is read with ``window``."""
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        pause = time.perf_counter() - self._started
        self.count += 1
        self.longest = max(self.longest, pause)
        generation = info.get("generation", 2)
        self.by_generation[generation] = max(self.by_generation[generation], pause)
        self.over_10ms += pause > 0.01
        self.pauses.append((generation, pause))
        if len(self.pauses) > 100_000:
            del self.pauses[:50_000]

    def window(self, since: int = 0) -> dict[str, float | list[float]]:
        """The longest pause, and by generation, among the pauses from number ``since`` on."""
        longest = [0.0, 0.0, 0.0]
        for generation, pause in self.pauses[since:]:
            longest[generation] = max(longest[generation], pause)
        return {
            "gc_window_max_ms": round(1000 * max(longest), 1),
            "gc_window_max_ms_by_generation": [round(1000 * p, 1) for p in longest],
        }

    def install(self) -> GcPauses:
        if self not in gc.callbacks:
            gc.callbacks.append(self)
        return self


class LoopLag:
    """How late the event loop wakes a task that sleeps ``period`` seconds: its stalls, whatever the cause."""

    def __init__(self, period: float = 0.02) -> None:
        self.period = period
        self.lags: list[float] = []

    async def run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(self.period)
            self.lags.append(time.perf_counter() - started - self.period)
            if len(self.lags) > 100_000:
                del self.lags[:50_000]

    def summary(self, since: int = 0) -> dict[str, float]:
        lags = sorted(self.lags[since:]) or [0.0]
        return {
            "loop_lag_p99_ms": round(1000 * lags[int(0.99 * (len(lags) - 1))], 1),
            "loop_lag_max_ms": round(1000 * lags[-1], 1),
        }


GC_PAUSES: Final = GcPauses()
LOOP_LAG: Final = LoopLag()
"""The process-wide tracker (installed by :func:`burraco.web.app.create_app`)."""
