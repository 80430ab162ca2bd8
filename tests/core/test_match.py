"""The match (docs/rules.md §9, §10): dealer rotation, target and ties, tournament turns, time-out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.vp import victory_points


def _play_out(hand: Hand, rng: random.Random) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])


def _play_match(match: Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not match.is_over:
        _play_out(match.start_hand(), rng)
        match.finish_hand()


def _play_hand(match: Match, seed: int) -> None:
    _play_out(match.start_hand(), random.Random(seed))
    match.finish_hand()


def test_dealer_rotates_clockwise_and_first_player_is_left_of_dealer() -> None:
    match = Match(Rules(players=4, hands_per_turn=4), seed=11, first_dealer=2)
    rng = random.Random(1)
    dealers = []
    while not match.is_over:
        hand = match.start_hand()
        dealers.append(hand.dealer)
        assert hand.to_play == (hand.dealer + 1) % 4  # §2: the player left of the dealer plays first
        _play_out(hand, rng)
        match.finish_hand()
    assert dealers == [2, 3, 0, 1]


def test_fixed_hands_give_mp_and_the_federation_vp() -> None:
    match = Match(Rules(players=2, hands_per_turn=3), seed=4)
    _play_match(match, 4)
    assert len(match.results) == 3
    a, b = match.totals
    assert match.match_points() == (a - b, b - a)
    assert match.victory_points() == victory_points(a - b, "fibur")
    assert sum(match.victory_points()) == 20
    assert [sum(r.points) for r in match.results] == [sum(s.total for s in r.scores) for r in match.results]


def test_a_four_hand_turn_uses_art_30s_one_table() -> None:
    match = Match(Rules(players=4, hands_per_turn=4), seed=8)
    _play_match(match, 8)
    assert match.victory_points() == victory_points(match.match_points()[0], "fibur")
    wide = Match(Rules(players=4, hands_per_turn=4, vp_table="wide"), seed=8)
    _play_match(wide, 8)
    assert wide.victory_points() == victory_points(wide.match_points()[0], "wide")


def test_target_ends_the_match_only_at_the_end_of_a_hand_with_a_unique_leader() -> None:
    match = Match(Rules(players=2, target=505), seed=3)
    rng = random.Random(3)
    while not match.is_over:
        assert max(match.totals) < 505 or match.totals[0] == match.totals[1]
        _play_out(match.start_hand(), rng)
        match.finish_hand()
    assert max(match.totals) >= 505
    assert match.totals[0] != match.totals[1]
    assert match.winner() == match.totals.index(max(match.totals))


def test_a_tie_at_the_target_plays_another_hand() -> None:
    match = Match(Rules(players=2, target=505), seed=3)
    _fake_result(match)  # one real hand played and scored
    match.totals = [600, 600]  # ... and suppose both sides now stand level above the target
    assert not match.is_over and match.winner() is None
    match.totals = [600, 595]
    assert match.is_over and match.winner() == 0


def _fake_result(match: Match):  # type: ignore[no-untyped-def]
    rng = random.Random(0)
    hand = match.start_hand()
    _play_out(hand, rng)
    return match.finish_hand()


def test_the_match_refuses_out_of_order_calls() -> None:
    match = Match(Rules(players=2, hands_per_turn=1), seed=1)
    with pytest.raises(IllegalActionError):
        match.finish_hand()
    match.start_hand()
    with pytest.raises(IllegalActionError, match="finish the current hand"):
        match.start_hand()
    with pytest.raises(IllegalActionError, match="no finished hand"):
        match.finish_hand()


def test_time_out_lets_everyone_finish_the_round_then_ends_without_closing_bonus() -> None:
    """§10, Art. 28: the player now playing finishes, play goes on until the player on their right."""
    match = Match(Rules(players=4, hands_per_turn=1), seed=2)
    hand = match.start_hand()
    rng = random.Random(5)
    for _ in range(10):  # a few turns into the hand
        hand.apply(hand.legal_actions()[0])
    caller = hand.to_play
    match.time_out()
    with pytest.raises(IllegalActionError, match="already"):
        hand.call_time_out()
    turns_seen = []
    while not hand.is_over:
        if hand.phase == "take":
            turns_seen.append(hand.to_play)
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    assert hand.end_reason == "time-out"
    assert turns_seen == [(caller + k) % 4 for k in range(1, 4)]  # the caller finished, then one round
    assert all(item.label != "closing" for side in hand.scores() for item in side.items)
    result = match.finish_hand()
    assert result.end_reason == hand.end_reason


def test_three_players_pair_credit_half_or_full() -> None:
    for share in ("half", "full"):
        match = Match(Rules(players=3, hands_per_turn=1, three_player_pair_share=share), seed=21)
        _play_match(match, 21)
        result = match.results[0]
        for side, seats in enumerate(result.sides):
            total = result.scores[side].total
            for seat in seats:
                if len(seats) == 1 or share == "full":
                    assert result.points[seat] == total
                else:
                    assert result.points[seat] == round(total / 10) * 5


def test_three_player_switch_to_three_small_pozzetti_after_1000() -> None:
    """§9: once a total reaches 1000, hands use three 11-card pozzetti and everyone plays alone."""
    match = Match(Rules(players=3, target=5005), seed=5)
    assert [len(p) for p in match.start_hand().pozzetti] == [18, 11]
    match.current = None
    match.totals = [1000, 200, 300]
    match.results.append(_fake_result(Match(Rules(players=3, hands_per_turn=1), seed=1)))
    hand = match.start_hand()
    assert [len(p) for p in hand.pozzetti] == [11, 11, 11]
    assert len(hand.stock) == 108 - 33 - 33 - 1


def test_time_out_ends_the_match_with_the_current_hand() -> None:
    """Art. 28: a hand in progress is finished by the time-out procedure; the hands not yet dealt are
    not played (a turn of three hands timed out in its second hand has two results)."""
    match = Match(Rules(players=4, hands_per_turn=3), seed=4)
    _play_hand(match, 4)
    hand = match.start_hand()
    hand.apply(hand.legal_actions()[0])
    match.time_out()
    assert not match.is_over  # the hand in progress still ends by the procedure
    _play_out(hand, random.Random(1))
    match.finish_hand()
    assert match.is_over and len(match.results) == 2
    assert match.clone().is_over
    with pytest.raises(IllegalActionError, match="already"):
        match.time_out()
    with pytest.raises(IllegalActionError, match="over"):
        match.start_hand()


def test_time_out_between_hands_deals_no_more() -> None:
    match = Match(Rules(players=4, hands_per_turn=3), seed=4)
    _play_hand(match, 4)
    match.time_out()
    assert match.is_over and len(match.results) == 1
    finished = Match(Rules(players=2, hands_per_turn=1), seed=4)
    _play_hand(finished, 4)
    with pytest.raises(IllegalActionError, match="over"):
        finished.time_out()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    hands_before=st.integers(0, 2),
    moves=st.integers(0, 60),
    players=st.sampled_from([2, 3, 4]),
)
def test_a_time_out_ends_the_match_within_one_round(seed: int, hands_before: int, moves: int, players: int) -> None:
    """Art. 28, wherever it falls: each player plays at most once more, then the hand and the match end;
    a turn never has more hands than planned, and hands not yet dealt are never dealt."""
    match = Match(Rules(players=players, hands_per_turn=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(hands_before):
        _play_hand(match, rng.randrange(1000))
    hand = match.start_hand()
    for _ in range(moves):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    if hand.is_over:
        match.finish_hand()
        match.time_out()
    else:
        match.time_out()
        takes = 0
        while not hand.is_over:
            takes += hand.phase == "take"
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        assert takes <= players
        match.finish_hand()
    assert match.is_over and len(match.results) == hands_before + 1
