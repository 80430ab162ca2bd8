"""The WebSocket protocol as one JSON Schema: client messages (the discriminated union of
``protocol/messages.py`` that validates every incoming message) and server messages (``state``, ``error``,
``pong``, ``watchers``). Served at ``GET /api/ws-schema``; the tests validate real traffic against it.

>>> schema = ws_schema()
>>> sorted(schema["client"]["discriminator"]["mapping"])
['action', 'back', 'chat', 'fill_bots', 'leave', 'ping', 'ready', 'seat', 'sit', 'sync']
>>> sorted(schema["server"]["discriminator"]["mapping"])
['chat', 'error', 'pong', 'state', 'watchers']
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from burraco.web.protocol.chat import ChatServerMessage
from burraco.web.protocol.messages import ClientMessage, ErrorCode
from burraco.web.protocol.schemas import TableSummary


class _Server(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StateMessage(_Server):
    """The table and what the connection's seat (or a spectator) may see, with its legal actions."""

    type: Literal["state"]
    reply_to: int | None
    you: int | None
    table: TableSummary
    view: dict[str, Any] | None
    legal: list[str]


class ErrorMessage(_Server):
    """A refused message (its ``code`` says why; ``reason`` and ``params`` word an engine refusal)."""

    type: Literal["error"]
    code: ErrorCode
    message: str
    reply_to: int | None


class PongMessage(_Server):
    type: Literal["pong"]
    reply_to: int | None


class WatchersMessage(_Server):
    """The coalesced spectator count."""

    type: Literal["watchers"]
    count: int = Field(ge=0)


ServerMessage = Annotated[
    StateMessage | ErrorMessage | PongMessage | WatchersMessage | ChatServerMessage, Field(discriminator="type")
]
SERVER_ADAPTER: Final[TypeAdapter[Any]] = TypeAdapter(ServerMessage)


@functools.cache
def ws_schema() -> dict[str, Any]:
    """``{"client": <JSON Schema>, "server": <JSON Schema>}`` (draft 2020-12, as pydantic writes it)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "client": TypeAdapter(ClientMessage).json_schema(),
        "server": SERVER_ADAPTER.json_schema(),
    }
