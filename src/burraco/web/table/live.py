"""The live table: the one object that applies a table's events, stores them and publishes them.

Its state and the questions asked of it are :class:`~burraco.web.table.model.TableState`; its
collaborators take that state and return values or events, and never reach back into the table:
``events.py`` (what each event does), ``turn_clock.py`` and ``tournament_clock.py`` (the events the
clock calls for), ``bots.py`` (the bot's move and the bot task), ``views.py`` (what each connection
is told), ``results.py`` (the finished match), ``durability.py`` (rollback), ``admission.py`` (who
may connect, when a table leaves memory).

A :class:`Table` is changed only by its actor (``actor.py``: one task runs every change, in the
order asked), on behalf of the dispatcher (a player's message), its bot task, or the manager's tick.
Every change is first checked by the core, then written to the database as an *event* (awaited: a
change is durable before anyone is told about it), then broadcast: each connection gets a ``state``
message whose view is built only from ``observe(hand, seat)`` (``None`` for a spectator). Replaying
a table's events through the same :func:`events.apply_event` rebuilds it exactly after a restart.

Time is read only through the injected ``clock`` (seconds, any origin), never from the wall.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.web.accounts.auth import User
from burraco.web.protocol.messages import ErrorCode
from burraco.web.table import results, tournament_clock, turn_clock, views
from burraco.web.table.actor import TableActor
from burraco.web.table.bots import BotScheduler, check_slow_bots
from burraco.web.table.connection import Viewer
from burraco.web.table.durability import Rollback
from burraco.web.table.events import EventKind, TableEvent, apply_event
from burraco.web.table.model import Clock as Clock
from burraco.web.table.model import Runtime as Runtime
from burraco.web.table.model import Status, TableState
from burraco.web.table.model import TableConfig as TableConfig
from burraco.web.table.model import new_seed as new_seed
from burraco.web.table.seats import STANDIN_BOT as STANDIN_BOT
from burraco.web.table.seats import Seat as Seat
from burraco.web.table.seats import TableError as TableError

log = logging.getLogger(__name__)


class Connection(Viewer):
    """One WebSocket (or test) client at a live table: a seat or a spectator, with an outbound queue."""

    def __init__(self, table: Table, user: User | None) -> None:
        super().__init__(user)
        self.table = table


class _Step:
    """:meth:`Table.atomic`'s block (a class, not a generator: it runs once per move)."""

    __slots__ = ("_nested", "_start", "_status", "_table")

    def __init__(self, table: Table) -> None:
        self._table = table

    async def __aenter__(self) -> None:
        table = self._table
        self._nested = table._pending is not None  # part of the enclosing step
        if not self._nested:
            self._start = table.rollback.begin(table)
            self._status = table.status
            table._pending, table._applied = [], []

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, _tb: Any) -> None:
        if self._nested:
            return
        table = self._table
        rows, table._pending = table._pending or [], None
        if error is not None:
            self._undo(error)
            return
        started = self._status == Status.WAITING and table.status != Status.WAITING
        try:
            await table._store(rows, Status.PLAYING.value if started else None)
        except BaseException as failed:
            self._undo(failed)
            raise
        table.rollback.stored(table._applied)

    def _undo(self, error: BaseException) -> None:
        """Put the table back as the step found it (``durability.py``)."""
        table = self._table
        if isinstance(error, IllegalActionError) and not table._applied:  # refused before it changed anything
            self._start.restore(table)
        else:
            table.rollback.restore(table, self._start)


class Table(TableState):
    """A live table. Call the ``async`` methods only from its actor (``table.actor.run(...)``)."""

    def __init__(self, table_id: int, config: TableConfig, runtime: Runtime) -> None:
        super().__init__(table_id, config, runtime)
        self.actor = TableActor()
        self.bots = BotScheduler(self, self.actor, self._bot_play)
        self._pending: list[dict[str, Any]] | None = None
        """The rows of the step being applied (see :meth:`atomic`), None between steps."""
        self._applied: list[tuple[TableEvent, Action | None]] = []
        """The events of the step being applied (kept by :attr:`rollback` once stored)."""
        self.rollback = Rollback()

    # ------------------------------------------------------------------ what it shows (views.py)
    def info(self, full: bool = False) -> dict[str, Any]:
        """The public table summary shared by every connection (and the lobby)."""
        return views.table_info(self, full)

    def broadcast(
        self,
        actor: Viewer | None = None,
        reply_to: int | None = None,
        full: bool = False,
        exclude: Viewer | None = None,
    ) -> None:
        views.broadcast(self, actor, reply_to, full, exclude)

    def send_full(self, conn: Viewer, reply_to: int | None = None) -> None:
        views.send_full(self, conn, reply_to)

    # ------------------------------------------------------------------ events
    def replay_event(self, event: TableEvent) -> None:
        """Apply one stored event to the in-memory table (the same code for live play and restarts)."""
        apply_event(self, event)

    async def event(self, event: TableEvent, action: Action | None = None) -> None:
        """Apply an event and store it (awaited). Call from the table's actor. A refused action raises
        :class:`IllegalActionError` and a failed write :class:`TableError` (``store_failed``); either
        way the table is left exactly as it was and nothing is stored."""
        async with self.atomic():
            self.apply(event, action)

    def apply(self, event: TableEvent, action: Action | None = None) -> None:
        """Apply an event in memory and queue its row; only inside :meth:`atomic`."""
        assert self._pending is not None, "apply() outside atomic()"
        apply_event(self, event, action)
        self._applied.append((event, action))
        self.seq += 1
        self._pending.append(event.row(self.id, self.seq, self.hand_no, self.runtime.wallclock()))

    def atomic(self) -> _Step:
        """One step of the table (``async with``): every event applied inside is written in one
        transaction (with the table row's ``playing`` status when the step started the match) when the
        block ends. If anything raises, or the write fails, the table is rolled back to how it was
        before the block (``durability.py``)."""
        return _Step(self)

    async def _store(self, rows: list[dict[str, Any]], status: str | None) -> None:
        tables = self.runtime.repos.tables
        if not self.runtime.durable:
            tables.append(self.id, rows, status)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if not tables.append_soon(self.id, rows, status, future):
            return
        try:
            await future
        except Exception as error:
            log.warning("table %s: a change could not be stored, rolled back: %s", self.id, error)
            raise TableError(
                "the server could not save this change: nothing happened, please try again", ErrorCode.STORE_FAILED
            ) from error

    # ------------------------------------------------------------------ player requests (lock held)
    async def sit(self, user: User, seat: int) -> None:
        if self.status != Status.WAITING:
            raise TableError("the match has started: seats can no longer be taken")
        if not 0 <= seat < self.players:
            raise TableError(f"this table has seats 0 to {self.players - 1}")
        if not self.seats[seat].empty:
            raise TableError(f"seat {seat} is taken")
        if self.seat_of_user(user.id) is not None:
            raise TableError("you already sit at this table")
        async with self.atomic():
            await self.event(TableEvent(EventKind.SIT, seat, user.display, user.id))
            await self.maybe_start()
        for conn in self.conns:
            if conn.user is not None and conn.user.id == user.id:
                conn.seat = seat
                self.seats[seat].connections += 1

    async def fill_bots(self, difficulty: str) -> None:
        if self.status != Status.WAITING:
            raise TableError("the match has started")
        empty = [i for i, s in enumerate(self.seats) if s.empty]
        if not empty:
            raise TableError("there is no empty seat")
        if self.config.created_by is not None and self.config.tournament is None:  # their tables' cap
            check_slow_bots(self.runtime, self.config.created_by, difficulty, besides=self.id)
        async with self.atomic():
            for seat in empty:
                user_id = self.runtime.bot_users.get(difficulty)
                await self.event(TableEvent.bot(seat, difficulty, f"Bot {seat} ({difficulty})", user_id))
            await self.maybe_start()

    async def maybe_start(self) -> None:
        """Deal the first hand once every seat is taken (in the same transaction as the last seat)."""
        if self.status == Status.WAITING and all(not s.empty for s in self.seats):
            await self.event(TableEvent(EventKind.DEAL))

    async def act(self, seat: int, action: Action, client_id: int | None = None) -> None:
        """A move by ``seat`` (its human or its bot): checked by the engine, stored, applied; ``client_id``
        is the id the player's page gave it (``TableState.applied``)."""
        hand = self.match.current
        if self.status != Status.PLAYING or hand is None:
            raise TableError("no hand is being played", ErrorCode.REFUSED)
        if hand.to_play != seat:
            raise TableError(
                f"it is not your turn: {self.seats[hand.to_play].name} is to play", ErrorCode.NOT_YOUR_TURN
            )
        # the engine checks it (IllegalActionError with the rule; nothing changed, nothing stored)
        await self.event(TableEvent(EventKind.ACTION, seat, str(action), client_id=client_id), action)
        if self.match.is_over and not self.recorded:
            await results.record(self)

    async def ready(self, seat: int) -> None:
        if self.status != Status.BETWEEN:
            raise TableError("there is no finished hand to move on from")
        self.seats[seat].ready = True
        await self.maybe_deal()

    async def maybe_deal(self, force: bool = False) -> None:
        if self.status != Status.BETWEEN:
            return
        waiting = [s for s in self.seats if s.human and not s.left and s.connections > 0 and not s.ready]
        if force or not waiting:
            await self.event(TableEvent(EventKind.DEAL))

    async def take_back(self, seat: int) -> None:
        """The player takes the seat back from the computer (``back``; see absence.py)."""
        if not self.seats[seat].standin:
            raise TableError("the computer is not playing your seat")
        await self.hand_back(seat)

    async def hand_back(self, seat: int) -> None:
        """The computer gives ``seat`` back to its player at once when no turn of the seat is under way,
        else when the turn it plays is over (:meth:`after_bot_move`): never in the middle of a turn."""
        if turn_clock.mid_turn(self, seat):
            self.seats[seat].back_asked = True
            return
        self.seats[seat].back_asked = False
        await self.event(TableEvent.standin(seat, on=False))

    async def after_bot_move(self, seat: int) -> None:
        """A bot moved for ``seat``: if its player asked for the seat back and the turn is over, give it."""
        s = self.seats[seat]
        if s.standin and s.back_asked and s.connections > 0 and not turn_clock.mid_turn(self, seat):
            with contextlib.suppress(TableError):  # not stored: asked again at the next move
                await self.hand_back(seat)

    async def leave(self, seat: int) -> None:
        user_id = self.seats[seat].user_id
        if self.status == Status.OVER:
            raise TableError("the match is over")
        async with self.atomic():  # the leave and the deal it may allow are stored together
            await self.event(TableEvent(EventKind.LEAVE, seat, "left the table", user_id))
            await self.maybe_deal()
        for conn in self.conns:
            if conn.seat == seat:
                conn.seat = None
        self.seats[seat].connections = 0  # its connections watch on as spectators

    # ------------------------------------------------------------------ connections
    async def connect(self, conn: Connection) -> None:
        self.conns.add(conn)
        if conn.user is not None:
            seat = self.seat_of_user(conn.user.id)
            if seat is not None:
                conn.seat = seat
                s = self.seats[seat]
                s.connections += 1
                if s.standin:
                    with contextlib.suppress(TableError):  # not stored: the stand-in plays on meanwhile
                        await self.hand_back(seat)
        self.send_full(conn)
        if conn.seat is not None:
            self.broadcast(exclude=conn)
        else:  # a spectator costs the others nothing now: a coalesced count update later
            self.watchers_dirty = True

    async def disconnect(self, conn: Connection) -> None:
        self.conns.discard(conn)
        conn.close()
        if not self.conns:
            self.idle_since = self.runtime.clock()
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.connections = max(0, s.connections - 1)
            if s.connections == 0:
                s.absent_since = self.runtime.clock()
                s.back_asked = False  # gone again: the computer keeps the seat
            self.broadcast()
        else:
            self.watchers_dirty = True
        self.kick_bots()

    # ------------------------------------------------------------------ time (turn_clock.py; lock held)
    async def tick(self, now: float) -> bool:
        """Apply what the clock calls for; True if the table changed."""
        changed = False
        if tournament_clock.due(self):
            await self.event(tournament_clock.time_out_event())
            changed = True
        elif tournament_clock.deal_due(self):
            await self.maybe_deal()
            changed = True
        if self.status == Status.OVER and not self.recorded:
            await results.record(self)
        elif self.status == Status.PLAYING and self.hand is not None:
            events = turn_clock.playing_events(self, now)
            if events:
                async with self.atomic():
                    for event in events:
                        await self.event(event)
                changed = True
        elif turn_clock.between_due(self, now):
            await self.maybe_deal(force=True)
            changed = True
        if changed:
            self.broadcast(full=self.status != Status.PLAYING)
            self.kick_bots()
        views.send_watchers(self, now)
        return changed

    def needs_tick(self, now: float) -> bool:
        return turn_clock.needs_tick(self, now)

    # ------------------------------------------------------------------ bots (bots.py)
    def kick_bots(self) -> None:
        """Start the table's bot task if a bot is to play and none is running."""
        self.bots.kick()

    @property
    def bot_task(self) -> asyncio.Task[None] | None:
        return self.bots.task

    async def _bot_play(self, seat: int, action: Action, before: TableEvent | None) -> bool:
        """Play a bot's move for ``seat`` (lock held), after storing ``before`` (a fallback: who made
        the move) in its own step: True played, False not stored (retry)."""
        try:
            if before is not None:
                await self.event(before)
            await self.act(seat, action)
        except TableError as error:
            if error.code != ErrorCode.STORE_FAILED:
                raise
            return False
        await self.after_bot_move(seat)
        self.broadcast(full=self.status != Status.PLAYING)
        return True
