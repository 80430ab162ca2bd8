"""Table leases on a real Redis: one owner at a time, renew and release only by the owner, a dead
owner's lease lapses and another process takes the table (skipped if no Redis server answers)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

redis = pytest.importorskip("redis")

from redis_helpers import redis_or_skip  # noqa: E402

from burraco.web.leases import PREFIX, RedisLeases  # noqa: E402


@pytest.fixture
def client() -> Iterator[redis.Redis]:
    connection = redis_or_skip("the lease tests are")
    yield connection
    connection.close()


@pytest.fixture
def table_id(client: redis.Redis) -> Iterator[int]:
    ident = uuid.uuid4().int % 2**31
    yield ident
    client.delete(PREFIX + str(ident))


def test_one_owner_at_a_time(client: redis.Redis, table_id: int) -> None:
    a, b = RedisLeases(client, "a"), RedisLeases(client, "b")
    assert a.acquire(table_id) and not b.acquire(table_id)
    assert a.acquire(table_id)  # again: it already holds it
    assert a.renew(table_id) and not b.renew(table_id)
    b.release(table_id)  # not its lease: nothing happens
    assert a.owner(table_id) == b.owner(table_id) == "a"
    a.release(table_id)
    assert a.owner(table_id) is None and b.acquire(table_id) and b.owner(table_id) == "b"


def test_a_dead_owners_lease_lapses_and_another_process_takes_the_table(client: redis.Redis,
                                                                         table_id: int) -> None:
    a, b = RedisLeases(client, "a", ttl=60), RedisLeases(client, "b", ttl=60)
    assert a.acquire(table_id)
    client.pexpire(PREFIX + str(table_id), 1)  # process a died: nobody renews; its lease runs out
    deadline = time.monotonic() + 5
    while client.exists(PREFIX + str(table_id)):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert b.acquire(table_id) and b.owner(table_id) == "b"
    assert not a.renew(table_id)  # a came back: it learns it must drop the table
