"""A SQLite file another program holds locked fails a move within seconds (``db.BUSY_TIMEOUT``) instead of
stalling every table behind the store's one writer for half a minute; the move is rolled back, its
player told ``store_failed``, and the next move after the lock is released is stored (docs/security.md)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, make_app, table_of

from burraco.web.persistence import db


def test_a_held_write_lock_fails_a_move_in_seconds_and_the_next_move_is_stored(
    tmp_path: Path, clock: FakeClock
) -> None:
    assert db.BUSY_TIMEOUT <= 3
    path = tmp_path / "web.db"
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=2, bots="easy")
        table = table_of(client, info["id"])
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.wait_turn()
            seq, steps = table.seq, len(table.hand.log)  # type: ignore[union-attr]
            holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)  # a backup, the sqlite3 shell...
            holder.execute("BEGIN IMMEDIATE")  # ...holds the write lock
            try:
                started = time.monotonic()
                reply = player.act("draw")
                elapsed = time.monotonic() - started
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            assert reply["type"] == "error" and reply["code"] == "store_failed"
            assert elapsed < db.BUSY_TIMEOUT + 2, elapsed  # was 30 s
            assert table.seq == seq and len(table.hand.log) == steps  # type: ignore[union-attr]  # rolled back
            reply = player.act("draw")  # the lock is gone: the same move is stored
            assert reply["type"] == "state" and table.seq == seq + 1
