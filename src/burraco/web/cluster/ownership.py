"""Which live tables this process holds, when processes share a database and a Redis (``leases.py``).

Every :data:`RENEW_EVERY` seconds the process renews the lease of each table it holds, in a task of
its own (not in the tick, which may wait long for busy tables' actors under load: a slow tick must not
let every lease lapse and the tables move); a table whose lease was lost (this process stalled past the
lease's time, and another took the table) is dropped at once: its sockets
are closed with 1012 ("service restart": reconnect) and the other process serves them. Every
``adopt_every`` seconds it also loads the unfinished tables nobody holds (their process died): a
client reconnecting to any process then finds its table, rebuilt from its events.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Final

from burraco.web.persistence.leases import LocalLeases
from burraco.web.protocol.close_codes import CloseCode

if TYPE_CHECKING:
    from burraco.web.lobby.manager import TableManager
    from burraco.web.table.live import Table

log = logging.getLogger(__name__)
ADOPT_EVERY: Final = 2.0
"""Seconds between looks for tables whose process died."""
RENEW_EVERY: Final = 1.0
"""Seconds between two renewals of this process's leases (a lease lasts ``BURRACO_LEASE_TTL``, 15 s)."""
SETTLE: Final = 10.0
"""Wall-clock seconds a new table is left to its creator before another process may adopt it (the
creator takes its lease just after the row is stored: never two owners in that moment)."""


class Ownership:
    """Keeps the leases of a manager's tables and adopts orphaned tables."""

    def __init__(self, manager: TableManager, adopt_every: float = ADOPT_EVERY) -> None:
        self.manager = manager
        self.adopt_every = adopt_every
        self.adopted_at = -1e18
        self.keeping = False
        """Whether :meth:`keep` renews the leases (then the tick does not)."""

    @property
    def shared(self) -> bool:
        """False for a process alone (every lease is its own): nothing to renew or adopt."""
        return not isinstance(self.manager.runtime.leases, LocalLeases)

    async def tick(self, now: float) -> int:
        """Renew, drop lost tables, adopt orphans; how many tables changed hands."""
        if not self.shared:
            return 0
        changed = 0 if self.keeping else await self.renew()
        if now - self.adopted_at >= self.adopt_every:
            self.adopted_at = now
            changed += await self.adopt()
        return changed

    async def renew(self) -> int:
        """Renew every lease this process holds and drop the tables whose lease was lost; how many."""
        changed = 0
        tables = self.manager.tables
        # one round trip per thousand tables, from a thread: the event loop serves moves meanwhile
        for table_id in await asyncio.to_thread(self.manager.runtime.leases.renew_all, list(tables)):
            table = tables.get(table_id)
            if table is not None:
                changed += await self._drop(table)
        return changed

    async def keep(self, every: float = RENEW_EVERY) -> None:
        """Renew the leases every ``every`` seconds until cancelled (the app's task while it runs)."""
        self.keeping = True
        try:
            while True:
                await asyncio.sleep(every)
                try:
                    await self.renew()
                except Exception:  # Redis unreachable a moment: the next round tries again
                    log.exception("the table leases could not be renewed")
        finally:
            self.keeping = False

    async def adopt(self, only: Collection[int] | None = None) -> int:
        """Load the unfinished tables (of ``only`` if given) no process holds; how many were loaded."""
        manager = self.manager
        # (read in a thread: thousands of ids and a Redis round trip must not stall the event loop)
        ids = await asyncio.to_thread(manager.runtime.repos.tables.unfinished_ids) if only is None else only
        # only the tables no process holds are read from the database (not those held elsewhere)
        candidates = [i for i in ids if i not in manager.tables]
        orphans = await asyncio.to_thread(manager.runtime.leases.unheld, candidates) if candidates else []
        if not orphans:
            return 0
        loaded = manager.load(orphans, created_before=manager.runtime.wallclock() - SETTLE)
        if loaded:
            log.info("adopted %d tables", loaded)
            await manager.resume(set(orphans))
        return loaded

    async def _drop(self, table: Table) -> int:
        dropped = await table.actor.run(lambda: self._forget(table))
        if dropped:
            log.warning("table %s: its lease was lost; another process holds it now", table.id)
        return dropped

    async def _forget(self, table: Table) -> int:
        if self.manager.tables.get(table.id) is not table:
            return 0
        self.manager.tables.pop(table.id, None)
        if table.bot_task is not None:
            table.bot_task.cancel()
        for conn in list(table.conns):
            conn.close(CloseCode.MOVED, f"table {table.id} moved to another server: reconnect")
        return 1

    def release_all(self) -> None:
        """On a clean stop: free every lease at once (another process may adopt the tables)."""
        for table_id in list(self.manager.tables):
            self.manager.runtime.leases.release(table_id)
