"""``burraco bench``: speed figures (hands/s, actions/s, µs per operation) and ``bench melds``."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from burraco.bench import bots as bot_bench
from burraco.bench.engine import bench_hands, bench_melds, bench_openspiel, core_path
from burraco.extras import require

app = typer.Typer(help="Speed figures of the engine (no timed tests: the figures are printed).")


@app.callback(invoke_without_command=True)
def bench(
    ctx: typer.Context,
    players: Annotated[int, typer.Option(help="2 or 4 players.")] = 2,
    seconds: Annotated[float, typer.Option(help="How long to play random hands.")] = 5.0,
    seed: Annotated[int, typer.Option(help="Seed of the random hands.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play random legal hands and print hands/s, actions/s and median µs per operation."""
    if ctx.invoked_subcommand is not None:
        return
    if players not in (2, 3, 4):
        raise typer.BadParameter("players must be 2, 3 or 4")
    figures: dict[str, Any] = bench_hands(players, seconds, seed)
    spiel = bench_openspiel(seconds, seed) if players == 2 else None
    if spiel:
        figures.update(spiel)
        figures["ratio_vs_openspiel_per_cpu_s"] = round(
            figures["hands_per_cpu_s"] / spiel["gin_rummy_games_per_cpu_s"], 3
        )
        figures["trusted_ratio_vs_openspiel_per_cpu_s"] = round(
            figures["trusted_hands_per_cpu_s"] / spiel["gin_rummy_games_per_cpu_s"], 3
        )
    figures.update(_bot_figures(seed))
    if as_json:
        print(json.dumps(figures))
        return
    table = Table(title=f"burraco engine ({figures['core']} core), {players} players, random legal hands")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        table.add_row(key, str(value))
    Console().print(table)


def _bot_figures(seed: int) -> dict[str, Any]:
    """ISMCTS iterations/s and the heuristic bot's median decision time."""
    figures: dict[str, Any] = bot_bench.bench_bots(seed)
    return figures


@app.command("melds")
def melds(
    samples: Annotated[int, typer.Option(help="Random samples per figure.")] = 2000,
    seed: Annotated[int, typer.Option(help="Seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Validations per second, µs to generate every legal meld and attachment (11/18/30 cards, 6 melds),
    and µs to list the legal actions or view them lazily (11/30/40 cards)."""
    figures = bench_melds(samples, seed)
    if as_json:
        print(json.dumps(figures))
        return
    print(f"meld validations per second: {figures['validations_per_s']:,.0f}")
    for size, row in figures["generation"].items():
        print(
            f"generate all new melds + attachments, {size:>2}-card hand vs 6 melds: "
            f"median {row['median_us']:.1f} µs, p99 {row['p99_us']:.1f} µs"
        )
    for size, row in figures["listing"].items():
        print(
            f"legal actions, {size:>2}-card hand vs 6 melds: median {row['actions_median']:.0f} actions "
            f"(max {row['actions_max']:.0f}) in {row['groups_median']:.0f} groups; listed "
            f"{row['list_warm_median_us']:.1f} µs, viewed and one picked "
            f"{row['view_and_pick_warm_median_us']:.1f} µs"
        )


@app.command("rl")
def rl(
    players: Annotated[int, typer.Option(help="2, 3 or 4 players.")] = 2,
    seconds: Annotated[float, typer.Option(help="CPU seconds of the raw environment loop.")] = 5.0,
    seed: Annotated[int, typer.Option(help="Seed of the random hands.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    warm: Annotated[int, typer.Option(help="Also replay this many hands with warm memos (µs a step by part).")] = 0,
) -> None:
    """Environment steps of burraco_v0 beside the engine's raw actions, per CPU-second (needs the rl extra)."""
    try:
        require("rl")
        from burraco.bench.rl import bench_rl
        from burraco.bench.rl_warm import bench_warm
    except ImportError as error:
        print(f"error: burraco bench rl: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    figures = {"core": core_path(), **bench_rl(players, seconds, seed)}
    if warm:
        figures.update(bench_warm(players, warm, seed=seed))
    if as_json:
        print(json.dumps(figures))
        return
    print(
        f"{figures['core']} core, {players} players, the same {figures['hands']} random legal hands in every "
        f"loop, per CPU-second"
    )
    print(
        f"engine: {figures['engine_actions_per_s']:,.0f} actions/s (legal_actions + apply; "
        f"{figures['engine_trusted_actions_per_s']:,.0f} with apply_trusted)"
    )
    print(
        f"burraco_v0 env: {figures['env_steps_per_s']:,.0f} steps/s raw, "
        f"{figures['wrapped_env_steps_per_s']:,.0f} steps/s with PettingZoo's standard wrappers "
        "(last(): observation + mask every step)"
    )
    print(f"ratio env/engine: {figures['ratio']:.2f} raw, {figures['wrapped_ratio']:.2f} wrapped (target 0.8)")
    print(
        f"ceiling: an AEC env whose observation and mask cost nothing (the engine behind the same API and loop) "
        f"{figures['bare_env_steps_per_s']:,.0f} steps/s, ratio {figures['ceiling_ratio']:.2f}: no AEC env passes it"
    )
    print(f"per step: observation vector {figures['observation_us']:.1f} µs, mask {figures['mask_us']:.1f} µs")
    if warm:
        parts = ", ".join(
            f"{key[5:-3]} {value:.2f}"
            for key, value in figures.items()
            if key.startswith("warm_") and key.endswith("_us")
        )
        print(f"warm memos, µs an action or step: {parts}; ratio {figures['warm_ratio']:.2f}")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="bench")
