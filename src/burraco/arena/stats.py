"""Statistics of a bot-vs-bot run: Wilson score interval, Elo difference and its interval.

A game (hand or match) counts 1 for a win, ½ for a draw and 0 for a loss; the *score* ``p`` of
a bot is the mean of those. The 95% interval of ``p`` is Wilson's; the Elo difference is
``-400 log10(1/p - 1)`` and its interval is the Elo of Wilson's bounds (the map is monotone).

>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 4), round(hi, 4)
(0.4902, 0.9433)
>>> round(elo_from_score(0.75), 1)
190.8
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

Z95: Final = 1.959963984540054
"""The two-sided 95% normal quantile."""
ELO_CAP: Final = 1200.0
"""Elo differences are reported within ±1200 (a score of 0 or 1 has no finite Elo)."""


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``successes / n`` (draws may count ½).

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    >>> [round(x, 4) for x in wilson_interval(100, 100)]
    [0.963, 1.0]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def elo_from_score(p: float) -> float:
    """Elo difference for an expected score ``p`` (capped at ±:data:`ELO_CAP`).

    >>> elo_from_score(0.5), elo_from_score(1.0), elo_from_score(0.0)
    (0.0, 1200.0, -1200.0)
    >>> round(elo_from_score(0.9), 1)
    381.7
    """
    if p <= 0.0:
        return -ELO_CAP
    if p >= 1.0:
        return ELO_CAP
    return max(-ELO_CAP, min(ELO_CAP, -400.0 * math.log10(1.0 / p - 1.0))) + 0.0


@dataclass(frozen=True, slots=True)
class Record:
    """Wins, losses and draws of one bot over ``games`` games."""

    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """Wins plus half the draws, over the games (0.5 when no game was played)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal 95% interval.

    >>> mean_interval([10, 20, 30])
    (20.0, 8.684, 31.316)
    """
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (round(mean, 3), round(mean, 3), round(mean, 3))
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (round(mean, 3), round(mean - half, 3), round(mean + half, 3))


def summarize(names: tuple[str, str], outcomes: Sequence[int], hand_diffs: Sequence[float]) -> dict[str, Any]:
    """The report of a run. ``outcomes``: per game +1 (A won), 0 (draw), -1 (B won);
    ``hand_diffs``: per hand, A's points minus B's.

    >>> report = summarize(("a", "b"), [1, 1, 1, -1, 0], [100, 50, 20, -40, 0])
    >>> report["results"][0]["wins"], report["results"][0]["win_rate"], report["results"][1]["win_rate"]
    (3, 0.7, 0.3)
    >>> report["elo_diff"]
    147.2
    """
    wins = sum(1 for o in outcomes if o > 0)
    losses = sum(1 for o in outcomes if o < 0)
    draws = len(outcomes) - wins - losses
    a = Record(wins, losses, draws)
    b = Record(losses, wins, draws)
    results = []
    for name, record, sign in ((names[0], a, 1.0), (names[1], b, -1.0)):
        lo, hi = record.interval()
        mean, mlo, mhi = mean_interval([sign * d for d in hand_diffs])
        results.append(
            {
                "bot": name,
                "games": record.games,
                "wins": record.wins,
                "losses": record.losses,
                "draws": record.draws,
                "win_rate": round(record.score, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score_diff_per_hand": mean,
                "mean_score_diff_ci95": [mlo, mhi],
            }
        )
    lo, hi = a.interval()
    return {
        "games": len(outcomes),
        "hands": len(hand_diffs),
        "results": results,
        "elo_diff": round(elo_from_score(a.score), 1),
        "elo_ci95": [round(elo_from_score(lo), 1), round(elo_from_score(hi), 1)],
    }
