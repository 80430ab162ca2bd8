"""``burraco vp MP_DIFF``: the victory points a match-point difference gives (docs/rules.md §10)."""

from __future__ import annotations

import sys
from typing import Annotated, Final

import typer

from burraco.core.errors import RulesOptionError
from burraco.core.vp import victory_points, vp_row

TABLE_NAMES: Final = {
    "fibur": "the federation's table (Art. 30, every turn)",
    "portal": "the portal's table (seed 002)",
    "wide": "the wider four-hand scale",
}


def vp(
    mp_diff: Annotated[int, typer.Argument(help="Match points difference (game points A minus B).")],
    table: Annotated[
        str, typer.Option(help="fibur (Art. 30, the default), portal (seed 002) or wide (four-hand turns).")
    ] = "fibur",
) -> None:
    """Print the VP split, winner first (e.g. 13-7), and which row of the table applies."""
    try:
        a, b = victory_points(mp_diff, table=table)
    except RulesOptionError as error:
        print(f"error: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    winner, loser = max(a, b), min(a, b)
    print(f"{winner}-{loser}")
    print(f"{abs(mp_diff)} MP falls in the row {vp_row(mp_diff, table)} of {TABLE_NAMES[table]}.")


def register(app: typer.Typer) -> None:
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp)
