"""Art. 32's "non inferiore a 14 a 6 (355 M.P.)" (docs/rules.md §11, §12): each floor applies on its
own. The innocent side gets at least 14 VP and at least 355 MP, and keeps whatever it had earned
above either; the guilty side gets the rest of the 20 VP and the opposite MP."""

from __future__ import annotations

import pytest
from tourney_helpers import make

from burraco.core.vp import REST_MP, REST_VP, victory_points


@pytest.mark.parametrize(
    ("hands", "lead", "vp", "mp"),
    [
        (3, 100, 14, 355),  # both floors
        (3, 300, 14, 355),  # 13 VP earned: both floors still
        (3, 400, 14, 400),  # 14 VP earned, MP above the floor: kept
        (3, 900, 17, 900),  # above both: what was earned
        (4, 600, 15, 600),  # a four-hand turn: the same table (Art. 30), 15 VP earned and kept
        (4, 300, 14, 355),  # a four-hand turn, below both floors
        (4, 1200, 18, 1200),  # above both
        (3, -200, 14, 355),  # the innocent side was behind: the floors, not its loss
    ],
)
def test_each_floor_applies_on_its_own(hands: int, lead: int, vp: int, mp: int) -> None:
    t = make(2, turns=1, hands=hands)
    t.pair_next()
    innocent, guilty = 1000 + lead, 1000
    result = t.abandon(1, 1, "ew", ns=innocent, ew=guilty).result
    assert result is not None and result.kind == "arbitral"
    assert (result.vp_ns, result.mp_ns, result.vp_ew, result.mp_ew) == (vp, mp, 20 - vp, -mp)
    assert result.vp_ns >= REST_VP and result.mp_ns >= REST_MP
    assert (result.ns_points, result.ew_points) == (innocent, guilty)


def test_the_wide_four_hand_scale_is_the_vp_floor_alone() -> None:
    """600 MP earned on the wider four-hand scale are 13 VP: the VP floor lifts them to 14 while the
    MP, above 355, stay 600."""
    assert victory_points(600, table="wide") == (13, 7) and REST_MP < 600
    t = make(2, turns=1, hands=4, vp_table="wide")
    t.pair_next()
    result = t.abandon(1, 1, "ew", ns=1600, ew=1000).result
    assert result is not None and (result.vp_ns, result.mp_ns) == (14, 600)


def test_the_floors_favour_the_innocent_side_whichever_side_walks_out() -> None:
    t = make(4, turns=1, hands=4)
    t.pair_next()
    east_west = t.abandon(1, 1, "ns", ns=1000, ew=1600).result
    assert east_west is not None and (east_west.vp_ew, east_west.mp_ew, east_west.vp_ns) == (15, 600, 5)
    north_south = t.abandon(1, 2, "ew", ns=1600, ew=1000).result
    assert north_south is not None and (north_south.vp_ns, north_south.mp_ns, north_south.vp_ew) == (15, 600, 5)
