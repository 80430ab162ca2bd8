"""The test Redis server: its URL, and a connection to it or a one-line skip."""

from __future__ import annotations

import os
from typing import Any

import pytest

URL = os.environ.get("BURRACO_TEST_REDIS", "redis://127.0.0.1:6379/15")


def redis_or_skip(what: str, decode_responses: bool = True) -> Any:
    """A connection to the test Redis (the caller closes it); skip ``what`` when no server answers,
    or fail with ``BURRACO_REQUIRE_REDIS=1``."""
    redis = pytest.importorskip("redis")
    connection = redis.Redis.from_url(URL, decode_responses=decode_responses)
    try:
        connection.ping()
    except redis.ConnectionError:
        connection.close()
        if os.environ.get("BURRACO_REQUIRE_REDIS") == "1":
            pytest.fail(f"no Redis server answers at {URL} (BURRACO_REQUIRE_REDIS=1)")
        pytest.skip(f"no Redis server answers at {URL}: {what} skipped")
    return connection
