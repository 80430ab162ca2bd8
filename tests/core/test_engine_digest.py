"""The compiled and the pure-Python core play identically: one digest for both paths.

1,000 seeded random hands each of 2, 3 and 4 players; the digest covers every legal-action list
(in order), the whole log and the scores. CI runs the suite on both paths (mypyc-compiled and
``BURRACO_PURE=1``), so both must reach these pinned digests: any difference between them, or
any change of the rules' behaviour, fails here.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from burraco.core.hand import Hand
from burraco.core.options import Rules

HANDS = 1000
DIGESTS = {
    2: ("95c4e82dd7ed1cc715f657f6daa3bd24", 275_911),
    3: ("dcfaca2ba4d6e72ba237ebf507164cae", 195_891),
    4: ("3606c6052547ab47ec0cad40fd527e56", 183_353),
}


def play_digest(players: int, hands: int, trusted: bool = False, rules: Rules | None = None) -> tuple[str, int]:
    """Digest of ``hands`` random hands (seed i, dealer i mod players, choices from Random(i));
    ``trusted``: applied with :meth:`Hand.apply_trusted` instead of :meth:`Hand.apply`; ``rules``:
    other rules than the defaults (tests/core/test_natural_two_moves.py)."""
    digest = hashlib.blake2b(digest_size=16)
    steps = 0
    for seed in range(hands):
        hand = Hand.deal(players=players, seed=seed, dealer=seed % players, rules=rules)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            digest.update(repr([(a.kind, a.cards, a.target) for a in legal]).encode())
            action = legal[rng.randrange(len(legal))]
            if trusted:
                hand.apply_trusted(action)
            else:
                hand.apply(action)
            steps += 1
        digest.update(
            repr([(r.index, r.seat, r.kind, r.cards, r.target, r.detail, r.private) for r in hand.log]).encode()
        )
        digest.update(repr([side.total for side in hand.scores()]).encode())
    return digest.hexdigest(), steps


@pytest.mark.parametrize("players", sorted(DIGESTS))
def test_seeded_random_hands_have_the_pinned_digest(players: int) -> None:
    assert play_digest(players, HANDS) == DIGESTS[players]


@pytest.mark.parametrize("players", sorted(DIGESTS))
def test_trusted_apply_reaches_the_same_digest(players: int) -> None:
    assert play_digest(players, HANDS, trusted=True) == DIGESTS[players]
