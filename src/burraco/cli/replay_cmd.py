"""``burraco replay FILE [--json]``: replay and validate a hand history (docs/hand-history.md).

Every action is applied in order and checked by the engine; the replay stops at the first illegal
one, naming its index (actions count from 0) and the engine's reason. Each side's score breakdown
is printed — provisional when the hand is unfinished or stopped. Exit codes: 0 every action is
legal (the hand may be unfinished), 1 an illegal action, 2 a malformed or unreadable file (a
one-line ``error: ...`` message on stderr, nothing on stdout).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from burraco.core.cards import format_cards
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.history import HandHistory, ReplayError, read_history, replay

FILE_HELP = "A hand history file (docs/hand-history.md)."
JSON_HELP = "Print one JSON object instead of text."


MAX_HISTORY_BYTES = 1 << 20
"""A hand history is a few kilobytes; a larger file (or an endless one, /dev/zero) is refused unread."""


def _read_limited(file: Path) -> str:
    """The file's text, at most :data:`MAX_HISTORY_BYTES` of it, or a one-line failure."""
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_HISTORY_BYTES + 1)
        if len(data) > MAX_HISTORY_BYTES:
            _fail(f"{file} is larger than {MAX_HISTORY_BYTES // 1024} KiB: not a hand history")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"cannot read {file}: {getattr(error, 'strerror', None) or error}")


def replay_command(
    file: Annotated[Path, typer.Argument(help=FILE_HELP, show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Replay a hand history, validating every action; print each side's score breakdown."""
    text = _read_limited(file)
    try:
        history = read_history(text)
        hand, failure = _replay(history)
    except BurracoError as error:
        _fail(f"{file}: {error}")
    applied = failure.index if failure is not None else len(history.steps)
    if as_json:
        print(json.dumps(_as_dict(history, hand, failure, applied)))
    else:
        _print_text(history, hand, failure, applied)
    if failure is not None:
        raise typer.Exit(1)


def _fail(message: str) -> NoReturn:
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    raise typer.Exit(2)


def _replay(history: HandHistory) -> tuple[Hand, ReplayError | None]:
    try:
        return replay(history), None
    except ReplayError as error:
        return error.hand, error


def _sides(hand: Hand) -> list[dict[str, Any]]:
    return [
        {"side": side, "seats": hand.seats_of_side(side), **score.to_dict()} for side, score in enumerate(hand.scores())
    ]


def _as_dict(history: HandHistory, hand: Hand, failure: ReplayError | None, applied: int) -> dict[str, Any]:
    error = None
    if failure is not None:
        error = {
            "index": failure.index,
            "line": failure.step.line,
            "action": str(failure.step),
            "reason": failure.reason,
        }
    return {
        "ok": failure is None,
        "actions": applied,
        "total_actions": len(history.steps),
        "error": error,
        "players": hand.players,
        "rules": history.preset,
        "over": hand.is_over,
        "end_reason": hand.end_reason or "unfinished",
        "closed_by": hand.closed_by if hand.closed_by >= 0 else None,
        "to_play": None if hand.is_over else hand.to_play,
        "phase": hand.phase,
        "sides": _sides(hand),
    }


def _print_text(history: HandHistory, hand: Hand, failure: ReplayError | None, applied: int) -> None:
    deal = f"seed {history.seed}" if history.seed is not None else "explicit deal"
    print(f"{hand.players} players, rules {history.preset}, dealer {hand.dealer}, {deal}")
    if failure is None:
        print(f"{applied} actions replayed: all legal")
    else:
        where = f" (line {failure.step.line})" if failure.step.line else ""
        print(
            f"{applied} actions replayed, then action {failure.index}{where} '{failure.step}' is illegal: "
            f"{failure.reason}"
        )
    if hand.is_over:
        closer = f" by seat {hand.closed_by}" if hand.closed_by >= 0 else ""
        print(f"end: {hand.end_reason}{closer}")
    else:
        print(
            f"unfinished: seat {hand.to_play} to {'take' if hand.phase == 'take' else 'play'}; "
            f"stock {len(hand.stock)}, pile {format_cards(hand.discard_pile) or '(empty)'}"
        )
        for seat in range(hand.players):
            print(f"  seat {seat}: {format_cards(hand.hand_cards(seat))}")
    heading = "score" if hand.is_over else "provisional score"
    for side in _sides(hand):
        seats = ", ".join(str(s) for s in side["seats"])
        print(f"side {side['side']} (seats {seats}): {heading} {side['total']}")
        for item in side["items"]:
            print(f"  {item['points']:+6d}  {item['label']}")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
