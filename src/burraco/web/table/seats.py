"""Who sits where at a table, and the error a table answers a refused request with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from burraco.web.protocol.messages import ErrorCode

SEAT_NAMES: Final = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}
STANDIN_BOT: Final = "intermediate"
"""The bot that plays for an absent player or one who left, and chooses a timed-out turn's discard: the
``intermediate`` level (the deterministic ``heuristic``, once called ``normal``). It is the level that takes
no risk for the player: no random moves (``beginner`` plays 35% of them), no search over sampled hidden
hands and no closing on an expected-value bet (``expert``, ``champion``); the same view always gets the
same move, and it decides at once (it never waits for the slow bots' pool)."""


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
    back_asked: bool = False
    """The player is back while the computer plays their turn: it gives the seat back when the turn ends."""

    def copy(self) -> Seat:
        """A copy (a step keeps one of each seat to go back to: ``durability.py``)."""
        return Seat(
            self.user_id,
            self.name,
            self.bot,
            self.left,
            self.standin,
            self.connections,
            self.absent_since,
            self.ready,
            self.back_asked,
        )

    @property
    def empty(self) -> bool:
        return self.user_id is None

    @property
    def human(self) -> bool:
        return self.user_id is not None and self.bot is None

    def to_dict(
        self, index: int, players: int, absent: bool = False, absent_left: float | None = None
    ) -> dict[str, Any]:
        """The seat for the page; ``absent`` and ``absent_left`` are the table's to say (``views.py``)."""
        return {
            "seat": index,
            "position": SEAT_NAMES[players][index],
            "user_id": self.user_id,
            "name": self.name,
            "bot": self.bot,
            "left": self.left,
            "standin": self.standin,
            "back_asked": self.back_asked,
            "connected": self.connections > 0 or self.bot is not None,
            "ready": self.ready,
            "absent": absent,
            "absent_left": absent_left,
        }
