"""Versioned states and the ``delta`` messages between them (docs/web.md "WebSocket protocol").

What a connection was last sent is a :class:`Snapshot` (version ``v``, one per seat and change, shared
by every socket of that seat). The next change is sent as the difference from it (:func:`diff`):
the table's and the view's top-level keys that changed, the log records added, and the melds laid or
changed, by side and index. A seat's snapshot holds only that seat's observation, so its delta can
never carry a card hidden from it. :func:`apply_delta` is the client's side (``static/delta.js`` is
the page's copy), used by the tests and by Python clients.

>>> base = Snapshot(1, None, 1, {"status": "playing", "totals": [0, 0]}, None, (), (), [])
>>> new = Snapshot(2, None, 1, {"status": "playing", "totals": [0, 5]}, None, (), (), [])
>>> change = diff(base, new)
>>> change is not None and change.table
{'totals': [0, 5]}
>>> state = {"type": "state", "v": 1, "you": None, "table": dict(base.table), "view": None, "legal": []}
>>> apply_delta(state, {"type": "delta", "reply_to": None, "v": 2, "base": 1, "table": change.table,
...                     "view": {}, "log": [], "melds": [], "legal": []})["table"]["totals"]
[0, 5]
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from burraco.core.actions import Record
from burraco.core.melds import Meld
from burraco.core.recordlog import RecordLog
from burraco.web.protocol.serialize import MeldTexts, dumps, record_to_dict, values_json

_versions = itertools.count(1)
_MISSING: Final = object()
STATE_KEYS: Final = ("type", "reply_to", "you", "table", "view", "legal", "v")


def next_version() -> int:
    """A new state version (unique in this process: a delta applies only to the state it was built on)."""
    return next(_versions)


@dataclass(frozen=True, eq=False)
class Snapshot:
    """What a seat (``None``: a spectator) was shown at version ``v``: the table summary, the view's
    values but its log and melds (:func:`~burraco.web.protocol.serialize.view_values`; ``None`` without
    a hand), the melds and log as objects, the legal actions. Built from ``observe(hand, seat)`` only."""

    v: int
    seat: int | None
    hand_no: int
    table: dict[str, Any]
    values: tuple[Any, ...] | None
    melds: tuple[tuple[Meld, ...], ...]
    log: RecordLog | Sequence[Record]
    legal: list[str]


class TableChanges:
    """The keys of the table summary ``new`` that changed since each earlier summary, with their JSON,
    worked out once per earlier summary: the seats of one change share one summary, and so did the
    seats of the change before, so a change's sockets need the comparison once, not once each."""

    __slots__ = ("_since", "new")

    def __init__(self, new: dict[str, Any]) -> None:
        self.new = new
        self._since: dict[int, tuple[dict[str, Any], dict[str, Any], str]] = {}

    def since(self, base: dict[str, Any]) -> tuple[dict[str, Any], str]:
        """What changed from ``base`` to :attr:`new`, and its JSON text."""
        entry = self._since.get(id(base))
        if entry is None or entry[0] is not base:
            new = self.new
            change = {k: v for k, v in new.items() if base.get(k, _MISSING) != v}
            entry = self._since[id(base)] = (base, change, dumps(change))  # (``base`` kept: its id stays its own)
        return entry[1], entry[2]


@dataclass(slots=True)
class Delta:
    """The difference between two snapshots of one seat (see :func:`diff`)."""

    table: dict[str, Any]
    table_text: str
    view: dict[str, Any]
    log: Sequence[Record]
    melds: list[tuple[int, int, Meld]]

    @property
    def empty(self) -> bool:
        return not (self.table or self.view or self.log or self.melds)

    def body(self, base: int, new: Snapshot, melds: MeldTexts) -> str:
        """The message's JSON after its ``reply_to`` (so one text serves the actor and the others)."""
        laid = ",".join(f"[{side},{i},{melds.text(meld)}]" for side, i, meld in self.melds)
        log = dumps([record_to_dict(r) for r in self.log]) if self.log else "[]"
        return (
            f'"v":{new.v},"base":{base},"table":{self.table_text},"view":{dumps(self.view)},'
            f'"log":{log},"melds":[{laid}],"legal":{dumps(new.legal)}}}'
        )


def diff(base: Snapshot, new: Snapshot, tables: TableChanges | None = None) -> Delta | None:
    """What changed from ``base`` to ``new``, or None when only a full state will do (another seat or
    hand, a view appearing or going, a log or meld list that did not just grow).

    ``table`` and ``view`` hold the top-level keys whose value changed (``view`` without ``log``,
    ``log_from`` and ``melds``); ``log`` the records added; ``melds`` each ``(side, index, meld)`` laid
    or changed. ``tables`` (for ``new.table``) shares the table's comparison between seats."""
    if base.seat != new.seat or base.hand_no != new.hand_no or (base.values is None) != (new.values is None):
        return None
    if tables is None or tables.new is not new.table:
        tables = TableChanges(new.table)
    table, table_text = tables.since(base.table)
    if new.values is None or base.values is None:
        return Delta(table, table_text, {}, (), [])
    done = len(base.log)
    if len(new.log) < done or (done and _differ(new.log[done - 1], base.log[done - 1])):
        return None
    melds: list[tuple[int, int, Meld]] = []
    if base.melds != new.melds:  # (compares the melds by identity first: no meld changed, no loop)
        sides = zip(base.melds, new.melds, strict=False)
        if len(new.melds) != len(base.melds) or any(len(after) < len(before) for before, after in sides):
            return None
        melds = [
            (side, i, meld)
            for side, (before, after) in enumerate(zip(base.melds, new.melds, strict=True))
            for i, meld in enumerate(after)
            if i >= len(before) or before[i] is not meld
        ]
    changed = itertools.compress(itertools.count(), map(operator.ne, base.values, new.values))
    return Delta(table, table_text, values_json(new.values, changed), new.log[done:], melds)


def _differ(new: Record, old: Record) -> bool:
    return new is not old and new != old


def apply_delta(state: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """The state a client holds after ``message`` (a ``delta``), or None when the delta was built on
    another version than ``state["v"]`` (then the client asks ``sync`` for a full state).

    The page's ``static/delta.js`` does the same; ``state`` is left unchanged."""
    if state is None or state.get("v") != message["base"]:
        return None
    view = state["view"]
    if view is not None:
        view = {**view, **message["view"]}
        view["log"] = [*view["log"], *message["log"]]
        if message["melds"]:
            sides = [list(side) for side in view["melds"]]
            for side, i, meld in message["melds"]:
                if i < len(sides[side]):
                    sides[side][i] = meld
                else:
                    sides[side].append(meld)
            view["melds"] = sides
    return {
        **state,
        "reply_to": message["reply_to"],
        "table": {**state["table"], **message["table"]},
        "view": view,
        "legal": message["legal"],
        "v": message["v"],
    }
