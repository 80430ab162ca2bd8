"""Fixtures of the web tests (helpers live in web_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import FakeClock, make_app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client_factory(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., TestClient]]:
    """Build a TestClient (lifespan started) on ``tmp_path/web.db``; every client is closed at the end."""
    opened: list[TestClient] = []

    def build(**kwargs: Any) -> TestClient:
        client = TestClient(make_app(tmp_path / "web.db", clock, **kwargs))
        client.__enter__()
        opened.append(client)
        return client

    yield build
    for client in reversed(opened):
        client.__exit__(None, None, None)
