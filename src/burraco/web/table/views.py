"""What a table tells its connections: the public table summary (:func:`table_info`, also the lobby's),
each connection's ``state`` (its seat's view only: ``observe(hand, seat)``, ``None`` for a spectator) or,
for a connection that takes them, the ``delta`` from the state it was last sent (``protocol/delta.py``),
each built and encoded once per seat and change for all that seat's sockets, and the coalesced
spectator count."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from burraco.core.melds import Meld
from burraco.core.view import observe
from burraco.web.protocol.delta import Delta, Snapshot, TableChanges, diff, next_version
from burraco.web.protocol.serialize import dumps, record_to_dict, values_json, view_values
from burraco.web.table import results, tournament_clock, turn_clock
from burraco.web.table.connection import Viewer
from burraco.web.table.model import Status, TableState


def table_info(table: TableState, full: bool = False) -> dict[str, Any]:
    """The public table summary shared by every connection (and the lobby)."""
    now = table.runtime.clock()
    data: dict[str, Any] = {
        "id": table.id,
        "name": table.config.name,
        "players": table.players,
        "preset": table.config.preset,
        "status": table.status.value,
        "hand_no": table.hand_no,
        "seats": [
            s.to_dict(i, table.players, turn_clock.absent(table, i), turn_clock.absent_left(table, i, now))
            for i, s in enumerate(table.seats)
        ],
        "totals": list(table.match.totals),
        "target": table.rules.target,
        "hands_per_turn": table.rules.hands_per_turn,
        "turn_timer": table.turn_timer,
        "rated": table.rated,
        "practice": table.config.practice,
        "private": table.config.private,
        "timer_left": turn_clock.timer_left(table),
        "auto_turn": table.auto_turn,
        "summary": table.summary,
        "watchers": table.spectators,
        "absence": table.absence.to_dict(),
        "abandoned": results.abandoned_seats(table),
        "tournament": tournament_clock.info(table),
    }
    if full:
        data["rules"] = table.rules.to_dict()
        data["results"] = results.results(table)
    return data


class SeatView:
    """What one seat (``None``: a spectator) is shown by one change, built once and shared by every
    socket of that seat: its :class:`Snapshot` (from ``observe(hand, seat)`` only) and each message text
    (the part after ``reply_to``), encoded once per log position or delta base."""

    def __init__(
        self,
        table: TableState,
        seat: int | None,
        info: dict[str, Any],
        shared: Callable[[], str],
        whole: Callable[[], str],
        tables: TableChanges,
    ) -> None:
        self.table, self.seat, self.shared, self.whole, self.tables = table, seat, shared, whole, tables
        """``shared``: the JSON of ``info``; ``whole``: the JSON of the whole table (with rules and results);
        each encoded once, when a state first needs it (a change every socket takes as a delta needs
        neither); ``tables``: what changed in ``info``, worked out once for every seat."""
        hand = table.match.current or table.last_hand
        self.observation = observe(hand, seat) if hand is not None else None
        legal: list[str] = []
        values: tuple[Any, ...] | None = None
        melds: tuple[tuple[Meld, ...], ...] = ()
        if hand is not None and self.observation is not None:
            if (
                table.status == Status.PLAYING
                and seat is not None
                and hand.to_play == seat
                and table.controller(seat) is None
            ):
                legal = [str(a) for a in hand.legal_actions()]
            values = view_values(self.observation)
            melds = self.observation.melds
        log = self.observation.log if self.observation is not None else ()
        self.snapshot = Snapshot(next_version(), seat, table.hand_no, info, values, melds, log, legal)
        self._texts: dict[tuple[str, int], str] = {}

    def state(self, log_from: int, reply_to: int | None, whole: bool = False) -> str:
        """The ``state`` message, its view's log from ``log_from`` on (``whole``: all of it, and the whole
        table: what a client taking deltas is sent)."""
        if whole:
            return self._message("state", -1, reply_to, lambda: state_text(self, 0, whole=True))
        return self._message("state", log_from, reply_to, lambda: state_text(self, log_from))

    def delta(self, base: Snapshot, change: Delta, reply_to: int | None) -> str:
        """The ``delta`` message from ``base`` to this change."""
        return self._message(
            "delta", base.v, reply_to, lambda: change.body(base.v, self.snapshot, self.table.meld_texts)
        )

    def _message(self, kind: str, key: int, reply_to: int | None, encode: Callable[[], str]) -> str:
        """One text per kind and key, spliced after the actor's ``reply_to`` (the same object for the others)."""
        body = self._texts.get((kind, key))
        if body is None:
            body = self._texts[(kind, key)] = encode()
        if reply_to is not None:
            return f'{{"type":"{kind}","reply_to":{reply_to},{body}'
        text = self._texts.get((kind + "!", key))
        if text is None:
            text = self._texts[(kind + "!", key)] = f'{{"type":"{kind}","reply_to":null,{body}'
        return text


def _tell(conn: Viewer, seen: SeatView, reply_to: int | None, full: bool) -> None:
    """Send ``conn`` its message for this change: a delta from what it was last sent when it takes
    deltas and one will do (none at all when nothing it sees changed and it asked nothing), else a state
    (its log from what it already holds, unless ``full``)."""
    table = seen.table
    if conn.deltas:
        base = conn.sent
        change = None if full or base is None else diff(base, seen.snapshot, seen.tables)
        if base is not None and change is not None:
            if change.empty and reply_to is None:
                return
            conn.sent = seen.snapshot
            conn.send_text(seen.delta(base, change, reply_to))
            return
        conn.sent = seen.snapshot
        conn.send_text(seen.state(0, reply_to, whole=True))
        return
    if conn.log_hand != table.hand_no or full:
        conn.log_hand, conn.log_sent = table.hand_no, 0
    log_from = conn.log_sent if seen.observation is not None else 0
    if seen.observation is not None:
        conn.log_sent = len(seen.observation.log)
    conn.send_text(seen.state(log_from, reply_to))


def state_text(seen: SeatView, log_from: int, whole: bool = False) -> str:
    """Encode a seat's ``state`` message (its text after ``reply_to``): the table (``seen.shared``, the
    JSON of :func:`table_info`, encoded once for everyone; ``whole``: with its rules and results) and the
    seat's view, log from ``log_from`` on."""
    snap, obs = seen.snapshot, seen.observation
    view = "null"
    if obs is not None and snap.values is not None:
        log = [record_to_dict(r) for r in obs.log[log_from:]]
        fields = dumps({**values_json(snap.values), "log_from": log_from, "log": log})
        view = f'{fields[:-1]},"melds":{seen.table.meld_texts.sides(obs.melds)}}}'
    shared = seen.whole() if whole else seen.shared()
    return f'"you":{dumps(seen.seat)},"table":{shared},"view":{view},"legal":{dumps(snap.legal)},"v":{snap.v}}}'


def send_full(table: TableState, conn: Viewer, reply_to: int | None = None) -> None:
    """Send one connection the whole state (on joining, or when it asks to resynchronise)."""
    info = table_info(table, full=True)
    shared = functools.cache(lambda: dumps(info))
    _tell(conn, SeatView(table, conn.seat, info, shared, shared, TableChanges(info)), reply_to, full=True)


def broadcast(
    table: TableState,
    actor: Viewer | None = None,
    reply_to: int | None = None,
    full: bool = False,
    exclude: Viewer | None = None,
) -> None:
    """Send every connection (but ``exclude``) its message for this change; ``actor`` gets ``reply_to``.
    Each seat's view is built and encoded once, whatever the number of its sockets."""
    if not table.conns:
        return
    info = table_info(table, full)
    shared = functools.cache(lambda: dumps(info))
    whole = functools.cache(lambda: shared() if full else dumps(table_info(table, full=True)))
    tables = TableChanges(info)
    seats: dict[int | None, SeatView] = {}
    for conn in list(table.conns):
        if conn is exclude:
            continue
        seen = seats.get(conn.seat)
        if seen is None:
            seen = seats[conn.seat] = SeatView(table, conn.seat, info, shared, whole, tables)
        _tell(conn, seen, reply_to if conn is actor else None, full)


def send_watchers(table: TableState, now: float) -> None:
    """Tell everyone the spectator count, at most once every ``watchers_every`` seconds."""
    if not table.watchers_dirty or now - table.watchers_at < table.runtime.limits.watchers_every:
        return
    table.watchers_dirty, table.watchers_at = False, now
    text = dumps({"type": "watchers", "count": table.spectators})
    for conn in list(table.conns):
        conn.send_text(text)
