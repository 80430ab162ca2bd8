"""The bots' speed figures are measured on real searches (their values are printed, not asserted)."""

from __future__ import annotations

from burraco.bench.bots import champion_rates, ismcts_rates, search_rates
from burraco.bots.ismcts import IsmctsBot


def test_the_rates_count_real_searched_decisions() -> None:
    for per_s, per_cpu_s in (ismcts_rates(seconds=0.02, decisions=2), champion_rates(ms=20.0, decisions=2)):
        assert per_s > 0.0 and per_cpu_s > 0.0


def test_a_fixed_search_counts_its_iterations() -> None:
    bot = IsmctsBot(seed=3, iterations=40)
    per_s, _ = search_rates(bot, decisions=1, seed=3)
    assert bot.last_iterations == 40
    assert per_s == 40 / bot.last_seconds
