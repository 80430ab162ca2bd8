"""Who sits where at a table, and the error a table answers a refused request with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from burraco.web.protocol.messages import ErrorCode

SEAT_NAMES: Final = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}
STANDIN_BOT: Final = "normal"
"""The bot that plays for an absent player, a player whose turn timer ran out, or one who left."""


class TableError(ValueError):
    """A request the table refuses (seat taken, match already started, not seated...)."""

    def __init__(self, message: str, code: ErrorCode = ErrorCode.REFUSED, **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params


@dataclass(slots=True)
class Seat:
    """Who sits at a seat. A bot seat has ``bot`` set (its difficulty) and a bot user for ratings."""

    user_id: int | None = None
    name: str = ""
    bot: str | None = None
    left: bool = False
    standin: bool = False
    connections: int = 0
    absent_since: float = 0.0
    ready: bool = False

    @property
    def empty(self) -> bool:
        return self.user_id is None

    @property
    def human(self) -> bool:
        return self.user_id is not None and self.bot is None

    def to_dict(self, index: int, players: int) -> dict[str, Any]:
        return {
            "seat": index,
            "position": SEAT_NAMES[players][index],
            "user_id": self.user_id,
            "name": self.name,
            "bot": self.bot,
            "left": self.left,
            "standin": self.standin,
            "connected": self.connections > 0 or self.bot is not None,
            "ready": self.ready,
        }
