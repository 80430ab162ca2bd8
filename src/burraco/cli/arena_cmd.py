"""``burraco arena BOT_A BOT_B``: bot-vs-bot evaluation with confidence intervals (docs/bots.md)."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from burraco.arena.ladder import LadderConfig, blunder_rates
from burraco.arena.output import OutputMismatchError
from burraco.arena.runner import PLAIN_FORMAT, ArenaConfig, GameResult, history_module, run_arena
from burraco.arena.stats import summarize
from burraco.bots.levels import CHAMPION_MS
from burraco.bots.registry import make_bot
from burraco.cli.ladder_cmd import run_ladder
from burraco.core.options import preset
from burraco.extras import require


def arena(
    bot_a: Annotated[
        str | None,
        typer.Argument(
            help="First bot: random, heuristic, ismcts[:iterations=N], "
            "beginner, intermediate, expert, champion, easy, normal, "
            "hard."
        ),
    ] = None,
    bot_b: Annotated[str | None, typer.Argument(help="Second bot.")] = None,
    players: Annotated[int, typer.Option(help="2 or 4 players (4: partners are the same bot).")] = 2,
    hands: Annotated[int | None, typer.Option(help="Play N single hands (default 100).")] = None,
    matches: Annotated[int | None, typer.Option(help="Play N matches to --target instead of hands.")] = None,
    target: Annotated[int, typer.Option(help="Match target (with --matches).")] = 2005,
    rules: Annotated[str, typer.Option(help="Rules preset: fibur, international, portal, home, reale.")] = "fibur",
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: the CPU count).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots.")] = 0,
    save_histories: Annotated[str | None, typer.Option(help="Write every hand's history to this folder.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print exactly one JSON object.")] = False,
    backend: Annotated[
        str, typer.Option(help="process (a local process pool) or ray (Ray tasks; the ray extra).")
    ] = "process",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: RAY_ADDRESS, else a local Ray).")
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            help="Append each game to this JSONL file as it ends; run again "
            "with the same file to play only the games it lacks."
        ),
    ] = None,
    selfplay: Annotated[
        str | None,
        typer.Option(
            help="With --backend ray: also write one row per decision "
            "(observation, action, reward) to this Parquet file."
        ),
    ] = None,
    ladder: Annotated[
        bool,
        typer.Option(
            "--ladder",
            help="Play every level against the level below and the heuristic (--hands or --matches per pairing).",
        ),
    ] = False,
    budget_ms: Annotated[
        float, typer.Option(help="With --ladder: per-decision budget of expert and champion (ms).")
    ] = CHAMPION_MS,
    iterations: Annotated[
        int,
        typer.Option(
            help="With --ladder: the champion searches N iterations per decision "
            "instead of --budget-ms (independent of the load)."
        ),
    ] = 0,
    ismcts: Annotated[int, typer.Option(help="With --ladder: also champion vs ismcts with N iterations.")] = 0,
    blunders: Annotated[
        bool, typer.Option("--blunders", help="Count each bot's feeds, wildcard discards and missed winning closes.")
    ] = False,
    write: Annotated[
        str | None, typer.Option(help="With --ladder: write the table to this file (docs/strength.md).")
    ] = None,
) -> None:
    """Play BOT_A against BOT_B on duplicate deals (seats and dealers alternate) and report wins,
    losses, draws, win rate with its 95% Wilson interval, mean score difference per hand and Elo."""
    if players not in (2, 4):
        raise typer.BadParameter("the arena plays 2 or 4 players", param_hint="--players")
    if hands is not None and matches is not None:
        raise typer.BadParameter("give --hands or --matches, not both", param_hint="--hands")
    games = matches if matches is not None else (hands if hands is not None else 100)
    if games < 1:
        raise typer.BadParameter("play at least one game", param_hint="--hands/--matches")
    if ladder:
        run_ladder(
            LadderConfig(
                hands=hands or 100,
                budget_ms=budget_ms,
                players=players,
                seed=seed,
                rules=rules,
                ismcts=ismcts,
                iterations=iterations,
                matches=matches or 0,
                target=target,
            ),
            max(1, workers or 1),
            write,
            as_json,
        )
        return
    if bot_a is None or bot_b is None:
        raise typer.BadParameter("name two bots, or give --ladder", param_hint="BOT_A BOT_B")
    rules_obj = preset(rules).replace(players=players)
    for name in (bot_a, bot_b):
        make_bot(name, seed=0, rules=rules_obj)
    config = ArenaConfig(
        bot_a,
        bot_b,
        players=players,
        games=games,
        matches=matches is not None,
        target=target,
        rules=rules,
        seed=seed,
        save_dir=save_histories,
        blunders=blunders,
    )
    count = workers if workers is not None else (os.cpu_count() or 1)
    start = time.perf_counter()
    if backend not in ("process", "ray"):
        raise typer.BadParameter("process or ray", param_hint="--backend")
    if backend == "ray":
        run = _ray_runner(address, output)
    elif address is not None or selfplay is not None:
        raise typer.BadParameter("--address and --selfplay need --backend ray", param_hint="--backend")
    else:
        run = _process_runner(output)
    try:
        results = _run_with_progress(config, max(1, count), run)
    except OutputMismatchError as error:
        print(f"error: burraco arena --output: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    report = summarize((bot_a, bot_b), [r.outcome for r in results], [d for r in results for d in r.hand_diffs])
    report.update(
        {
            "mode": "matches" if config.matches else "hands",
            "players": players,
            "rules": rules,
            "seed": seed,
            "workers": max(1, count),
            "backend": backend,
            "seconds": round(time.perf_counter() - start, 2),
        }
    )
    if config.matches:
        report["target"] = target
    if selfplay is not None:
        report["selfplay"] = {"file": selfplay, "rows": _selfplay(config, selfplay, address, max(1, count))}
    if blunders:
        report["blunders"] = [blunder_rates(results, bot) for bot in (0, 1)]
    if save_histories is not None:
        report["histories"] = {
            "dir": save_histories,
            "files": sum(len(r.saved) for r in results),
            "format": "burraco.core.history" if history_module() is not None else PLAIN_FORMAT,
        }
    if as_json:
        print(json.dumps(report))
        return
    _print_report(report)


Runner = Callable[[ArenaConfig, int, Callable[[GameResult], None]], list[GameResult]]


def _process_runner(output: str | None) -> Runner:
    """The local process pool, appending each game to ``output`` when given."""
    return lambda config, workers, on_result: run_arena(config, workers, on_result, output)


def _ray_runner(address: str | None, output: str | None) -> Runner:
    """The Ray backend (burraco.arena.ray_backend), or one line naming the missing extra."""
    try:
        require("ray")
        from burraco.arena.ray_backend import run_arena_ray
    except ImportError as error:
        print(f"error: burraco arena --backend ray: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    return lambda config, workers, on_result: run_arena_ray(config, address, workers, on_result, output)


def _selfplay(config: ArenaConfig, path: str, address: str | None, workers: int) -> int:
    try:
        require("rl")
        from burraco.rl.selfplay import generate
    except ImportError as error:
        print(f"error: burraco arena --selfplay: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    return generate(config, path, address, workers)


def _run_with_progress(config: ArenaConfig, workers: int, run: Runner = run_arena) -> list[GameResult]:
    console = Console(stderr=True)
    what = "matches" if config.matches else "hands"
    with Progress(
        TextColumn(f"{config.bot_a} vs {config.bot_b}, {config.players} players, {what}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task("games", total=config.games)
        return run(config, workers, lambda _result: progress.advance(task))


def _print_report(report: dict[str, Any]) -> None:
    console = Console()
    unit = "matches" if report["mode"] == "matches" else "hands"
    table = Table(
        title=f"{report['games']} {unit}, {report['players']} players, rules {report['rules']}, seed {report['seed']}"
    )
    for column in ("bot", "won", "lost", "drawn", "win rate [95% CI]", "points/hand vs other [95% CI]"):
        table.add_column(column, justify="left" if column == "bot" else "right", overflow="fold")
    for row in report["results"]:
        lo, hi = row["ci95"]
        mlo, mhi = row["mean_score_diff_ci95"]
        table.add_row(
            row["bot"],
            str(row["wins"]),
            str(row["losses"]),
            str(row["draws"]),
            f"{row['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]",
            f"{row['mean_score_diff_per_hand']:+.1f} [{mlo:+.1f}, {mhi:+.1f}]",
        )
    console.print(table)
    lo, hi = report["elo_ci95"]
    first, second = (r["bot"] for r in report["results"])
    console.print(f"Elo difference ({first} − {second}): {report['elo_diff']:+.0f} (95% CI {lo:+.0f} to {hi:+.0f})")
    for row, rates in zip(report["results"], report.get("blunders", []), strict=False):
        console.print(
            f"{row['bot']}: feeds {rates['feed_rate']:.1%} of discards, wildcard discards "
            f"{rates['wild_discard_rate']:.1%}, missed winning closes {int(rates['missed_closes'])}"
        )
    console.print(f"{report['seconds']} s on {report['workers']} worker(s)")
    if "histories" in report:
        h = report["histories"]
        note = "" if h["format"] != PLAIN_FORMAT else " (plain action lists: burraco.core.history is not available)"
        console.print(f"{h['files']} hand histories written to {h['dir']}{note}")


def register(app: typer.Typer) -> None:
    app.command("arena")(arena)
