"""``burraco arena --ladder``: every level against the level below and the heuristic.

``--write PAGE`` puts the table into PAGE between the ladder's marker lines and keeps the rest of the page
(``docs/strength.md`` holds such a block); a new file becomes a page of its own."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from burraco.arena.ladder import LadderConfig, commit, games_cell, ladder_page, pairings, run_pairing
from burraco.arena.runner import GameResult


def run_ladder(config: LadderConfig, workers: int, write: str | None, as_json: bool) -> None:
    """Play the ladder's pairings with progress bars, print the table, optionally write it into a page."""
    measured_at = commit()
    reports: list[dict[str, Any]] = []
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    ) as progress:
        for bot_a, bot_b in pairings(config):
            task = progress.add_task(f"{bot_a} vs {bot_b}", total=config.games)
            reports.append(run_pairing(config, bot_a, bot_b, workers, _advance(progress, task)))
    if write:
        page = Path(write)
        page.parent.mkdir(parents=True, exist_ok=True)
        existing = page.read_text(encoding="utf-8") if page.exists() else None
        page.write_text(ladder_page(existing, config, reports, measured_at), encoding="utf-8")
    if as_json:
        print(
            json.dumps(
                {
                    "commit": measured_at,
                    "mode": config.unit,
                    "games": config.games,
                    "hands": config.hands if config.matches <= 0 else None,
                    "budget_ms": config.budget_ms,
                    "pairings": reports,
                }
            )
        )
        return
    _print(reports, measured_at, write, config.unit)


def _advance(progress: Progress, task: TaskID) -> Callable[[GameResult], None]:
    return lambda _result: progress.advance(task)


def _print(reports: list[dict[str, Any]], measured_at: str, write: str | None, unit: str) -> None:
    console = Console()
    table = Table(title=f"Ladder at commit {measured_at}")
    for column in (
        "bot A",
        "bot B",
        unit,
        "A win rate [95% CI]",
        "A points/hand",
        "Elo [95% CI]",
        "A feeds",
        "A wilds",
        "A missed closes",
        "B feeds",
        "s/hand",
    ):
        table.add_column(column, justify="left" if column.startswith("bot") else "right", overflow="fold")
    for r in reports:
        a, b = r["results"]
        ba, bb = r["blunders"]
        lo, hi = a["ci95"]
        elo_lo, elo_hi = r["elo_ci95"]
        table.add_row(
            a["bot"],
            b["bot"],
            games_cell(r),
            f"{a['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]",
            f"{a['mean_score_diff_per_hand']:+.1f}",
            f"{r['elo_diff']:+.0f} [{elo_lo:+.0f}, {elo_hi:+.0f}]",
            f"{ba['feed_rate']:.1%}",
            f"{ba['wild_discard_rate']:.1%}",
            str(int(ba["missed_closes"])),
            f"{bb['feed_rate']:.1%}",
            str(r["seconds_per_hand"]),
        )
    console.print(table)
    if write:
        console.print(f"written to {write}")
