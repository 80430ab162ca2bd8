"""Determinization (core/determinize.py): consistent with the seat's view, 108 cards, no leaks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.cards import NUM_KINDS
from burraco.core.determinize import DeterminizationError, determinize, sample_hand_from_view, unseen_counts
from burraco.core.hand import Hand
from burraco.core.view import observe


def _positions(players: int, seed: int, every: int = 7) -> Iterator[Hand]:
    """Hands in the middle of random play (every ``every`` actions), including after pozzetti."""
    rng = random.Random(seed)
    hand = Hand.deal(players=players, seed=seed, dealer=seed % players)
    step = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
        step += 1
        if step % every == 0:
            yield hand


def _hidden_of(hand: Hand, seat: int) -> list[list[int]]:
    zones = [hand.hands[s] for s in range(hand.players) if s != seat]
    zones.append(sorted(hand.stock))
    zones.extend(sorted(p) for p in hand.pozzetti[hand.next_pozzetto :])
    return [list(z) for z in zones]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinization_keeps_the_view_and_every_card(players: int) -> None:
    rng = random.Random(players)
    changed = checked = 0
    for seed in range(6):
        for hand in _positions(players, seed):
            for seat in range(players):
                det = determinize(hand, seat, rng)
                assert observe(det, seat) == observe(hand, seat)
                assert det.card_count() == 108
                assert det.hand_sizes == hand.hand_sizes and len(det.stock) == len(hand.stock)
                for s in range(players):  # publicly known cards stay where they are
                    assert all(det.hands[s][k] >= hand.known[s][k] for k in range(NUM_KINDS))
                checked += 1
                changed += _hidden_of(det, seat) != _hidden_of(hand, seat)
    assert checked > 100
    assert changed > 0.9 * checked  # the hidden cards really are resampled


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_hand_matches_the_view_and_plays_on(players: int) -> None:
    rng = random.Random(10 + players)
    for seed in range(4):
        for hand in _positions(players, 100 + seed, every=11):
            seat = hand.to_play
            view = observe(hand, seat)
            sample = sample_hand_from_view(view, hand.rules, rng)
            assert observe(sample, seat) == view
            assert sample.card_count() == 108
            assert sample.legal_actions() == hand.legal_actions()  # the seat's own options are public to it
            copy = sample.clone()
            while not copy.is_over:  # the sampled hand is a valid state the engine can finish
                legal = copy.legal_actions()
                copy.apply(legal[rng.randrange(len(legal))])
            assert copy.card_count() == 108


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]), pick=st.integers(0, 10_000))
def test_no_leak_same_view_gives_same_determinization(seed: int, players: int, pick: int) -> None:
    """Two hands a seat cannot tell apart give identical determinizations from the same rng state:
    nothing the seat cannot see reaches the result."""
    positions = list(_positions(players, seed, every=5))
    hand = positions[pick % len(positions)] if positions else Hand.deal(players=players, seed=seed)
    seat = pick % players
    other = determinize(hand, seat, random.Random(pick))  # same view, other hidden cards
    assert observe(other, seat) == observe(hand, seat)
    a = determinize(hand, seat, random.Random(7))
    b = determinize(other, seat, random.Random(7))
    assert [a.hands, a.stock, a.pozzetti, a.log] == [b.hands, b.stock, b.pozzetti, b.log]
    view = observe(hand, seat)
    s1 = sample_hand_from_view(view, hand.rules, random.Random(3))
    s2 = sample_hand_from_view(observe(other, seat), hand.rules, random.Random(3))
    assert [s1.hands, s1.stock, s1.pozzetti] == [s2.hands, s2.stock, s2.pozzetti]


def test_private_log_entries_of_others_are_scrubbed() -> None:
    hand = Hand.deal(players=2, seed=5)
    hand.draw()  # seat 1 (left of dealer 0) draws: a private record
    det = determinize(hand, 0, random.Random(0))
    assert all(not r.cards for r in det.log if r.private and r.seat != 0)
    assert all(not r.cards for log in det.visible_logs[1:] for r in log if r.private)
    assert hand.log[-1].cards and not det.log[-1].cards


def test_uniform_over_the_unseen_cards() -> None:
    """Each unseen card lands in the opponent's hand with probability hidden/unseen (loose check)."""
    hand = Hand.deal(players=2, seed=9)
    seat = 0
    pool = unseen_counts(observe(hand, seat))
    unseen = sum(pool)
    rng = random.Random(1)
    trials = 1500
    hits = [0] * NUM_KINDS
    for _ in range(trials):
        det = determinize(hand, seat, rng)
        for k in range(NUM_KINDS):
            hits[k] += det.hands[1][k]
    expected_share = hand.hand_sizes[1] / unseen
    for k in range(NUM_KINDS):
        if pool[k]:
            rate = hits[k] / (trials * pool[k])
            assert abs(rate - expected_share) < 0.06, (k, rate, expected_share)


def test_bad_seat_and_spectator_are_refused() -> None:
    hand = Hand.deal(players=2, seed=1)
    with pytest.raises(DeterminizationError):
        determinize(hand, 5, random.Random(0))
    with pytest.raises(DeterminizationError):
        sample_hand_from_view(observe(hand, None), hand.rules, random.Random(0))
