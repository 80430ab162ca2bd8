"""Fixtures of the web tests (helpers live in web_helpers.py)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from db_backends import BACKENDS, postgres_schema
from fastapi.testclient import TestClient
from web_helpers import FakeClock, make_app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database: a SQLite file in ``tmp_path``, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    with postgres_schema() as url:
        yield url


@pytest.fixture
def namespace() -> Iterator[str]:
    """A Redis namespace of this test alone (its keys are deleted afterwards); skipped (or failed, with
    ``BURRACO_REQUIRE_REDIS=1``) when no Redis server answers."""
    from redis_helpers import redis_or_skip

    connection = redis_or_skip("the fan-out test is")
    name = f"burraco-test-{uuid.uuid4().hex[:10]}"
    yield name
    keys = list(connection.scan_iter(f"{name}:*"))
    if keys:
        connection.delete(*keys)
    connection.close()


@pytest.fixture
def client_factory(database: str, clock: FakeClock) -> Iterator[Callable[..., TestClient]]:
    """Build a TestClient (lifespan started) on ``database``; every client is closed at the end."""
    opened: list[TestClient] = []

    def build(**kwargs: Any) -> TestClient:
        client = TestClient(make_app(database, clock, **kwargs))
        client.__enter__()
        opened.append(client)
        return client

    yield build
    for client in reversed(opened):
        client.__exit__(None, None, None)
