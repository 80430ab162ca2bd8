"""``burraco meld "CARDS" [--attach "CARDS"] [--rules PRESET] [--json]``: is it a legal meld? (docs/rules.md §4)

Exit codes: 0 the meld (after the attachment, if any) is legal; 1 it is illegal (the reason is
printed; with ``--json`` the JSON object is still printed); 2 malformed input (an unknown card
token or rules preset): a one-line ``error: ...`` message naming it on stderr, nothing on stdout.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from burraco.core.cards import format_cards, parse_cards
from burraco.core.errors import BurracoError
from burraco.core.melds import Meld, attach_or_reason, meld_or_reason
from burraco.core.options import Rules, preset

BURRACO_TEXT = {
    None: "not a burraco",
    "clean": "clean burraco",
    "dirty": "dirty burraco",
    "semi_clean": "semi-clean burraco",
}


CARDS_HELP = 'The meld\'s cards, e.g. "6C JK 8C" (one quoted argument or several).'
ATTACH_HELP = 'Cards to attach to the meld, e.g. "7C 10C".'
RULES_HELP = "Rules preset: fibur, international, portal, home, reale."
JSON_HELP = "Print one JSON object instead of a sentence."


def meld(
    cards: Annotated[list[str], typer.Argument(help=CARDS_HELP)],
    attach: Annotated[str | None, typer.Option("--attach", help=ATTACH_HELP)] = None,
    rules: Annotated[str, typer.Option("--rules", help=RULES_HELP)] = "fibur",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Check a meld (and an attachment): each card, what every wildcard stands for, burraco class, points."""
    try:
        chosen = preset(rules)
        base_cards = parse_cards(" ".join(cards))
        extra = parse_cards(attach) if attach is not None else None
    except BurracoError as error:
        print(f"error: {error}", file=sys.stderr)
        raise typer.Exit(2) from None
    base = meld_or_reason(base_cards, chosen)
    if isinstance(base, str):
        result: Meld | str = f"the meld itself is illegal: {base}" if extra is not None else base
    elif extra is not None:
        result = attach_or_reason(base, extra, chosen)
    else:
        result = base
    if as_json:
        print(json.dumps(_as_dict(result, chosen)))
    else:
        if extra is not None and isinstance(base, Meld):
            print(f"meld:   {base.describe()}")
            print(f"attach: {format_cards(extra)}")
        print(_as_text(result, chosen))
    if isinstance(result, str):
        raise typer.Exit(1)


def _as_dict(result: Meld | str, rules: Rules) -> dict[str, Any]:
    if isinstance(result, str):
        return {"valid": False, "kind": None, "burraco": None, "card_points": 0, "bonus": 0, "reason": result}
    return {
        "valid": True,
        "kind": result.kind,
        "burraco": result.burraco(rules),
        "card_points": result.card_points(rules),
        "bonus": result.bonus(rules),
        "reason": None,
    }


def _as_text(result: Meld | str, rules: Rules) -> str:
    if isinstance(result, str):
        return f"illegal: {result}"
    return (
        f"{result.describe()}: {BURRACO_TEXT[result.burraco(rules)]}, "
        f"{result.card_points(rules)} card points, bonus {result.bonus(rules)}"
    )


def register(app: typer.Typer) -> None:
    app.command("meld")(meld)
