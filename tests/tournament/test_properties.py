"""Property tests of whole bot tournaments (docs/rules.md §11): seating, rests, rematches, VP sums."""

from __future__ import annotations

import random

import networkx as nx  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.tournament import Tournament
from burraco.tournament.demo import demo_json, run_demo, simulator
from burraco.tournament.model import Turn
from burraco.tournament.standings import meetings, partnerships

MOVEMENTS = (
    "mitchell",
    "roundrobin",
    "danish-pure",
    "danish-modified",
    "danish-strict",
    "mitchell*2,danish-modified",
    "roundrobin*2,danish-strict",
)
FAST = settings(max_examples=40, deadline=None)


@st.composite
def bot_tournaments(draw: st.DrawFn) -> Tournament:
    movement = draw(st.sampled_from(MOVEMENTS))
    named = 3 if "*2" in movement else 1  # "x*2,y" names three turns
    pairs = draw(st.integers(max(2, named), 13))
    turns = draw(st.integers(named, min(pairs, 6)))
    hands = draw(st.sampled_from((2, 3, 4)))
    seed = draw(st.integers(0, 10**6))
    return run_demo(pairs, turns, movement, hands, seed, player=simulator(seed))


def _seated(turn: Turn) -> list[int]:
    return [e for table in turn.tables for e in table.entrants] + [r.entrant for r in turn.rests]


@FAST
@given(bot_tournaments())
def test_everyone_once_a_turn_and_vp_sum_to_20(t: Tournament) -> None:
    everyone = sorted(e.id for e in t.state.entrants)
    total = 0
    for turn in t.turns:
        assert sorted(_seated(turn)) == everyone
        assert len(turn.rests) == len(everyone) % 2
        for table in turn.tables:
            r = table.result
            assert r is not None and r.vp_ns + r.vp_ew == 20 and r.mp_ns == -r.mp_ew
            total += 20
        for rest in turn.rests:
            assert (rest.vp, rest.mp) == (14, 355)
            total += 14
    assert sum(s.vp for s in t.standings()) == total


@FAST
@given(bot_tournaments())
def test_nobody_rests_twice(t: Tournament) -> None:
    # turns <= pairs, so a pair that has not rested is always left (Art. 33: at most once).
    rested = [r.entrant for turn in t.turns for r in turn.rests]
    assert len(rested) == len(set(rested))


def _minimal_forbidden(units: list[int], pairs: list[tuple[int, int]], forbidden: set[frozenset[int]]) -> bool:
    """Whether ``pairs`` uses as few forbidden pairs as any perfect matching of ``units`` can."""
    allowed = nx.Graph()
    allowed.add_nodes_from(units)
    allowed.add_edges_from(
        (a, b) for i, a in enumerate(units) for b in units[i + 1 :] if frozenset((a, b)) not in forbidden
    )
    best = len(nx.max_weight_matching(allowed, maxcardinality=True))
    used = sum(1 for a, b in pairs if frozenset((a, b)) in forbidden)
    return used == len(units) // 2 - best


@FAST
@given(bot_tournaments())
def test_danish_rematches_only_when_unavoidable(t: Tournament) -> None:
    for turn in t.turns[1:]:
        before = t.turns[: turn.number - 1]
        met = meetings(before)
        if turn.movement == "danish-strict":
            forbidden = set(met)
        elif turn.movement == "danish-modified" and turn.number < t.config.turns:
            forbidden = {pair for pair, when in met.items() if turn.number - 1 in when}
        else:
            continue
        pairs = [(table.ns[0], table.ew[0]) for table in turn.tables]
        units = [u for pair in pairs for u in pair]
        assert _minimal_forbidden(units, pairs, forbidden)
        if turn.movement == "danish-modified" and len(units) >= 4:
            # K_n minus one matching always has a perfect matching for n >= 4: never a rematch.
            assert not any(frozenset(pair) in forbidden for pair in pairs)


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 14), st.integers(1, 5), st.integers(0, 10**6))
def test_individual_partners_repeat_only_when_unavoidable(players: int, turns: int, seed: int) -> None:
    t = Tournament.create("ind", kind="individual", turns=turns, movement="danish-modified", seating="lot", seed=seed)
    for i in range(players):
        t.register(f"P{i + 1}")
    rng = random.Random(seed)
    for _ in range(turns):
        turn = t.pair_next()
        assert sorted(_seated(turn)) == list(range(1, players + 1))
        history = set(partnerships(t.turns[:-1]))
        sides = [(side[0], side[1]) for table in turn.tables for side in (table.ns, table.ew)]
        assert _minimal_forbidden([p for side in sides for p in side], sides, history)
        for table in turn.tables:
            t.enter_result(turn.number, table.number, mp=5 * rng.randint(-300, 300))
    rested = [r.entrant for turn in t.turns for r in turn.rests]
    if turns * (players % 4) <= players:
        assert len(rested) == len(set(rested))


@settings(max_examples=25, deadline=None)
@given(
    st.integers(4, 12),
    st.sampled_from(MOVEMENTS),
    st.lists(st.integers(1, 12), max_size=3),
    st.integers(0, 10**6),
)
def test_withdrawn_pairs_are_never_paired_again(pairs: int, movement: str, leavers: list[int], seed: int) -> None:
    turns = 4
    t = Tournament.create("w", turns=turns, movement=movement, seating="lot", seed=seed)
    for i in range(pairs):
        t.register(f"P{i + 1}")
    rng = random.Random(seed)
    gone: set[int] = set()
    for number in range(1, turns + 1):
        if len(gone) + 2 >= pairs:
            break
        turn = t.pair_next()
        assert not gone & set(_seated(turn))
        assert sorted(_seated(turn)) == sorted(set(range(1, pairs + 1)) - gone)
        for table in turn.tables:
            t.enter_result(number, table.number, mp=5 * rng.randint(-300, 300))
        if number <= len(leavers) and leavers[number - 1] <= pairs and leavers[number - 1] not in gone:
            t.withdraw(leavers[number - 1])
            gone.add(leavers[number - 1])
    for turn in t.turns:
        for table in turn.tables:
            assert table.result is not None and table.result.vp_ns + table.result.vp_ew == 20


@settings(max_examples=10, deadline=None)
@given(st.integers(4, 10), st.sampled_from(MOVEMENTS), st.integers(0, 10**6))
def test_same_seed_same_tournament(pairs: int, movement: str, seed: int) -> None:
    turns = 4
    first = demo_json(run_demo(pairs, turns, movement, 3, seed, player=simulator(seed)))
    again = demo_json(run_demo(pairs, turns, movement, 3, seed, player=simulator(seed)))
    assert first == again
