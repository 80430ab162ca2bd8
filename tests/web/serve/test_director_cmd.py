"""``burraco director grant|revoke|list``: the administrator's way to give the director role."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from burraco.cli.director_cmd import app
from burraco.web.persistence.db import Store
from burraco.web.persistence.repositories.tournaments import TournamentRepository
from burraco.web.persistence.repositories.users import UserRepository


def test_grant_list_and_revoke(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'served.db'}"
    store = Store(url)
    users = UserRepository(store)
    anna = users.create("Anna", "account", "x", 0.0)
    users.create("Ospite", "guest", None, 0.0)
    store.close()
    runner = CliRunner()
    assert runner.invoke(app, ["grant", "ANNA", "--db", url]).stdout == "ANNA: director\n"
    assert runner.invoke(app, ["list", "--db", url]).stdout == "Anna\n"
    refused = runner.invoke(app, ["grant", "Ospite", "--db", url])
    assert refused.exit_code == 2 and "guests cannot be directors" in refused.stderr
    store = Store(url)
    try:
        assert TournamentRepository(store).role(anna) == "director"
    finally:
        store.close()
    assert runner.invoke(app, ["revoke", "Anna", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["list", "--db", url]).stdout == ""
