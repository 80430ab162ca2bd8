"""Match points and victory points (docs/rules.md §10, Art. 30; seed 002's table)."""

from __future__ import annotations

import pytest

from burraco.core.errors import RulesOptionError
from burraco.core.vp import REST_MP, REST_VP, match_points, victory_points, vp_row

# The tables exactly as docs/rules.md §10 prints them: (low, high, winner VP); "over" rows have high None.
FIBUR = [
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
WIDE = [
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


@pytest.mark.parametrize(("table", "rows"), [("fibur", FIBUR), ("portal", PORTAL), ("wide", WIDE)])
def test_every_row_boundary(table: str, rows: list[tuple[int, int | None, int]]) -> None:
    for low, high, vp in rows:
        for mp in (low, high if high is not None else low + 10_000):
            assert victory_points(mp, table=table) == (vp, 20 - vp), (table, mp)
            assert victory_points(-mp, table=table) == (20 - vp, vp)
            expected_row = f"{low} – {high}" if high is not None else f"over {low - 5}"
            assert vp_row(mp, table) == expected_row


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
    # 820 MP: FIBUR row 655-850 -> 16-4; portal row 805-1000 -> 17-3; the wide scale's 705-900 -> 14-6.
    assert (victory_points(820), victory_points(820, table="portal"), victory_points(820, table="wide")) == (
        (16, 4),
        (17, 3),
        (14, 6),
    )


def test_art_30_has_one_table_for_every_turn() -> None:
    """ "400 MP gives 14–6" in a four-hand turn too (it gave 12–8 when four-hand turns had a table of
    their own): the match of a four-hand turn uses the same table as any other."""
    from burraco.core.match import Match
    from burraco.core.options import Rules

    assert victory_points(400) == (14, 6)
    for hands in (2, 3, 4):
        match = Match(Rules(players=4, hands_per_turn=hands), seed=1)
        match.totals = [1400, 1000]
        assert match.victory_points() == (14, 6), hands


def test_rest_is_fourteen_vp_equal_to_355_mp() -> None:
    # §11: 70% of the maximum, 14 VP, "equal to 355 MP".
    assert REST_VP == 14 == round(0.7 * 20)
    assert victory_points(REST_MP) == (REST_VP, 20 - REST_VP)


def test_unknown_table_or_a_difference_no_score_gives() -> None:
    with pytest.raises(RulesOptionError, match="unknown VP table"):
        victory_points(100, table="other")
    with pytest.raises(RulesOptionError, match="52 MP is not a difference of game points"):
        victory_points(52)  # it used to fall "in the row 55 – 150"
