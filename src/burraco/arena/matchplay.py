"""One table of a bot tournament: a turn of ``hands`` hands between two bot pairs (docs/rules.md §10, §11).

Used by the tournament director's demo (``burraco.tournament.demo``) to play its tables with the
real engine instead of a simulator.

>>> ns, ew = play_bot_match(1, 42)
>>> (ns, ew) == play_bot_match(1, 42), ns % 5 == 0 and ew % 5 == 0
(True, True)
"""

from __future__ import annotations

from burraco.bots.base import play_hand
from burraco.bots.registry import make_bot
from burraco.core.match import Match
from burraco.core.options import Rules, preset


def play_bot_match(
    hands: int,
    seed: int,
    bot: str = "heuristic",
    rules: Rules | None = None,
    *,
    ns_bot: str | None = None,
    ew_bot: str | None = None,
) -> tuple[int, int]:
    """Play a 4-player turn of ``hands`` hands (dealer rotating) with ``bot`` in every seat (or
    ``ns_bot`` / ``ew_bot`` for one side) and return the game points of North-South (seats 0 and 2)
    and East-West (seats 1 and 3). Deterministic for a seed."""
    base = (rules or preset("fibur")).replace(players=4, hands_per_turn=hands)
    match = Match(base, seed=seed)
    names = (ns_bot or bot, ew_bot or bot)
    bots = [make_bot(names[seat % 2], seed=seed * 4 + seat, rules=base) for seat in range(4)]
    while not match.is_over:
        play_hand(match.start_hand(), bots)
        match.finish_hand()
    return match.totals[0], match.totals[1]
