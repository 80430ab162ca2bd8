"""``burraco bench rl``: env steps per second beside the engine's raw actions per second, one run.

Both loops play random legal hands from the same seeds: the engine loop asks
:meth:`Hand.legal_actions` and applies one at random; the environment loop is PettingZoo's
usual ``agent_iter`` / ``last`` / ``step`` with the action drawn from the observation's mask, so
it pays for the observation vector, the mask and the canonical order of the legal list.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from burraco.core.hand import Hand
from burraco.rl import burraco_v0


def engine_actions(players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random legal actions applied to the engine for ``seconds``: (actions, seconds taken)."""
    rng = random.Random(seed)
    actions = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hand = Hand.deal(players, seed + hands, (seed + hands) % players)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
            actions += 1
        hands += 1
    return actions, time.perf_counter() - start


def env_steps(players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Masked random steps of ``burraco_v0`` for ``seconds``: (steps, seconds taken)."""
    rng = np.random.default_rng(seed)
    env = burraco_v0.env(players=players)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + hands)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        hands += 1
    return steps, time.perf_counter() - start


def bench_rl(players: int = 2, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Both figures and their ratio (the target: env steps/s >= 0.8 x engine actions/s)."""
    actions, engine_s = engine_actions(players, seconds, seed)
    steps, env_s = env_steps(players, seconds, seed)
    engine_rate, env_rate = actions / engine_s, steps / env_s
    return {
        "players": players,
        "engine_actions_per_s": round(engine_rate, 1),
        "env_steps_per_s": round(env_rate, 1),
        "ratio": round(env_rate / engine_rate, 3),
    }
