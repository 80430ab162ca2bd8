"""The leases are renewed by a task of their own, whatever the tick is doing: a process whose tick is
stuck behind busy tables keeps its tables (on a real Redis; skipped if no server answers)."""

from __future__ import annotations

import asyncio
import uuid
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("redis")

from redis_helpers import redis_or_skip

from burraco.web.cluster.ownership import Ownership
from burraco.web.persistence.leases import PREFIX, RedisLeases


def test_the_keeper_holds_the_leases_while_the_tick_is_stuck() -> None:
    client = redis_or_skip("the lease keeper test is")
    ids = [uuid.uuid4().int % 2**31 for _ in range(3)]
    leases = RedisLeases(client, "a", ttl=1.0)
    other = RedisLeases(client, "b", ttl=60.0)
    manager: Any = SimpleNamespace(
        tables={i: SimpleNamespace(id=i) for i in ids}, runtime=SimpleNamespace(leases=leases)
    )
    ownership = Ownership(manager)
    ownership.adopted_at = 0.0  # (no adoption in this tick: there is no database here)

    async def scene() -> None:
        keeper = asyncio.create_task(ownership.keep(every=0.2))
        await asyncio.sleep(0.05)
        assert ownership.keeping
        assert await ownership.tick(0.0) == 0  # the tick leaves the renewal to the keeper
        await asyncio.sleep(3.0)  # three lease lengths, and no tick at all
        keeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await keeper
        assert not ownership.keeping

    try:
        for table_id in ids:
            assert leases.acquire(table_id)
        asyncio.run(scene())
        assert all(leases.owner(t) == "a" for t in ids)
        assert not any(other.acquire(t) for t in ids)  # never taken meanwhile
    finally:
        client.delete(*(PREFIX + str(t) for t in ids))
        client.close()
