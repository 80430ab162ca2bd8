"""The search bot decides the same on the compiled and the pure-Python path.

``burraco.bots.lite`` (the playout policy and evaluation) is compiled with the core where a C
compiler is available; CI runs the suite on both paths, so both must reach this pinned digest of
every decision of a seeded ISMCTS-against-heuristic hand (pinned again when the heuristic stopped
throwing back the card it picked up: its play, and so the hand, changed).
"""

from __future__ import annotations

import hashlib

from burraco.bots.heuristic import HeuristicBot
from burraco.bots.ismcts import IsmctsBot
from burraco.core.hand import Hand
from burraco.core.view import observe

PINNED = ("a066c0bb7d37d8e4806bb21a7939d642", 147)


def decisions_digest(seed: int, iterations: int) -> tuple[str, int]:
    """Digest of every action of one 2-player hand: ISMCTS (seat 0) against the heuristic."""
    hand = Hand.deal(players=2, seed=seed)
    bots = [IsmctsBot(seed=seed, iterations=iterations), HeuristicBot(seed=seed)]
    played: list[str] = []
    while not hand.is_over:
        action = bots[hand.to_play].choose(observe(hand, hand.to_play), hand.legal_actions())
        played.append(str(action))
        hand.apply(action)
    return hashlib.blake2b("|".join(played).encode(), digest_size=16).hexdigest(), len(played)


def test_search_decisions_have_the_pinned_digest() -> None:
    assert decisions_digest(seed=1, iterations=40) == PINNED
