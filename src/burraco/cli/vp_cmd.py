"""``burraco vp MP_DIFF``: the victory points a match-point difference gives (docs/rules.md §10)."""

from __future__ import annotations

from typing import Annotated

import typer

from burraco.core.vp import victory_points, vp_row


def vp(
    mp_diff: Annotated[int, typer.Argument(help="Match points difference (game points A minus B).")],
    hands: Annotated[int, typer.Option(help="Hands per turn: 3 (default, also for 2) or 4.")] = 3,
    table: Annotated[str, typer.Option(help="fibur (Art. 30) or portal (seed 002).")] = "fibur",
) -> None:
    """Print the VP split, winner first (e.g. 13-7), and which row of the table applies."""
    a, b = victory_points(mp_diff, table=table, hands=hands)
    winner, loser = max(a, b), min(a, b)
    name = "portal table (seed 002)" if table == "portal" else f"FIBUR table for {hands}-hand turns"
    print(f"{winner}-{loser}")
    print(f"{abs(mp_diff)} MP falls in the row {vp_row(mp_diff, table, hands)} of the {name}.")


def register(app: typer.Typer) -> None:
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp)
