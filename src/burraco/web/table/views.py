"""What a table tells its connections: each one's ``state`` (its seat's view only: ``observe(hand,
seat)``, ``None`` for a spectator), shared texts for spectators, and the coalesced spectator count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from burraco.core.view import observe
from burraco.web.protocol.serialize import dumps, view_json
from burraco.web.table.connection import Connection

if TYPE_CHECKING:
    from burraco.web.table.live import Table


def state_text(table: Table, conn: Connection, shared: str, reply_to: int | None = None, full: bool = False) -> str:
    """The ``state`` message for one connection, as JSON text: the table (``shared``: the JSON of
    ``table.info()``, encoded once for everyone) and ``observe(hand, conn.seat)``."""
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
        if table.status == "playing" and seat is not None and hand.to_play == seat and table.controller(seat) is None:
            legal = [str(a) for a in hand.legal_actions()]
    return (
        f'{{"type":"state","reply_to":{dumps(reply_to)},"you":{dumps(conn.seat)},"table":{shared},'
        f'"view":{view},"legal":{dumps(legal)}}}'
    )


def broadcast(
    table: Table,
    actor: Connection | None = None,
    reply_to: int | None = None,
    full: bool = False,
    exclude: Connection | None = None,
) -> None:
    """Send every connection (but ``exclude``) its state; ``actor`` gets ``reply_to``."""
    if not table.conns:
        return
    shared = dumps(table.info(full))
    # spectators see the same thing: one message per group that has seen the same part of the log
    by_log: dict[tuple[int, int], tuple[str, int, int]] = {}
    for conn in list(table.conns):
        if conn is exclude:
            continue
        if conn.seat is not None or conn is actor:
            conn.send_text(table.state_text(conn, shared, reply_to if conn is actor else None, full))
            continue
        key = (conn.log_hand, conn.log_sent)
        if key not in by_log:
            text = table.state_text(conn, shared, None, full)
            by_log[key] = (text, conn.log_hand, conn.log_sent)
        text, conn.log_hand, conn.log_sent = by_log[key]
        conn.send_text(text)


def send_watchers(table: Table, now: float) -> None:
    """Tell everyone the spectator count, at most once every ``watchers_every`` seconds."""
    if not table.watchers_dirty or now - table.watchers_at < table.runtime.limits.watchers_every:
        return
    table.watchers_dirty, table.watchers_at = False, now
    text = dumps({"type": "watchers", "count": table.spectators})
    for conn in list(table.conns):
        conn.send_text(text)
