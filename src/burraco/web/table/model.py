"""A live table's state: what it is created with, what every table of one app shares, and what it holds.

:class:`TableConfig` is stored in the table's row; :class:`Runtime` holds the app's store, clocks,
bot pacing and thinking, limits and leases; :func:`new_seed` is a live table's secret seed. :class:`TableState` is
everything an event may change and the questions asked of it; the collaborators of a table (events,
clocks, views, results, bots) take a :class:`TableState`. The live table that applies, stores and
publishes their events is :class:`burraco.web.table.live.Table`.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from burraco.bots.levels import CHAMPION_MS
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.web.persistence import db
from burraco.web.persistence.leases import Leases, LocalLeases
from burraco.web.persistence.repositories import Repositories
from burraco.web.protocol.serialize import MeldTexts
from burraco.web.table.absence import Absence
from burraco.web.table.connection import Viewer
from burraco.web.table.limits import Limits
from burraco.web.table.seats import STANDIN_BOT, Seat
from burraco.web.table.thinking import BotPool

Clock = Callable[[], float]


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
    tournament: dict[str, Any] | None = None
    """A tournament's table (``{"id", "turn", "table", "deadline"}``, ``tournaments/tables.py``): anyone may
    watch it and it plays on while nobody does, even with bots in every seat."""
    private: bool = False
    """A table with friends: only its invitation links let anyone in (``table/invited.py``); not in the
    lobby, rated like any table with humans."""


@dataclass
class Runtime:
    """What every table of one app shares: the store, the clocks, bot pacing and thinking."""

    store: db.Store
    clock: Clock
    wallclock: Clock
    bot_delay: float = 0.0
    champion_ms: float = CHAMPION_MS
    """The champion bot's search budget per decision in milliseconds (``bots.py``)."""
    bot_pool: BotPool = field(default_factory=BotPool)
    """Where the slow bots think: a bounded pool of worker processes shared fairly by owner
    (``thinking.py``; the app sizes it with ``bot_workers`` and stops it)."""
    bot_users: dict[str, int] = field(default_factory=dict)
    closing: bool = False
    """Set when the app stops: no new bot task starts."""
    durable: bool = True
    """Wait for each event's commit before telling anyone (False: queue it and go on; see docs/web.md)."""
    limits: Limits = field(default_factory=Limits)
    leases: Leases = field(default_factory=LocalLeases)
    """Which tables this process may hold (shared with other processes through Redis: ``leases.py``)."""
    tables: Mapping[int, TableState] = field(default_factory=dict)
    """Every live table of this process (the manager's, set by the app; the slow-bot cap counts them)."""
    match_observers: list[Callable[[TableState], Awaitable[None]]] = field(default_factory=list)
    """Called after a table's finished match is recorded (the online tournaments record its result)."""
    repos: Repositories = field(init=False)
    """The data-access layer over ``store`` (no SQL is written anywhere else)."""

    def __post_init__(self) -> None:
        self.repos = Repositories.over(self.store)


def new_seed() -> int:
    """A live table's secret seed: from the OS's secure randomness, never chosen by a client."""
    return secrets.randbits(63)


class Status(StrEnum):
    """Where a table's match stands (stored in the ``tables`` row's ``status``)."""

    WAITING = "waiting"
    """Seats are being taken; nothing dealt yet."""
    PLAYING = "playing"
    """A hand is being played."""
    BETWEEN = "between"
    """A hand is over and the next one is not dealt yet (the score sheet is shown)."""
    OVER = "over"
    """The match is over."""


REMEMBERED_IDS: Final = 64
"""Moves whose ids a table remembers: a move resent with one of them is answered, not applied again."""


class TableState:
    """Everything a live table holds and the questions asked of it (no I/O, no task)."""

    def __init__(self, table_id: int, config: TableConfig, runtime: Runtime) -> None:
        self.id = table_id
        self.config = config
        self.rules = config.rules
        self.meld_texts = MeldTexts(config.rules)
        self.players = config.rules.players
        self.runtime = runtime
        self.match = Match(config.rules, config.seed)
        self.seats = [Seat() for _ in range(self.players)]
        self.status = Status.WAITING
        self.conns: set[Viewer] = set()
        self.seq = 0
        self.hand_no = 0
        self.last_hand: Hand | None = None
        self.turn_key: tuple[int, int, int] = (0, -1, -1)
        self.turn_started = runtime.clock()
        self.acted_at = self.turn_started
        """When the player to play last moved (the idle limit counts from the later of this and the turn's start)."""
        self.between_since = 0.0
        self.auto_turn = -1
        self.absence = Absence.empty(self.players)
        self.action_ids: tuple[tuple[int, int], ...] = ()
        """(seat, id) of the latest :data:`REMEMBERED_IDS` moves whose page gave them an id (events.py)."""
        self.summary: dict[str, Any] | None = None
        self.recorded = False
        self.watchers_dirty = False
        self.idle_since = runtime.clock()
        self.watchers_at = -1e18

    @property
    def hand(self) -> Hand | None:
        return self.match.current

    def applied(self, seat: int, client_id: int) -> bool:
        """Whether ``seat``'s move with this id was applied already (a copy resent after a reconnect)."""
        return (seat, client_id) in self.action_ids

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
        """The table's turn timer as its creator set it (0: no turn clock; ``Limits.idle_limit`` still
        applies, see ``turn_clock.py``)."""
        return self.config.turn_timer

    @property
    def idle_limit(self) -> float:
        """Seconds a player may sit on their turn without a move before the computer takes the seat: the
        server's ``Limits.idle_limit`` at every table but a private practice one (0: none)."""
        return 0.0 if self.config.practice else self.runtime.limits.idle_limit

    def timed_out_turn(self, seat: int) -> bool:
        """Whether ``seat``'s turn ran out and the computer takes the minimum turn for its player (the
        seat is not taken over: ``timeout_turn.py``)."""
        s = self.seats[seat]
        return self.auto_turn == seat and s.human and not s.left and not s.standin

    @property
    def spectators(self) -> int:
        """Connections that do not sit at the table."""
        return max(0, len(self.conns) - sum(s.connections for s in self.seats))

    @property
    def paused(self) -> bool:
        """An all-bot table plays only while someone watches it (a tournament's table always plays)."""
        return self.all_bots and not self.conns and self.config.tournament is None

    def controller(self, seat: int) -> str | None:
        """The bot playing ``seat`` now, or None when its human plays."""
        s = self.seats[seat]
        if s.bot is not None:
            return s.bot
        if s.left or s.standin or self.auto_turn == seat:
            return STANDIN_BOT
        return None
