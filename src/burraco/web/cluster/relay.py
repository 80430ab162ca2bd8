"""A client may connect to any process: its socket is relayed to the process holding its table.

When processes share a database and a Redis (``docs/deploy.md``), each live table is held by one
process (its lease: ``leases.py``). A socket opened on another process (the *follower*) is relayed:
the follower tells the owner through Redis pub/sub, and the owner adds a :class:`RemoteConnection`
to the table, a connection like any other. Its messages are built by the same per-seat code as a
local socket's (``table/views.py``: its own seat's view, ``observe(hand, seat)``, and nothing else),
after the step's events are committed, and published for that one socket only. The client's messages
go through the owner's dispatcher and the table's actor, so every reply and every refusal reaches
the sender alone, the seat's presence counts for absences and stand-ins, and one player may sit at a
table from each of two processes.

Channels (``{ns}`` is the Redis namespace, ``burraco`` by default); each pub/sub message carries one
or more messages (:func:`bundle`), each ``op key payload``, where ``key`` is ``follower#n`` (one socket):

- ``{ns}:inbox:{owner}``: ``j key table user-json`` (join), ``m key text`` (a client message),
  ``l key`` (the socket closed);
- ``{ns}:outbox:{follower}``: ``s key text`` (send to the socket), ``c key code reason`` (close it),
  ``a key table`` (the table was handed over to the follower: ``handover.py``; the socket joins it there).

Either side that finds its partner gone (nobody listens on its channel: the process died) closes:
the follower closes the sockets with 1012 (the clients reconnect; the table, adopted by a living
process from its events by ``ownership.py``, goes on), the owner disconnects the seats (their
absence is counted as for a dropped socket).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Final

from burraco.web.accounts.auth import User
from burraco.web.cluster import handover
from burraco.web.cluster.ownership import Ownership
from burraco.web.cluster.relay_wire import RelayOp, bundle, inbox, outbox, unbundle
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.table.connection import Outbox
from burraco.web.table.dispatcher import RateLimiter
from burraco.web.table.live import Connection, Table

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from burraco.web.lobby.manager import TableManager
    from burraco.web.table.dispatcher import Dispatcher

log = logging.getLogger(__name__)
CHECK_EVERY: Final = 1.0
"""Seconds between looks for partner processes that died."""
BATCH: Final = 1024
"""Messages published at most in one round trip."""


class RelayedClient(Outbox):
    """Follower side: a socket of this process whose table ``owner`` holds, until the table is handed
    over to this process (``handover.py``): then ``moved`` is set, and ``joined`` is its connection here
    (None if the table could not be loaded)."""

    def __init__(self, key: str, table_id: int, owner: str, user: User) -> None:
        super().__init__()
        self.key, self.table_id, self.owner, self.user = key, table_id, owner, user
        self.moved = asyncio.Event()
        self.joined: Connection | None = None
        self.early: list[str] | None = []
        """The messages forwarded before the owner answered the join: if it hands the table over
        instead, it dispatched none of them, and they are dispatched here (None once it answered)."""


class RemoteConnection(Connection):
    """Owner side: a connection whose socket is on the follower process; its messages go there."""

    def __init__(self, table: Table, user: User, relay: Relay, key: str, inbound: asyncio.Queue[str | None]) -> None:
        super().__init__(table, user)
        self.relay, self.key, self.inbound = relay, key, inbound
        self.channel = outbox(relay.namespace, key.partition("#")[0])
        self.limiter = relay.limiter()

    def send_text(self, text: str) -> None:
        if not self.closed:
            self.relay.post(self.channel, f"{RelayOp.SEND} {self.key} {text}")

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.relay.post(self.channel, f"{RelayOp.CLOSE} {self.key} {code} {reason}")
            self.inbound.put_nowait(None)


class Relay:
    """This process's end of the relay: its followed sockets and the remote connections it serves."""

    def __init__(
        self,
        client: Redis,
        name: str,
        namespace: str,
        manager: TableManager,
        dispatcher: Dispatcher,
        rate_limit: float | None = None,
    ) -> None:
        self.redis, self.name, self.namespace = client, name, namespace
        self.manager, self.dispatcher, self.rate_limit = manager, dispatcher, rate_limit
        dispatcher.chat_limits.share(client, namespace)  # one chat rate per user on every process
        self.relayed: dict[str, RelayedClient] = {}
        self.remotes: dict[str, RemoteConnection] = {}
        self.inbound: dict[str, asyncio.Queue[str | None]] = {}
        self.outgoing: asyncio.Queue[tuple[str, str, str | None]] = asyncio.Queue()
        self.checked_at = -1e18
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._serving: set[asyncio.Task[None]] = set()
        self._pubsub: Any = None
        self._stopping = False
        self.handover = True
        self.ownership: Ownership | None = None
        """The keeper of this process's leases (set by ``node.py``): adopts an orphan a socket asks for."""
        self.arriving: dict[int, asyncio.Event] = {}
        """Tables handed over to this process whose socket has not joined yet (not handed on meanwhile;
        other sockets asking for them wait for the event)."""
        """Whether a table nobody is connected to moves to the process its socket reached (``handover.py``)."""

    @classmethod
    def from_url(
        cls,
        url: str,
        name: str,
        namespace: str,
        manager: TableManager,
        dispatcher: Dispatcher,
        rate_limit: float | None = None,
    ) -> Relay:
        from burraco.web.cluster.redis_client import shared_redis

        return cls(shared_redis(url), name, namespace, manager, dispatcher, rate_limit)

    def limiter(self) -> RateLimiter | None:
        return RateLimiter(self.rate_limit, 2 * self.rate_limit) if self.rate_limit else None

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Subscribe to this process's channels and start the listener and the publisher."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(inbox(self.namespace, self.name), outbox(self.namespace, self.name))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._publish())]

    async def stop(self) -> None:
        """Send what is queued (closes of remote sockets), then stop and disconnect."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._drain(), 2.0)
        self._stopping = True
        self.outgoing.put_nowait(("", "", None))  # wakes the publisher, which stops
        tasks = [*self._tasks, *self._serving]
        for task in tasks:
            if task is not self._tasks[-1]:
                task.cancel()
        if tasks:  # (redis-py may swallow a cancellation: never wait for ever)
            await asyncio.wait(tasks, timeout=2.0)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.aclose(), 2.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 2.0)

    async def _drain(self) -> None:
        while not self.outgoing.empty():
            await asyncio.sleep(0.01)

    def post(self, channel: str, payload: str, key: str | None = None) -> None:
        """Queue one message; if ``key`` is given and nobody hears it, that relayed socket is closed."""
        self.outgoing.put_nowait((channel, payload, key))

    async def _publish(self) -> None:
        """Publish the queued messages in order: one PUBLISH per channel and round trip, carrying every
        message queued for that channel (framed: ``bundle``), so a busy process pays one Redis message
        for many sockets' messages instead of one each."""
        while not self._stopping:
            batch = [await self.outgoing.get()]
            await asyncio.sleep(0)  # (what the same turn of the event loop queues goes along)
            while len(batch) < BATCH and not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            by_channel: dict[str, list[tuple[str, str | None]]] = {}
            for channel, payload, key in batch:
                if channel:  # (the stop marker has no channel)
                    by_channel.setdefault(channel, []).append((payload, key))
            if not by_channel:
                continue
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, messages in by_channel.items():
                        pipe.publish(channel, bundle([payload for payload, _ in messages]))
                    heard = await pipe.execute()
            except Exception as error:  # Redis unreachable: the relayed sockets reconnect
                log.warning("relay: could not publish %d messages: %s", len(batch), error)
                heard = [0] * len(by_channel)
            for messages, count in zip(by_channel.values(), heard, strict=True):
                for _, key in messages:
                    if key is not None and not count:
                        self._owner_gone(key)

    async def _listen(self) -> None:
        while not self._stopping:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") == "message":
                        for data in unbundle(str(message["data"])):
                            self._on(data)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis went away: try again shortly
                log.warning("relay: listening failed: %s", error)
            await asyncio.sleep(0.5)  # (also when nothing is subscribed any more: listen() returns at once)

    def _on(self, data: str) -> None:
        word, _, rest = data.partition(" ")
        try:
            op = RelayOp(word)
        except ValueError:
            log.warning("relay: an unknown operation %r was ignored", word)
            return
        key, _, payload = rest.partition(" ")
        if op is RelayOp.SEND:
            client = self.relayed.get(key)
            if client is not None:
                client.early = None  # the owner joined it: it dispatches every message forwarded
                client.send_text(payload)
        elif op is RelayOp.CLOSE:
            client = self.relayed.get(key)
            code, _, reason = payload.partition(" ")
            if client is not None:
                client.close(int(code), reason)
        elif op is RelayOp.JOIN:
            table_id, _, user = payload.partition(" ")
            queue: asyncio.Queue[str | None] = asyncio.Queue()
            self.inbound[key] = queue
            self._spawn(self._serve(key, int(table_id), User(**json.loads(user)), queue))
        elif op is RelayOp.ADOPTED:
            self._spawn(self._taken(key, int(payload)))
        elif op in (RelayOp.MESSAGE, RelayOp.LEAVE):
            inbound = self.inbound.get(key)
            if inbound is not None:
                inbound.put_nowait(payload if op is RelayOp.MESSAGE else None)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)

    # ------------------------------------------------------------------ follower side
    def open(self, table_id: int, owner: str, user: User) -> RelayedClient:
        """Relay a new socket to ``owner``; its messages arrive in the client's queue."""
        key = f"{self.name}#{next(self._ids)}"
        client = RelayedClient(key, table_id, owner, user)
        self.relayed[key] = client
        self.post(
            inbox(self.namespace, owner), f"{RelayOp.JOIN} {key} {table_id} {json.dumps(dataclasses.asdict(user))}", key
        )
        return client

    def forward(self, client: RelayedClient, raw: str) -> None:
        """A message of a relayed socket, for its owner's dispatcher."""
        if client.early is not None:
            client.early.append(raw)
        self.post(inbox(self.namespace, client.owner), f"{RelayOp.MESSAGE} {client.key} {raw}", client.key)

    def leave(self, client: RelayedClient) -> None:
        """The relayed socket closed: the owner disconnects its connection."""
        if self.relayed.pop(client.key, None) is not None:
            self.post(inbox(self.namespace, client.owner), f"{RelayOp.LEAVE} {client.key}")

    async def _taken(self, key: str, table_id: int) -> None:
        """The owner handed the table over to this process: load it and join the socket to it here (the
        table is kept here meanwhile: a table nobody is connected to yet is not handed on)."""
        arrived = self.arriving.setdefault(table_id, asyncio.Event())
        try:
            client = self.relayed.get(key)
            loaded = await handover.take(self.manager, table_id)
            joined = await self.manager.join(table_id, client.user) if loaded and client is not None else None
        finally:
            self.arriving.pop(table_id, None)
            arrived.set()
        if self.relayed.pop(key, None) is None:  # the socket closed meanwhile (the table stays here all the same)
            if isinstance(joined, Connection):
                joined.table.actor.tell(lambda: joined.table.disconnect(joined))
            return
        assert client is not None
        if isinstance(joined, Connection):
            client.joined = joined
            client.moved.set()
        else:
            client.close(CloseCode.MOVED, f"table {table_id} is moving to another server: reconnect")

    def _owner_gone(self, key: str) -> None:
        client = self.relayed.get(key)
        if client is not None:
            client.close(CloseCode.MOVED, f"the server holding table {client.table_id} is gone: reconnect")

    async def route(self, table_id: int) -> str | tuple[int, str] | None:
        """Where a new socket for ``table_id`` goes: the name of the other process holding it, None to
        join here (held here, or not live anywhere), or a 1012 close while it moves between processes.
        An unfinished table nobody holds is adopted here first."""
        if table_id in self.manager.tables:
            return None
        leases = self.manager.runtime.leases
        owner = leases.owner(table_id)
        if (
            owner is None
            and self.ownership is not None
            and self.manager.runtime.repos.tables.status(table_id) in ("waiting", "playing")
        ):
            await self.ownership.adopt([table_id])
            owner = leases.owner(table_id)
            if owner is None:  # not adoptable yet (just created by a process that died): try again soon
                return CloseCode.MOVED, f"table {table_id} is moving to another server: reconnect"
        if owner == self.name and not await handover.take(self.manager, table_id):  # handed over, loading
            return CloseCode.MOVED, f"table {table_id} is moving to another server: reconnect"
        return None if owner in (None, self.name) else owner

    # ------------------------------------------------------------------ owner side
    async def _serve(self, key: str, table_id: int, user: User, queue: asyncio.Queue[str | None]) -> None:
        """Join the relayed socket to the table, then dispatch its messages in order until it leaves."""
        try:
            conn = await self._join(key, table_id, user, queue)
            if conn is None:
                return
            while not conn.closed:
                raw = await queue.get()
                if raw is None:
                    break
                await self.dispatcher.dispatch(conn, raw, conn.limiter)
            conn.table.actor.tell(lambda: conn.table.disconnect(conn))
        finally:
            self.inbound.pop(key, None)
            self.remotes.pop(key, None)

    async def _join(
        self, key: str, table_id: int, user: User, queue: asyncio.Queue[str | None]
    ) -> RemoteConnection | None:
        follower = key.partition("#")[0]
        channel = outbox(self.namespace, follower)
        arriving = self.arriving.get(table_id)
        if arriving is not None:  # handed over to this process, loading: wait for it
            await arriving.wait()
        if (
            table_id in self.manager.tables
            and self.handover
            and table_id not in self.arriving
            and await handover.give(self.manager, table_id, follower)
        ):
            self.post(channel, f"{RelayOp.ADOPTED} {key} {table_id}")
            return None
        joined: Connection | tuple[int, str] = (
            CloseCode.MOVED,
            f"table {table_id} is held by another server: reconnect",
        )
        if table_id in self.manager.tables:
            joined = await self.manager.join(table_id, user, lambda t, u: RemoteConnection(t, u, self, key, queue))
        if isinstance(joined, RemoteConnection):
            self.remotes[key] = joined
            return joined
        code, reason = joined if isinstance(joined, tuple) else (CloseCode.MOVED, "reconnect")
        if code == CloseCode.MOVED and self.manager.runtime.leases.owner(table_id) == follower:
            self.post(
                channel, f"{RelayOp.ADOPTED} {key} {table_id}"
            )  # it moved meanwhile, to the asking process itself
        else:
            self.post(channel, f"{RelayOp.CLOSE} {key} {code} {reason}")
        return None

    # ------------------------------------------------------------------ partners that died
    async def check(self, now: float) -> int:
        """Close what a dead partner left: relayed sockets of a gone owner (1012), remote connections of
        a gone follower (disconnected). How many were closed."""
        if now - self.checked_at < CHECK_EVERY or not (self.relayed or self.remotes):
            return 0
        self.checked_at = now
        owners = {inbox(self.namespace, c.owner) for c in self.relayed.values()}
        followers = {c.channel for c in self.remotes.values()}
        try:
            listening = dict(await self.redis.pubsub_numsub(*owners, *followers))
        except Exception as error:
            log.warning("relay: could not check the other processes: %s", error)
            return 0
        closed = 0
        for client in list(self.relayed.values()):
            if not listening.get(inbox(self.namespace, client.owner)):
                self._owner_gone(client.key)
                closed += 1
        for conn in list(self.remotes.values()):
            if not listening.get(conn.channel):  # (if the follower lives after all, its client reconnects)
                conn.close(CloseCode.MOVED, "the server relaying this socket is gone: reconnect")
                closed += 1
        return closed
