"""One step of a hand history (an action line) and what it does to a hand: :class:`Step`, its parse
and text, the check before the engine is asked (:func:`step_refusal`), its application
(:func:`apply_step`), the steps of a log, and :func:`snapshot`, a hand's whole state as values (docs/rules.md §3).

:mod:`burraco.core.history` gathers the whole public interface.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal

from burraco.core.actions import Action, Record
from burraco.core.cards import counts_of, format_card, format_cards, parse_cards
from burraco.core.citation import cite
from burraco.core.errors import BurracoError, HistoryError, IllegalActionError
from burraco.core.hand import STATE_FIELDS, Hand
from burraco.core.recordlog import RecordLog

StepKind = Literal["draw", "pickup", "meld", "attach", "discard", "timeout"]
STEP_KINDS: Final = ("draw", "pickup", "meld", "attach", "discard", "timeout")


class HistoryLineError(HistoryError):
    """A malformed history: ``line`` is the 1-based line number (0 for the file as a whole)."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line > 0 else reason)


class ReplayError(IllegalActionError):
    """An action of a history the engine refuses (or that disagrees with the deal).

    ``index`` counts the history's actions from 0, ``step`` is the action, ``reason`` the engine's
    message and ``hand`` the state just before the action (every earlier action applied).
    """

    def __init__(self, index: int, step: Step, reason: str, hand: Hand) -> None:
        self.index = index
        self.step = step
        self.reason = reason
        self.hand = hand
        where = f" (line {step.line})" if step.line else ""
        super().__init__(f"action {index}{where} '{step}' is illegal: {reason}")


@dataclass(frozen=True, slots=True)
class Step:
    """One action line: the seat that played and what it did.

    ``cards`` of a ``draw`` or ``pickup`` are optional (written for readability, checked on replay);
    ``target`` is the meld number of an ``attach``. ``line`` is where it was read (0 if built in code).

    >>> step = Step.parse("0 attach 2 JK")
    >>> step, str(step), step.action()
    (Step(seat=0, kind='attach', cards=(52,), target=2), '0 attach 2 JK', Action(kind='attach', cards=(52,), target=2))
    >>> str(Step.parse("1 draw 7h")), Step.parse("2 timeout").action() is None
    ('1 draw 7H', True)
    """

    seat: int
    kind: StepKind
    cards: tuple[int, ...] = ()
    target: int = -1
    line: int = field(default=0, compare=False, repr=False)

    def action(self) -> Action | None:
        """The engine action (``None`` for a time-out call)."""
        if self.kind == "timeout":
            return None
        if self.kind in ("draw", "pickup"):
            return Action(self.kind)
        return Action(self.kind, self.cards, self.target)

    def __str__(self) -> str:
        if self.kind == "attach":
            return f"{self.seat} attach {self.target} {format_cards(self.cards)}"
        if self.cards:
            return f"{self.seat} {self.kind} {format_cards(self.cards)}"
        return f"{self.seat} {self.kind}"

    @staticmethod
    def parse(text: str, line: int = 0) -> Step:
        """Parse ``SEAT KIND [ARGS]`` (raises :class:`HistoryLineError`)."""
        words = text.split()
        if len(words) < 2 or not words[0].isdigit():
            raise HistoryLineError(
                line, f"expected an action line 'SEAT KIND ...' (e.g. '1 meld 7H 8H 9H'), not {text.strip()!r}"
            )
        seat, kind, rest = int(words[0]), words[1].lower(), words[2:]
        try:
            if kind in ("draw", "pickup"):
                cards = parse_cards(rest)
                if kind == "draw" and len(cards) > 1:
                    raise HistoryLineError(line, "a draw takes one card from the stock: write at most one card")
                return Step(seat, kind, cards, -1, line)  # type: ignore[arg-type]
            if kind == "timeout":
                if rest:
                    raise HistoryLineError(line, "timeout takes no arguments")
                return Step(seat, "timeout", (), -1, line)
            if kind not in STEP_KINDS:
                raise HistoryLineError(
                    line, f"unknown action {kind!r}: use draw, pickup, meld, attach, discard or timeout"
                )
            action = Action.parse(" ".join(words[1:]))
        except HistoryLineError:
            raise
        except BurracoError as error:
            raise HistoryLineError(line, str(error)) from None
        return Step(seat, action.kind, action.cards, action.target, line)


def steps_from_log(log: Iterable[Record]) -> tuple[Step, ...]:
    """The player actions of a hand's log (events such as pozzetti and the end are skipped)."""
    steps: list[Step] = []
    for record in log:
        kind = record.kind
        if kind in ("draw", "pickup", "discard"):
            steps.append(Step(record.seat, kind, record.cards))  # type: ignore[arg-type]
        elif kind in ("meld", "attach"):
            steps.append(Step(record.seat, kind, record.cards, record.target if kind == "attach" else -1))  # type: ignore[arg-type]
        elif kind == "timeout":
            steps.append(Step(record.seat, "timeout"))
    return tuple(steps)


def snapshot(hand: Hand) -> dict[str, object]:
    """Every field of a hand as immutable values (lists become tuples): equal iff the states are equal.

    >>> from burraco.core.hand import Hand
    >>> a, b = Hand.deal(players=2, seed=1), Hand.deal(players=2, seed=1)
    >>> snapshot(a) == snapshot(b), snapshot(a) == snapshot(Hand.deal(players=2, seed=2))
    (True, False)
    """
    return {name: _frozen(getattr(hand, name)) for name in STATE_FIELDS}


def _frozen(value: object) -> object:
    if isinstance(value, RecordLog):
        return tuple(value)
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def step_refusal(hand: Hand, step: Step) -> str:
    """Why ``step`` does not fit the hand before the engine is asked (seat, named cards), or ''."""
    if hand.is_over:
        return f"the hand is over ({hand.end_reason})"
    if step.seat != hand.to_play:
        if not 0 <= step.seat < hand.players:
            return f"there is no seat {step.seat} in a {hand.players}-player hand"
        return f"it is seat {hand.to_play}'s turn, not seat {step.seat}'s ({cite('3')})"
    if step.kind == "draw" and step.cards and hand.phase == "take" and hand.stock:
        top = hand.stock[-1]
        if step.cards[0] != top:
            return (
                f"the history says {format_card(step.cards[0])} was drawn, but the stock's top card is "
                f"{format_card(top)}"
            )
    if (
        step.kind == "pickup"
        and step.cards
        and hand.phase == "take"
        and counts_of(step.cards) != counts_of(hand.discard_pile)
    ):
        return (
            f"the history says the pile held {format_cards(step.cards)}, but it holds "
            f"{format_cards(hand.discard_pile) or 'nothing'}"
        )
    return ""


def apply_step(hand: Hand, step: Step) -> Record:
    """Apply one step to ``hand`` (the engine verifies it first; a refusal leaves the hand unchanged)."""
    action = step.action()
    if action is None:
        return hand.call_time_out()
    return hand.apply(action)
