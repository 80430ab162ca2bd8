"""Table talk on the WebSocket: the ``chat`` client message, the ``chat`` server message, the quick
phrases, who hears a message (:class:`Audience`) and the checks a free text passes (``docs/web.md``).

A player's words reach everyone at the table, spectators included: partners never have a channel of
their own (the federation's code forbids partners signalling to each other, Art. 16). A spectator's
words reach only the spectators while a hand is being played, and everyone between hands.

>>> check_text("  Ciao a tutti!  ")
'Ciao a tutti!'
>>> check_text("x" * 201)
Traceback (most recent call last):
...
burraco.web.protocol.chat.ChatRefused: chat_too_long
>>> check_text("ok\\u0007")
Traceback (most recent call last):
...
burraco.web.protocol.chat.ChatRefused: chat_control
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Final, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_TEXT: Final = 200
"""The longest free text, in characters, after trimming."""
MAX_RAW_TEXT: Final = 1000
"""A longer ``text`` field is a malformed message (the refusal above is for a text a person typed)."""


class Phrase(StrEnum):
    """The quick phrases: a key the page words in the reader's language (``chat.phrase.<key>``)."""

    HELLO = "hello"
    GOOD_GAME = "good_game"
    GOOD_LUCK = "good_luck"
    NICE_HAND = "nice_hand"
    WELL_PLAYED = "well_played"
    WELL_DONE = "well_done"
    THANKS = "thanks"
    SORRY = "sorry"
    ONE_MOMENT = "one_moment"
    BACK_SOON = "back_soon"
    MUST_GO = "must_go"
    BYE = "bye"


class Audience(StrEnum):
    """Who a chat message reaches."""

    TABLE = "table"
    """Everyone at the table: the players and the spectators."""
    SPECTATORS = "spectators"
    """The spectators only (a spectator speaking while a hand is being played)."""


class ChatReason(StrEnum):
    """Why a ``chat`` message was refused (the ``reason`` of its ``error``; the page words
    ``chat.refused.<reason>``)."""

    EMPTY = "chat_empty"
    TOO_LONG = "chat_too_long"
    CONTROL = "chat_control"
    TOO_FAST = "chat_too_fast"
    BANNED = "chat_banned"


class ChatRefused(ValueError):
    """A refused chat message: ``reason`` and its ``params`` (the English text is the message)."""

    ENGLISH: Final = {
        ChatReason.EMPTY: "say something: the message is empty",
        ChatReason.TOO_LONG: f"a message is at most {MAX_TEXT} characters",
        ChatReason.CONTROL: "a message may not contain control characters",
        ChatReason.TOO_FAST: "you are writing too fast: wait {seconds} s",
        ChatReason.BANNED: "an operator has barred you from the table chat",
    }

    def __init__(self, reason: ChatReason, **params: object) -> None:
        super().__init__(reason.value)
        self.reason, self.params = reason, params

    @property
    def english(self) -> str:
        return self.ENGLISH[self.reason].format(**self.params)


def check_text(raw: str) -> str:
    """The text trimmed, or :class:`ChatRefused` when it is empty, too long or holds a control
    character (a line break, a bell, a bidirectional override...)."""
    text = raw.strip()
    if not text:
        raise ChatRefused(ChatReason.EMPTY)
    if len(text) > MAX_TEXT:
        raise ChatRefused(ChatReason.TOO_LONG, max=MAX_TEXT)
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in text):
        raise ChatRefused(ChatReason.CONTROL)
    return text


class ChatMessage(BaseModel):
    """Say something at the table: a quick ``phrase`` by key, or a free ``text`` (one of the two)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: int | None = Field(default=None, ge=0, le=2**53)
    type: Literal["chat"]
    phrase: Phrase | None = None
    text: str | None = Field(default=None, max_length=MAX_RAW_TEXT)

    @model_validator(mode="after")
    def _one_of(self) -> Self:
        if (self.phrase is None) == (self.text is None):
            raise ValueError("give either phrase or text")
        return self


class ChatServerMessage(BaseModel):
    """A message said at the table, to each connection that hears it (``user``: the speaker's id, for
    the reader's mute list; ``seat`` null for a spectator; ``at``: the server's wall clock)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["chat"]
    id: int
    seat: int | None
    user: int
    name: str
    phrase: Phrase | None
    text: str | None
    at: float
    audience: Audience
    reply_to: int | None = None
    """The ``id`` of the sender's ``chat`` message, in the sender's copy only."""
