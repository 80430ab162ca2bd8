"""Match points and victory points (docs/rules.md §10, Art. 30).

Game points are always multiples of 5, so a table row "55 – 150" means "more than 50 and at
most 150": each row is stored by its upper bound. Art. 30 gives one table for every turn, whatever
its number of hands (``fibur``, the default); ``portal`` is seed 002's variant (655–800 is 16–4);
``wide`` a wider scale some organisers use for four-hand turns (never the default).

>>> victory_points(300)
(13, 7)
>>> victory_points(-300)
(7, 13)
>>> victory_points(400), victory_points(820), victory_points(820, table="portal"), victory_points(820, table="wide")
((14, 6), (16, 4), (17, 3), (14, 6))
>>> victory_points(52)
Traceback (most recent call last):
...
burraco.core.errors.RulesOptionError: 52 MP is not a difference of game points: they are multiples of 5
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from burraco.core.errors import RulesOptionError

# Upper bounds of each row; the row index is the winner's VP minus 10.
FIBUR: Final = (50, 150, 250, 350, 500, 650, 850, 1000, 1250, 1500)
"""Art. 30: the federation's table, for turns of any number of hands."""
PORTAL: Final = (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500)
"""Seed 002's portal: 655–800 is 16–4 and 805–1000 is 17–3."""
WIDE: Final = (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000)
"""A wider scale some organisers use for four-hand turns (not the code's)."""
TABLES: Final = {"fibur": FIBUR, "portal": PORTAL, "wide": WIDE}
REST_VP: Final = 14
"""§11: a resting side receives 70% of the maximum, 14 VP."""
REST_MP: Final = 355
"""§11: the MP equal to a rest's 14 VP."""


def vp_bounds(table: str = "fibur") -> tuple[int, ...]:
    """The upper bounds of a VP table's rows: ``fibur`` (Art. 30), ``portal`` (seed 002) or ``wide``."""
    bounds = TABLES.get(table)
    if bounds is None:
        raise RulesOptionError(f"unknown VP table {table!r}; known tables: {', '.join(TABLES)}")
    return bounds


def victory_points(mp_diff: int, table: str = "fibur") -> tuple[int, int]:
    """VP of (side A, side B) for ``mp_diff`` = A's game points minus B's (a multiple of 5).

    >>> victory_points(0), victory_points(50), victory_points(55), victory_points(1505)
    ((10, 10), (10, 10), (11, 9), (20, 0))
    """
    if mp_diff % 5:
        raise RulesOptionError(f"{abs(mp_diff)} MP is not a difference of game points: they are multiples of 5")
    bounds = vp_bounds(table)
    winner = 10 + bisect_left(bounds, abs(mp_diff))
    return (winner, 20 - winner) if mp_diff >= 0 else (20 - winner, winner)


def vp_row(mp_diff: int, table: str = "fibur") -> str:
    """The table row that applies to ``|mp_diff|``, as printed in the code: ``255 – 350``.

    >>> vp_row(300), vp_row(2500)
    ('255 – 350', 'over 1500')
    """
    bounds = vp_bounds(table)
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
