"""Small Danish tournaments checked by hand (docs/rules.md §11, Art. 2, 30, 33).

Every expected value below was worked out on paper from the rules, not copied from the code.
"""

from __future__ import annotations

from tourney_helpers import make, play_mp, rests, standings_of, tables


def test_seven_pairs_danish_modified_over_four_turns() -> None:
    t = make(7, turns=4, movement="danish-modified")

    # Turn 1, seating by registration order: 1-2, 3-4, 5-6 and pair 7, alone at table 4, rests
    # (Art. 33: 14 VP = 355 MP).
    turn = t.pair_next()
    assert tables(turn) == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
    assert rests(turn) == [7]
    # +600 → 15-5 (505–650); -300 → 7-13 (255–350); +100 → 11-9 (55–150).
    play_mp(t, {1: 600, 2: -300, 3: 100})
    # 1: 15 (600), 7: 14 (355), 4: 13 (300), 5: 11 (100), 6: 9 (-100), 3: 7 (-300), 2: 5 (-600)
    assert standings_of(t) == [
        (1, 15, 600),
        (7, 14, 355),
        (4, 13, 300),
        (5, 11, 100),
        (6, 9, -100),
        (3, 7, -300),
        (2, 5, -600),
    ]

    # Turn 2: the lowest-ranked pair that has not rested is 2 → it rests. The others by rank:
    # 1, 7, 4, 5, 6, 3 → 1-7, 4-5, 6-3 (none of them met in turn 1: 3-4 and 5-6 are not paired).
    turn = t.pair_next()
    assert rests(turn) == [2]
    assert tables(turn) == [(1, 1, 7), (2, 4, 5), (3, 6, 3)]
    # -1100 → 2-18 (1005–1250); 0 → 10-10; +400 → 14-6 (355–500).
    play_mp(t, {1: -1100, 2: 0, 3: 400})
    # 7: 14+18=32 (1455); 4: 13+10=23 (300); 6: 9+14=23 (300); 5: 11+10=21 (100);
    # 2: 5+14=19 (-245); 1: 15+2=17 (-500); 3: 7+6=13 (-700). 4 and 6 tie on VP and MP: id order.
    assert standings_of(t) == [
        (7, 32, 1455),
        (4, 23, 300),
        (6, 23, 300),
        (5, 21, 100),
        (2, 19, -245),
        (1, 17, -500),
        (3, 13, -700),
    ]
    assert [s.rank for s in t.standings()] == [1, 2, 2, 4, 5, 6, 7]

    # Turn 3: 3 is last and has not rested → it rests. Ranked 7, 4, 6, 5, 2, 1 → 7-4, 6-5, 2-1.
    # 6-5 and 2-1 are rematches of turn 1, which "modified" allows: it forbids only the previous
    # turn's opponents (1-7, 4-5, 6-3), and none of those is proposed.
    turn = t.pair_next()
    assert rests(turn) == [3]
    assert tables(turn) == [(1, 7, 4), (2, 6, 5), (3, 2, 1)]
    # +200 → 12-8; -550 → 5-15 (505–650); +1600 → 20-0 (over 1500).
    play_mp(t, {1: 200, 2: -550, 3: 1600})
    # 7: 44 (1655); 2: 39 (1355); 5: 36 (650); 4: 31 (100); 6: 28 (-250); 3: 27 (-345); 1: 17 (-2100)
    assert standings_of(t) == [
        (7, 44, 1655),
        (2, 39, 1355),
        (5, 36, 650),
        (4, 31, 100),
        (6, 28, -250),
        (3, 27, -345),
        (1, 17, -2100),
    ]

    # Turn 4 (the last): 7, 2 and 3 have rested; the lowest-ranked that has not is 1 → it rests.
    # Ranked 7, 2, 5, 4, 6, 3 → 7-2, 5-4, 6-3 (5-4 and 6-3 met in turn 2, not in turn 3).
    turn = t.pair_next()
    assert rests(turn) == [1]
    assert tables(turn) == [(1, 7, 2), (2, 5, 4), (3, 6, 3)]
    # +50 → 10-10; -1000 → 3-17 (855–1000); +1505 → 20-0.
    play_mp(t, {1: 50, 2: -1000, 3: 1505})
    # 6 and 4 both have 48 VP: MP break the tie (1255 > 1100).
    assert standings_of(t) == [
        (7, 54, 1705),
        (2, 49, 1305),
        (6, 48, 1255),
        (4, 48, 1100),
        (5, 39, -350),
        (1, 31, -1745),
        (3, 27, -1850),
    ]
    # Four rests, four different pairs; 4 turns x (3 tables x 20 + 14) VP in all.
    assert sorted(r.entrant for turn in t.turns for r in turn.rests) == [1, 2, 3, 7]
    assert sum(s.vp for s in t.standings()) == 4 * (3 * 20 + 14)
    # Provisional standings stay available after every turn.
    assert standings_of(t, after=1)[0] == (1, 15, 600)


def _four_pairs(movement: str) -> list[tuple[int, int, int]]:
    """4 pairs, 3 turns; returns the last turn's tables."""
    t = make(4, turns=3, movement=movement)
    t.pair_next()  # 1-2, 3-4
    play_mp(t, {1: 1600, 2: 60})  # 1: 20, 3: 11, 4: 9, 2: 0
    assert tables(t.pair_next()) == [(1, 1, 3), (2, 4, 2)]
    play_mp(t, {1: 0, 2: 0})  # 1: 30, 3: 21, 4: 19, 2: 10 — ranking unchanged
    return tables(t.pair_next())


def test_modified_allows_the_previous_opponents_in_the_last_turn_only() -> None:
    # Last turn, ranking 1, 3, 4, 2: 1-3 and 4-2 met in turn 2 (the previous turn), which
    # "modified" allows in the last turn.
    assert _four_pairs("danish-modified") == [(1, 1, 3), (2, 4, 2)]
    # Pure allows everything; strict forbids every rematch: 1-2 and 3-4 met in turn 1, 1-3 and 4-2
    # in turn 2, so the only pairing without a rematch is 1-4, 3-2.
    assert _four_pairs("danish-pure") == [(1, 1, 3), (2, 4, 2)]
    assert _four_pairs("danish-strict") == [(1, 1, 4), (2, 3, 2)]


def test_modified_forbids_the_previous_opponents_before_the_last_turn() -> None:
    t = make(4, turns=4, movement="danish-modified")
    t.pair_next()
    play_mp(t, {1: 1600, 2: 60})  # ranking 1, 3, 4, 2
    t.pair_next()  # 1-3, 4-2
    play_mp(t, {1: 0, 2: 0})
    # Turn 3 of 4: 1-3 and 4-2, the previous turn's opponents, are forbidden. Ranks 1:0, 3:1, 4:2,
    # 2:3; the two allowed pairings cost (squared rank gaps) 1-2 + 3-4 = 9 + 1 = 10 and
    # 1-4 + 3-2 = 4 + 4 = 8, so 1-4, 3-2.
    assert tables(t.pair_next()) == [(1, 1, 4), (2, 3, 2)]


def test_strict_rematches_only_when_impossible() -> None:
    # 2 pairs: every turn is a rematch, and that is the only possible pairing.
    t = make(2, turns=3, movement="danish-strict")
    for _ in range(3):
        assert tables(t.pair_next()) == [(1, 1, 2)]
        play_mp(t, {1: 0})
