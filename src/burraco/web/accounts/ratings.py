"""Player ratings with openskill (Plackett-Luce): sides are teams, ranked by their match totals.

>>> before = [[(25.0, 25 / 3)], [(25.0, 25 / 3)]]
>>> after = rate(before, totals=[1200, 800])
>>> after[0][0][0] > 25.0 > after[1][0][0]
True
>>> display(25.0, 25 / 3)
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
DEFAULT_MU: Final = MODEL.mu
DEFAULT_SIGMA: Final = MODEL.sigma

Rating = tuple[float, float]
Standing = TypeVar("Standing", int, tuple[int, int])
"""What ranks a team: its match total, or (stayed, total) when leaving the match counts as a loss."""


def rate(teams: Sequence[Sequence[Rating]], totals: Sequence[Standing]) -> list[list[Rating]]:
    """New (mu, sigma) of every team member; a higher total (or standing) ranks higher, equal ones tie."""
    ordered = sorted(set(totals), reverse=True)
    ranks = [float(ordered.index(t)) for t in totals]
    model_teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    result = MODEL.rate(model_teams, ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in result]


def display(mu: float, sigma: float) -> float:
    """The conservative rating shown to players: mu - 3 sigma (0 for a new player)."""
    return round(mu - 3 * sigma, 2)
