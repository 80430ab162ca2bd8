"""Migration 0011: ``users.public_profile`` comes (false for every existing user) and goes back."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect, text

from burraco.web.persistence import migrations


def test_0011_makes_every_existing_profile_private_and_goes_back(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.begin() as connection:
        migrations.upgrade(connection, "0010")
        connection.execute(
            text(
                "INSERT INTO users (name, kind, mu, sigma, matches, created_at) VALUES ('Anna', 'account', 25, 8, 0, 0)"
            )
        )
        migrations.upgrade(connection, "0011")
        assert connection.execute(text("SELECT public_profile FROM users")).scalar_one() in (False, 0)
        migrations.downgrade(connection, "0010")
        assert "public_profile" not in {c["name"] for c in inspect(connection).get_columns("users")}
        migrations.upgrade(connection)
        assert migrations.current(connection) == migrations.HEAD
    engine.dispose()
