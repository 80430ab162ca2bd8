"""Migration 0008: every existing table is public (``tables.private`` false) and the friends tables come;
going back to 0007 drops them and keeps the tables."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect, text

from burraco.web.persistence import migrations

FRIENDS_TABLES = {"friendships", "blocks", "table_invitations", "table_guests", "notifications"}


def test_0008_up_and_down(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.begin() as connection:
        migrations.upgrade(connection, "0007")
        connection.execute(
            text(
                "INSERT INTO tables (name, preset, rules, seed, turn_timer, grace, status, created_at, practice) "
                "VALUES ('old', 'fibur', '{}', 1, 0, 30, 'waiting', 0, false)"
            )
        )
        migrations.upgrade(connection, "0008")
        assert connection.execute(text("SELECT private FROM tables")).scalar_one() in (0, False)
        assert set(inspect(connection).get_table_names()) >= FRIENDS_TABLES
        migrations.downgrade(connection, "0007")
        assert "private" not in {c["name"] for c in inspect(connection).get_columns("tables")}
        assert not FRIENDS_TABLES & set(inspect(connection).get_table_names())
        assert connection.execute(text("SELECT name FROM tables")).scalar_one() == "old"
    engine.dispose()
