"""The training example of docs/rl.md: REINFORCE with a linear softmax policy, in NumPy, against
the random bot. ``python -m burraco.rl.reinforce`` prints the learning curve.

The policy scores each legal action by ``w · features(action)`` (its type, how many cards it
lays, their points, a wildcard) and samples from the softmax; after each hand the weights move
along the return-weighted log-likelihood gradient, with a running-mean baseline.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from burraco.core.actions import KINDS, Action
from burraco.core.cards import IS_WILD, VALUES_30
from burraco.rl import actions as A
from burraco.rl.gym_env import BurracoGymEnv

Vector = npt.NDArray[np.float64]


@lru_cache(maxsize=65_536)
def features(action: Action) -> Vector:
    """Type one-hot, cards laid, their points in tens, a wildcard among them, a bias (memoised: an
    action's features never change; the rows are copied by :func:`policy`, never written)."""
    laid = action.cards if action.kind in ("meld", "attach") else ()
    return np.array(
        [
            *(action.kind == k for k in KINDS),
            len(laid),
            sum(VALUES_30[c] for c in laid) / 10,
            any(IS_WILD[c] for c in action.cards),
            1.0,
        ]
    )


def policy(w: Vector, obs: dict[str, Any], legal: A.CanonicalLegal) -> tuple[list[int], Vector, Vector]:
    """The legal indices (the mask's nonzero entries, which ``legal.indices`` lists in the same
    ascending order), their feature rows and the softmax probabilities."""
    indices = legal.indices
    x = np.stack([features(A.index_to_action(i, legal)) for i in indices])
    z = x @ w
    p = np.exp(z - z.max())
    return indices, x, p / p.sum()


def play(
    env: BurracoGymEnv, w: Vector, rng: np.random.Generator, seed: int, learn: float = 0.0, baseline: float = 0.0
) -> float:
    """One hand; with ``learn`` > 0, a REINFORCE step on ``w`` in place. Returns the hand's reward."""
    obs, info = env.reset(seed=seed)
    grads: list[Vector] = []
    done, reward = False, 0.0
    while not done:
        indices, x, p = policy(w, obs, info["legal"])
        k = int(rng.choice(len(indices), p=p))
        grads.append(x[k] - p @ x)
        obs, reward, done, _, info = env.step(indices[k])
    if learn:
        w += learn * (reward - baseline) * np.sum(grads, axis=0)
    return float(reward)


def train(hands: int = 300, seed: int = 0, lr: float = 0.01) -> tuple[Vector, list[float]]:
    """Train for ``hands`` hands; the weights and the reward of each hand."""
    env, rng = BurracoGymEnv(players=2, opponents="random"), np.random.default_rng(seed)
    w, baseline, curve = np.zeros(len(features(Action("draw")))), 0.0, []
    for h in range(hands):
        curve.append(play(env, w, rng, seed * 100_003 + h, lr, baseline))
        baseline += 0.05 * (curve[-1] - baseline)
    return w, curve


def evaluate(w: Vector, hands: int = 50, seed: int = 10**6) -> float:
    """Mean reward of the policy ``w`` (zeros: uniformly random) over fixed deals, without learning."""
    env, rng = BurracoGymEnv(players=2, opponents="random"), np.random.default_rng(seed)
    return float(np.mean([play(env, w, rng, seed + h) for h in range(hands)]))


def main(hands: int = 300, seed: int = 0) -> None:
    w, curve = train(hands, seed)
    for start in range(0, hands, max(1, hands // 6)):
        block = curve[start : start + max(1, hands // 6)]
        print(f"hands {start:4d}-{start + len(block) - 1:4d}: mean reward {np.mean(block):+.2f}")
    print(f"learned policy: {evaluate(w):+.2f}   random policy: {evaluate(np.zeros_like(w)):+.2f}")


if __name__ == "__main__":  # pragma: no cover
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
