"""The incremental observation is exactly the reference one, encode(observe(hand, seat)), at every step.

So the property test of test_observation.py (no hidden card reaches the vector) holds for the
environment's fast path too: it builds the same numbers."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.scoring import score_side
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl import burraco_v0
from burraco.rl import observation as O
from burraco.rl.tracker import SeatTracker


def _check_hand(players: int, seed: int, rules_name: str | Rules, ask: float, time_out: float = 0.0) -> Hand:
    """Play a random hand; before each action ask some seats (probability ``ask``) for their vector;
    with probability ``time_out`` a step calls the time-out instead (once a hand)."""
    rng = random.Random(seed)
    rules = burraco_v0.make_rules(players, rules_name)
    hand = Hand.deal(players, seed, seed % players, rules)
    trackers = [SeatTracker(hand, seat, rules) for seat in range(players)]
    checked = 0
    while True:
        for seat, tracker in enumerate(trackers):
            if hand.is_over or rng.random() < ask:
                got = tracker.vector()
                want = O.encode(observe(hand, seat), rules)
                assert np.array_equal(got, want), (seat, len(hand.log), np.flatnonzero(got != want))
                checked += 1
        if hand.is_over:
            assert checked >= players
            return hand
        if hand.time_out_last < 0 and rng.random() < time_out:
            hand.call_time_out()
            continue
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])


SEED_TO_STOCK = {3: 0, 4: 1}
"""Seeds whose hand puts a leftover pozzetto under the stock (random play as in :func:`_check_hand`)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_every_step(players: int) -> None:
    assert len(_check_hand(players, players, "fibur", ask=1.0).log) > 100


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(["fibur", "international", "home", "portal"]),
    ask=st.sampled_from([0.05, 0.5]),
)
def test_seats_asked_now_and_then(players: int, seed: int, rules: str, ask: float) -> None:
    _check_hand(players, seed, rules, ask)


@pytest.mark.parametrize("players", [3, 4])
def test_rare_events_pozzetto_to_the_stock_time_out_turn_cap(players: int) -> None:
    """A leftover pozzetto put under the stock, a time-out, the turn cap: each happens in these hands."""
    details = set()
    for seed, max_turns, time_out in ((SEED_TO_STOCK[players], 2000, 0.0), (0, 2000, 0.02), (0, 12, 0.0)):
        rules = burraco_v0.make_rules(players).replace(leftover_pozzetto_to_stock=True, max_turns=max_turns)
        hand = _check_hand(players, seed, rules, ask=0.5, time_out=time_out)
        details |= {record.detail for record in hand.log}
    assert {"to the stock", "time-out", "turn cap reached"} <= details


def test_the_vector_is_a_copy() -> None:
    hand = Hand.deal(2, 1)
    tracker = SeatTracker(hand, 0, hand.rules)
    first = tracker.vector()
    first[:] = -1
    assert np.array_equal(tracker.vector(), O.encode(observe(hand, 0), hand.rules))


def test_table_points_are_score_side_without_hand_cards() -> None:
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        rng = random.Random(seed)
        hand = Hand.deal(players, seed, 0)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
            for side, melds in enumerate(hand.melds):
                for took in (False, True):
                    for closed in (False, True):
                        assert (
                            O.table_points(melds, took, closed, hand.rules)
                            == score_side(melds, (), took, closed, hand.rules).total
                        ), (side, took, closed)


@pytest.mark.parametrize("players", [2, 4])
def test_the_env_serves_the_reference_vector_and_mask(players: int) -> None:
    env = burraco_v0.env(players=players)
    env.reset(seed=players)
    rng = random.Random(players)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], O.encode(observe(env.hand, seat), env.rules))
        if terminated or truncated:
            env.step(None)
            continue
        assert np.array_equal(obs["action_mask"], burraco_v0.mask_of(env.legal))
        assert np.flatnonzero(obs["action_mask"]).tolist() == env.legal.indices
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


def test_kept_observations_stay_as_they_were() -> None:
    """The env keeps one mask buffer and one vector from step to step: every array it returns is
    nevertheless the caller's own. A caller writing into one changes nothing the env returns later,
    and what it kept is unchanged by later steps."""
    env = burraco_v0.env(players=3)
    env.reset(seed=11)
    rng = random.Random(11)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for agent in env.agent_iter():
        scribbled, _, terminated, truncated, _ = env.last()
        scribbled["action_mask"][:] = 1
        scribbled["observation"][:] = -1
        for other in env.agents:
            obs = env.observe(other)
            seat = env.possible_agents.index(other)
            assert np.array_equal(obs["observation"], O.encode(observe(env.hand, seat), env.rules))
            mask = burraco_v0.mask_of(env.legal) if other == agent and not env.hand.is_over else np.zeros(A.SIZE)
            assert np.array_equal(obs["action_mask"], mask)
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    assert len(kept) > 100
    for obs, copy in kept:
        assert all(np.array_equal(obs[k], copy[k]) for k in copy)
