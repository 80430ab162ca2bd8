"""The ``random`` bot: a uniformly random legal action (the floor of the ladder).

>>> from burraco.core.actions import DRAW, PICKUP
>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=1)
>>> RandomBot(seed=0).choose(observe(hand, hand.to_play), [DRAW, PICKUP]) in (DRAW, PICKUP)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from burraco.core.actions import Action
from burraco.core.view import Observation


class RandomBot:
    """Uniformly random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]
