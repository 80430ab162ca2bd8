"""`burraco bench rl` prints both rates from one run (the figures themselves are never asserted)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from burraco.cli.app import app
from burraco.core.hand import Hand


def test_bench_rl_prints_both_rates() -> None:
    result = CliRunner().invoke(app, ["bench", "rl", "--seconds", "0.05", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert {
        "core",
        "engine_actions_per_s",
        "engine_trusted_actions_per_s",
        "env_steps_per_s",
        "wrapped_env_steps_per_s",
        "ratio",
        "wrapped_ratio",
        "observation_us",
        "mask_us",
        "bare_env_steps_per_s",
        "ceiling_ratio",
    } <= set(figures)
    assert figures["players"] == 3 and figures["hands"] >= 1
    assert figures["ceiling_ratio"] > 0


def test_bench_rl_table() -> None:
    result = CliRunner().invoke(app, ["bench", "rl", "--seconds", "0.02"])
    assert result.exit_code == 0, result.output
    assert "actions/s" in result.stdout and "steps/s" in result.stdout
    assert "ceiling" in result.stdout


def test_the_bare_env_plays_the_deal_through_the_same_api() -> None:
    """The ceiling's environment: burraco_v0's spaces and deal, whole hands of legal actions (the
    engine's part of a step), then every agent terminated and removed by its dead step."""
    import random

    from burraco.bench.rl_floor import BareEnv, aec_loop
    from burraco.rl import burraco_v0

    bare, real = BareEnv(players=3), burraco_v0.raw_env(players=3)
    bare.reset(seed=5)
    real.reset(seed=5)
    assert [bare.hand.hand_cards(s) for s in range(3)] == [real.hand.hand_cards(s) for s in range(3)]
    obs, real_obs = bare.last()[0], real.last()[0]
    assert bare.observation_space("player_0").contains(obs)
    assert {k: (v.shape, v.dtype) for k, v in obs.items()} == {k: (v.shape, v.dtype) for k, v in real_obs.items()}
    assert int(obs["action_mask"].sum()) <= int(real_obs["action_mask"].sum())
    steps = aec_loop(bare, random.Random(2))
    assert bare.hand.is_over and bare.agents == [] and steps == len(bare.hand.log) - _events(bare.hand)


def _events(hand: Hand) -> int:
    """Records of a hand that are not actions (pozzetti taken or moved, the end of the hand)."""
    return sum(r.kind in ("pozzetto", "close", "end", "timeout") for r in hand.log)


def test_every_loop_plays_the_same_deal_with_the_same_policy_stream() -> None:
    """The engine loops deal hand i as the environment's reset(seed=i) does; the policy streams match."""
    import random

    from burraco.bench.rl import engine_hand, env_hand, policy_rng
    from burraco.rl import burraco_v0

    env = burraco_v0.raw_env(players=2)
    env.reset(seed=7)
    hand = burraco_v0.deal_from(random.Random(7), 2, env.rules)
    assert [hand.hand_cards(s) for s in range(2)] == [env.hand.hand_cards(s) for s in range(2)]
    assert hand.stock == env.hand.stock and hand.to_play == env.hand.to_play
    assert policy_rng(7).random() == policy_rng(7).random() != policy_rng(8).random()
    assert engine_hand(hand, policy_rng(7)) > 0 and hand.is_over
    assert env_hand(env, 7, policy_rng(7)) > 0 and env.hand.is_over


def test_bench_rl_warm_parts() -> None:
    """--warm adds the replayed loops (whole hands, every part timed; the figures are not compared:
    with two hands they are noise)."""
    result = CliRunner().invoke(app, ["bench", "rl", "--seconds", "0.02", "--warm", "2", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    parts = ("engine", "engine_trusted", "env", "env_steps_only", "env_mask_only", "env_vector_only")
    assert all(figures[f"warm_{part}_us"] > 0 for part in parts)
    assert figures["warm_hands"] == 2 and figures["warm_ratio"] > 0


def test_loops_take_turns_going_first() -> None:
    from burraco.bench.rl import LOOPS, loop_order

    orders = [loop_order(i) for i in range(4)]
    assert all(sorted(order) == sorted(LOOPS) for order in orders)
    assert [order[0] for order in orders] == ["engine", "env", "bare", "engine"]
    assert all(order.index("engine_trusted") == order.index("engine") + 1 for order in orders)
