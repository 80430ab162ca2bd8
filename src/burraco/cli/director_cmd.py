"""``burraco director grant|revoke|list``: who may run tournaments on the web app (the director role).

A server administrator runs it beside ``burraco serve``, on the same database (``--db`` or
``BURRACO_DB_URL``, default the SQLite file ``burraco serve`` uses); the role applies at the
account's next request, no restart needed. Only registered accounts (not guests) can be directors.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from burraco.web.persistence.repositories.tournaments import TournamentRepository

app = typer.Typer(
    name="director",
    help="Grant or revoke the tournament director role on the web app.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
DbOpt = Annotated[str | None, typer.Option("--db", help="Database URL [env BURRACO_DB_URL; default: burraco serve's].")]


@contextmanager
def _roles(db: str | None) -> Iterator[TournamentRepository]:
    from burraco.web.app import default_db_url
    from burraco.web.config import ServerSettings
    from burraco.web.persistence.db import Store
    from burraco.web.persistence.repositories.tournaments import TournamentRepository

    store = Store(ServerSettings().merged(db_url=db).db_url or default_db_url())
    try:
        yield TournamentRepository(store)
    finally:
        store.close()


def _set(name: str, role: str, db: str | None) -> None:
    with _roles(db) as repo:
        if not repo.set_role(name, role):
            print(f"error: no registered account is called {name!r} (guests cannot be directors)", file=sys.stderr)
            raise typer.Exit(2)
    typer.echo(f"{name}: {role}")


@app.command()
def grant(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOpt = None) -> None:
    """Make an account a tournament director."""
    _set(name, "director", db)


@app.command()
def revoke(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOpt = None) -> None:
    """Make a director a player again (its tournaments stay; nobody can change them until it is granted again)."""
    _set(name, "player", db)


@app.command("list")
def list_directors(db: DbOpt = None) -> None:
    """Print the directors' names, one a line."""
    with _roles(db) as repo:
        for name in repo.directors():
            typer.echo(name)
