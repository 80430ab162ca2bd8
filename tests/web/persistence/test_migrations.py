"""The schema's Alembic migrations: up and down, the head matches the models, and databases made by
``create_all`` before migrations existed are stamped and upgraded on start."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, inspect, select, text

from burraco.web.persistence import db, migrations, schema


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    return create_engine(f"sqlite:///{tmp_path / 'm.db'}")


def missing(connection: Connection) -> list[str]:
    """What the database lacks of the models, one word each (``tables.tournament``: a column; a table's name)."""
    words = []
    for diff in compare_metadata(MigrationContext.configure(connection), schema.metadata):
        if diff[0] == "add_column":
            words.append(f"{diff[2]}.{diff[3].name}")
        elif diff[0] in ("add_table", "add_index"):
            words.append(f"{diff[0]} {diff[1].name}")
        else:
            words.append(repr(diff))
    return sorted(words)


NEWER_THAN_0006 = sorted(
    [
        "add_index ix_terminal_codes_table",
        "add_index ix_terminal_entries_client",
        "add_table terminal_codes",
        "add_table terminal_entries",
        "users.public_profile",
        # 0008: friends and tables with friends
        "add_index ix_blocks_blocked",
        "add_index ix_friendships_friend",
        "add_index ix_notifications_user",
        "add_index ix_table_invitations_table",
        "add_index ix_table_invitations_token",
        "add_table blocks",
        "add_table friendships",
        "add_table notifications",
        "add_table table_guests",
        "add_table table_invitations",
        "tables.private",
        # 0009: hand analyses
        "add_index ix_hand_analyses_key",
        "add_index ix_hand_analyses_user",
        "add_table hand_analyses",
        # 0010: table talk
        "add_index ix_chat_messages_table",
        "add_index ix_chat_reports_message",
        "add_table chat_bans",
        "add_table chat_messages",
        "add_table chat_mutes",
        "add_table chat_reports",
        # 0012: the arbiter's rulings
        "add_index ix_arbiter_rulings_table",
        "add_table arbiter_rulings",
        # 0013: the ids pages give their moves
        "events.client_id",
    ]
)
"""What a database at revision 0006 lacks: 0007's score terminals, 0008's friends, 0009's analyses,
0010's table talk, 0011's public profiles, 0012's arbiter rulings, 0013's move ids."""
NEWER_THAN_0005 = sorted(["add_index ix_users_name_skeleton", "users.name_skeleton", *NEWER_THAN_0006])
"""What a database at revision 0005 lacks: 0006's column and its index, and what 0007 adds."""
NEWER_THAN_0004 = sorted(
    ["add_index ix_tournament_invitations_user", "add_table tournament_invitations", *NEWER_THAN_0005]
)
"""What a database at revision 0004 lacks: 0005's table, and what 0006 adds."""


def test_head_is_the_newest_script(engine: Engine) -> None:
    with engine.connect() as connection:
        script = ScriptDirectory.from_config(migrations.config(connection))
    assert script.get_current_head() == migrations.HEAD


def test_up_down_and_up_again(engine: Engine) -> None:
    with engine.begin() as connection:
        migrations.upgrade(connection)
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
        migrations.downgrade(connection, "0001")
        assert "practice" not in {c["name"] for c in inspect(connection).get_columns("tables")}
        migrations.downgrade(connection, "base")
        assert inspect(connection).get_table_names() == ["alembic_version"]
        migrations.upgrade(connection)
        assert migrations.current(connection) == migrations.HEAD


def test_a_database_made_before_practice_tables_is_upgraded(engine: Engine, tmp_path: Path) -> None:
    with engine.begin() as connection:
        migrations.upgrade(connection, "0001")
        connection.execute(text("DROP TABLE alembic_version"))  # as create_all left it: no version table
        connection.execute(
            text(
                "INSERT INTO tables (name, preset, rules, seed, turn_timer, grace, status, "
                "created_at) VALUES ('old', 'fibur', '{}', 1, 0, 30, 'over', 0)"
            )
        )
    engine.dispose()
    store = db.Store(f"sqlite:///{tmp_path / 'm.db'}")
    try:
        assert store.read(lambda c: c.execute(select(schema.tables.c.practice)).scalar_one()) is False
        assert store.read(migrations.current) == migrations.HEAD
    finally:
        store.close()


def test_a_database_made_by_create_all_is_stamped(engine: Engine, tmp_path: Path) -> None:
    schema.metadata.create_all(engine)
    engine.dispose()
    store = db.Store(f"sqlite:///{tmp_path / 'm.db'}")
    try:
        assert store.read(migrations.current) == migrations.HEAD
    finally:
        store.close()


def test_0003_adds_roles_and_tournaments_and_goes_back(engine: Engine) -> None:
    """0003: every existing user becomes a ``player``; the ``tournaments`` table comes and goes."""
    with engine.begin() as connection:
        migrations.upgrade(connection, "0002")
        connection.execute(
            text(
                "INSERT INTO users (name, kind, mu, sigma, matches, created_at) VALUES ('Anna', 'account', 25, 8, 0, 0)"
            )
        )
        migrations.upgrade(connection, "0003")
        assert connection.execute(text("SELECT role FROM users")).scalar_one() == "player"
        assert "tournaments" in inspect(connection).get_table_names()
        assert missing(connection) == sorted(["tables.tournament", "tournaments.online", *NEWER_THAN_0004])
        migrations.downgrade(connection, "0002")
        assert "role" not in {c["name"] for c in inspect(connection).get_columns("users")}
        assert "tournaments" not in inspect(connection).get_table_names()
        assert connection.execute(text("SELECT name FROM users")).scalar_one() == "Anna"
        migrations.upgrade(connection)
        assert migrations.current(connection) == migrations.HEAD


def test_0004_adds_tournament_tables_and_goes_back(engine: Engine) -> None:
    """0004: existing tables belong to no tournament, existing tournaments are not online; down drops both."""
    with engine.begin() as connection:
        migrations.upgrade(connection, "0003")
        connection.execute(
            text(
                "INSERT INTO users (name, kind, mu, sigma, matches, created_at, role) "
                "VALUES ('Anna', 'account', 25, 8, 0, 0, 'director')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO tables (name, preset, rules, seed, turn_timer, grace, status, "
                "created_at, practice) VALUES ('old', 'fibur', '{}', 1, 0, 30, 'over', 0, false)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO tournaments (name, owner_id, document, version, created_at, "
                "updated_at) VALUES ('Club', 1, '{}', 1, 0, 0)"
            )
        )
        migrations.upgrade(connection, "0004")
        assert connection.execute(text("SELECT tournament FROM tables")).scalar_one() is None
        assert connection.execute(text("SELECT online FROM tournaments")).scalar_one() is None
        assert missing(connection) == NEWER_THAN_0004
        migrations.downgrade(connection, "0003")
        assert "tournament" not in {c["name"] for c in inspect(connection).get_columns("tables")}
        assert "online" not in {c["name"] for c in inspect(connection).get_columns("tournaments")}
        assert connection.execute(text("SELECT name FROM tournaments")).scalar_one() == "Club"
        migrations.upgrade(connection)
        assert migrations.current(connection) == migrations.HEAD


def test_0005_adds_the_invitations_and_going_back_seats_nobody_who_was_only_asked(engine: Engine) -> None:
    """0005: the ``tournament_invitations`` index comes (empty: nobody was asked before) and goes; going
    back also takes the pending invitations out of every event's online part, so that the code before
    0005, which seats every account it finds linked, never seats an account that had not accepted."""
    pending = {
        "players": {"1": [1, 2], "2": [None, 3]},
        "pending": {"1": [2]},
        "entries": {"pair x": {"name": "Pair X", "players": [3, 2], "pending": [2], "by": 3}},
        "turns": {},
        "names": {"1": "Anna", "2": "Bruno", "3": "Carla"},
    }
    with engine.begin() as connection:
        migrations.upgrade(connection, "0004")
        for name in ("Anna", "Bruno", "Carla"):
            connection.execute(
                text(
                    "INSERT INTO users (name, kind, mu, sigma, matches, created_at, role) "
                    f"VALUES ('{name}', 'account', 25, 8, 0, 0, 'director')"
                )
            )
        connection.execute(
            schema.tournaments.insert().values(
                name="Club", owner_id=1, document={}, version=1, created_at=0, updated_at=0
            )
        )
        migrations.upgrade(connection, "0005")
        assert connection.execute(text("SELECT count(*) FROM tournament_invitations")).scalar_one() == 0
        assert missing(connection) == NEWER_THAN_0005
        connection.execute(schema.tournaments.update().values(online=pending))
        connection.execute(schema.tournament_invitations.insert().values(tournament_id=1, user_id=2))
        migrations.downgrade(connection, "0004")
        assert "tournament_invitations" not in inspect(connection).get_table_names()
        online = connection.execute(select(schema.tournaments.c.online)).scalar_one()
        assert online == {"players": {"1": [1], "2": [3]}, "turns": {}, "names": pending["names"]}
        migrations.upgrade(connection)
        assert migrations.current(connection) == migrations.HEAD


def test_0006_gives_every_account_its_name_skeleton_and_goes_back(engine: Engine) -> None:
    """0006: every existing account gets its name's skeleton (two that look alike keep their names: the
    index is not unique), guests and bots none; a new account that looks like one is refused."""
    from burraco.web.accounts.auth import NameConfusable, name_skeleton
    from burraco.web.persistence.repositories.users import UserRepository

    with engine.begin() as connection:
        migrations.upgrade(connection, "0005")
        for name, kind in (("Elena", "account"), ("\u0415lena", "account"), ("Elena", "guest")):
            connection.execute(
                text(
                    "INSERT INTO users (name, kind, mu, sigma, matches, created_at, role) "
                    f"VALUES ('{name}', '{kind}', 25, 8, 0, 0, 'player')"
                )
            )
        migrations.upgrade(connection, "0006")
        assert missing(connection) == NEWER_THAN_0006
        skeletons = connection.execute(text("SELECT name_skeleton FROM users ORDER BY id")).scalars().all()
        assert skeletons == [name_skeleton("Elena"), name_skeleton("Elena"), None]
        migrations.downgrade(connection, "0005")
        assert "name_skeleton" not in {c["name"] for c in inspect(connection).get_columns("users")}
        assert connection.execute(text("SELECT count(*) FROM users")).scalar_one() == 3
        migrations.upgrade(connection)
    engine.dispose()
    store = db.Store(str(engine.url))
    try:
        with pytest.raises(NameConfusable):
            UserRepository(store).create("ELENA", "account", None, 0.0)
    finally:
        store.close()
