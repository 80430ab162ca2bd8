"""One user may keep only so many table sockets open at once (``Limits.max_sockets_per_user``), every
table and tab together, on one process and across processes sharing a Redis (docs/security.md)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from redis_helpers import URL
from web_helpers import FakeClock, close_code, create_table, guest, make_app, manager, wait_until

from burraco.web.accounts import shared_limits
from burraco.web.table.limits import Limits


def test_one_user_may_open_only_so_many_table_sockets(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    limit = Limits().max_sockets_per_user
    assert limit == 12
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    ann_id = client.get("/api/me", headers={"cookie": ann}).json()["user"]["id"]
    tables = [create_table(client, bob, players=2)["id"] for _ in range(2)]
    with contextlib.ExitStack() as stack:
        for i in range(limit):  # two tables, many tabs
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tables[i % 2]}", headers={"cookie": ann}))
            assert ws.receive_json()["type"] == "state"
        code, reason = close_code(client, tables[0], ann)
        assert code == 4430 and f"{limit} table sockets" in reason
        # the limit is per user: Bob still gets in
        ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tables[0]}", headers={"cookie": bob}))
        assert ws.receive_json()["you"] == 0
    wait_until(client, lambda: ann_id not in manager(client).sockets.open)
    with client.websocket_connect(f"/ws/tables/{tables[1]}", headers={"cookie": ann}) as ws:
        assert ws.receive_json()["type"] == "state"  # her closed sockets no longer count


def test_the_socket_limit_holds_across_processes(
    database: str, namespace: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "limits": Limits(max_sockets_per_user=3)}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second, contextlib.ExitStack() as stack:
        ann, bob = guest(first, "Ann"), guest(first, "Bob")
        ann_id = first.get("/api/me", headers={"cookie": ann}).json()["user"]["id"]
        table = create_table(first, bob, players=2)["id"]
        url = f"/ws/tables/{table}"
        on_first = [stack.enter_context(first.websocket_connect(url, headers={"cookie": ann})) for _ in range(2)]
        on_second = stack.enter_context(second.websocket_connect(url, headers={"cookie": ann}))  # relayed
        for ws in (*on_first, on_second):
            assert ws.receive_json()["type"] == "state"
        for client in (first, second):
            assert close_code(client, table, ann)[0] == 4430
        on_first[0].close()  # one closed on the first process: the second may open one
        counts = redis.Redis.from_url(URL, decode_responses=True)
        stack.callback(counts.close)
        shared = manager(first).sockets.shared
        assert shared is not None
        wait_until(first, lambda: counts.hget(f"{namespace}:sockets:{ann_id}", shared.process) == "1")
        stack.enter_context(second.websocket_connect(url, headers={"cookie": ann})).receive_json()
        assert close_code(second, table, ann)[0] == 4430
        # a process that stops refreshing its counts (it died) stops counting them after a while
        monkeypatch.setattr(shared_limits, "SOCKETS_STALE", 0.3)
        manager(first).sockets.shared = None
        time.sleep(0.4)
        stack.enter_context(second.websocket_connect(url, headers={"cookie": ann})).receive_json()
