"""``burraco chat-ban NAME [--unban]`` and ``burraco chat-reports``: an operator's side of the table chat.

Run beside ``burraco serve`` on the same database (``--db`` or ``BURRACO_DB_URL``, default the SQLite
file ``burraco serve`` uses). A barred user's next chat message is refused with the reason; their
messages already said stay stored (a report keeps them). A name is an account's (case-insensitive) or
a guest's nickname (every guest of that nickname).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from burraco.web.persistence.repositories.chat import ChatRepository

DbOpt = Annotated[str | None, typer.Option("--db", help="Database URL [env BURRACO_DB_URL; default: burraco serve's].")]


@contextmanager
def _chat(db: str | None) -> Iterator[ChatRepository]:
    from burraco.web.app import default_db_url
    from burraco.web.config import ServerSettings
    from burraco.web.persistence.db import Store
    from burraco.web.persistence.repositories.chat import ChatRepository

    store = Store(ServerSettings().merged(db_url=db).db_url or default_db_url())
    try:
        yield ChatRepository(store)
    finally:
        store.close()


def chat_ban(
    name: Annotated[str, typer.Argument(help="The account's name or the guest's nickname.")],
    unban: Annotated[bool, typer.Option("--unban", help="Lift the bar instead.")] = False,
    db: DbOpt = None,
) -> None:
    """Bar a user from the table chat (or lift the bar with --unban)."""
    with _chat(db) as repo:
        if not repo.set_ban(name, not unban, time.time()):
            print(f"error: nobody is called {name!r}", file=sys.stderr)
            raise typer.Exit(2)
    typer.echo(f"{name}: {'may chat again' if unban else 'barred from the chat'}")


def chat_reports(
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000, help="How many of the newest.")] = 20,
    db: DbOpt = None,
) -> None:
    """Print the newest reported chat messages, one JSON object a line, with their context."""
    with _chat(db) as repo:
        for report in repo.reports(limit):
            typer.echo(json.dumps(report, ensure_ascii=False))
