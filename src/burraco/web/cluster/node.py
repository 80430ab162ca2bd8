"""This process's part in a group of processes sharing tables: the composition of its leases'
keeper (``ownership.py``), its socket relay (``relay.py``) and its share of the lobby
(``shared_lobby.py``) around the process's :class:`~burraco.web.lobby.manager.TableManager`.

The manager knows none of them: the node registers its :meth:`Node.tick` with the manager's clock, and
the routes ask the node for the lobby and the relay. A process alone has a node too (no relay, no
shared lobby; its ownership has nothing to renew).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from burraco.web.cluster.ownership import Ownership
from burraco.web.cluster.relay import Relay
from burraco.web.cluster.shared_lobby import SharedLobby
from burraco.web.lobby.manager import TableManager


class Node:
    """The collaborators that share this process's tables with the others."""

    def __init__(
        self, manager: TableManager, relay: Relay | None = None, shared_lobby: SharedLobby | None = None
    ) -> None:
        self.manager = manager
        self.ownership = Ownership(manager)
        self.relay = relay
        self.shared_lobby = shared_lobby
        if relay is not None:
            relay.ownership = self.ownership
        manager.tick_hooks.append(self.tick)
        self._keeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start renewing the leases in a task of their own (shared processes only)."""
        if self.ownership.shared and self._keeper is None:
            self._keeper = asyncio.get_running_loop().create_task(self.ownership.keep())

    async def tick(self, now: float) -> int:
        """Renew leases, drop lost tables, adopt orphans, check relayed sockets, publish the lobby; how
        many tables changed."""
        changed = await self.ownership.tick(now)
        if self.relay is not None:
            changed += await self.relay.check(now)
        if self.shared_lobby is not None:
            await self.shared_lobby.publish(self.manager, now)
        return changed

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables of every process sharing this one's Redis (only its own when alone)."""
        return self.manager.lobby() if self.shared_lobby is None else self.shared_lobby.tables(self.manager)

    async def stop(self) -> None:
        """On a clean stop: free every lease, leave the shared lobby, stop relaying."""
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        self.ownership.release_all()
        if self.shared_lobby is not None:
            self.shared_lobby.withdraw()
        if self.relay is not None:
            await self.relay.stop()
