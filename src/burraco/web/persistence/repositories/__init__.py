"""The data-access layer: every SQL statement of the web app lives here, behind small repositories.

Handlers, :class:`~burraco.web.table.live.Table` and :class:`~burraco.web.lobby.manager.TableManager` call these
methods; none of them builds a query. Each repository wraps the app's :class:`~burraco.web.persistence.db.Store`
(one writer thread with group commit; reads in the caller's thread).
"""

from __future__ import annotations

from dataclasses import dataclass

from burraco.web.persistence.db import Store
from burraco.web.persistence.repositories.matches import MatchRepository
from burraco.web.persistence.repositories.tables import TableRepository
from burraco.web.persistence.repositories.users import UserRepository

__all__ = ["MatchRepository", "Repositories", "TableRepository", "UserRepository"]


@dataclass(frozen=True, slots=True)
class Repositories:
    """The app's repositories over one store."""

    users: UserRepository
    tables: TableRepository
    matches: MatchRepository

    @classmethod
    def over(cls, store: Store) -> Repositories:
        return cls(UserRepository(store), TableRepository(store), MatchRepository(store))
