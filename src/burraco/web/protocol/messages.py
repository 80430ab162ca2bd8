"""The typed WebSocket protocol: every client message is validated by one discriminated union.

A client sends JSON objects with a ``type`` field; :func:`parse_client_message` returns the
matching pydantic model or raises :class:`ProtocolError` with a readable reason. Any message may
carry an integer ``id``; the server's reply to it (``state`` or ``error``) echoes it as ``reply_to``.
An ``action``'s id is also its identity: a seat's action whose id was applied already (a copy resent
after a reconnect, even after a restart of the server) is answered with the whole state and not
applied again, so a client gives each action an id of its own (the page: a random one).

>>> parse_client_message('{"type": "action", "kind": "meld", "cards": ["7H", "8H", "9H"]}').to_action()
Action(kind='meld', cards=(6, 7, 8), target=-1)
>>> parse_client_message('{"type": "fold"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.web.protocol.messages.ProtocolError: unknown message type 'fold'; expected one of: action, sit, ...
>>> parse_client_message("{nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.web.protocol.messages.ProtocolError: malformed JSON: ...
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from burraco.core.actions import Action
from burraco.core.cards import parse_cards
from burraco.core.errors import BurracoError, IllegalActionError
from burraco.web.protocol.chat import ChatMessage
from burraco.web.protocol.difficulty import Difficulty

MAX_MESSAGE_BYTES: Final = 4096
"""A client message longer than this is refused unread."""


class ProtocolError(ValueError):
    """A client message that is not valid JSON or does not match the protocol."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: int | None = Field(default=None, ge=0, le=2**53)


class ActionMessage(_Message):
    """Play one atomic action: ``draw``, ``pickup``, ``meld`` cards, ``attach`` cards to meld
    ``target`` of the player's side, ``discard`` one card (docs/rules.md §3)."""

    type: Literal["action"]
    kind: Literal["draw", "pickup", "meld", "attach", "discard"]
    cards: list[Annotated[str, Field(min_length=2, max_length=3)]] = Field(default_factory=list, max_length=30)
    target: int | None = Field(default=None, ge=0, le=100)

    def to_action(self) -> Action:
        """The engine action (card codes parsed; raises :class:`IllegalActionError` on bad shapes)."""
        try:
            cards = parse_cards(self.cards)
        except BurracoError as error:
            raise IllegalActionError(str(error)) from error
        if self.kind in ("draw", "pickup"):
            if cards:
                raise IllegalActionError(f"{self.kind} takes no cards")
            return Action(self.kind)
        if not cards:
            raise IllegalActionError(f"{self.kind} needs cards")
        if self.kind == "attach":
            if self.target is None:
                raise IllegalActionError("attach needs the number of one of your side's melds (target)")
            return Action("attach", cards, self.target)
        if self.kind == "discard" and len(cards) != 1:
            raise IllegalActionError("discard exactly one card")
        return Action(self.kind, cards)


class SitMessage(_Message):
    """Take an empty seat (before the match starts)."""

    type: Literal["sit"]
    seat: int = Field(ge=0, le=3)


class SeatMessage(_Message):
    """The owner of a table with friends moves the player of ``seat`` to ``to`` (swapping with whoever
    sits there) while it waits: in 4 players, who plays with whom (``table/invited.py``)."""

    type: Literal["seat"]
    seat: int = Field(ge=0, le=3)
    to: int = Field(ge=0, le=3)


class FillBotsMessage(_Message):
    """Fill every empty seat with a bot of a difficulty (beginner, intermediate, expert, champion; the
    older easy, normal, hard, random are still accepted)."""

    type: Literal["fill_bots"]
    difficulty: Difficulty = "intermediate"


class ReadyMessage(_Message):
    """Ready for the next hand after a hand's score sheet."""

    type: Literal["ready"]


class LeaveMessage(_Message):
    """Leave the table for good: a bot plays the seat to the end and the leave is recorded."""

    type: Literal["leave"]


class BackMessage(_Message):
    """Take the seat back from the computer that plays it after timeouts or an absence."""

    type: Literal["back"]


class SyncMessage(_Message):
    """Ask for the full state again (log from the start); ``deltas``: from now on send each change as a
    ``delta`` from the last state sent (docs/web.md "WebSocket protocol")."""

    type: Literal["sync"]
    deltas: bool = False


class PingMessage(_Message):
    """Keep-alive; the server answers ``pong``."""

    type: Literal["ping"]


ClientMessage = Annotated[
    ActionMessage
    | SitMessage
    | SeatMessage
    | FillBotsMessage
    | ReadyMessage
    | LeaveMessage
    | BackMessage
    | SyncMessage
    | PingMessage
    | ChatMessage,
    Field(discriminator="type"),
]
CLIENT_TYPES: Final = ("action", "sit", "seat", "fill_bots", "ready", "leave", "back", "sync", "ping", "chat")
_ADAPTER: Final[TypeAdapter[Any]] = TypeAdapter(ClientMessage)


def parse_client_message(
    raw: str | bytes,
) -> (
    ActionMessage
    | SitMessage
    | SeatMessage
    | FillBotsMessage
    | ReadyMessage
    | LeaveMessage
    | BackMessage
    | SyncMessage
    | PingMessage
    | ChatMessage
):
    """Validate one raw client message; raise :class:`ProtocolError` naming what is wrong."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long ({len(raw)} bytes; at most {MAX_MESSAGE_BYTES})")
    try:  # a well-formed message is read and checked in one pass, in pydantic-core
        return _ADAPTER.validate_json(raw)  # type: ignore[no-any-return]
    except ValueError:  # (ValidationError is one) what is wrong is said below
        pass
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError(f"malformed JSON: {error}") from None
    except RecursionError:
        raise ProtocolError("malformed JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object with a 'type' field")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(f"unknown message type {kind!r}; expected one of: {', '.join(CLIENT_TYPES)}")
    try:
        message: Any = _ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ProtocolError(f"invalid {kind} message: {where}: {first['msg']}") from None
    return message  # type: ignore[no-any-return]


def peek_id(raw: str | bytes) -> int | None:
    """The ``id`` of a message that is refused before it is read in full (rate limit, bad shape), so
    the refusal can name it in ``reply_to``; None when there is none.

    >>> peek_id('{"type": "sync", "id": 7}'), peek_id('{"id": "7"}'), peek_id("[" * 5000), peek_id("x" * 5000)
    (7, None, None, None)
    """
    if len(raw) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    ident = data.get("id") if isinstance(data, dict) else None
    return ident if type(ident) is int and 0 <= ident <= 2**53 else None


# ----------------------------------------------------------------------------- server → client
ServerType = Literal["welcome", "state", "error", "pong", "watchers", "chat"]
"""``watchers`` (``{"type": "watchers", "count": n}``) is the coalesced spectator count."""


class ErrorCode(StrEnum):
    """The ``code`` of an ``error`` message: why a client's message changed nothing."""

    PROTOCOL = "protocol"
    """The message is malformed."""
    REFUSED = "refused"
    """The table said no (the message says why)."""
    ILLEGAL = "illegal"
    """The engine said no: the move breaks a rule (the message cites it; ``reason`` words it)."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to play, or a bot plays this turn for the player."""
    NOT_SEATED = "not_seated"
    """Only a seated player may do this."""
    NOT_LOGGED_IN = "not_logged_in"
    """The socket has no user."""
    STORE_FAILED = "store_failed"
    """The move could not be saved: nothing changed, send it again."""
    RATE_LIMITED = "rate_limited"
    """Too many messages: slow down."""
    TOO_MANY_TABLES = "too_many_tables"
    """The user has as many unfinished tables as allowed."""
    TOO_MANY_SLOW_BOTS = "too_many_slow_bots"
    """The user has as many unfinished tables with an expert or champion bot as allowed."""
    INTERNAL = "internal"
    """The server failed on this message: nothing happened."""


def error_message(message: str, reply_to: int | None = None, code: ErrorCode = ErrorCode.REFUSED) -> dict[str, Any]:
    """``{"type": "error", "code": ..., "message": ..., "reply_to": ...}`` (see :class:`ErrorCode`)."""
    return {"type": "error", "code": code.value, "message": message, "reply_to": reply_to}
