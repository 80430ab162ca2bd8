"""The machine's speed at running Python, measured while the load test runs.

CPU time per action depends on the machine as much as on the server, and a shared virtual machine's
speed changes from one second to the next (on a shared 2-core machine the same work took from 21 to
44 ms within a minute). :class:`Anchor` times one fixed piece of interpreted work (function calls,
small dicts and lists, string formatting and sorting: what a web server's Python does) every second
in a low-priority process beside the run, and reports the median (:attr:`Anchor.median_ms`). A CPU
figure divided by it (``server_cpu_per_action_anchors``) compares across machines and runs.

>>> anchor_ms(rounds=200) > 0
True
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import time
from typing import Final

ROUNDS: Final = 2_000
"""Records built, joined and sorted per timing (5-10 ms of CPU on a shared 2.4 GHz server core)."""
EVERY_S: Final = 1.0
"""Seconds between two timings (the sampler costs well under 1% of a core)."""


def _work(rounds: int) -> int:
    rows: list[tuple[int, str, int]] = []
    for i in range(rounds):
        cards = [f"{(i * k) % 13 + 1}H" for k in range(5)]
        row = {"i": i, "seat": i % 4, "cards": cards, "kind": "discard"}
        rows.append((i % 4, ",".join(cards), _nested(i % 7) + len(row)))
    rows.sort()
    return len(rows)


def _nested(depth: int) -> int:
    return 1 if depth <= 1 else _nested(depth - 1) + _nested(depth - 2)


def anchor_ms(rounds: int = ROUNDS) -> float:
    """CPU milliseconds of the fixed work, once."""
    started = time.process_time()
    _work(rounds)
    return 1000 * (time.process_time() - started)


def sample_forever(every: float = EVERY_S) -> None:  # pragma: no cover - run as the sampler process
    """Print one timing per line, every ``every`` seconds, until killed."""
    with contextlib.suppress(OSError):
        os.nice(19)  # it must take as little as it can from the servers and the clients
    while True:
        print(f"{anchor_ms():.3f}", flush=True)
        time.sleep(every)


class Anchor:
    """The sampler process: started with ``with``, its timings read when the block ends."""

    def __init__(self) -> None:
        self.timings: list[float] = []
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> Anchor:
        code = "from burraco.loadtest.anchor import sample_forever; sample_forever()"
        self._process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        return self

    def __exit__(self, *exc: object) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        output = process.communicate(timeout=10)[0]
        self.timings = [float(line) for line in output.split() if line]

    @property
    def median_ms(self) -> float:
        """The median timing (NaN without any)."""
        return round(statistics.median(self.timings), 3) if self.timings else float("nan")
