"""Live tables: seats, the match, connections, and the event log that persists them.

The pieces live beside it: ``table_setup.py`` (what a table is created with, what all tables
share, the secret seed), ``seats.py`` (who sits where), ``connection.py`` (a client's queue),
``events.py`` (typed events and how each changes a table), ``broadcasting.py`` (what each connection
is told), ``turn_clock.py`` (grace periods, turn timers, the next deal), ``bot_scheduler.py`` (the bot
task), ``durability.py`` (rollback), and ``repositories/`` (every SQL statement).

A :class:`Table` is changed only by its actor (``table_actor.py``: one task runs every change, in
the order asked), on behalf of the dispatcher (a player's message), its bot task, or
:meth:`TableManager.tick`. Every change is first checked by the core,
then written to the database as an *event* (awaited: a change is durable before anyone is told
about it), then broadcast: each connection gets a ``state`` message whose view is built only from
``observe(hand, seat)`` (``None`` for a spectator). Replaying a table's events through the same
:func:`events.apply_event` rebuilds it exactly after a restart.

Time is read only through the injected ``clock`` (seconds, any origin), never from the wall.
A step whose events could not be stored is rolled back (``durability.py``); the set of live tables,
their limits and their unloading live in ``manager.py`` and ``limits.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Literal

from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.web.accounts.auth import User
from burraco.web.protocol.serialize import MeldTexts, dumps
from burraco.web.table import results as match_end
from burraco.web.table import tournament_clock, turn_clock
from burraco.web.table import views as broadcasting
from burraco.web.table.absence import Absence
from burraco.web.table.actor import TableActor
from burraco.web.table.bots import BotScheduler
from burraco.web.table.connection import Connection as Connection
from burraco.web.table.durability import STORE_FAILED, snapshot
from burraco.web.table.events import TableEvent, apply_event
from burraco.web.table.seats import STANDIN_BOT as STANDIN_BOT
from burraco.web.table.seats import Seat as Seat
from burraco.web.table.seats import TableError as TableError
from burraco.web.table.setup import Clock as Clock
from burraco.web.table.setup import Runtime as Runtime
from burraco.web.table.setup import TableConfig as TableConfig
from burraco.web.table.setup import new_seed as new_seed

log = logging.getLogger(__name__)
Status = Literal["waiting", "playing", "between", "over"]


class Table:
    """A live table. Call the ``async`` methods only from its actor (``table.actor.run(...)``)."""

    def __init__(self, table_id: int, config: TableConfig, runtime: Runtime) -> None:
        self.id = table_id
        self.config = config
        self.rules = config.rules
        self.meld_texts = MeldTexts(config.rules)
        self.players = config.rules.players
        self.runtime = runtime
        self.match = Match(config.rules, config.seed)
        self.seats = [Seat() for _ in range(self.players)]
        self.status: Status = "waiting"
        self.actor = TableActor()
        self.conns: set[Connection] = set()
        self.seq = 0
        self.hand_no = 0
        self.last_hand: Hand | None = None
        self.turn_key: tuple[int, int, int] = (0, -1, -1)
        self.turn_started = runtime.clock()
        self.between_since = 0.0
        self.auto_turn = -1
        self.absence = Absence.empty(self.players)
        self.bots = BotScheduler(self)
        self.summary: dict[str, Any] | None = None
        self.recorded = False
        self.watchers_dirty = False
        self.idle_since = runtime.clock()
        self.watchers_at = -1e18
        self._pending: list[dict[str, Any]] | None = None
        """The rows of the step being applied (see :meth:`atomic`), None between steps."""

    # ------------------------------------------------------------------ queries
    @property
    def hand(self) -> Hand | None:
        return self.match.current

    def seat_of_user(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.bot is None and not seat.left:
                return index
        return None

    @property
    def all_bots(self) -> bool:
        """Bots in every seat: the owner's practice, unrated, and paused while nobody watches."""
        return all(s.bot is not None for s in self.seats)

    @property
    def rated(self) -> bool:
        """Ratings move only at a table that is neither a private practice nor all bots."""
        return not (self.all_bots or self.config.practice)

    @property
    def turn_timer(self) -> float:
        """The table's own turn timer, or the server's default one for a rated table created without."""
        if self.config.turn_timer > 0 or not self.rated:
            return self.config.turn_timer
        return self.runtime.limits.default_turn_timer

    @property
    def spectators(self) -> int:
        """Connections that do not sit at the table."""
        return max(0, len(self.conns) - sum(s.connections for s in self.seats))

    def controller(self, seat: int) -> str | None:
        """The bot playing ``seat`` now, or None when its human plays."""
        s = self.seats[seat]
        if s.bot is not None:
            return s.bot
        if s.left or s.standin or self.auto_turn == seat:
            return STANDIN_BOT
        return None

    def info(self, full: bool = False) -> dict[str, Any]:
        """The public table summary shared by every connection (and the lobby)."""
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.config.name,
            "players": self.players,
            "preset": self.config.preset,
            "status": self.status,
            "hand_no": self.hand_no,
            "seats": [s.to_dict(i, self.players) for i, s in enumerate(self.seats)],
            "totals": list(self.match.totals),
            "target": self.rules.target,
            "hands_per_turn": self.rules.hands_per_turn,
            "turn_timer": self.turn_timer,
            "rated": self.rated,
            "timer_left": self.timer_left(),
            "auto_turn": self.auto_turn,
            "summary": self.summary,
            "watchers": self.spectators,
            "absence": self.absence.to_dict(),
            "tournament": tournament_clock.info(self),
        }
        if full:
            data["rules"] = self.rules.to_dict()
            data["results"] = match_end.results(self)
        return data

    def timer_left(self) -> float | None:
        return turn_clock.timer_left(self)

    def state_text(self, conn: Connection, shared: str, reply_to: int | None = None, full: bool = False) -> str:
        return broadcasting.state_text(self, conn, shared, reply_to, full)

    # ------------------------------------------------------------------ broadcasting (broadcasting.py)
    def broadcast(
        self,
        actor: Connection | None = None,
        reply_to: int | None = None,
        full: bool = False,
        exclude: Connection | None = None,
    ) -> None:
        broadcasting.broadcast(self, actor, reply_to, full, exclude)

    def send_watchers(self, now: float) -> None:
        broadcasting.send_watchers(self, now)

    def send_full(self, conn: Connection, reply_to: int | None = None) -> None:
        conn.send_text(self.state_text(conn, dumps(self.info(full=True)), reply_to, full=True))

    # ------------------------------------------------------------------ events
    def replay_event(self, kind: str, seat: int, text: str, user_id: int | None, action: Action | None = None) -> None:
        """Apply one stored event to the in-memory table (the same code for live play and restarts)."""
        apply_event(self, TableEvent(kind, seat, text, user_id), action)

    async def event(
        self, kind: str, seat: int = -1, text: str = "", user_id: int | None = None, action: Action | None = None
    ) -> None:
        """Apply an event and store it (awaited). Call from the table's actor. A refused action raises
        :class:`IllegalActionError` and a failed write :class:`TableError` (``store_failed``); either
        way the table is left exactly as it was and nothing is stored."""
        async with self.atomic():
            self.apply(kind, seat, text, user_id, action)

    def apply(
        self, kind: str, seat: int = -1, text: str = "", user_id: int | None = None, action: Action | None = None
    ) -> None:
        """Apply an event in memory and queue its row; only inside :meth:`atomic`."""
        assert self._pending is not None, "apply() outside atomic()"
        event = TableEvent(kind, seat, text, user_id)
        apply_event(self, event, action)
        self.seq += 1
        self._pending.append(event.row(self.id, self.seq, self.hand_no, self.runtime.wallclock()))

    @contextlib.asynccontextmanager
    async def atomic(self) -> AsyncIterator[None]:
        """One step of the table: every event applied inside is written in one transaction (with the
        table row's ``playing`` status when the step started the match) when the block ends. If
        anything raises, or the write fails, the table is rolled back to how it was before the block."""
        if self._pending is not None:  # nested: part of the enclosing step
            yield
            return
        backup = snapshot(self)
        status = self.status
        self._pending = []
        try:
            yield
            rows, self._pending = self._pending, None
            started = status == "waiting" and self.status != "waiting"
            await self._store(rows, "playing" if started else None)
        except BaseException:
            backup.restore(self)
            raise
        finally:
            self._pending = None

    async def _store(self, rows: list[dict[str, Any]], status: str | None) -> None:
        future = self.runtime.repos.tables.append(self.id, rows, status)
        if future is None or not self.runtime.durable:
            return
        try:
            await asyncio.wrap_future(future)
        except Exception as error:
            log.warning("table %s: a change could not be stored, rolled back: %s", self.id, error)
            raise TableError(
                "the server could not save this change: nothing happened, please try again", STORE_FAILED
            ) from error

    def finish_hand(self) -> None:
        self.last_hand = self.match.current
        self.match.finish_hand()
        self.between_since = self.runtime.clock()
        if self.match.is_over:
            self.end_match()
        else:
            self.status = "between"
            for s in self.seats:
                s.ready = s.bot is not None or s.left

    def end_match(self) -> None:
        """The match is over (its last hand finished, or the turn's time ran out between hands)."""
        self.status = "over"
        self.summary = match_end.summary(self)

    def track_turn(self) -> None:
        hand = self.match.current
        key = (self.hand_no, hand.to_play, hand.turns) if hand is not None else (self.hand_no, -1, -1)
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = self.runtime.clock()
            self.auto_turn = -1

    # ------------------------------------------------------------------ player requests (lock held)
    async def sit(self, user: User, seat: int) -> None:
        if self.status != "waiting":
            raise TableError("the match has started: seats can no longer be taken")
        if not 0 <= seat < self.players:
            raise TableError(f"this table has seats 0 to {self.players - 1}")
        if not self.seats[seat].empty:
            raise TableError(f"seat {seat} is taken")
        if self.seat_of_user(user.id) is not None:
            raise TableError("you already sit at this table")
        async with self.atomic():
            await self.event("sit", seat, user.display, user.id)
            await self._maybe_start()
        for conn in self.conns:
            if conn.user is not None and conn.user.id == user.id:
                conn.seat = seat
                self.seats[seat].connections += 1

    async def fill_bots(self, difficulty: str) -> None:
        if self.status != "waiting":
            raise TableError("the match has started")
        empty = [i for i, s in enumerate(self.seats) if s.empty]
        if not empty:
            raise TableError("there is no empty seat")
        async with self.atomic():
            for seat in empty:
                user_id = self.runtime.bot_users.get(difficulty)
                bot = TableEvent.bot(seat, difficulty, f"Bot {seat} ({difficulty})", user_id)
                await self.event(bot.kind, bot.seat, bot.text, bot.user_id)
            await self._maybe_start()

    async def _maybe_start(self) -> None:
        """Deal the first hand once every seat is taken (in the same transaction as the last seat)."""
        if self.status == "waiting" and all(not s.empty for s in self.seats):
            await self.event("deal")

    async def act(self, seat: int, action: Action) -> None:
        """A move by ``seat`` (its human or its bot): checked by the engine, stored, applied."""
        hand = self.match.current
        if self.status != "playing" or hand is None:
            raise TableError("no hand is being played", "refused")
        if hand.to_play != seat:
            raise TableError(f"it is not your turn: {self.seats[hand.to_play].name} is to play", "not_your_turn")
        # the engine checks it (IllegalActionError with the rule; nothing changed, nothing stored)
        await self.event("action", seat, str(action), action=action)
        if self.match.is_over and not self.recorded:
            await match_end.record(self)

    async def ready(self, seat: int) -> None:
        if self.status != "between":
            raise TableError("there is no finished hand to move on from")
        self.seats[seat].ready = True
        await self.maybe_deal()

    async def maybe_deal(self, force: bool = False) -> None:
        if self.status != "between":
            return
        waiting = [s for s in self.seats if s.human and not s.left and s.connections > 0 and not s.ready]
        if force or not waiting:
            await self.event("deal")

    async def take_back(self, seat: int) -> None:
        """The player takes the seat back from the computer (``back``; see absence.py)."""
        if not self.seats[seat].standin:
            raise TableError("the computer is not playing your seat")
        await self.event("standin", seat, "off")

    async def leave(self, seat: int) -> None:
        user_id = self.seats[seat].user_id
        if self.status == "over":
            raise TableError("the match is over")
        async with self.atomic():  # the leave and the deal it may allow are stored together
            await self.event("leave", seat, "left the table", user_id)
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
                        await self.event("standin", seat, "off")
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
            self.broadcast()
        else:
            self.watchers_dirty = True
        self.kick_bots()

    # ------------------------------------------------------------------ time (turn_clock.py; lock held)
    async def tick(self, now: float) -> bool:
        """Apply what the clock calls for; True if the table changed."""
        return await turn_clock.tick(self, now)

    def needs_tick(self, now: float) -> bool:
        return turn_clock.needs_tick(self, now)

    # ------------------------------------------------------------------ bots (bot_scheduler.py)
    def kick_bots(self) -> None:
        """Start the table's bot task if a bot is to play and none is running."""
        self.bots.kick()

    @property
    def bot_task(self) -> asyncio.Task[None] | None:
        return self.bots.task

    @property
    def paused(self) -> bool:
        """An all-bot table plays only while someone watches it (a tournament's table always plays)."""
        return self.all_bots and not self.conns and self.config.tournament is None
