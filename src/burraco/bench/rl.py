"""``burraco bench rl``: env steps per CPU-second beside the engine's raw actions per CPU-second, one run.

Every loop plays the *same* hands (hand ``i`` is the deal ``burraco_v0`` makes for
``reset(seed=seed + i)``) with the same random legal policy (uniform over the legal actions, from a
``random.Random`` seeded per hand), and the loops take turns hand by hand, so a change of machine
load falls on all of them alike. Time is CPU time of this process (``time.process_time``).

The core memoises what its move generator and its checks find (by hand, by meld), so the first loop
to play a deal pays for more of it than the loops after it on the same deal. The engine pair
(``engine``, then ``engine_trusted``, the same trajectory), the environment pair (``env``, then
``wrapped``, the same trajectory) and ``bare`` therefore take turns going first
(:func:`loop_order`): the three reference loops, ``engine``, ``env`` and ``bare``, each meet a
fresh deal on a third of the hands; the second loop of each pair replays its partner's trajectory
on warm memos.

* ``engine``: :meth:`Hand.legal_actions` and :meth:`Hand.apply` (which verifies) over whole hands;
* ``engine_trusted``: the same with :meth:`Hand.apply_trusted` (what the environment does with an
  index of its own mask: the action comes from the legal list of that very state);
* ``env``: the raw ``burraco_v0`` environment in PettingZoo's usual loop, ``agent_iter`` /
  ``last()`` (the agent's observation vector and mask, built as an RL loop asks for them) / ``step``
  with an index drawn uniformly from the mask's nonzero entries. They are found on the mask viewed
  as ``bool`` (the same bytes): NumPy's ``nonzero`` over an ``int8`` array of 3127 entries costs
  about 10 µs, over ``bool`` under 1 µs — more than the difference between the loops;
* ``wrapped``: the same loop through PettingZoo's standard wrappers (``AssertOutOfBoundsWrapper``,
  ``OrderEnforcingWrapper``);
* ``bare``: :class:`~burraco.bench.rl_floor.BareEnv` in the same loop with the same policy — the
  same API and the engine's trusted work, but no canonical list, no mask and no observation: its
  ratio, ``ceiling_ratio``, is the most any AEC environment of this game can read here.

A last pass replays hands with the raw environment and times the observation vector and the mask
alone (µs per step, the timer's own cost taken off).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from burraco.bench.engine import play_random
from burraco.bench.rl_floor import BareEnv, aec_loop
from burraco.rl import burraco_v0

POLICY_SEED_OFFSET = 2**32
"""The policy's random stream of hand ``i`` is ``random.Random(POLICY_SEED_OFFSET + seed + i)``."""


def policy_rng(hand_seed: int) -> random.Random:
    """The random stream of the policy for the hand dealt from ``hand_seed``."""
    return random.Random(POLICY_SEED_OFFSET + hand_seed)


engine_hand = play_random
"""The engine loop: ``hand`` played to its end with random legal actions (``burraco bench``'s own)."""


def env_hand(env: Any, hand_seed: int, rng: random.Random) -> int:
    """One hand of the usual AEC loop with the mask-based random policy (:func:`aec_loop`): the number of steps."""
    env.reset(seed=hand_seed)
    return aec_loop(env, rng)


def wrapped_env(players: int) -> Any:
    """``burraco_v0`` behind PettingZoo's standard wrappers (bounds check, call order check)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(burraco_v0.raw_env(players=players)))


def _timer_cost() -> float:
    """CPU seconds one pair of ``process_time`` calls costs (taken off the split below)."""
    start = time.process_time()
    for _ in range(2000):
        time.process_time()
    return (time.process_time() - start) / 2000


def split_hand(env: burraco_v0.BurracoEnv, hand_seed: int, rng: random.Random) -> tuple[int, float, float]:
    """One hand where only the vector and the mask of the seat to play are asked for, each timed:
    (steps, CPU seconds in the vector, CPU seconds in the mask)."""
    clock = time.process_time
    env.reset(seed=hand_seed)
    steps, vector_s, mask_s = 0, 0.0, 0.0
    while not env.hand.is_over:
        agent = env.agent_selection
        t0 = clock()
        env.observation_vector(agent)
        t1 = clock()
        mask = env.action_mask(agent)
        t2 = clock()
        vector_s += t1 - t0
        mask_s += t2 - t1
        legal = mask.view(np.bool_).nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps, vector_s, mask_s


def _play(loop: str, hand_seed: int, raw: burraco_v0.BurracoEnv, wrapped: Any, bare: BareEnv) -> int:
    """One hand of one loop (``engine``, ``engine_trusted``, ``env``, ``wrapped`` or ``bare``): its actions."""
    if loop in ("env", "wrapped"):
        return env_hand(raw if loop == "env" else wrapped, hand_seed, policy_rng(hand_seed))
    if loop == "bare":
        return env_hand(bare, hand_seed, policy_rng(hand_seed))
    hand = burraco_v0.deal_from(random.Random(hand_seed), len(raw.possible_agents), raw.rules)
    return engine_hand(hand, policy_rng(hand_seed), trusted=loop == "engine_trusted")


LOOP_GROUPS = (("engine", "engine_trusted"), ("env", "wrapped"), ("bare",))
LOOPS = tuple(name for group in LOOP_GROUPS for name in group)


def loop_order(hand_index: int) -> tuple[str, ...]:
    """The loops in the order they play hand ``hand_index``: the groups (the engine pair, the
    environment pair, the bare environment) take turns going first.

    >>> loop_order(0), loop_order(1)[0], loop_order(2)[0]
    (('engine', 'engine_trusted', 'env', 'wrapped', 'bare'), 'env', 'bare')
    """
    k = hand_index % len(LOOP_GROUPS)
    return tuple(name for group in LOOP_GROUPS[k:] + LOOP_GROUPS[:k] for name in group)


def bench_rl(players: int = 2, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Play the same hands in every loop until the raw env used ``seconds`` of CPU; the rates and ratios."""
    raw, wrapped, bare = burraco_v0.raw_env(players=players), wrapped_env(players), BareEnv(players)
    count = dict.fromkeys(LOOPS, 0)
    cpu = dict.fromkeys(count, 0.0)
    hands = 0
    while cpu["env"] < seconds or hands < 3:
        for name in loop_order(hands):
            start = time.process_time()
            count[name] += _play(name, seed + hands, raw, wrapped, bare)
            cpu[name] += time.process_time() - start
        hands += 1
    rate = {name: count[name] / max(cpu[name], 1e-9) for name in count}
    return {
        "players": players,
        "hands": hands,
        "engine_actions_per_s": round(rate["engine"], 1),
        "engine_trusted_actions_per_s": round(rate["engine_trusted"], 1),
        "env_steps_per_s": round(rate["env"], 1),
        "wrapped_env_steps_per_s": round(rate["wrapped"], 1),
        "ratio": round(rate["env"] / rate["engine"], 3),
        "wrapped_ratio": round(rate["wrapped"] / rate["engine"], 3),
        "bare_env_steps_per_s": round(rate["bare"], 1),
        "ceiling_ratio": round(rate["bare"] / rate["engine"], 3),
        **_split(raw, seed, hands, seconds / 4),
    }


def _split(env: burraco_v0.BurracoEnv, seed: int, hands: int, budget: float) -> dict[str, float]:
    """µs per step of the observation vector and of the mask (the same hands, up to ``budget`` CPU s)."""
    steps, vector_s, mask_s, spent = 0, 0.0, 0.0, 0.0
    for i in range(hands):
        (n, v, m), took = _timed_split(env, seed + i)
        steps, vector_s, mask_s, spent = steps + n, vector_s + v, mask_s + m, spent + took
        if spent >= budget:
            break
    cost = _timer_cost()
    per = 1e6 / max(steps, 1)
    return {
        "observation_us": round(max(vector_s - steps * cost, 0.0) * per, 1),
        "mask_us": round(max(mask_s - steps * cost, 0.0) * per, 1),
    }


def _timed_split(env: burraco_v0.BurracoEnv, hand_seed: int) -> tuple[tuple[int, float, float], float]:
    start = time.process_time()
    result = split_hand(env, hand_seed, policy_rng(hand_seed))
    return result, time.process_time() - start
