"""The database schema's Alembic migrations, applied when the server starts (:func:`upgrade`).

A database made before migrations existed (by ``metadata.create_all``) is recognised by its tables and
stamped with the revision it matches (``0001`` without ``tables.practice``, ``0002`` with it, ``0003``
with ``users.role``, ``0004`` with ``tables.tournament``, ``0005`` with ``tournament_invitations``,
``0006`` with ``users.name_skeleton``, ``0007`` with ``terminal_codes``), then upgraded like any other.
``alembic -c`` is not needed: :func:`config` points Alembic at this package.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> with engine.begin() as connection:
...     upgrade(connection)
...     current(connection) == HEAD
True
>>> sorted(inspect(engine).get_table_names())[:3]
['alembic_version', 'arbiter_rulings', 'blocks']
"""

from __future__ import annotations

from typing import Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, inspect

HEAD: Final = "0013"
"""The newest revision (a test checks it is the script directory's head)."""


def config(connection: Connection) -> Config:
    """An Alembic configuration for this package's scripts, running on ``connection``."""
    cfg = Config()
    cfg.set_main_option("script_location", "burraco.web.persistence:migrations")
    cfg.attributes["connection"] = connection
    return cfg


def current(connection: Connection) -> str | None:
    """The revision the database is at (None: not under Alembic yet)."""
    return MigrationContext.configure(connection).get_current_revision()


def _legacy_revision(connection: Connection) -> str | None:
    """The revision a database made by ``create_all`` before migrations matches (None: an empty database)."""
    inspector = inspect(connection)
    if not inspector.has_table("users"):
        return None
    columns = {c["name"] for c in inspector.get_columns("tables")}
    user_columns = {c["name"] for c in inspector.get_columns("users")}
    if inspector.has_table("friendships"):
        return "0008"
    if inspector.has_table("terminal_codes"):
        return "0007"
    if "name_skeleton" in user_columns:
        return "0006"
    if inspector.has_table("tournament_invitations"):
        return "0005"
    if "tournament" in columns:
        return "0004"
    if "role" in user_columns:
        return "0003"
    return "0002" if "practice" in columns else "0001"


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Bring the database to ``revision`` (stamping a pre-migration database first)."""
    cfg = config(connection)
    if current(connection) is None:
        legacy = _legacy_revision(connection)
        if legacy is not None:
            command.stamp(cfg, legacy)
    command.upgrade(cfg, revision)


def downgrade(connection: Connection, revision: str) -> None:
    command.downgrade(config(connection), revision)
