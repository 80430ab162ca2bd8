"""Every live table of one app: created, restored after a restart (finishing what a crash cut
short), joined by sockets (or refused with a close code), ticked on the injected clock, and unloaded
once finished or idle. See ``docs/security.md``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from burraco.core.options import Rules
from burraco.web.accounts.auth import User
from burraco.web.lobby.socket_cap import SocketCap
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.protocol.messages import ErrorCode
from burraco.web.table import results
from burraco.web.table.admission import admission, expired
from burraco.web.table.events import TableEvent
from burraco.web.table.invited import seat_guest
from burraco.web.table.live import Connection, Runtime, Table, TableConfig, TableError

TICK_YIELD_EVERY: Final = 200
"""Tables looked at between two turns of the event loop by the clock's tick (a move waits at most that)."""

if TYPE_CHECKING:
    from burraco.web.accounts.shared_limits import SharedLimits

log = logging.getLogger(__name__)


class LobbyEntry(NamedTuple):
    """A table the lobby may list: its id, its owner (None: counted for nobody) and its summary."""

    id: int
    owner: int | None
    info: dict[str, Any]


def lobby_owner(table: Table) -> int | None:
    """Whose table it is for the lobby's cap (a tournament's tables belong to no player)."""
    return table.config.created_by if table.config.tournament is None else None


def _plays(seat: Mapping[str, Any]) -> bool:
    """Whether a human plays the seat (of a table's summary): taken by a human, not left, not played by
    the computer."""
    return seat["user_id"] is not None and seat["bot"] is None and not seat["left"] and not seat["standin"]


def listable(info: Mapping[str, Any]) -> bool:
    """Whether the lobby lists a table, from its summary (``views.table_info``): not over, not a private
    practice table, not a table with friends (``private``), not all bots, and once started, with someone
    human still playing (a table whose human seats all left, or which only the computer plays, is not
    listed).

    >>> seat = {"user_id": 3, "bot": None, "left": False, "standin": False}
    >>> bot = {"user_id": 9, "bot": "easy", "left": False, "standin": False}
    >>> listable({"status": "playing", "practice": False, "seats": [seat, bot]})
    True
    >>> listable({"status": "playing", "practice": False, "seats": [{**seat, "standin": True}, bot]})
    False
    >>> listable({"status": "waiting", "practice": False, "seats": [{**seat, "user_id": None}, bot]})
    True
    """
    seats = info["seats"]
    if info["status"] == "over" or info.get("practice") or info.get("private"):
        return False
    if all(s["bot"] is not None for s in seats):
        return False
    return info["status"] == "waiting" or any(_plays(s) for s in seats)


def held_seat(info: Mapping[str, Any], user_id: int) -> dict[str, Any] | None:
    """``user_id``'s entry in ``/api/me/tables`` for a table's summary: the table and the seat they hold
    (taken, not left) in a match not over, or None.

    >>> seats = [{"seat": 0, "user_id": 3, "bot": None, "left": False, "standin": True, "absent": True}]
    >>> info = {"id": 5, "name": "T", "players": 2, "status": "playing", "hand_no": 2, "seats": seats}
    >>> held_seat(info, 3)
    {'id': 5, 'name': 'T', 'players': 2, 'status': 'playing', 'hand_no': 2, 'seat': 0, 'standin': True, 'absent': True}
    >>> held_seat(info, 4) is None, held_seat({**info, "status": "over"}, 3) is None
    (True, True)
    """
    if info["status"] == "over":
        return None
    for s in info["seats"]:
        if s["user_id"] == user_id and s["bot"] is None and not s["left"]:
            return {
                **{key: info[key] for key in ("id", "name", "players", "status", "hand_no")},
                "seat": s["seat"],
                "standin": bool(s["standin"]),
                "absent": bool(s.get("absent", False)),
            }
    return None


def per_owner(entries: Iterable[LobbyEntry], limit: int) -> list[dict[str, Any]]:
    """The summaries of the :func:`listable` ``entries`` in id order, at most ``limit`` of each owner
    (the newest: a user who opens many tables cannot fill the lobby with them).

    >>> seats = [{"user_id": 3, "bot": None, "left": False, "standin": False}]
    >>> info = {"status": "waiting", "seats": seats}
    >>> entries = [LobbyEntry(i, 7 if i < 5 else None, {**info, "id": i}) for i in range(7)]
    >>> [info["id"] for info in per_owner(entries, 3)]
    [2, 3, 4, 5, 6]
    """
    kept: list[LobbyEntry] = []
    counts: dict[int, int] = {}
    for entry in sorted(entries, key=lambda e: -e.id):
        if not listable(entry.info):
            continue
        if entry.owner is not None:
            counts[entry.owner] = counts.get(entry.owner, 0) + 1
            if counts[entry.owner] > limit:
                continue
        kept.append(entry)
    return [entry.info for entry in reversed(kept)]


class TableManager:
    """Every live table of the app, created or reloaded from the database."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.tables: dict[int, Table] = {}
        self.creating: dict[int, int] = {}
        self.sockets = SocketCap(runtime.limits.max_sockets_per_user)
        """Each user's open table sockets (``routes/sockets.py`` takes one per socket)."""
        self._shared_limits: SharedLimits | None = None
        self.tick_hooks: list[Callable[[float], Awaitable[int]]] = []
        """Run first at every tick (the cluster's leases, relay and lobby: ``cluster/node.py``); each says
        how many tables it changed."""

    @property
    def shared_limits(self) -> SharedLimits | None:
        """Table creation and open sockets counted across processes (set when processes share a Redis)."""
        return self._shared_limits

    @shared_limits.setter
    def shared_limits(self, limits: SharedLimits | None) -> None:
        self._shared_limits = limits
        self.sockets.shared = limits

    def ensure_bot_users(self) -> None:
        self.runtime.bot_users.update(self.runtime.repos.users.ensure_bots(self.runtime.wallclock()))

    def open_tables(self, user_id: int) -> int:
        """Unfinished tables ``user_id`` created (and is creating)."""
        live = sum(1 for t in self.tables.values() if t.config.created_by == user_id and t.status != "over")
        return live + self.creating.get(user_id, 0)

    async def create(self, config: TableConfig, owner: User | None = None) -> Table:
        """Store and open a new table; ``owner`` (the creator) may have only so many unfinished ones."""
        if owner is None:
            return await self._create(config)
        limit = self.runtime.limits.max_open_tables(owner.kind)
        if self.shared_limits is not None:  # counted in the shared database, with creations in flight anywhere
            async with self.shared_limits.creating(owner.id) as in_flight:
                self._check_limit(self.runtime.repos.tables.open_count(owner.id) + in_flight, limit)
                return await self._create(config)
        self._check_limit(self.open_tables(owner.id), limit)
        self.creating[owner.id] = self.creating.get(owner.id, 0) + 1
        try:
            return await self._create(config)
        finally:
            self.creating[owner.id] -= 1

    @staticmethod
    def _check_limit(count: int, limit: int) -> None:
        if count >= limit:
            raise TableError(
                f"you already have {limit} unfinished tables: finish or leave one first",
                ErrorCode.TOO_MANY_TABLES,
                limit=limit,
            )

    async def _create(self, config: TableConfig) -> Table:
        row = {
            "name": config.name,
            "preset": config.preset,
            "rules": config.rules.to_dict(),
            "seed": config.seed,
            "turn_timer": config.turn_timer,
            "grace": config.grace,
            "status": "waiting",
            "created_by": config.created_by,
            "created_at": config.created_at,
            "practice": config.practice,
            "tournament": config.tournament,
            "private": config.private,
        }
        key = await self.runtime.repos.tables.create(row)
        if not self.runtime.leases.acquire(key):  # never two owners (adoption waits for new tables to settle)
            log.error("table %s was taken by another process as it was created", key)
            raise TableError("the server could not open this table: please try again", ErrorCode.STORE_FAILED)
        table = Table(key, config, self.runtime)
        self.tables[table.id] = table
        return table

    def load(self, only: Collection[int] | None = None, created_before: float | None = None) -> int:
        """Rebuild every unfinished table (of ``only`` if given; created before ``created_before`` on the
        wall clock if given) whose lease this process gets, from its stored events; how many were loaded."""
        rows, by_table = self.runtime.repos.tables.unfinished(only)
        loaded = 0
        for r in rows:
            if created_before is not None and r.created_at > created_before:
                continue
            if r.id in self.tables or not self.runtime.leases.acquire(r.id):
                continue
            rules = Rules(**r.rules)
            config = TableConfig(
                r.name,
                r.preset,
                rules,
                int(r.seed),
                r.turn_timer,
                r.grace,
                r.created_by,
                r.created_at,
                bool(r.practice),
                r.tournament,
                bool(r.private),
            )
            table = Table(r.id, config, self.runtime)
            try:
                for e in by_table.get(r.id, []):
                    table.replay_event(TableEvent.from_row(e))
                    table.seq = e.seq
            except Exception:
                log.exception("table %s could not be restored; it is left out", r.id)
                continue
            now = self.runtime.clock()
            table.turn_started = now
            table.between_since = now
            for seat in table.seats:
                seat.absent_since = now
            self.tables[table.id] = table
            loaded += 1
        return loaded

    async def resume(self, only: Collection[int] | None = None) -> None:
        """After loading: finish what a stop cut short (a full table that was never dealt, a match that
        ended but was not recorded), restart bots."""
        for table in list(self.tables.values()):
            if only is not None and table.id not in only:
                continue
            await table.actor.run(lambda t=table: self._resume(t))  # type: ignore[misc]

    @staticmethod
    async def _resume(table: Table) -> None:
        if table.status == "waiting" and all(not s.empty for s in table.seats):
            await table.maybe_start()
        if table.status == "over" and not table.recorded:
            await results.record(table)
        table.kick_bots()

    async def unload_expired(self, now: float) -> int:
        """Unload finished tables and close idle waiting ones (their rows and events stay readable)."""
        unloaded = 0
        for i, table in enumerate(list(self.tables.values())):
            if i and i % TICK_YIELD_EVERY == 0:
                await asyncio.sleep(0)
            if expired(table, now) is not None:
                unloaded += await table.actor.run(lambda t=table: self._unload(t, expired(t, now)))  # type: ignore[misc]
        return unloaded

    async def _unload(self, table: Table, reason: str | None) -> int:
        if reason is None:
            return 0
        if reason == "closed":
            try:
                await self.runtime.repos.tables.set_status(table.id, "closed")
            except Exception as error:  # kept for now; the next tick tries again
                log.warning("table %s could not be closed: %s", table.id, error)
                return 0
        self.tables.pop(table.id, None)
        self.runtime.leases.release(table.id)
        if table.bot_task is not None:
            table.bot_task.cancel()
        code, text = self.gone(table.id) if reason == "closed" else (CloseCode.GONE, "the match is over")
        for conn in list(table.conns):
            conn.close(code, text)
        return 1

    async def tick(self) -> int:
        """Run every table's clock-driven duties; return how many tables changed."""
        now = self.runtime.clock()
        changed = 0
        await self.sockets.refresh(now)
        for hook in self.tick_hooks:
            changed += await hook(now)
        changed += await self.unload_expired(now)
        for i, table in enumerate(list(self.tables.values())):
            if i and i % TICK_YIELD_EVERY == 0:  # thousands of tables: let moves in between
                await asyncio.sleep(0)
            if table.needs_tick(now) and self.tables.get(table.id) is table:
                changed += await table.actor.run(lambda t=table: self._tick(t))  # type: ignore[misc]
        return changed

    async def _tick(self, table: Table) -> int:
        try:
            return 1 if await table.tick(self.runtime.clock()) else 0
        except TableError as error:  # not stored, nothing changed: the next tick tries again
            log.warning("table %s: %s", table.id, error)
            return 0

    async def join(
        self, table_id: int, user: User | None, make: Callable[[Table, User], Connection] = Connection
    ) -> Connection | tuple[int, str]:
        """Connect ``user`` to a live table, or say why not (a WebSocket close code and reason).
        ``make`` builds the connection (``cluster/relay.py`` passes one whose socket is on another process)."""
        table = self.tables.get(table_id)
        if table is None:
            return self.gone(table_id)
        if user is None:
            return CloseCode.NO_SESSION, "log in or pick a guest name to watch or play"
        return await table.actor.run(lambda: self._join(table, user, make))

    async def _join(
        self, table: Table, user: User, make: Callable[[Table, User], Connection]
    ) -> Connection | tuple[int, str]:
        if self.tables.get(table.id) is not table:
            return self.gone(table.id)
        refusal = admission(table, user)
        if refusal is not None:
            return refusal
        conn = make(table, user)
        await seat_guest(table, user)  # a private table's invited guest sits in a free seat (invited.py)
        await table.connect(conn)
        table.kick_bots()
        return conn

    def gone(self, table_id: int) -> tuple[int, str]:
        """The close code and reason for a table that is not live: missing, or over (its history stays)."""
        status = self.runtime.repos.tables.status(table_id)
        if status is None:
            return CloseCode.MISSING, f"there is no table {table_id}"
        if status == "closed":
            return CloseCode.GONE, f"table {table_id} was closed: nobody played there for a long time"
        if status == "over":
            return CloseCode.GONE, f"the match at table {table_id} is over"
        if self.runtime.leases.owner(table_id) not in (None, self.runtime.leases.name):  # (handover.py)
            return CloseCode.MOVED, f"table {table_id} moved to another server: reconnect"
        return CloseCode.MISSING, f"table {table_id} is not live (it could not be restored)"

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables this process lists: at most ``max_listed_per_owner`` of each owner."""
        return per_owner(self.lobby_entries(), self.runtime.limits.max_listed_per_owner)

    def lobby_entries(self) -> list[LobbyEntry]:
        """Every table :meth:`listed` here, with its owner (:func:`per_owner` keeps the :func:`listable`
        ones, at most so many of each owner)."""
        return [LobbyEntry(t.id, lobby_owner(t), t.info()) for t in self.tables.values() if self.listed(t)]

    @staticmethod
    def listed(table: Table) -> bool:
        """Whether this process shares the table's summary with the lobby (and with the other processes'
        lobbies, ``cluster/shared_lobby.py``): every unfinished table that is not all bots. The lobby shows
        only the :func:`listable` ones; the others are there for their players' ``/api/me/tables``."""
        return table.status != "over" and not table.all_bots

    @staticmethod
    def in_lobby(table: Table) -> bool:
        """Whether the lobby shows this table to everyone (:func:`listable`)."""
        return listable(table.info())

    def held_seats(self, user_id: int) -> list[dict[str, Any]]:
        """``user_id``'s entries of ``/api/me/tables`` among this process's tables (:func:`held_seat`)."""
        found = (held_seat(t.info(), user_id) for t in self.tables.values() if t.seat_of_user(user_id) is not None)
        return [entry for entry in found if entry is not None]
