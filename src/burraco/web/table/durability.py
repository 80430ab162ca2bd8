"""Roll a table back when its events could not be stored: a change is kept only once it is durable.

A :class:`Table` applies a step's events in memory (the engine checks them), then writes them in one
transaction. :func:`snapshot` is taken before; if the engine refuses or the write fails,
:meth:`TableSnapshot.restore` puts the table back exactly as it was (the hand is a cheap
``Hand.clone()``), so memory never runs ahead of the database.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from burraco.core.match import Match
from burraco.web.table.model import TableState
from burraco.web.table.seats import Seat


def clone_match(match: Match) -> Match:
    """An independent copy of a match (:meth:`Match.clone`: the deal seed stream rewinds too)."""
    return match.clone()


@dataclass(slots=True)
class TableSnapshot:
    """Everything an event may change on a table."""

    match: Match
    seats: list[Seat]
    fields: dict[str, Any]

    def restore(self, table: TableState) -> None:
        table.match = self.match
        table.seats = self.seats
        for name, value in self.fields.items():
            setattr(table, name, value)


SNAPSHOT_FIELDS: Final = (
    "status",
    "seq",
    "hand_no",
    "last_hand",
    "turn_key",
    "turn_started",
    "acted_at",
    "between_since",
    "auto_turn",
    "summary",
    "absence",
)


def snapshot(table: TableState) -> TableSnapshot:
    fields = {name: getattr(table, name) for name in SNAPSHOT_FIELDS}
    return TableSnapshot(clone_match(table.match), [dataclasses.replace(s) for s in table.seats], fields)
