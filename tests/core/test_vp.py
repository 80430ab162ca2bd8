"""Match points and victory points (docs/rules.md §10, Art. 30; seed 002's table)."""

from __future__ import annotations

import pytest

from burraco.core.errors import RulesOptionError
from burraco.core.vp import REST_MP, REST_VP, match_points, victory_points, vp_bounds, vp_row

# The tables exactly as docs/rules.md §10 prints them: (low, high, winner VP); "over" rows have high None.
FIBUR_3 = [
    (0, 50, 10),
    (55, 150, 11),
    (155, 250, 12),
    (255, 350, 13),
    (355, 500, 14),
    (505, 650, 15),
    (655, 850, 16),
    (855, 1000, 17),
    (1005, 1250, 18),
    (1255, 1500, 19),
    (1505, None, 20),
]
PORTAL = [
    (0, 50, 10),
    (55, 150, 11),
    (155, 250, 12),
    (255, 350, 13),
    (355, 500, 14),
    (505, 650, 15),
    (655, 800, 16),
    (805, 1000, 17),
    (1005, 1250, 18),
    (1255, 1500, 19),
    (1505, None, 20),
]
FIBUR_4 = [
    (0, 100, 10),
    (105, 300, 11),
    (305, 500, 12),
    (505, 700, 13),
    (705, 900, 14),
    (905, 1100, 15),
    (1105, 1300, 16),
    (1305, 1500, 17),
    (1505, 1700, 18),
    (1705, 2000, 19),
    (2005, None, 20),
]


@pytest.mark.parametrize(
    ("table", "hands", "rows"), [("fibur", 3, FIBUR_3), ("portal", 3, PORTAL), ("fibur", 4, FIBUR_4)]
)
def test_every_row_boundary(table: str, hands: int, rows: list[tuple[int, int | None, int]]) -> None:
    for low, high, vp in rows:
        for mp in (low, high if high is not None else low + 10_000):
            assert victory_points(mp, table=table, hands=hands) == (vp, 20 - vp), (table, hands, mp)
            assert victory_points(-mp, table=table, hands=hands) == (20 - vp, vp)
            expected_row = f"{low} – {high}" if high is not None else f"over {low - 5}"
            assert vp_row(mp, table, hands) == expected_row


def test_every_multiple_of_five_is_monotone_and_sums_to_twenty() -> None:
    previous = 10
    for mp in range(0, 2600, 5):
        a, b = victory_points(mp)
        assert a + b == 20 and a >= previous
        previous = a
    assert previous == 20


def test_worked_examples() -> None:
    # Seed 002: A 2000, B 1700 -> +300 MP for A, -300 for B -> 13 VP and 7 VP.
    assert match_points(2000, 1700) == (300, -300)
    assert victory_points(300) == (13, 7)
    assert victory_points(-300) == (7, 13)
    # 820 MP: FIBUR 3-hand row 655-850 -> 16-4; portal row 805-1000 -> 17-3; 4-hand row 705-900 -> 14-6.
    assert (victory_points(820), victory_points(820, table="portal"), victory_points(820, hands=4)) == (
        (16, 4),
        (17, 3),
        (14, 6),
    )


def test_two_hand_turns_use_the_three_hand_table() -> None:
    assert vp_bounds("fibur", 2) == vp_bounds("fibur", 3)
    assert vp_bounds("portal", 4) == vp_bounds("portal", 3)


def test_rest_is_fourteen_vp_equal_to_355_mp() -> None:
    # §11: 70% of the maximum, 14 VP, "equal to 355 MP".
    assert REST_VP == 14 == round(0.7 * 20)
    assert victory_points(REST_MP) == (REST_VP, 20 - REST_VP)


def test_unknown_table_or_hands() -> None:
    with pytest.raises(RulesOptionError, match="unknown VP table"):
        victory_points(100, table="other")
    with pytest.raises(RulesOptionError, match="2, 3 or 4 hands"):
        victory_points(100, hands=5)
