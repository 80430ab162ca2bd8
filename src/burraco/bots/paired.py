"""Root candidates compared on common worlds: every candidate still in the race is played in the
same determinization, so their rewards differ by the action, not by the luck of the deal.

A candidate leaves the race once the leader beats it on the common worlds by more than ``z``
standard errors of the paired difference (checked every ``every`` worlds, after ``first``). The
race is over when one candidate is left.

>>> race = PairedRace(["a", "b", "c"], z=2.0, first=4, every=1)
>>> for reward_a, reward_b, reward_c in [(0.6, 0.5, 0.1), (0.7, 0.5, 0.2), (0.65, 0.55, 0.1), (0.6, 0.7, 0.0)]:
...     race.record([reward_a, reward_b, reward_c])
>>> race.live, race.leader()
(['a', 'b'], 'a')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class PairedRace(Generic[T]):
    """The candidates' rewards summed world by world (and their pairwise differences), and which
    candidates are still in the race."""

    def __init__(self, candidates: Sequence[T], z: float = 3.0, first: int = 16, every: int = 8) -> None:
        if not candidates:
            raise ValueError("a race needs at least one candidate")
        self.candidates = list(candidates)
        self.live: list[T] = list(candidates)
        size = len(candidates)
        self._index = {c: i for i, c in enumerate(candidates)}
        self._sum = [0.0] * size
        self._count = [0] * size
        self._diff = [[0.0] * size for _ in range(size)]
        self._square = [[0.0] * size for _ in range(size)]
        self._common = [[0] * size for _ in range(size)]
        self.z = z
        self.first = first
        self.every = every
        self.worlds = 0

    @property
    def over(self) -> bool:
        return len(self.live) == 1

    def record(self, rewards: Sequence[float]) -> None:
        """The rewards of one world, in the order of :attr:`live`; then drop the clearly beaten."""
        if len(rewards) != len(self.live):
            raise ValueError(f"{len(self.live)} live candidates, {len(rewards)} rewards")
        index = [self._index[c] for c in self.live]
        for i, value in zip(index, rewards, strict=True):
            self._sum[i] += value
            self._count[i] += 1
            diff, square, common = self._diff[i], self._square[i], self._common[i]
            for j, other in zip(index, rewards, strict=True):
                d = value - other
                diff[j] += d
                square[j] += d * d
                common[j] += 1
        self.worlds += 1
        if self.worlds >= self.first and (self.worlds - self.first) % self.every == 0:
            self._drop_beaten()

    def mean(self, candidate: T) -> float:
        i = self._index[candidate]
        return self._sum[i] / self._count[i] if self._count[i] else 0.0

    def leader(self) -> T:
        """The live candidate with the best mean reward (the first listed on a tie)."""
        return max(self.live, key=self.mean)

    def _drop_beaten(self) -> None:
        best = self.leader()
        self.live = [c for c in self.live if c == best or not self._beaten(best, c)]

    def _beaten(self, best: T, other: T) -> bool:
        """Whether ``best`` beats ``other`` by more than ``z`` standard errors on their common worlds."""
        i, j = self._index[best], self._index[other]
        n = self._common[i][j]
        if n < 2:
            return False
        mean = self._diff[i][j] / n
        variance = max(0.0, (self._square[i][j] - n * mean * mean) / (n - 1))
        return mean > self.z * math.sqrt(variance / n) + 1e-12
