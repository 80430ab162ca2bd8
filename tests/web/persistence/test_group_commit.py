"""Group commit: many tables' moves share transactions, each is acknowledged only after the commit
holding it, a bad write fails alone, and ``kill -9`` loses no acknowledged move (SQLite and PostgreSQL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from burraco.web.persistence import db, schema
from burraco.web.persistence.copy_rows import copy_rows
from burraco.web.persistence.repositories.tables import TableRepository

TABLES = 40
MOVES = 15


def event_row(table_id: int, seq: int) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": seq,
        "hand": 1,
        "kind": "action",
        "seat": seq % 2,
        "text": "draw",
        "user_id": None,
        "at": time.time(),
    }


def make_tables(store: db.Store, count: int) -> list[int]:
    row = {"name": "t", "preset": "p", "rules": {}, "seed": 1, "turn_timer": 0.0, "grace": 0.0}
    rows = [{**row, "status": "playing", "created_at": 0.0} for _ in range(count)]
    store.write(lambda c: c.execute(schema.tables.insert(), rows)).result(timeout=30)
    return store.read(lambda c: [r[0] for r in c.execute(select(schema.tables.c.id).order_by(schema.tables.c.id))])


def stored(store: db.Store) -> set[tuple[int, int]]:
    return set(
        store.read(lambda c: [tuple(r) for r in c.execute(select(schema.events.c.table_id, schema.events.c.seq))])
    )


def test_many_tables_acting_at_once_share_transactions(database: str) -> None:
    """Each table waits for its move's commit before the next (as a table's actor does); the moves of
    all the tables go in far fewer transactions than rows, and every acknowledged one is stored."""
    store = db.Store(database)
    ids = make_tables(store, TABLES)
    before = store.writer.stats.transactions
    acknowledged: list[tuple[int, int]] = []

    def play(table_id: int) -> None:
        for seq in range(1, MOVES + 1):
            store.insert(schema.events, event_row(table_id, seq)).result(timeout=30)
            acknowledged.append((table_id, seq))

    threads = [threading.Thread(target=play, args=(table_id,)) for table_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stats = store.writer.stats
    transactions = stats.transactions - before
    assert len(acknowledged) == TABLES * MOVES
    assert transactions < TABLES * MOVES / 2, transactions  # batches really form
    assert stats.largest_batch > 1
    assert set(acknowledged) <= stored(store)
    store.close()


def test_a_bad_write_in_a_batch_fails_alone_and_the_others_commit(database: str) -> None:
    store = db.Store(database, linger=0.3)  # every write below lands in one batch
    table_id = make_tables(store, 1)[0]
    store.insert(schema.events, event_row(table_id, 1)).result(timeout=30)
    failed_before = store.writer.stats.failed_batches
    good = [store.insert(schema.events, event_row(table_id, seq)) for seq in (2, 3)]
    bad = store.insert(schema.events, event_row(table_id, 1))  # the same (table, seq) again: refused
    more = store.insert_many(schema.events, [event_row(table_id, 4), event_row(table_id, 5)])
    assert isinstance(bad.exception(timeout=30), IntegrityError)
    assert [f.result(timeout=30) for f in [*good, more]] == [None, None, None]
    assert store.writer.stats.failed_batches > failed_before
    assert {seq for _, seq in stored(store)} == {1, 2, 3, 4, 5}
    store.close()


def test_a_batch_is_stored_exactly_on_either_database(database: str) -> None:
    """A batch's rows come back exactly as they were given, whatever they hold (PostgreSQL writes a
    batch's rows with one ``COPY``: tabs, newlines, backslashes, quotes, accents, NULLs and a float's
    last digits must survive its text format)."""
    store = db.Store(database, linger=0.3)  # the writes below land in one batch
    table_id = make_tables(store, 1)[0]
    texts = ["tab\there", "new\nline", "back\\slash \\N", "quote ' \" end", "Niccolò • ♥", "", "\\."]
    rows = [
        {**event_row(table_id, seq), "text": text, "user_id": seq if seq % 2 else None, "at": 1.8e9 + seq / 3}
        for seq, text in enumerate(texts, start=1)
    ]
    futures = [store.insert(schema.events, row) for row in rows]
    assert [f.result(timeout=30) for f in futures] == [None] * len(rows)
    columns = [schema.events.c[key] for key in rows[0]]
    back = store.read(lambda c: [dict(r._mapping) for r in c.execute(select(*columns).order_by(schema.events.c.seq))])
    assert back == rows
    copied = store.writer.stats.copied_rows
    assert (copied >= 2) if database.startswith("postgresql") else copied == 0
    store.close()


CHILD = """
import sys, threading, time
from burraco.web.persistence import db, schema
from burraco.web.persistence.repositories.tables import TableRepository
sys.path.insert(0, {tests!r})
from test_group_commit import event_row, make_tables

store = db.Store({url!r})
ids = make_tables(store, {tables})
lock = threading.Lock()

def play(table_id):
    seq = 0
    while True:
        seq += 1
        store.insert(schema.events, event_row(table_id, seq)).result()
        with lock:  # acknowledged: committed
            sys.stdout.write(f"{{table_id}} {{seq}}\\n")
            sys.stdout.flush()

for table_id in ids:
    threading.Thread(target=play, args=(table_id,), daemon=True).start()
time.sleep(600)
"""


def test_kill_9_loses_no_acknowledged_move(database: str) -> None:
    """A process storing many tables' moves is killed mid-stream: every move it acknowledged is stored."""
    store = db.Store(database)  # the schema, before the child
    store.close()
    code = CHILD.format(tests=os.path.dirname(__file__), url=database, tables=TABLES)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    acknowledged: list[tuple[int, int]] = []
    try:
        for line in child.stdout:
            table_id, seq = line.split()
            acknowledged.append((int(table_id), int(seq)))
            if len(acknowledged) >= 400:
                break
        os.kill(child.pid, signal.SIGKILL)
        for line in child.stdout:  # written before the kill: acknowledged too
            table_id, seq = line.split()
            acknowledged.append((int(table_id), int(seq)))
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    store = db.Store(database)
    try:
        missing = set(acknowledged) - stored(store)
    finally:
        store.close()
    assert len(acknowledged) >= 400 and not missing, sorted(missing)[:5]


@pytest.mark.parametrize("rows", [1, 3])
def test_rows_of_one_step_are_stored_together(rows: int) -> None:
    store = db.Store("sqlite://")
    table_id = make_tables(store, 1)[0]
    store.insert_many(schema.events, [event_row(table_id, seq) for seq in range(1, rows + 1)]).result(timeout=30)
    assert len(stored(store)) == rows
    store.close()


def statuses(store: db.Store) -> dict[int, str]:
    return dict(store.read(lambda c: [tuple(r) for r in c.execute(select(schema.tables.c.id, schema.tables.c.status))]))


def test_a_step_with_a_status_is_one_transaction_by_compiled_statements(database: str) -> None:
    """A step's event rows and its table's new status commit together; a step whose rows are refused
    leaves the status unchanged too, and the other tables' writes of its batch still commit."""
    store = db.Store(database, linger=0.3)
    first, second = make_tables(store, 2)
    tables = TableRepository(store)
    store.insert(schema.events, event_row(first, 1)).result(timeout=30)
    good = tables.append(second, [event_row(second, 1), event_row(second, 2)], "over")
    bad = tables.append(first, [event_row(first, 2), event_row(first, 1)], "over")  # seq 1 again: refused
    assert good is not None and bad is not None
    assert good.result(timeout=30) is None
    assert isinstance(bad.exception(timeout=30), IntegrityError)
    assert statuses(store) == {first: "playing", second: "over"}
    assert stored(store) == {(first, 1), (second, 1), (second, 2)}
    status_only = tables.append(first, [], "closed")
    assert status_only is not None and status_only.result(timeout=30) is None
    assert statuses(store)[first] == "closed"
    store.close()


def test_a_refused_copy_is_sqlalchemys_error_and_rolls_back() -> None:
    """PostgreSQL: a ``COPY`` the database refuses raises SQLAlchemy's ``IntegrityError`` (what the
    writer's retries and the callers expect) and leaves nothing of its rows."""
    from db_backends import postgres_schema  # (here: the kill -9 test's child imports this module alone)

    with postgres_schema() as url:
        store = db.Store(url)
        table_id = make_tables(store, 1)[0]
        engine = store.writer.engine
        keys = tuple(event_row(table_id, 1))
        rows = [tuple(event_row(table_id, seq).values()) for seq in (1, 2, 2)]  # seq 2 twice: refused
        with engine.connect() as connection, pytest.raises(IntegrityError), connection.begin():
            copy_rows(connection, schema.events, keys, rows)
        assert stored(store) == set()
        store.close()
