"""The databases the web suite runs against: a SQLite file, and a fresh PostgreSQL schema per test.

PostgreSQL is found at ``BURRACO_TEST_POSTGRES`` (default ``postgresql+psycopg://postgres@127.0.0.1:5432/test``);
if no server answers, its runs are skipped, or fail when ``BURRACO_REQUIRE_POSTGRES=1`` (CI).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError

from burraco.loadtest.servers import fresh_schema

POSTGRES = os.environ.get("BURRACO_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
BACKENDS = ("sqlite", "postgresql")


@functools.cache
def postgres_answers() -> bool:
    engine = create_engine(POSTGRES, connect_args={"connect_timeout": 3})
    try:
        with engine.connect():
            return True
    except OperationalError:
        return False
    finally:
        engine.dispose()


def require_postgres() -> None:
    """Skip (or fail, with ``BURRACO_REQUIRE_POSTGRES=1``) when no PostgreSQL server answers."""
    if postgres_answers():
        return
    reason = f"no PostgreSQL server answers at {POSTGRES}: the postgresql runs are skipped"
    if os.environ.get("BURRACO_REQUIRE_POSTGRES") == "1":
        pytest.fail(reason + " (BURRACO_REQUIRE_POSTGRES=1)")
    pytest.skip(reason)


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A URL whose connections use a new, empty schema (dropped afterwards). Commits are asynchronous
    (``synchronous_commit=off``): a test server need not wait for the disk."""
    require_postgres()
    with fresh_schema(POSTGRES, "burraco_test", "synchronous_commit=off") as url:
        yield url
