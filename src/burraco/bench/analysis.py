"""Figures of the post-hand analysis (``burraco bench analysis``; docs/analysis.md): the champion
plays a few 2-player hands against itself, then every decision of both seats is reviewed.

Printed, never asserted: the share of the champion's decisions labelled *ottima* or *buona* (the
thresholds are calibrated on it), the distribution of the points lost, the CPU seconds the review
of one hand takes at the budget (both seats), and the decisions reviewed per hand.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from burraco.analysis import DEFAULT_BUDGET_MS, Label, analyse_history
from burraco.bots.base import play_hand
from burraco.bots.registry import make_bot
from burraco.core.hand import Hand
from burraco.core.history import HandHistory, read_history

Tick = Callable[[str], None]


def champion_histories(hands: int, seed: int, bot: str = "champion", save: Path | None = None) -> list[HandHistory]:
    """``hands`` 2-player hands of ``bot`` against itself (deal ``seed + i``), as histories; with
    ``save``, each is written there (``handNNN.txt``), and a hand already there is read, not played."""
    histories: list[HandHistory] = []
    for number in range(hands):
        path = None if save is None else save / f"hand{number:03d}.txt"
        if path is not None and path.exists():
            histories.append(read_history(path.read_text(encoding="utf-8")))
            continue
        deal_seed = seed + number
        hand = Hand.deal(players=2, seed=deal_seed, dealer=number % 2)
        played = play_hand(hand, [make_bot(bot, seed=deal_seed * 2 + s) for s in range(2)])
        history = HandHistory.from_hand(played, seed=deal_seed, names=(bot, bot))
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(history.to_text(), encoding="utf-8")
        histories.append(history)
    return histories


def bench_analysis(
    hands: int = 6,
    seed: int = 0,
    budget_ms: float = DEFAULT_BUDGET_MS,
    bot: str = "champion",
    save: Path | None = None,
    tick: Tick | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands of ``bot`` against itself, review both seats of each, return the figures."""
    losses: list[float] = []
    labels: Counter[str] = Counter()
    seconds: list[float] = []
    accuracies: list[float] = []
    for number, history in enumerate(champion_histories(hands, seed, bot, save)):
        if tick is not None:
            tick(f"hand {number + 1}/{hands} played")
        start = time.process_time()
        reviews = analyse_history(history, None, budget_ms, seed)
        seconds.append(time.process_time() - start)
        for review in reviews:
            accuracies.append(review.accuracy)
            for decision in review.decisions:
                losses.append(decision.loss)
                labels[decision.label.value] += 1
        if tick is not None:
            tick(f"hand {number + 1}/{hands} reviewed in {seconds[-1]:.1f} CPU s")
    total = max(1, len(losses))
    good = labels[Label.BEST.value] + labels[Label.GOOD.value]
    ranked = sorted(losses)
    return {
        "bot": bot,
        "hands": hands,
        "seed": seed,
        "budget_ms": budget_ms,
        "decisions": len(losses),
        "decisions_per_hand": round(len(losses) / max(1, hands), 1),
        "share_best_or_good": round(good / total, 4),
        "labels": {label.value: labels[label.value] for label in Label},
        "loss_p50": _quantile(ranked, 0.5),
        "loss_p90": _quantile(ranked, 0.9),
        "loss_p95": _quantile(ranked, 0.95),
        "loss_p99": _quantile(ranked, 0.99),
        "loss_max": ranked[-1] if ranked else 0.0,
        "accuracy_mean": round(statistics.fmean(accuracies), 1) if accuracies else 100.0,
        "cpu_seconds_per_hand": round(statistics.fmean(seconds), 2) if seconds else 0.0,
        "cpu_ms_per_decision": round(1000 * sum(seconds) / total, 1),
    }


def _quantile(ranked: list[float], q: float) -> float:
    if not ranked:
        return 0.0
    return ranked[min(len(ranked) - 1, int(q * len(ranked)))]
