"""Two apps (two "processes") on one database and one Redis namespace, for the fan-out tests."""

from __future__ import annotations

import contextlib
import tempfile
import uuid
from collections.abc import Iterator
from unittest import mock

import redis_helpers
from fastapi.testclient import TestClient
from redis_helpers import URL
from web_helpers import FakeClock, create_table, guest, make_app

from burraco.loadtest import servers as loadtest_servers


def redis_or_skip() -> None:
    """Skip (or fail, with ``BURRACO_REQUIRE_REDIS=1``) when no Redis server answers."""
    redis_helpers.redis_or_skip("the fan-out test is").close()


def forget(namespace: str) -> None:
    """Delete every Redis key of ``namespace``."""
    loadtest_servers.forget(URL, namespace)


@contextlib.contextmanager
def two_processes(seed: int) -> Iterator[tuple[TestClient, TestClient, int, tuple[str, str, str], FakeClock]]:
    """Two started apps on a fresh SQLite file and Redis namespace; a 2-player table (one hand, dealt
    from ``seed``) created by Ann on the first; the session cookies of Ann, Bob and Cy; the clock (wall
    clock too)."""
    redis_or_skip()
    namespace = f"burraco-test-{uuid.uuid4().hex[:10]}"
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as folder, mock.patch("burraco.web.routes.tables.new_seed", return_value=seed):
        url = f"sqlite:///{folder}/web.db"
        first = TestClient(make_app(url, clock, wallclock=clock, redis_url=URL, redis_namespace=namespace))
        second = TestClient(make_app(url, clock, wallclock=clock, redis_url=URL, redis_namespace=namespace))
        with second:
            first.__enter__()
            try:
                cookies = guest(first, "Ann"), guest(second, "Bob"), guest(second, "Cy")
                table_id = create_table(first, cookies[0], players=2, hands=1, options={"max_turns": 10})["id"]
                yield first, second, table_id, cookies, clock
            finally:
                with contextlib.suppress(Exception):
                    first.__exit__(None, None, None)
                forget(namespace)
