"""PostgreSQL: a group commit's rows of one table in one ``COPY ... FROM STDIN``.

Sent as an ``executemany``, psycopg pipelines one INSERT per row and reads back one result per row,
holding the interpreter's lock for most of it: at a thousand moves a second that was three quarters
of the writer thread's time. A ``COPY`` is one command whatever the number of rows, and the driver
formats the rows in C. It runs inside the batch's transaction (committed or rolled back with it), and
its errors are SQLAlchemy's like every other statement's (a unique violation is an
``IntegrityError``; a lost connection is invalidated), so the writer's retries and the callers'
error handling are unchanged. SQLite and single rows keep the pre-compiled ``executemany``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import Connection, Dialect, Engine, Table
from sqlalchemy.exc import DBAPIError

COPY_FROM_ROWS: Final = 2
"""The fewest rows written by ``COPY`` (a single row is one INSERT either way)."""


def can_copy(engine: Engine) -> bool:
    """Whether ``engine``'s driver takes ``COPY ... FROM STDIN`` (PostgreSQL through psycopg 3)."""
    return engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"


@functools.lru_cache(maxsize=64)
def _copy_sql(dialect: Dialect, table: Table, keys: tuple[str, ...]) -> str:
    """The ``COPY`` statement for these columns of ``table`` (built once: a batch's rows are many)."""
    quote = dialect.identifier_preparer.quote
    columns = ", ".join(quote(table.c[key].name) for key in keys)
    return f"COPY {dialect.identifier_preparer.format_table(table)} ({columns}) FROM STDIN"


def copy_rows(connection: Connection, table: Table, keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Write ``rows`` (values in the order of ``keys``, ready for the driver) into ``table``."""
    dialect = connection.dialect
    sql = _copy_sql(dialect, table, tuple(keys))
    proxied = connection.connection
    driver: Any = proxied.driver_connection
    dbapi_error: Any = dialect.loaded_dbapi.Error
    try:
        with driver.cursor() as cursor, cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(row)
    except dbapi_error as error:
        lost = dialect.is_disconnect(error, proxied.dbapi_connection, None)
        if lost:
            connection.invalidate(error)
        wrapped = DBAPIError.instance(sql, None, error, dbapi_error, connection_invalidated=lost, dialect=dialect)
        raise wrapped from error
