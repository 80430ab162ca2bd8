"""Arena statistics on known values, and the fairness of the seating."""

from __future__ import annotations

import math

import pytest

from burraco.arena.blunders import KEYS
from burraco.arena.ladder import blunder_rates
from burraco.arena.runner import ArenaConfig, run_arena, run_game
from burraco.arena.stats import ELO_CAP, elo_from_score, mean_interval, summarize, wilson_interval


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (8, 10, 0.4902, 0.9433),  # textbook Wilson 95% interval
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (190, 200, 0.9104, 0.9726),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_known_values(k: int, n: int, lo: float, hi: float) -> None:
    low, high = wilson_interval(k, n)
    assert low == pytest.approx(lo, abs=1e-4)
    assert high == pytest.approx(hi, abs=1e-4)


def test_wilson_interval_is_symmetric_and_contains_the_estimate() -> None:
    for n in (1, 7, 40, 333):
        for k in range(n + 1):
            lo, hi = wilson_interval(k, n)
            assert lo <= k / n <= hi
            mlo, mhi = wilson_interval(n - k, n)
            assert mlo == pytest.approx(1 - hi) and mhi == pytest.approx(1 - lo)


@pytest.mark.parametrize(
    ("p", "elo"),
    [(0.5, 0.0), (0.75, 190.849), (0.25, -190.849), (0.9, 381.697), (0.64, 99.95), (10 / 11, 400.0)],
)
def test_elo_known_values(p: float, elo: float) -> None:
    assert elo_from_score(p) == pytest.approx(elo, abs=1e-2)


def test_elo_is_capped_at_certain_scores() -> None:
    assert elo_from_score(1.0) == ELO_CAP and elo_from_score(0.0) == -ELO_CAP
    assert math.isfinite(elo_from_score(1 - 1e-12))


def test_summary_counts_draws_as_half_and_mirrors_the_two_bots() -> None:
    report = summarize(("a", "b"), [1, 1, 0, -1, 1, 0], [10, 20, 0, -5, 40, 0])
    a, b = report["results"]
    assert (a["wins"], a["losses"], a["draws"], a["games"]) == (3, 1, 2, 6)
    assert (b["wins"], b["losses"], b["draws"]) == (1, 3, 2)
    assert a["win_rate"] == pytest.approx(4 / 6, abs=1e-4) and b["win_rate"] == pytest.approx(2 / 6, abs=1e-4)
    lo, hi = wilson_interval(4, 6)
    assert a["ci95"] == [round(lo, 4), round(hi, 4)]
    assert report["elo_diff"] == pytest.approx(elo_from_score(4 / 6), abs=0.1)
    assert report["elo_ci95"] == [round(elo_from_score(lo), 1), round(elo_from_score(hi), 1)]
    assert a["mean_score_diff_per_hand"] == pytest.approx(65 / 6, abs=1e-3)
    assert b["mean_score_diff_per_hand"] == pytest.approx(-65 / 6, abs=1e-3)


def test_mean_interval() -> None:
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)
    mean, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo == pytest.approx(2.5 - 1.96 * 1.29099 / 2, abs=1e-3) and hi > mean


def test_paired_games_swap_the_bots_on_the_same_deal() -> None:
    config = ArenaConfig("heuristic", "random", players=4, games=2, seed=3)
    first, second = run_game(config, 0), run_game(config, 1)
    assert (first.a_side, second.a_side) == (0, 1)
    same = ArenaConfig("heuristic", "heuristic", players=2, games=2, seed=3)
    one, two = run_game(same, 0), run_game(same, 1)
    # identical bots on the same cards with swapped seats: the same hand, scores mirrored
    assert (one.a_points, one.b_points) == (two.b_points, two.a_points)


def test_a_match_game_plays_hands_to_the_target() -> None:
    config = ArenaConfig("heuristic", "random", players=2, games=1, matches=True, target=505, seed=1)
    (result,) = run_arena(config, workers=1)
    assert max(result.a_points, result.b_points) >= 505
    assert len(result.hand_diffs) >= 1
    assert sum(result.hand_diffs) == result.a_points - result.b_points


def test_a_match_game_counts_blunders_over_all_its_hands() -> None:
    config = ArenaConfig("heuristic", "random", players=2, games=1, matches=True, target=1005, seed=3, blunders=True)
    (result,) = run_arena(config, workers=1)
    counted = {key: [row[i] for row in result.blunders] for i, key in enumerate(KEYS)}
    hands = len(result.hand_diffs)
    assert hands >= 2
    assert sum(counted["closes"]) <= hands
    assert min(counted["discards"]) >= hands  # every hand of the match is counted, not only the last
    assert counted["feeds"][1] > 0  # the random bot feeds the heuristic's melds
    rates = blunder_rates([result], 1)
    assert rates["missed_closes_per_hand"] == round(counted["missed_closes"][1] / hands, 4)


def test_bot_match_for_tournament_tables_is_deterministic_and_fair() -> None:
    from burraco.arena.matchplay import play_bot_match

    ns, ew = play_bot_match(2, 9)
    assert (ns, ew) == play_bot_match(2, 9)
    assert ns % 5 == 0 and ew % 5 == 0
    strong, weak = play_bot_match(2, 9, ns_bot="heuristic", ew_bot="random")
    assert strong > weak
