"""The training example of docs/rl.md learns: after a small budget it beats the random policy."""

from __future__ import annotations

import numpy as np

from burraco.rl.reinforce import evaluate, train


def test_reinforce_beats_the_random_policy() -> None:
    w, curve = train(hands=60, seed=0)
    assert len(curve) == 60
    learned, random_policy = evaluate(w, hands=20), evaluate(np.zeros_like(w), hands=20)
    assert learned > random_policy + 1.0, (learned, random_policy)
