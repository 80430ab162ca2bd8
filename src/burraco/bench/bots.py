"""Speed figures of the bots for ``burraco bench`` and docs/bots.md (printed, never asserted).

* the heuristic bot's decision time (median and 90th percentile over every decision of a few
  2-player hands against itself);
* ISMCTS iterations per second (searched decisions with a time budget, 2 players), and the
  champion's rollouts per second (its race plays every live candidate in each world).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from burraco.bots.heuristic import HeuristicBot
from burraco.bots.ismcts import IsmctsBot
from burraco.bots.searcher import ChampionBot
from burraco.core.hand import Hand
from burraco.core.view import observe


def heuristic_decision_times(hands: int = 6, seed: int = 0, players: int = 2) -> list[float]:
    """Seconds per decision of the heuristic bot (the view is built outside the timer)."""
    times: list[float] = []
    clock = time.perf_counter
    for number in range(hands):
        hand = Hand.deal(players=players, seed=seed + number, dealer=number % players)
        bots = [HeuristicBot(seed=seed + s) for s in range(players)]
        while not hand.is_over:
            seat = hand.to_play
            view = observe(hand, seat)
            legal = hand.legal_actions()
            t0 = clock()
            action = bots[seat].choose(view, legal)
            times.append(clock() - t0)
            hand.apply(action)
    return times


def ismcts_rate(seconds: float = 0.25, decisions: int = 6, seed: int = 0) -> float:
    """ISMCTS iterations per second over ``decisions`` searched decisions of a 2-player hand."""
    return ismcts_rates(seconds, decisions, seed)[0]


def ismcts_rates(seconds: float = 0.25, decisions: int = 6, seed: int = 0) -> tuple[float, float]:
    """ISMCTS iterations per wall second and per CPU second (of the searching process) over
    ``decisions`` searched decisions of a 2-player hand."""
    return search_rates(IsmctsBot(seed=seed, iterations=None, seconds=seconds), decisions, seed)


def champion_rates(ms: float = 250.0, decisions: int = 6, seed: int = 0) -> tuple[float, float]:
    """The champion's rollouts per wall second and per CPU second, as :func:`ismcts_rates`."""
    return search_rates(ChampionBot(seed=seed, ms=ms), decisions, seed)


def search_rates(bot: IsmctsBot, decisions: int = 6, seed: int = 0) -> tuple[float, float]:
    """``bot``'s iterations per wall second and per CPU second over its first ``decisions``
    searched decisions of a 2-player hand against the heuristic (seat 0 searches)."""
    helper = HeuristicBot(seed=seed)
    hand = Hand.deal(players=2, seed=seed)
    iterations = 0
    spent = cpu = 0.0
    while not hand.is_over and decisions > 0:
        seat = hand.to_play
        view = observe(hand, seat)
        legal = hand.legal_actions()
        bot.last_iterations = 0
        cpu0 = time.process_time()
        action = bot.choose(view, legal) if seat == 0 else helper.choose(view, legal)
        if seat == 0 and bot.last_iterations:
            cpu += time.process_time() - cpu0
            iterations += bot.last_iterations
            spent += bot.last_seconds
            decisions -= 1
        hand.apply(action)
    return (iterations / spent if spent else 0.0), (iterations / cpu if cpu else 0.0)


def bench_bots(seed: int = 0) -> dict[str, Any]:
    times = heuristic_decision_times(seed=seed)
    per_s, per_cpu_s = ismcts_rates(seed=seed)
    champion_per_s, champion_per_cpu_s = champion_rates(seed=seed)
    ordered = sorted(times)
    return {
        "heuristic_decision_ms_median": round(statistics.median(times) * 1e3, 3),
        "heuristic_decision_ms_p90": round(ordered[int(0.9 * (len(ordered) - 1))] * 1e3, 3),
        "ismcts_iterations_per_s": round(per_s, 1),
        "ismcts_iterations_per_cpu_s": round(per_cpu_s, 1),
        "champion_rollouts_per_s": round(champion_per_s, 1),
        "champion_rollouts_per_cpu_s": round(champion_per_cpu_s, 1),
    }
