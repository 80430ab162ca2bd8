"""A table follows its players: it moves to the process a socket reached instead of relaying it.

With several processes behind one address (``docs/deploy.md``), a client lands on any of them. A
socket whose table another process holds is relayed there (``cluster/relay.py``): every message then
crosses Redis and two event loops each way. When the holder has nobody connected to the table (the
usual case: the player who created it, through whichever process answered, now opens its socket),
it hands the table over instead:

1. the follower asks to join as for any relayed socket (``j``);
2. the owner, in the table's actor (``table/actor.py``; every event of the table is stored: a step
   is written before it is answered), gives the lease to the follower at once
   (:meth:`~burraco.web.persistence.leases.RedisLeases.hand_over`: never no owner, never two), forgets the
   table and stops its bots, and answers ``a key table``;
3. the follower loads the table from its stored events, as it would adopt it after a crash
   (``ownership.py``), and the socket joins it there: no message of it is relayed any more.

A table somebody is connected to, an online tournament's table and a finished one stay where they
are (their sockets are relayed as before). A socket that closes meanwhile changes nothing: its
process loads the table all the same, and holds it from then on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from burraco.web.lobby.manager import TableManager
    from burraco.web.table.live import Table

log = logging.getLogger(__name__)


def movable(table: Table) -> bool:
    """Whether ``table`` may move to another process now: nobody connected, a match not over, not an
    online tournament's table (its clock lives with the tournament's process)."""
    return not table.conns and table.status in ("waiting", "playing") and table.config.tournament is None


async def give(manager: TableManager, table_id: int, to: str) -> bool:
    """Owner side: hand table ``table_id`` over to process ``to`` if it may move; whether it moved."""
    table = manager.tables.get(table_id)
    if table is None or not movable(table):
        return False
    if not await table.actor.run(lambda: _let_go(manager, table, to)):
        return False
    log.info("table %s handed over to %s", table_id, to)
    return True


async def _let_go(manager: TableManager, table: Table, to: str) -> bool:
    """In the table's actor: give its lease to ``to`` and forget it here, if it may still move."""
    if manager.tables.get(table.id) is not table or not movable(table):
        return False
    if not await asyncio.to_thread(manager.runtime.leases.hand_over, table.id, to):
        return False
    manager.tables.pop(table.id, None)
    if table.bot_task is not None:
        table.bot_task.cancel()
    return True


async def take(manager: TableManager, table_id: int) -> bool:
    """Follower side: load a table handed over to this process from its stored events and restart
    its bots; whether it is live here now."""
    if table_id not in manager.tables:
        loaded = manager.load([table_id])  # (on the loop, as adoption does: the tables dict is the loop's)
        if not loaded:
            log.warning("table %s was handed over here but could not be loaded", table_id)
            return False
        await manager.resume({table_id})
    return table_id in manager.tables
