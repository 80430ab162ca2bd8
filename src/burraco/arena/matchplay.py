"""A whole 4-player tournament-turn match played by bots (used by ``burraco tournament demo``)."""

from __future__ import annotations

from burraco.bots.registry import make_bot
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.view import observe


def play_bot_match(hands: int, seed: int, bot: str = "heuristic", rules: Rules | None = None) -> tuple[int, int]:
    """Play ``hands`` hands of 4-player Burraco with ``bot`` in every seat; return the N-S and E-W
    game points. Deterministic for a seed."""
    base = rules or Rules()
    match = Match(base.replace(players=4, hands_per_turn=hands), seed=seed)
    bots = [make_bot(bot, seed * 4 + seat) for seat in range(4)]
    while not match.is_over:
        hand = match.start_hand()
        while not hand.is_over:
            seat = hand.to_play
            hand.apply(bots[seat].choose(observe(hand, seat), hand.legal_actions()))
        match.finish_hand()
    return match.totals[0], match.totals[1]
