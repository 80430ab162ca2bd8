"""A tiny portable PRNG (SplitMix64) so a seed gives the same deal on every machine and Python.

Python's :mod:`random` does not promise identical ``shuffle`` results across versions; this
generator is specified by its arithmetic alone (docs/rules.md §2: a seeded deal reproduces exactly).

>>> r = SplitMix64(42); [r.below(10) for _ in range(5)]
[3, 1, 8, 4, 0]
"""

from __future__ import annotations

from typing import Final, TypeVar

MASK64: Final = (1 << 64) - 1
T = TypeVar("T")
_M32: Final = 0xFFFFFFFF
_SMALL_BOUND: Final = 1 << 30
"""Bounds below this draw with small integers only (compiled: native multiplications, whose
fast path wants both factors under 2**30)."""


def _mul64(hi: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """``(hi:lo) * c mod 2**64`` for the constant ``c`` given as 16-bit limbs ``c3 c2 c1 c0``,
    by 16-bit limbs (every product under 2**32, every sum under 2**36; exact)."""
    x0 = lo & 0xFFFF
    x1 = lo >> 16
    x2 = hi & 0xFFFF
    x3 = hi >> 16
    col1 = x0 * c1 + x1 * c0
    low = x0 * c0 + ((col1 & 0xFFFF) << 16)
    col3 = x0 * c3 + x1 * c2 + x2 * c1 + x3 * c0
    high = (low >> 32) + (col1 >> 16) + x0 * c2 + x1 * c1 + x2 * c0 + ((col3 & 0xFFFF) << 16)
    return high & _M32, low & _M32


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014) with unbiased bounded draws by rejection.

    The 64-bit state is kept as two 32-bit halves: the arithmetic is the generator's own, done
    on small integers, which the compiled core keeps unboxed (a 64-bit Python integer is a
    heap object for every intermediate: the deal's shuffle cost ≈6 % of a random hand).
    ``tests/core/test_rng.py`` checks the stream against the plain 64-bit formulas.
    """

    __slots__ = ("_hi", "_lo")

    def __init__(self, seed: int) -> None:
        state = seed & MASK64
        self._hi = state >> 32
        self._lo = state & _M32

    @property
    def state(self) -> int:
        """The 64-bit state."""
        return self._hi << 32 | self._lo

    def clone(self) -> SplitMix64:
        """A generator at the same point of the same stream."""
        return SplitMix64(self.state)

    def _next(self) -> tuple[int, int]:
        """The next output as 32-bit halves (high, low)."""
        lo = self._lo + 0x7F4A7C15
        hi = (self._hi + 0x9E3779B9 + (lo >> 32)) & _M32
        lo &= _M32
        self._hi = hi
        self._lo = lo
        lo ^= ((lo >> 30) | (hi << 2)) & _M32
        hi ^= hi >> 30
        hi, lo = _mul64(hi, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)  # 0xBF58476D1CE4E5B9
        lo ^= ((lo >> 27) | (hi << 5)) & _M32
        hi ^= hi >> 27
        hi, lo = _mul64(hi, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)  # 0x94D049BB133111EB
        lo ^= ((lo >> 31) | (hi << 1)) & _M32
        hi ^= hi >> 31
        return hi, lo

    def next64(self) -> int:
        hi, lo = self._next()
        return hi << 32 | lo

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n >= _SMALL_BOUND:
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                x = self.next64()
                if x < limit:
                    return x % n
        base = (1 << 32) % n
        rest = base * base % n  # 2**64 mod n: outputs from 2**64 - rest up are rejected
        while True:
            hi, lo = self._next()
            if not rest or hi != _M32 or lo < (1 << 32) - rest:
                return ((hi % n) * base + lo % n) % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
