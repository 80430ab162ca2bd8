"""Match points and victory points (docs/rules.md §10, Art. 30).

Game points are always multiples of 5, so a table row "55 – 150" means "more than 50 and at
most 150": each row is stored by its upper bound.

>>> victory_points(300)
(13, 7)
>>> victory_points(-300)
(7, 13)
>>> victory_points(820), victory_points(820, table="portal"), victory_points(820, hands=4)
((16, 4), (17, 3), (14, 6))
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from burraco.core.errors import RulesOptionError

# Upper bounds of each row; the row index is the winner's VP minus 10.
FIBUR_3_HANDS: Final = (50, 150, 250, 350, 500, 650, 850, 1000, 1250, 1500)
FIBUR_4_HANDS: Final = (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000)
PORTAL: Final = (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500)
TABLES: Final = {("fibur", 3): FIBUR_3_HANDS, ("fibur", 4): FIBUR_4_HANDS, ("portal", 3): PORTAL}
REST_VP: Final = 14
"""§11: a resting side receives 70% of the maximum, 14 VP."""
REST_MP: Final = 355
"""§11: the MP equal to a rest's 14 VP."""


def vp_bounds(table: str = "fibur", hands: int = 3) -> tuple[int, ...]:
    """The upper bounds of a VP table's rows.

    ``table`` is ``fibur`` (Art. 30; ``hands`` 4 gives the federation's 4-hand table, 2 or 3 the
    3-hand one) or ``portal`` (seed 002, any number of hands).
    """
    if table == "portal":
        return PORTAL
    if table != "fibur":
        raise RulesOptionError(f"unknown VP table {table!r}; known tables: fibur, portal")
    if hands not in (1, 2, 3, 4):
        raise RulesOptionError(f"VP tables exist for turns of 2, 3 or 4 hands, not {hands}")
    return FIBUR_4_HANDS if hands == 4 else FIBUR_3_HANDS


def victory_points(mp_diff: int, table: str = "fibur", hands: int = 3) -> tuple[int, int]:
    """VP of (side A, side B) for ``mp_diff`` = A's game points minus B's.

    >>> victory_points(0), victory_points(50), victory_points(55), victory_points(1501)
    ((10, 10), (10, 10), (11, 9), (20, 0))
    """
    bounds = vp_bounds(table, hands)
    winner = 10 + bisect_left(bounds, abs(mp_diff))
    return (winner, 20 - winner) if mp_diff >= 0 else (20 - winner, winner)


def vp_row(mp_diff: int, table: str = "fibur", hands: int = 3) -> str:
    """The table row that applies to ``|mp_diff|``, as printed in the code: ``255 – 350``.

    >>> vp_row(300), vp_row(2500)
    ('255 – 350', 'over 1500')
    """
    bounds = vp_bounds(table, hands)
    index = bisect_left(bounds, abs(mp_diff))
    if index == len(bounds):
        return f"over {bounds[-1]}"
    low = 0 if index == 0 else bounds[index - 1] + 5
    return f"{low} – {bounds[index]}"


def match_points(total_a: int, total_b: int) -> tuple[int, int]:
    """MP of (A, B): the difference of the totals, positive for the winner (seed 002).

    >>> match_points(2000, 1700)
    (300, -300)
    """
    diff = total_a - total_b
    return diff, -diff
