"""What a table tells its connections: the public table summary (:func:`table_info`, also the lobby's),
each connection's ``state`` (its seat's view only: ``observe(hand, seat)``, ``None`` for a spectator),
shared texts for spectators, and the coalesced spectator count."""

from __future__ import annotations

from typing import Any

from burraco.core.view import observe
from burraco.web.protocol.serialize import dumps, view_json
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


def state_text(table: TableState, conn: Viewer, shared: str, reply_to: int | None = None, full: bool = False) -> str:
    """The ``state`` message for one connection, as JSON text: the table (``shared``: the JSON of
    :func:`table_info`, encoded once for everyone) and ``observe(hand, conn.seat)``."""
    hand = table.match.current or table.last_hand
    view = "null"
    legal: list[str] = []
    if hand is not None:
        if conn.log_hand != table.hand_no or full:
            conn.log_hand, conn.log_sent = table.hand_no, 0
        observation = observe(hand, conn.seat)
        view = view_json(observation, table.meld_texts, conn.log_sent)
        conn.log_sent = len(observation.log)
        seat = conn.seat
        if (
            table.status == Status.PLAYING
            and seat is not None
            and hand.to_play == seat
            and table.controller(seat) is None
        ):
            legal = [str(a) for a in hand.legal_actions()]
    return (
        f'{{"type":"state","reply_to":{dumps(reply_to)},"you":{dumps(conn.seat)},"table":{shared},'
        f'"view":{view},"legal":{dumps(legal)}}}'
    )


def send_full(table: TableState, conn: Viewer, reply_to: int | None = None) -> None:
    """Send one connection the whole state (on joining, or when it asks to resynchronise)."""
    conn.send_text(state_text(table, conn, dumps(table_info(table, full=True)), reply_to, full=True))


def broadcast(
    table: TableState,
    actor: Viewer | None = None,
    reply_to: int | None = None,
    full: bool = False,
    exclude: Viewer | None = None,
) -> None:
    """Send every connection (but ``exclude``) its state; ``actor`` gets ``reply_to``."""
    if not table.conns:
        return
    shared = dumps(table_info(table, full))
    # spectators see the same thing: one message per group that has seen the same part of the log
    by_log: dict[tuple[int, int], tuple[str, int, int]] = {}
    for conn in list(table.conns):
        if conn is exclude:
            continue
        if conn.seat is not None or conn is actor:
            conn.send_text(state_text(table, conn, shared, reply_to if conn is actor else None, full))
            continue
        key = (conn.log_hand, conn.log_sent)
        if key not in by_log:
            text = state_text(table, conn, shared, None, full)
            by_log[key] = (text, conn.log_hand, conn.log_sent)
        text, conn.log_hand, conn.log_sent = by_log[key]
        conn.send_text(text)


def send_watchers(table: TableState, now: float) -> None:
    """Tell everyone the spectator count, at most once every ``watchers_every`` seconds."""
    if not table.watchers_dirty or now - table.watchers_at < table.runtime.limits.watchers_every:
        return
    table.watchers_dirty, table.watchers_at = False, now
    text = dumps({"type": "watchers", "count": table.spectators})
    for conn in list(table.conns):
        conn.send_text(text)
