"""Live tables: seats, the match, bots, timers, connections, and the event log that persists them.

A :class:`Table` is changed only while its ``lock`` is held, by the dispatcher (a player's
message), its bot task, or :meth:`TableManager.tick`. Every change is first checked by the core,
then written to the database as an *event* (awaited: a change is durable before anyone is told
about it), then broadcast: each connection gets a ``state`` message whose view is built only from
``observe(hand, seat)`` (``None`` for a spectator). Replaying a table's events through the same
:meth:`Table.replay_event` rebuilds it exactly after a restart.

Time is read only through the injected ``clock`` (seconds, any origin), never from the wall.
A step whose events could not be stored is rolled back (``durability.py``); the set of live tables,
their limits and their unloading live in ``manager.py`` and ``limits.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from burraco.bots.registry import make_bot
from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web import db
from burraco.web.auth import User
from burraco.web.durability import STORE_FAILED, snapshot
from burraco.web.limits import Limits
from burraco.web.repositories import Repositories
from burraco.web.repositories.matches import MatchRecord
from burraco.web.serialize import scores_to_list, view_to_dict

log = logging.getLogger(__name__)
Clock = Callable[[], float]
Status = Literal["waiting", "playing", "between", "over"]
STANDIN_BOT: Final = "normal"
"""The bot that plays for an absent player, a player whose turn timer ran out, or one who left."""
SLOW_BOTS: Final = ("hard", "ismcts")
"""Bots that think for long: they run in a worker thread so the event loop keeps serving."""
MAX_QUEUE: Final = 256
"""A connection with more unsent messages than this is too slow and is closed."""
SEAT_NAMES: Final = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}
MASK63: Final = (1 << 63) - 1
STORE_RETRY: Final = 1.0
"""Seconds a bot waits before playing again a move the database could not store."""


class TableError(ValueError):
    """A request the table refuses (seat taken, match already started, not seated...)."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class Seat:
    """Who sits at a seat. A bot seat has ``bot`` set (its difficulty) and a bot user for ratings."""

    user_id: int | None = None
    name: str = ""
    bot: str | None = None
    left: bool = False
    standin: bool = False
    connections: int = 0
    absent_since: float = 0.0
    ready: bool = False

    @property
    def empty(self) -> bool:
        return self.user_id is None

    @property
    def human(self) -> bool:
        return self.user_id is not None and self.bot is None

    def to_dict(self, index: int, players: int) -> dict[str, Any]:
        return {"seat": index, "position": SEAT_NAMES[players][index], "user_id": self.user_id,
                "name": self.name, "bot": self.bot, "left": self.left, "standin": self.standin,
                "connected": self.connections > 0 or self.bot is not None, "ready": self.ready}


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Connection:
    """One WebSocket (or test) client at a table: a seat or a spectator, with an outbound queue."""

    def __init__(self, table: Table, user: User | None) -> None:
        self.table = table
        self.user = user
        self.seat: int | None = None
        self.log_hand = -1
        self.log_sent = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (serialized now, so it is a snapshot of the table at this moment)."""
        if not self.closed:
            self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        """Queue an already serialized message (one text may be shared by many spectators)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            log.warning("closing a connection that does not read its messages")
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop after the queued messages; the socket is closed with ``code`` and ``reason``."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)


@dataclass
class TableConfig:
    """What a table is created with (stored in the ``tables`` row)."""

    name: str
    preset: str
    rules: Rules
    seed: int
    turn_timer: float = 0.0
    grace: float = 30.0
    created_by: int | None = None
    created_at: float = 0.0
    practice: bool = False
    """A private practice table: one human and bots, unrated, not in the lobby; may use a chosen seed."""


@dataclass
class Runtime:
    """What every table of one app shares: the store, the clocks, bot pacing."""

    store: db.Store
    clock: Clock
    wallclock: Clock
    bot_delay: float = 0.0
    bot_users: dict[str, int] = field(default_factory=dict)
    closing: bool = False
    """Set when the app stops: no new bot task starts."""
    durable: bool = True
    """Wait for each event's commit before telling anyone (False: queue it and go on; see docs/web.md)."""
    limits: Limits = field(default_factory=Limits)
    repos: Repositories = field(init=False)
    """The data-access layer over ``store`` (no SQL is written anywhere else)."""

    def __post_init__(self) -> None:
        self.repos = Repositories.over(self.store)


class Table:
    """A live table. Call the ``async`` methods only from the event loop; they take the lock."""

    def __init__(self, table_id: int, config: TableConfig, runtime: Runtime) -> None:
        self.id = table_id
        self.config = config
        self.rules = config.rules
        self.players = config.rules.players
        self.runtime = runtime
        self.match = Match(config.rules, config.seed)
        self.seats = [Seat() for _ in range(self.players)]
        self.status: Status = "waiting"
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.seq = 0
        self.hand_no = 0
        self.last_hand: Hand | None = None
        self.turn_key: tuple[int, int, int] = (0, -1, -1)
        self.turn_started = runtime.clock()
        self.between_since = 0.0
        self.auto_turn = -1
        self.bot_task: asyncio.Task[None] | None = None
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
        }
        if full:
            data["rules"] = self.rules.to_dict()
            data["results"] = self.results()
        return data

    def timer_left(self) -> float | None:
        if self.turn_timer <= 0 or self.status != "playing":
            return None
        return round(max(0.0, self.turn_timer - (self.runtime.clock() - self.turn_started)), 1)

    def results(self) -> list[dict[str, Any]]:
        return [{"number": r.number, "dealer": r.dealer, "end_reason": r.end_reason, "points": list(r.points),
                 "sides": [list(s) for s in r.sides], "scores": scores_to_list(r.scores)}
                for r in self.match.results]

    def state_for(self, conn: Connection, shared: dict[str, Any], reply_to: int | None = None,
                  full: bool = False) -> dict[str, Any]:
        """The ``state`` message for one connection: the table and ``observe(hand, conn.seat)``."""
        hand = self.match.current or self.last_hand
        view = None
        legal: list[str] = []
        if hand is not None:
            if conn.log_hand != self.hand_no or full:
                conn.log_hand, conn.log_sent = self.hand_no, 0
            observation = observe(hand, conn.seat)
            view = view_to_dict(observation, self.rules, conn.log_sent)
            conn.log_sent = len(observation.log)
            seat = conn.seat
            if (self.status == "playing" and seat is not None and hand.to_play == seat
                    and self.controller(seat) is None):
                legal = [str(a) for a in hand.legal_actions()]
        return {"type": "state", "reply_to": reply_to, "you": conn.seat, "table": shared, "view": view,
                "legal": legal}

    # ------------------------------------------------------------------ broadcasting
    def broadcast(self, actor: Connection | None = None, reply_to: int | None = None, full: bool = False,
                  exclude: Connection | None = None) -> None:
        if not self.conns:
            return
        shared = self.info(full)
        # spectators see the same thing: one message per group that has seen the same part of the log
        by_log: dict[tuple[int, int], tuple[str, int, int]] = {}
        for conn in list(self.conns):
            if conn is exclude:
                continue
            if conn.seat is not None or conn is actor:
                conn.send(self.state_for(conn, shared, reply_to if conn is actor else None, full))
                continue
            key = (conn.log_hand, conn.log_sent)
            if key not in by_log:
                text = dumps(self.state_for(conn, shared, None, full))
                by_log[key] = (text, conn.log_hand, conn.log_sent)
            text, conn.log_hand, conn.log_sent = by_log[key]
            conn.send_text(text)

    def send_watchers(self, now: float) -> None:
        """Tell everyone the spectator count, at most once every ``watchers_every`` seconds."""
        if not self.watchers_dirty or now - self.watchers_at < self.runtime.limits.watchers_every:
            return
        self.watchers_dirty, self.watchers_at = False, now
        text = dumps({"type": "watchers", "count": self.spectators})
        for conn in list(self.conns):
            conn.send_text(text)

    def send_full(self, conn: Connection, reply_to: int | None = None) -> None:
        conn.send(self.state_for(conn, self.info(full=True), reply_to, full=True))

    # ------------------------------------------------------------------ events
    def replay_event(self, kind: str, seat: int, text: str, user_id: int | None, action: Action | None = None) -> None:
        """Apply one stored event to the in-memory table (the same code for live play and restarts)."""
        if kind == "sit":
            self.seats[seat] = Seat(user_id=user_id, name=text, absent_since=self.runtime.clock())
        elif kind == "bot":
            name = text.split("|", 1)
            self.seats[seat] = Seat(user_id=user_id, name=name[1] if len(name) > 1 else f"Bot ({text})",
                                    bot=name[0])
        elif kind == "leave":
            if self.status == "waiting":
                self.seats[seat] = Seat()
            else:
                self.seats[seat].left = True
                self.seats[seat].ready = True
        elif kind == "standin":
            self.seats[seat].standin = text == "on"
        elif kind == "deal":
            self.match.start_hand()
            self.hand_no += 1
            self.status = "playing"
            self.auto_turn = -1
            for s in self.seats:
                s.ready = False
        elif kind == "action":
            hand = self.match.current
            if hand is None:
                raise IllegalActionError("no hand in progress")
            if hand.to_play != seat:
                raise IllegalActionError(f"seat {seat} is not to play")
            hand.apply(action if action is not None else Action.parse(text))
            if hand.is_over:
                self._finish_hand()
        elif kind == "timeout":
            self.match.time_out()
        elif kind == "timer":
            self.auto_turn = seat
        self._track_turn()

    async def event(self, kind: str, seat: int = -1, text: str = "", user_id: int | None = None,
                    action: Action | None = None) -> None:
        """Apply an event and store it (awaited). Call with the lock held. A refused action raises
        :class:`IllegalActionError` and a failed write :class:`TableError` (``store_failed``); either
        way the table is left exactly as it was and nothing is stored."""
        async with self.atomic():
            self.apply(kind, seat, text, user_id, action)

    def apply(self, kind: str, seat: int = -1, text: str = "", user_id: int | None = None,
              action: Action | None = None) -> None:
        """Apply an event in memory and queue its row; only inside :meth:`atomic`."""
        assert self._pending is not None, "apply() outside atomic()"
        self.replay_event(kind, seat, text, user_id, action)
        self.seq += 1
        self._pending.append({"table_id": self.id, "seq": self.seq, "hand": self.hand_no, "kind": kind,
                              "seat": seat, "text": text[:200], "user_id": user_id, "at": self.runtime.wallclock()})

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
            raise TableError("the server could not save this change: nothing happened, please try again",
                             STORE_FAILED) from error

    def _finish_hand(self) -> None:
        self.last_hand = self.match.current
        self.match.finish_hand()
        self.between_since = self.runtime.clock()
        if self.match.is_over:
            self.status = "over"
            self.summary = self._summary()
        else:
            self.status = "between"
            for s in self.seats:
                s.ready = s.bot is not None or s.left

    def _track_turn(self) -> None:
        hand = self.match.current
        key = (self.hand_no, hand.to_play, hand.turns) if hand is not None else (self.hand_no, -1, -1)
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = self.runtime.clock()
            self.auto_turn = -1

    def entrants(self) -> list[list[int]]:
        """Seats of each match entrant: teams for 2 and 4 players, single players for 3."""
        if self.players == 4:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.players)]

    def _summary(self) -> dict[str, Any]:
        totals = list(self.match.totals)
        names = [" & ".join(self.seats[s].name for s in seats) for seats in self.entrants()]
        data: dict[str, Any] = {"totals": totals, "entrants": names, "winner": self.match.winner(),
                                "hands": len(self.match.results),
                                "left": [i for i, s in enumerate(self.seats) if s.left]}
        if self.match.entrants == 2:
            data["mp"] = list(self.match.match_points())
            data["vp"] = list(self.match.victory_points())
        return data

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
                await self.event("bot", seat, f"{difficulty}|Bot {seat} ({difficulty})", user_id)
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
            await self.record_match()

    async def ready(self, seat: int) -> None:
        if self.status != "between":
            raise TableError("there is no finished hand to move on from")
        self.seats[seat].ready = True
        await self._maybe_deal()

    async def _maybe_deal(self, force: bool = False) -> None:
        if self.status != "between":
            return
        waiting = [s for s in self.seats if s.human and not s.left and s.connections > 0 and not s.ready]
        if force or not waiting:
            await self.event("deal")

    async def leave(self, seat: int) -> None:
        user_id = self.seats[seat].user_id
        if self.status == "over":
            raise TableError("the match is over")
        async with self.atomic():  # the leave and the deal it may allow are stored together
            await self.event("leave", seat, "left the table", user_id)
            await self._maybe_deal()
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

    # ------------------------------------------------------------------ time (lock held)
    async def tick(self, now: float) -> bool:
        """Apply what the clock calls for: a stand-in for an absent player after the grace period, a
        bot finishing a turn whose timer ran out, the next deal after a finished hand. True if changed."""
        changed = False
        if self.status == "over" and not self.recorded:
            await self.record_match()
        elif self.status == "playing" and self.hand is not None:
            seat = self.hand.to_play
            s = self.seats[seat]
            if s.human and not s.left and not s.standin and self.auto_turn != seat:
                absent_for = now - max(s.absent_since, self.turn_started)
                if s.connections == 0 and absent_for >= self.config.grace:
                    await self.event("standin", seat, "on")
                    changed = True
                elif self.turn_timer > 0 and now - self.turn_started >= self.turn_timer:
                    await self.event("timer", seat, "turn timer ran out: a bot finishes the turn")
                    changed = True
        elif self.status == "between":
            limit = max(self.config.grace, self.config.turn_timer)
            if now - self.between_since >= limit:
                await self._maybe_deal(force=True)
                changed = True
        if changed:
            self.broadcast(full=self.status != "playing")
            self.kick_bots()
        self.send_watchers(now)
        return changed

    def needs_tick(self, now: float) -> bool:
        """Cheap check (no lock) whether :meth:`tick` may have something to do."""
        if self.status == "over" and not self.recorded:
            return True
        if self.watchers_dirty and now - self.watchers_at >= self.runtime.limits.watchers_every:
            return True
        if self.status == "between":
            return now - self.between_since >= max(self.config.grace, self.config.turn_timer)
        if self.status != "playing" or self.hand is None:
            return False
        s = self.seats[self.hand.to_play]
        if not s.human or s.left or s.standin or self.auto_turn == self.hand.to_play:
            return False
        if s.connections == 0 and now - max(s.absent_since, self.turn_started) >= self.config.grace:
            return True
        return self.turn_timer > 0 and now - self.turn_started >= self.turn_timer

    # ------------------------------------------------------------------ bots
    def kick_bots(self) -> None:
        """Start the table's bot task if a bot is to play and none is running."""
        if self.status != "playing" or self.hand is None or self.bot_task is not None or self.runtime.closing:
            return
        if self.paused:
            return
        if self.controller(self.hand.to_play) is None:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_loop())

    @property
    def paused(self) -> bool:
        """An all-bot table plays only while someone watches it."""
        return self.all_bots and not self.conns

    def _bot_seed(self, seat: int) -> int:
        """Bots are rebuilt for each decision from a seed of the table, hand, step and seat, so a
        restarted table plays on exactly as it would have."""
        hand = self.hand
        step = len(hand.log) if hand is not None else 0
        return (self.config.seed * 1_000_003 + self.hand_no * 7919 + step * 131 + seat) & MASK63

    async def _bot_loop(self) -> None:
        try:
            while True:
                if self.runtime.bot_delay > 0:
                    await asyncio.sleep(self.runtime.bot_delay)
                else:
                    await asyncio.sleep(0)
                async with self.lock:
                    hand = self.hand
                    if self.status != "playing" or hand is None or self.paused:
                        return
                    seat = hand.to_play
                    name = self.controller(seat)
                    if name is None:
                        return
                    bot = make_bot(name, seed=self._bot_seed(seat), rules=self.rules)
                    view = observe(hand, seat)
                    legal = hand.legal_actions()
                    if name.split(":")[0] in SLOW_BOTS:
                        action = await asyncio.to_thread(bot.choose, view, legal)
                    else:
                        action = bot.choose(view, legal)
                    try:
                        await self.act(seat, action)
                    except TableError as error:
                        if error.code != STORE_FAILED:
                            raise
                        retry = True
                    else:
                        retry = False
                        self.broadcast(full=self.status != "playing")
                if retry:  # the database refused the move: nothing changed; try again a little later
                    await asyncio.sleep(STORE_RETRY)
        except Exception:
            log.exception("bot task of table %s failed", self.id)
        finally:
            self.bot_task = None
            # a human may have reconnected or the hand moved on while we were finishing
            if self.status == "playing" and self.hand is not None and self.controller(self.hand.to_play) \
                    and not self.paused:
                self.kick_bots()

    # ------------------------------------------------------------------ end of the match
    async def record_match(self) -> None:
        """Record the finished match; if the database refuses, the ticker tries again later."""
        try:
            await self._record_match()
        except Exception as error:
            log.warning("table %s: the finished match could not be recorded yet: %s", self.id, error)

    async def _record_match(self) -> None:
        """Store the finished match: its summary, each player's result and rating change."""
        summary = self.summary or self._summary()
        record = MatchRecord(self.id, self.runtime.wallclock(), {**summary, "results": self.results()},
                             self.entrants(), list(self.match.totals), [s.user_id for s in self.seats],
                             [s.left for s in self.seats], self.rated)
        await self.runtime.repos.matches.record(record)
        self.recorded = True


def new_seed() -> int:
    """A live table's secret seed: from the OS's secure randomness, never chosen by a client."""
    return secrets.randbits(63)
