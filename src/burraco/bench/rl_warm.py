"""``burraco bench rl --warm``: the environment's own cost a step, on deals replayed with warm memos.

:func:`burraco.bench.rl.bench_rl` times fresh deals, where the core's memos (move generator, meld
checks) miss often and the engine's own work is most of a step. Here every hand is played ``reps``
times by every loop and each loop keeps its fastest pass (CPU time): the memos are warm for all of
them alike and a burst of machine load is cut out, so the differences between the loops are the
environment's own work. The loops, all on the same deals with the same policy stream:

* ``engine``, ``engine_trusted``: as in :mod:`burraco.bench.rl`;
* ``env``: the raw environment in PettingZoo's loop (``last()``, the mask-based random policy, ``step``);
* ``env_steps_only``: ``reset``, ``agent_iter`` and ``step`` with an index drawn from the step's
  legal indices (``env.legal.indices``): no observation, no mask;
* ``env_mask_only``: the same with the mask (``env.action_mask``) and the policy's ``nonzero`` on it;
* ``env_vector_only``: ``env_steps_only`` plus the observation vector (``env.observation_vector``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from burraco.bench.rl import engine_hand, env_hand, policy_rng
from burraco.rl import burraco_v0

Loop = Callable[[burraco_v0.BurracoEnv, int, random.Random], int]


def _engine(env: burraco_v0.BurracoEnv, seed: int, rng: random.Random, trusted: bool = False) -> int:
    return engine_hand(burraco_v0.deal_from(random.Random(seed), len(env.possible_agents), env.rules), rng, trusted)


def _partial(env: burraco_v0.BurracoEnv, seed: int, rng: random.Random, mask: bool, vector: bool) -> int:
    """One hand of the env loop doing only part of an agent's work (see the module's doc)."""
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        if vector:
            env.observation_vector(agent)
        if mask:
            legal = env.action_mask(agent).view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
        else:
            indices = env.legal.indices
            env.step(indices[rng.randrange(len(indices))])
        steps += 1
    return steps


LOOPS: dict[str, Loop] = {
    "engine": _engine,
    "engine_trusted": lambda env, seed, rng: _engine(env, seed, rng, trusted=True),
    "env": env_hand,
    "env_steps_only": lambda env, seed, rng: _partial(env, seed, rng, mask=False, vector=False),
    "env_mask_only": lambda env, seed, rng: _partial(env, seed, rng, mask=True, vector=False),
    "env_vector_only": lambda env, seed, rng: _partial(env, seed, rng, mask=False, vector=True),
}


def bench_warm(players: int = 2, hands: int = 60, reps: int = 4, seed: int = 0) -> dict[str, Any]:
    """µs per action or step of every loop (fastest of ``reps`` passes per hand) and the env/engine ratio."""
    env = burraco_v0.raw_env(players=players)
    steps = dict.fromkeys(LOOPS, 0)
    cpu = dict.fromkeys(LOOPS, 0.0)
    for i in range(hands):
        best = dict.fromkeys(LOOPS, float("inf"))
        for rep in range(reps):
            for name, loop in LOOPS.items():
                start = time.process_time()
                count = loop(env, seed + i, policy_rng(seed + i))
                best[name] = min(best[name], time.process_time() - start)
                if rep == 0:
                    steps[name] += count
        for name in LOOPS:
            cpu[name] += best[name]
    us = {name: round(1e6 * cpu[name] / max(steps[name], 1), 2) for name in LOOPS}
    return {
        "warm_hands": hands,
        **{f"warm_{name}_us": value for name, value in us.items()},
        "warm_ratio": round(us["engine"] / max(us["env"], 1e-9), 3),
    }
