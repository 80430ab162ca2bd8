"""The observation vector's layout and the table points, without NumPy (compiled with the core).

:mod:`burraco.rl.observation` (NumPy) builds the vector from these offsets, and so does the
incremental :mod:`burraco.rl.fastobs`; this module imports only the core, so mypyc compiles it
together with the core at install time (setup.py's ``COMPILED_RL``).

>>> SIZE, OFFSET["hand"], OFFSET["melds_by_side"], OFFSET["own_pozzetto"]
(719, 0, 53, 718)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.cards import DECK_SIZE, NUM_KINDS
from burraco.core.melds import Meld
from burraco.core.options import Rules
from burraco.core.scoring import score_side

MAX_SEATS: Final = 4
MAX_SIDES: Final = 3
PHASES: Final = ("take", "play", "over")
LAYOUT: Final = (
    ("hand", NUM_KINDS),
    ("melds_by_side", MAX_SIDES * NUM_KINDS),
    ("meld_count_by_side", MAX_SIDES),
    ("table_points_by_side", MAX_SIDES),
    ("discard_counts", NUM_KINDS),
    ("discard_top", NUM_KINDS),
    ("discard_order", DECK_SIZE),
    ("known_by_seat", MAX_SEATS * NUM_KINDS),
    ("hand_size_by_seat", MAX_SEATS),
    ("stock_size", 1),
    ("pozzetto_sizes", 2),
    ("pozzetto_taken_by_side", MAX_SIDES),
    ("phase", len(PHASES)),
    ("must_draw", 1),
    ("one_card_pick", NUM_KINDS),
    ("players", 3),
    ("to_play", MAX_SEATS),
    ("own_pozzetto", 1),
)
"""(name, width) of each block, in order. ``discard_order`` holds card id + 1, bottom first (0:
empty); ``table_points_by_side`` is the points each side has on the table (melds, bonuses and
the untaken-pozzetto penalty, no hand cards) in hundreds."""
SIZE: Final = sum(width for _, width in LAYOUT)
OFFSET: Final = {name: sum(w for _, w in LAYOUT[:i]) for i, (name, _) in enumerate(LAYOUT)}

_MELD_POINTS: dict[int, tuple[Meld, Rules, int]] = {}
_BASE_POINTS: dict[tuple[bool, bool, int], tuple[Rules, int]] = {}


def table_points(melds: Sequence[Meld], took: bool, closed: bool, rules: Rules) -> int:
    """A side's points on the table: :func:`score_side` with no cards in hand.

    With no cards in hand the score is a sum of one term per meld (its card points and burraco
    bonus, the two items :func:`score_side` lists for it) and one for the side (the closing bonus,
    the penalty for a pozzetto not taken), so both are memoised apart: a meld is scored once
    however often observations are built (a new meld or attachment is one new :class:`Meld`).
    tests/rl/test_tracker.py checks the sum against :func:`score_side`.
    """
    total = _side_points(took, closed, rules)
    for meld in melds:
        total += meld_points(meld, rules)
    return total


def meld_points(meld: Meld, rules: Rules) -> int:
    """One meld's term of :func:`table_points`: its card points and its burraco bonus (memoised by
    meld object, for every seat's tracker at once)."""
    hit = _MELD_POINTS.get(id(meld))
    if hit is None or hit[1] is not rules:  # the cache keeps its melds alive, so an id names one meld
        if len(_MELD_POINTS) > 8192:
            _MELD_POINTS.clear()
        hit = _MELD_POINTS[id(meld)] = (meld, rules, meld.card_points(rules) + meld.bonus(rules))
    return hit[2]


def side_points(took: bool, closed: bool, rules: Rules) -> int:
    """The side's own term of :func:`table_points` (closing bonus, untaken-pozzetto penalty)."""
    return _side_points(took, closed, rules)


def _side_points(took: bool, closed: bool, rules: Rules) -> int:
    key = (took, closed, id(rules))
    hit = _BASE_POINTS.get(key)
    if hit is None or hit[0] is not rules:
        if len(_BASE_POINTS) > 1024:
            _BASE_POINTS.clear()
        hit = _BASE_POINTS[key] = (rules, score_side((), (), took, closed, rules).total)
    return hit[1]
