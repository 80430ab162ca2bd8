"""A tiny portable PRNG (SplitMix64) so a seed gives the same deal on every machine and Python.

Python's :mod:`random` does not promise identical ``shuffle`` results across versions; this
generator is specified by its arithmetic alone (RULES.md §2: a seeded deal reproduces exactly).

>>> r = SplitMix64(42); [r.below(10) for _ in range(5)]
[3, 1, 8, 4, 0]
"""

from __future__ import annotations

from typing import Final, TypeVar

MASK64: Final = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014) with unbiased bounded draws by rejection."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def clone(self) -> SplitMix64:
        """A generator at the same point of the same stream."""
        return SplitMix64(self.state)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
