"""Writing a hand history in the text format of ``docs/hand-history.md`` (RULES.md §2, §3)."""

from __future__ import annotations

from burraco.core.actions import Record
from burraco.core.cards import format_cards, sort_key
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.history_model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    HandHistory,
    apply_step,
    option_changes,
    step_refusal,
)
from burraco.core.options import PRESETS, Rules


def write_history(
    source: Hand | HandHistory, *, seed: int | None = None, preset: str | None = None, annotate: bool = True
) -> str:
    """The text of a history, or of a hand's history (see :meth:`HandHistory.from_hand` for ``seed``
    and ``preset``). ``annotate`` adds ``#`` comment lines for events and the scores."""
    history = source if isinstance(source, HandHistory) else HandHistory.from_hand(source, seed=seed, preset=preset)
    return format_history(history, annotate)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def format_history(history: HandHistory, annotate: bool) -> str:
    """The text of ``history`` (``annotate``: ``#`` comment lines for events and the scores)."""
    lines = [f"{FORMAT_NAME} {FORMAT_VERSION}"]
    if annotate:
        lines.append("# a burraco hand history (docs/hand-history.md); lines starting with # are comments")
    lines.append(f"rules {history.preset}")
    base = PRESETS.get(history.preset, Rules())
    for name, value in option_changes(base, history.rules).items():
        lines.append(f"option {name} {_option_text(value)}")
    lines.append(f"players {history.players}")
    for seat, name in enumerate(history.names):
        if name.strip():
            lines.append(f"name {seat} {' '.join(name.split())}")
    lines.append(f"dealer {history.dealer}")
    if history.seed is not None:
        lines.append(f"seed {history.seed}")
        if history.pozzetto_sizes is not None:
            lines.append("pozzetti " + " ".join(str(s) for s in history.pozzetto_sizes))
    if history.deal is not None:
        deal = history.deal
        for seat, cards in enumerate(deal.hands):
            lines.append(f"hand {seat} {format_cards(sorted(cards, key=sort_key))}".rstrip())
        for index, cards in enumerate(deal.pozzetti):
            lines.append(f"pozzetto {index} {format_cards(cards)}".rstrip())
        lines.append(f"pile {format_cards(deal.pile)}".rstrip())
        lines.append(f"stock {format_cards(deal.stock)}".rstrip())
    lines.append("actions")
    events = _events_by_step(history) if annotate else {}
    for index, step in enumerate(history.steps):
        lines.append(str(step))
        lines.extend(events.get(index, ()))
    return "\n".join(lines) + "\n"


def _events_by_step(history: HandHistory) -> dict[int, list[str]]:
    """Comment lines to write after each step: pozzetti taken, the end, the scores."""
    try:
        hand = history.new_hand()
    except BurracoError:
        return {}
    comments: dict[int, list[str]] = {}
    applied = 0
    for index, step in enumerate(history.steps):
        start = len(hand.log)
        try:
            if step_refusal(hand, step):
                break
            apply_step(hand, step)
        except BurracoError:
            break
        applied += 1
        for record in hand.log[start + 1 :]:
            comments.setdefault(index, []).append(_event_text(record))
    if hand.is_over and applied:
        last = comments.setdefault(applied - 1, [])
        for side, score in enumerate(hand.scores()):
            seats = hand.seats_of_side(side)
            who = ("seats " if len(seats) > 1 else "seat ") + ", ".join(str(s) for s in seats)
            last.append(f"# side {side} ({who}): {score.total}")
    return comments


def _event_text(record: Record) -> str:
    if record.kind == "pozzetto" and record.seat < 0:
        return f"# pozzetto {record.target} goes under the stock"
    if record.kind == "pozzetto":
        return f"# seat {record.seat} takes pozzetto {record.target} {record.detail}"
    if record.kind == "close":
        return f"# seat {record.seat} closes the hand"
    return f"# end: {record.detail or record.kind}"
