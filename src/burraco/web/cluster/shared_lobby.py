"""The lobby of every process: each publishes its open tables' summaries to Redis (one key per
process, with a time to live), and ``/api/tables`` lists its own tables (fresh) with the others'
(at most ``every`` seconds old). A process that dies stops publishing; its key lapses after ``ttl``
and its tables, once adopted, are listed by their new owner.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any, Final

from burraco.web.lobby.manager import LobbyEntry, lobby_owner, per_owner
from burraco.web.protocol.serialize import dumps

if TYPE_CHECKING:
    import redis

    from burraco.web.lobby.manager import TableManager

log = logging.getLogger(__name__)
YIELD_EVERY: Final = 100
"""Tables summarised between two turns of the event loop while the lobby is built."""
PUBLISH_EVERY: Final = 2.0
"""Seconds between two publications of a process's lobby."""
TTL: Final = 10.0
"""Seconds a process's published lobby stays listed unless published again."""


class SharedLobby:
    """This process's lobby in Redis, and everyone's."""

    def __init__(
        self, client: redis.Redis, name: str, namespace: str, every: float = PUBLISH_EVERY, ttl: float = TTL
    ) -> None:
        self.client, self.name, self.every, self.ttl = client, name, every, ttl
        self.prefix = f"{namespace}:lobby:"
        self.published_at = -1e18

    @classmethod
    def from_url(cls, url: str, name: str, namespace: str) -> SharedLobby:
        import redis as redis_module

        return cls(redis_module.Redis.from_url(url, decode_responses=True), name, namespace)

    async def publish(self, manager: TableManager, now: float) -> None:
        """Publish this process's open tables (at most once every ``every`` seconds). With thousands of
        tables this is tens of milliseconds of work: it lets the event loop run between chunks of tables,
        and the write (hundreds of kilobytes) goes from a thread, so no move waits behind it."""
        if now - self.published_at < self.every:
            return
        self.published_at = now
        entries: list[str] = []
        for i, table in enumerate(list(manager.tables.values())):
            if i and i % YIELD_EVERY == 0:
                await asyncio.sleep(0)
            if manager.listed(table):  # (with its owner: the others list at most so many of each owner)
                entries.append(dumps({**table.info(), "owner": lobby_owner(table)}))
        try:
            await asyncio.to_thread(
                self.client.set, self.prefix + self.name, "[" + ",".join(entries) + "]", px=int(self.ttl * 1000)
            )
        except Exception as error:  # Redis unreachable: the others list this process's tables later
            log.warning("the lobby could not be published: %s", error)

    def withdraw(self) -> None:
        """On a clean stop: this process's tables leave the shared lobby (their new owner lists them)."""
        try:
            self.client.delete(self.prefix + self.name)
        except Exception as error:
            log.warning("the lobby could not be withdrawn: %s", error)
        self.client.close()

    def tables(self, manager: TableManager) -> list[dict[str, Any]]:
        """This process's open tables and every other process's, by id, each table once, at most
        ``max_listed_per_owner`` of each owner over all the processes."""
        listed: dict[int, LobbyEntry] = {}
        for info in self.others():
            table_owner = info.pop("owner", None)
            listed[info["id"]] = LobbyEntry(info["id"], table_owner, info)
        listed.update((entry.id, entry) for entry in manager.lobby_entries())
        return per_owner(listed.values(), manager.runtime.limits.max_listed_per_owner)

    def others(self) -> list[dict[str, Any]]:
        """Every table the other processes share, as they published it (before the cap per owner)."""
        own = self.prefix + self.name
        try:
            keys = [k for k in self.client.scan_iter(self.prefix + "*", count=1000) if k != own]
            texts = self.client.mget(keys) if keys else []
        except Exception as error:
            log.warning("the other processes' lobbies could not be read: %s", error)
            return []
        return [info for text in texts if text for info in json.loads(text)]
