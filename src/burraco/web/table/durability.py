"""Roll a table back when its events could not be stored: a change is kept only once it is durable.

A :class:`Table` applies a step's events in memory (the engine checks them), then writes them in one
transaction. If the engine refuses or the write fails, :meth:`Rollback.restore` puts the table back
exactly as it was before the step, so memory never runs ahead of the database.

A step does not copy the match: it copies only the seats and the table's own fields
(:class:`StepStart`). The match is copied (``Match.clone()``) once every :data:`CHECKPOINT_EVERY` steps,
and the steps stored since are kept as their events; a rollback clones that copy and applies those
events again, through the same :func:`~burraco.web.table.events.apply_event` that rebuilds a table after
a restart, then puts the seats and fields back as the step found them. The engine is deterministic, so
the match comes out exactly as it was; a step costs a few attribute reads instead of a deep copy, and
the rare rollback a few replayed moves. A move the engine refuses costs no replay at all: each event
calls the engine before it changes anything, and the engine changes nothing when it refuses
(``IllegalActionError``), so a step whose first event is refused only puts its seats and fields back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from burraco.core.actions import Action
from burraco.core.match import Match
from burraco.web.table.events import TableEvent, apply_event
from burraco.web.table.model import TableState
from burraco.web.table.seats import Seat

CHECKPOINT_EVERY: Final = 32
"""Steps stored between two copies of the match (a rollback replays at most this many steps' events)."""

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
    "action_ids",
)
"""The table's fields an event may change (besides its match and seats)."""


@dataclass(slots=True)
class StepStart:
    """The seats and fields of a table as a step found them (copies: events change seats in place)."""

    seats: list[Seat]
    fields: dict[str, Any]

    @classmethod
    def of(cls, table: TableState) -> StepStart:
        return cls([s.copy() for s in table.seats], {n: getattr(table, n) for n in SNAPSHOT_FIELDS})

    def restore(self, table: TableState) -> None:
        table.seats = [s.copy() for s in self.seats]  # (this copy may serve again)
        for name, value in self.fields.items():
            setattr(table, name, value)


@dataclass(slots=True)
class _Checkpoint:
    """A copy of the whole table at one point (its match cloned), and which match it copied."""

    of: Match
    match: Match
    start: StepStart


class Rollback:
    """One table's way back to its last stored step: a checkpoint and the events stored since."""

    __slots__ = ("_checkpoint", "_since")

    def __init__(self) -> None:
        self._checkpoint: _Checkpoint | None = None
        self._since: list[tuple[TableEvent, Action | None]] = []

    def begin(self, table: TableState) -> StepStart:
        """Before a step: what it must go back to (a new checkpoint when due, or when the match changed)."""
        start = StepStart.of(table)
        checkpoint = self._checkpoint
        if checkpoint is None or checkpoint.of is not table.match or len(self._since) >= CHECKPOINT_EVERY:
            self._checkpoint = _Checkpoint(table.match, table.match.clone(), start)
            self._since = []
        return start

    def stored(self, events: list[tuple[TableEvent, Action | None]]) -> None:
        """The step's events were stored: a rollback replays them from now on."""
        self._since.extend(events)

    def restore(self, table: TableState, start: StepStart) -> None:
        """Put ``table`` back as the step found it: the checkpoint's match with the stored events
        applied again, then the seats and fields of ``start``."""
        checkpoint = self._checkpoint
        assert checkpoint is not None, "restore() before begin()"
        table.match = checkpoint.match.clone()
        checkpoint.start.restore(table)
        for event, action in self._since:
            apply_event(table, event, action)
        start.restore(table)
        checkpoint.of = table.match
