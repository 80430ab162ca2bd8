"""Table leases on a real Redis: one owner at a time, renew and release only by the owner, a dead
owner's lease lapses and another process takes the table (skipped if no Redis server answers)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

redis = pytest.importorskip("redis")

from redis_helpers import redis_or_skip  # noqa: E402

from burraco.web.persistence.leases import PREFIX, RedisLeases  # noqa: E402


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


def test_a_dead_owners_lease_lapses_and_another_process_takes_the_table(client: redis.Redis, table_id: int) -> None:
    a, b = RedisLeases(client, "a", ttl=60), RedisLeases(client, "b", ttl=60)
    assert a.acquire(table_id)
    client.pexpire(PREFIX + str(table_id), 1)  # process a died: nobody renews; its lease runs out
    deadline = time.monotonic() + 5
    while client.exists(PREFIX + str(table_id)):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert b.acquire(table_id) and b.owner(table_id) == "b"
    assert not a.renew(table_id)  # a came back: it learns it must drop the table


def test_renew_all_extends_the_held_leases_and_names_the_lost_ones(client: redis.Redis) -> None:
    base = uuid.uuid4().int % 2**30
    ids = [base + i for i in range(2500)]  # more than one round trip's chunk
    a, b = RedisLeases(client, "a", ttl=60), RedisLeases(client, "b", ttl=60)
    try:
        for t in ids:
            assert a.acquire(t)
        stolen = ids[7::500]
        for t in stolen:  # another process took these (a stalled past its lease)
            client.delete(PREFIX + str(t))
            assert b.acquire(t)
        a.ttl_ms = 120_000  # (a long first lease: a loaded machine takes seconds to acquire them all)
        assert a.renew_all(ids) == stolen
        assert all(client.pttl(PREFIX + str(t)) > 90_000 for t in ids[::97] if t not in stolen)  # renewed
        assert all(a.owner(t) == "a" for t in ids if t not in stolen)
        assert all(a.owner(t) == "b" for t in stolen)
    finally:
        client.delete(*(PREFIX + str(t) for t in ids))
