"""Mitchell and round-robin movements, rests in scheduled movements (docs/rules.md §11, Art. 2, 33)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from tourney_helpers import make, play_all, rests, tables

from burraco.tournament import TournamentConfigError
from burraco.tournament.pairing import (
    mitchell_cycle,
    mitchell_slots,
    roundrobin_slots,
    scheduled,
)


def test_eight_pairs_mitchell_over_seven_turns_repeats_after_four() -> None:
    # 8 pairs = 4 tables. N-S 1, 3, 5, 7 stay at tables 1-4; E-W 2, 4, 6, 8 start at tables 1-4
    # and move one table up each turn (jump 1). With 4 tables there are only 4 E-W lines to meet:
    # T / gcd(k, T) = 4 turns, then the movement repeats (§11). So turns 1-4 are a complete
    # Mitchell — every N-S pair meets every E-W pair exactly once — and turns 5, 6, 7 are turns
    # 1, 2, 3 again. A tournament that wants 7 different opponents for 8 pairs uses the round
    # robin (next test), or Mitchell for 4 turns then Danish.
    t = make(8, turns=7, movement="mitchell")
    played = [tables(play_all(t)) for _ in range(7)]
    assert played[0] == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    assert played[1] == [(1, 1, 8), (2, 3, 2), (3, 5, 4), (4, 7, 6)]
    assert played[2] == [(1, 1, 6), (2, 3, 8), (3, 5, 2), (4, 7, 4)]
    assert played[3] == [(1, 1, 4), (2, 3, 6), (3, 5, 8), (4, 7, 2)]
    first_cycle = Counter((ns, ew) for turn in played[:4] for _, ns, ew in turn)
    assert set(first_cycle) == {(ns, ew) for ns in (1, 3, 5, 7) for ew in (2, 4, 6, 8)}
    assert set(first_cycle.values()) == {1}
    assert played[4:] == played[:3]
    assert mitchell_cycle(4, 1) == 4
    assert all(not rests(turn) for turn in t.turns)


def test_eight_pairs_round_robin_over_seven_turns_meets_everyone_once() -> None:
    t = make(8, turns=7, movement="roundrobin")
    meetings = Counter(frozenset((ns, ew)) for _ in range(7) for _, ns, ew in tables(play_all(t)))
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, 9), 2)}
    assert set(meetings.values()) == {1}
    assert tables(t.turns[0]) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]


def test_seven_pairs_round_robin_each_pair_rests_once() -> None:
    t = make(7, turns=7, movement="roundrobin")
    for _ in range(7):
        play_all(t)
    assert sorted(r for turn in t.turns for r in rests(turn)) == list(range(1, 8))
    meetings = Counter(frozenset((ns, ew)) for turn in t.turns for _, ns, ew in tables(turn))
    assert set(meetings.values()) == {1} and len(meetings) == 21


def test_seven_pairs_mitchell_the_pair_that_should_meet_the_missing_pair_rests() -> None:
    # 7 pairs = 4 tables, the E-W seat of table 4 is empty. N-S 1, 3, 5, 7 stay; the empty seat
    # moves with the E-W lines: table 4 in turn 1, then table 1, 2, 3 — so N-S 7, 1, 3, 5 rest.
    t = make(7, turns=4, movement="mitchell")
    turns = [play_all(t) for _ in range(4)]
    assert [rests(turn) for turn in turns] == [[7], [1], [3], [5]]
    assert tables(turns[1]) == [(2, 3, 2), (3, 5, 4), (4, 7, 6)]
    # E-W pairs never rest in a Mitchell with the empty seat on the E-W line.


def test_mitchell_jump_and_cycle_length() -> None:
    # T / gcd(k, T): jump 2 on 4 tables repeats after 2 turns; on 5 tables after 5.
    assert mitchell_cycle(4, 2) == 2 and mitchell_cycle(5, 2) == 5 and mitchell_cycle(6, 4) == 3
    t = make(8, turns=4, movement="mitchell", jump=2)
    played = [tables(play_all(t)) for _ in range(4)]
    assert played[2] == played[0] and played[3] == played[1] and played[0] != played[1]
    t = make(10, turns=5, movement="mitchell", jump=2)
    opponents = Counter((ns, ew) for _ in range(5) for _, ns, ew in tables(play_all(t)))
    assert len(opponents) == 25 and set(opponents.values()) == {1}


def test_mitchell_jump_that_never_moves_is_refused() -> None:
    t = make(8, turns=2, movement="mitchell", jump=4)
    play_all(t)
    with pytest.raises(TournamentConfigError, match="never moves"):
        t.pair_next()


def test_three_mitchell_turns_then_danish() -> None:
    # §11: "a common format is three Mitchell turns then one Danish".
    t = make(8, turns=4, movement="mitchell*3,danish-modified")
    assert t.config.movements == ("mitchell", "mitchell", "mitchell", "danish-modified")
    for mp in (100, 200, 300):
        play_all(t, mp)
    last = t.pair_next()
    assert last.movement == "danish-modified"
    ranking = [s.entrant for s in t.standings(3)]
    # N-S won every match: N-S pairs lead. Danish pairs the ranking 1st-2nd, 3rd-4th, …
    assert [(ns, ew) for _, ns, ew in tables(last)] == [tuple(ranking[i : i + 2]) for i in range(0, 8, 2)]


def test_slots_helpers() -> None:
    assert mitchell_slots(2, 1, 0) == [(0, 1), (2, 3)]
    assert mitchell_slots(2, 1, 1) == [(0, 3), (2, 1)]
    for size in (2, 4, 6, 8, 10):
        seen = Counter(frozenset(p) for r in range(size - 1) for p in roundrobin_slots(size, r))
        assert len(seen) == size * (size - 1) // 2 and set(seen.values()) == {1}
        for r in range(size - 1):
            assert sorted(s for pair in roundrobin_slots(size, r) for s in pair) == list(range(size))


def test_scheduled_orphans_rest_once_then_meet_each_other() -> None:
    slots = [(0, 1), (2, 3), (4, 5)]
    positions = [1, 2, 3, 4, 5, None]
    active = frozenset({1, 2, 3, 4, 5})
    ranking = [1, 2, 3, 4, 5]
    # One empty seat: its scheduled opponent (5) rests.
    pairing = scheduled(slots, positions, active, ranking, {}, lambda a, b: False)
    assert pairing.rests == (5,) and [(m.ns, m.ew) for m in pairing.matches] == [(1, 2), (3, 4)]
    # 4 withdrew too: 3 and 5 are orphans; both have not rested, so both rest (Art. 32-33).
    pairing = scheduled(slots, positions, active - {4}, ranking, {}, lambda a, b: False)
    assert pairing.rests == (3, 5)
    # ... but a pair that has rested does not rest again: 5 meets 3 instead.
    pairing = scheduled(slots, positions, active - {4}, ranking, {5: 1}, lambda a, b: False)
    assert pairing.rests == () and [(m.number, m.ns, m.ew) for m in pairing.matches] == [(1, 1, 2), (2, 3, 5)]
    # Alone and rested already: the lowest-ranked pair that has not rested (4) gives up its
    # match and rests; its opponent 3 meets 5.
    pairing = scheduled(slots, positions, active, ranking, {5: 1}, lambda a, b: False)
    assert pairing.rests == (4,) and sorted((m.ns, m.ew) for m in pairing.matches) == [(1, 2), (3, 5)]
