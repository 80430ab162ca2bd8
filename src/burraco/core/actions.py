"""Actions a player asks for, and the frozen records the hand appends to its log (docs/rules.md §3).

An :class:`Action` is what a player (or bot, or UI) chooses: ``draw``, ``pickup``, ``meld``,
``attach`` or ``discard``. Its text form is used by histories, the CLI and the web protocol.

>>> Action.parse("meld 7H 8H 9H")
Action(kind='meld', cards=(6, 7, 8), target=-1)
>>> str(Action.parse("attach 2 JK"))
'attach 2 JK'
>>> Action.parse("fold")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.core.errors.IllegalActionError: unknown action 'fold': use draw, pickup, meld CARDS, attach N CARDS or ...
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, final

from burraco.core.cards import format_cards, parse_cards
from burraco.core.errors import IllegalActionError

ActionKind = Literal["draw", "pickup", "meld", "attach", "discard"]
KINDS: Final = ("draw", "pickup", "meld", "attach", "discard")


@final
class Action:
    """A player's choice. ``target`` is the index of the side's meld for ``attach``.

    Immutable, compared and hashed by its fields like the frozen dataclass it was (a plain class
    of ``Final`` attributes for the reason given at :class:`Record`).

    >>> Action("attach", (52,), 2) == Action(kind="attach", cards=(52,), target=2), Action("draw")
    (True, Action(kind='draw', cards=(), target=-1))
    """

    __slots__ = ("cards", "kind", "target")

    def __init__(self, kind: ActionKind, cards: tuple[int, ...] = (), target: int = -1) -> None:
        self.kind: Final[ActionKind] = kind
        self.cards: Final = cards
        self.target: Final = target

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.cards == other.cards and self.target == other.target

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return not (self.kind == other.kind and self.cards == other.cards and self.target == other.target)

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.target))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, cards={self.cards!r}, target={self.target!r})"

    def __reduce__(self) -> tuple[type[Action], tuple[ActionKind, tuple[int, ...], int]]:
        return (Action, (self.kind, self.cards, self.target))

    def __str__(self) -> str:
        if self.kind in ("draw", "pickup"):
            return self.kind
        if self.kind == "attach":
            return f"attach {self.target} {format_cards(self.cards)}"
        return f"{self.kind} {format_cards(self.cards)}"

    @staticmethod
    def parse(text: str) -> Action:
        """Parse ``draw``, ``pickup``, ``meld CARDS``, ``attach N CARDS`` or ``discard CARD``."""
        words = text.strip().split(maxsplit=1)
        if not words or words[0].lower() not in KINDS:
            raise IllegalActionError(
                f"unknown action {text.strip()!r}: use draw, pickup, meld CARDS, attach N CARDS or discard CARD"
            )
        kind = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        if kind in ("draw", "pickup"):
            if rest:
                raise IllegalActionError(f"{kind} takes no cards")
            return Action(kind)  # type: ignore[arg-type]
        if kind == "attach":
            parts = rest.split(maxsplit=1)
            if len(parts) < 2 or not parts[0].isdigit():
                raise IllegalActionError("attach needs a meld number and cards, e.g. 'attach 0 7H'")
            return Action("attach", parse_cards(parts[1]), int(parts[0]))
        cards = parse_cards(rest)
        if not cards:
            raise IllegalActionError(f"{kind} needs cards")
        if kind == "discard" and len(cards) != 1:
            raise IllegalActionError("discard exactly one card")
        return Action(kind, cards)  # type: ignore[arg-type]


DRAW: Final = Action("draw")
PICKUP: Final = Action("pickup")


class RecordKind(StrEnum):
    """What a record of the hand's log says happened: an action's kind, or an event of the hand."""

    DRAW = "draw"
    PICKUP = "pickup"
    MELD = "meld"
    ATTACH = "attach"
    DISCARD = "discard"
    POZZETTO = "pozzetto"
    """A pozzetto taken (on the fly or with the discard), or sent under the stock (§7)."""
    CLOSE = "close"
    """The hand closed (§6)."""
    END = "end"
    """The hand ended otherwise (stock exhausted, time-out, turn cap)."""
    TIMEOUT = "timeout"
    """Time-out was called during the turn (Art. 28)."""


class RecordDetail(StrEnum):
    """How a pozzetto moved, or why time-out was recorded: a record's ``detail`` when it is one of
    these (an ``end`` record's detail is its :class:`EndReason`)."""

    ON_THE_FLY = "on the fly"
    """The pozzetto was taken during the turn, the hand emptied by a meld or attachment (§7)."""
    WITH_THE_DISCARD = "with the discard"
    """The pozzetto was taken with the discard that emptied the hand (§6)."""
    TO_THE_STOCK = "to the stock"
    """An untaken pozzetto went under the exhausted stock (§7 option)."""
    TIME_OUT_CALLED = "time-out called (Art. 28)"


class EndReason(StrEnum):
    """Why a hand ended."""

    CLOSED = "closed"
    """A side closed (§6)."""
    STOCK_EXHAUSTED = "stock exhausted"
    """The stock ran out (§7)."""
    TIME_OUT = "time-out"
    """The tournament turn's time ran out (Art. 28)."""
    TURN_CAP = "turn cap reached"
    """The rules' turn cap was reached (a safety net for bots)."""
    VOID = "void hand"
    """Only a match's record of a hand (:class:`burraco.core.match.HandResult`), never a hand's own:
    the stock ran out before anyone took a pozzetto and ``redeal_if_no_pozzetto`` is on, so the
    hand counts for nothing and is dealt again (§12)."""


@final
class Record:
    """One entry of the hand's log: what happened, by whom, with every card it moved.

    ``kind`` is an action kind, or an event: ``pozzetto`` (taken on the fly or with the
    discard), ``close`` (the hand closed), ``end`` (stock exhausted or turn cap). ``private``
    marks cards only ``seat`` (and, for a pozzetto, only the taker) may see.

    Immutable, compared and hashed by its fields like a frozen dataclass, which it was: it is a
    plain class of ``Final`` attributes because the hand makes one or two per action, and a
    compiled frozen dataclass builds each through an interpreted ``__init__`` that sets every
    field with ``object.__setattr__`` (≈0.75 µs against ≈0.04 µs; docs/performance.md). The
    compiled class refuses assignment at run time, mypy everywhere.

    >>> Record(3, 1, "draw", (7,), private=True)
    Record(index=3, seat=1, kind='draw', cards=(7,), target=-1, detail='', private=True)
    >>> Record(3, 1, RecordKind.DRAW, (7,)).kind == "draw", type(Record(3, 1, RecordKind.DRAW).kind) is str
    (True, True)
    >>> Record(3, 1, "draw", (7,), private=True).public() == Record(3, 1, "draw", (), -1, "", True)
    True
    """

    __slots__ = ("cards", "detail", "index", "kind", "private", "seat", "target")

    def __init__(
        self,
        index: int,
        seat: int,
        kind: str,
        cards: tuple[int, ...] = (),
        target: int = -1,
        detail: str = "",
        private: bool = False,
    ) -> None:
        self.index: Final = index
        self.seat: Final = seat
        self.kind: Final = str(kind)  # a RecordKind is kept as its plain text: records compare and print alike
        self.cards: Final = cards
        self.target: Final = target
        self.detail: Final = str(detail)
        self.private: Final = private

    def _fields(self) -> tuple[int, int, str, tuple[int, ...], int, str, bool]:
        return (self.index, self.seat, self.kind, self.cards, self.target, self.detail, self.private)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._fields() != other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Record], tuple[int, int, str, tuple[int, ...], int, str, bool]]:
        return (Record, self._fields())

    def __repr__(self) -> str:
        return (
            f"Record(index={self.index!r}, seat={self.seat!r}, kind={self.kind!r}, cards={self.cards!r}, "
            f"target={self.target!r}, detail={self.detail!r}, private={self.private!r})"
        )

    def public(self) -> Record:
        """The record as everyone else sees it (hidden cards removed)."""
        if not self.private:
            return self
        return Record(self.index, self.seat, self.kind, (), self.target, self.detail, True)
