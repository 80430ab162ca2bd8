"""The writer's statements, compiled once per table and set of columns for its dialect.

The writer (``writer.py``) sends them to the driver as they are (``exec_driver_sql``): no statement is
built per move. :class:`Compiled` also turns rows into the driver's parameters, with each column's
bind processor applied, as SQLAlchemy would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, Table, bindparam


@dataclass(slots=True)
class Compiled:
    """One table's INSERT for one set of columns, compiled once for the writer's dialect."""

    sql: str
    keys: tuple[str, ...]
    positional: bool
    processors: tuple[Callable[[Any], Any] | None, ...]

    def params(self, rows: Sequence[dict[str, Any]]) -> list[Any]:
        """The driver's parameters for ``rows``: :meth:`values`, by name unless the dialect is positional."""
        values = self.values(rows)
        if self.positional:
            return values
        return [dict(zip(self.keys, v, strict=True)) for v in values]

    def values(self, rows: Sequence[dict[str, Any]]) -> list[tuple[Any, ...]]:
        """Each row's values in the order of :attr:`keys`, ready for the driver (bind processors applied)."""
        keys, processors = self.keys, self.processors
        if not any(processors):
            return [tuple([row.get(key) for key in keys]) for row in rows]
        return [
            tuple([row.get(key) if fn is None else fn(row.get(key)) for key, fn in zip(keys, processors, strict=True)])
            for row in rows
        ]


@dataclass
class Statements:
    """The compiled inserts, by table and columns."""

    engine: Engine
    cache: dict[tuple[str, tuple[str, ...]], Compiled] = field(default_factory=dict)

    def get(self, table: Table, keys: tuple[str, ...]) -> Compiled:
        found = self.cache.get((table.name, keys))
        if found is None:
            statement = table.insert()
            found = self.cache[(table.name, keys)] = self._compile(table, statement, keys, keys)
        return found

    def get_update(self, table: Table, key: str, columns: tuple[str, ...]) -> Compiled:
        """``UPDATE table SET columns WHERE key = :key`` (the key's parameter is named ``_at``)."""
        found = self.cache.get((table.name, ("=", key, *columns)))
        if found is None:
            statement = table.update().where(table.c[key] == bindparam("_at"))
            params = (*columns, "_at")
            found = self._compile(table, statement, columns, params)
            self.cache[(table.name, ("=", key, *columns))] = found
        return found

    def _compile(self, table: Table, statement: Any, columns: tuple[str, ...], params: tuple[str, ...]) -> Compiled:
        dialect = self.engine.dialect
        compiled = statement.compile(dialect=dialect, column_keys=list(columns), for_executemany=True)
        order = tuple(compiled.positiontup or ()) if compiled.positional else tuple(compiled.binds)
        order = tuple(name for name in order if name in params)
        processors = tuple(
            None if name == "_at" else table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in order
        )
        return Compiled(str(compiled), order, compiled.positional, processors)
