"""A table's bot task: it plays every seat a bot controls (bots, stand-ins, the minimum turn of a timed-out
turn), one move at a time through the table's actor (``actor.py``), paced by ``bot_delay``.

A quick bot chooses in the actor. A slow bot (``hard``, ``expert``, ``champion``; the champion within
the runtime's ``champion_ms`` per decision) thinks in the app's :class:`~burraco.web.table.thinking.BotPool`,
off the event loop and off the table's actor (a player's message, the clock, a spectator joining are
served meanwhile), in its owner's turn among the owners waiting (:func:`owner`; an all-bot table's
after the decisions players wait for); its move is played if the table has not moved on meanwhile,
else it decides again from where the table is now. If its decision does not come by the pool's
deadline (or its worker fails), the quick stand-in bot (``FALLBACK_BOT``) moves for it, counted in
``/api/stats`` (``bot_fallbacks``) and logged with the table and the level."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Final

from burraco.bots.registry import make_bot
from burraco.core.actions import Action
from burraco.core.view import observe
from burraco.web.protocol.messages import ErrorCode
from burraco.web.table.actor import TableActor
from burraco.web.table.events import TableEvent
from burraco.web.table.model import Runtime, Status, TableState
from burraco.web.table.seats import TableError
from burraco.web.table.thinking import FALLBACK_BOT, Overdue, Thought, slow
from burraco.web.table.thinking import SLOW_BOTS as SLOW_BOTS
from burraco.web.table.thinking import build_bot as build_bot
from burraco.web.table.timeout_turn import minimum_move

log = logging.getLogger(__name__)
MASK63: Final = (1 << 63) - 1
STORE_RETRY: Final = 1.0
"""Seconds a bot waits before playing again a move the database could not store."""
Play = Callable[[int, Action, TableEvent | None], Awaitable[bool]]
"""Play a bot's move for a seat in the table's actor, after storing the event that says who made it
when it is not the seat's own bot's (a fallback): True played, False not stored (retry)."""


def bot_seed(table: TableState, seat: int) -> int:
    """Bots are rebuilt for each decision from a seed of the table, hand, step and seat, so a
    restarted table plays on exactly as it would have."""
    step = len(table.hand.log) if table.hand is not None else 0
    return (table.config.seed * 1_000_003 + table.hand_no * 7919 + step * 131 + seat) & MASK63


def owner(table: TableState) -> Hashable:
    """Whose share of the bots' thinking a table's decisions take: its creator's (all of a user's tables
    share one turn), or its own for a tournament's table or a table nobody created."""
    if table.config.tournament is not None or table.config.created_by is None:
        return ("table", table.id)
    return ("user", table.config.created_by)


def slow_bot_tables(runtime: Runtime, user_id: int, besides: int | None = None) -> int:
    """Unfinished tables ``user_id`` created (tournament tables aside) that seat a slow bot, but
    ``besides``."""
    return sum(
        1
        for table in list(runtime.tables.values())
        if table.id != besides
        and table.config.created_by == user_id
        and table.config.tournament is None
        and table.status != Status.OVER
        and any(seat.bot is not None and slow(seat.bot) for seat in table.seats)
    )


def check_slow_bots(runtime: Runtime, user_id: int, bot: str, besides: int | None = None) -> None:
    """Refuse (``TableError``) seating the bot ``bot`` at one more of ``user_id``'s tables if it is slow
    and they have as many tables with slow bots as allowed (``Limits.max_slow_bot_tables``)."""
    limit = runtime.limits.max_slow_bot_tables
    if slow(bot) and slow_bot_tables(runtime, user_id, besides) >= limit:
        raise TableError(
            f"you already have {limit} unfinished tables with expert or champion bots: finish one first",
            ErrorCode.TOO_MANY_SLOW_BOTS,
            limit=limit,
        )


def choose_now(table: TableState, name: str, seat: int) -> Action:
    """The move the quick bot ``name`` makes for ``seat`` (from that seat's view only); for a timed-out
    turn, the minimum turn's next move (``timeout_turn.py``: draw, discard, never a meld)."""
    hand = table.hand
    assert hand is not None
    if table.timed_out_turn(seat):
        return minimum_move(hand, seat, table.rules, bot_seed(table, seat), name)
    bot = make_bot(name, seed=bot_seed(table, seat), rules=table.rules)
    return bot.choose(observe(hand, seat), hand.legal_actions())


def thought(table: TableState, name: str, seat: int) -> Thought:
    """The decision the slow bot ``name`` has to make for ``seat`` (that seat's view only)."""
    hand = table.hand
    assert hand is not None
    view = observe(hand, seat)
    legal = tuple(hand.legal_actions())
    return Thought(name, bot_seed(table, seat), table.rules, table.runtime.champion_ms, view, legal)


@dataclass(frozen=True, slots=True)
class Pending:
    """A slow bot's decision being thought: the table's step it was asked at and who is to play."""

    name: str
    seat: int
    seq: int
    thought: Thought


def bot_to_play(table: TableState) -> str | None:
    """The bot to play now (a bot's seat, a stand-in, a timed-out turn), or None."""
    if table.status != Status.PLAYING or table.hand is None or table.paused:
        return None
    return table.controller(table.hand.to_play)


class BotScheduler:
    """Runs the table's bot task while a bot is to play: each step plays one bot move through the
    table's ``actor`` (with ``play``) and says whether it did or the table moved on meanwhile (True),
    could not store it (False: tried again a little later), or found nothing to play (None: the task
    ends)."""

    def __init__(self, table: TableState, actor: TableActor, play: Play) -> None:
        self.table = table
        self.actor = actor
        self.play = play
        self.task: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Start the task if a bot is to play and none is running."""
        if self.task is not None or self.table.runtime.closing or bot_to_play(self.table) is None:
            return
        self.task = asyncio.get_running_loop().create_task(self._loop())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def step(self) -> bool | None:
        """One bot move: a quick bot's in one turn of the actor; a slow bot's decision is taken in the
        actor, thought in the pool, and played in the actor if the table is still where it was."""
        decided = await self.actor.run(self._decide)
        if not isinstance(decided, Pending):
            return decided
        table = self.table
        try:
            action = await table.runtime.bot_pool.think(owner(table), decided.thought, background=table.all_bots)
        except Exception as error:  # late (Overdue), its worker died or stalled, the queue unreachable
            return await self.actor.run(functools.partial(self._fall_back, decided, error))
        return await self.actor.run(lambda: self._play(decided, action))

    async def _decide(self) -> bool | Pending | None:
        table = self.table
        name = bot_to_play(table)
        if name is None or table.hand is None:
            return None
        seat = table.hand.to_play
        if slow(name) and not table.timed_out_turn(seat):
            return Pending(name, seat, table.seq, thought(table, name, seat))
        return await self.play(seat, choose_now(table, name, seat), None)

    def _moved_on(self, pending: Pending) -> bool:
        """Whether the table is no longer where ``pending`` was asked (a move, a human back)."""
        table = self.table
        if table.seq != pending.seq or table.hand is None or table.hand.to_play != pending.seat:
            return True
        return bot_to_play(table) != pending.name

    async def _play(self, pending: Pending, action: Action) -> bool | None:
        if self._moved_on(pending):
            return True  # the table moved on while the bot thought: decide again from here
        return await self.play(pending.seat, action, None)

    async def _fall_back(self, pending: Pending, error: Exception) -> bool | None:
        """The slow bot's decision did not come in time: the quick :data:`FALLBACK_BOT` moves for it
        here (deterministic for the table's seed), and the fallback is recorded in the table's events
        (before the move), counted and logged."""
        table = self.table
        if table.runtime.closing:
            return None
        if self._moved_on(pending):
            return True
        unlogged = table.runtime.bot_pool.fell_back(table.runtime.clock())
        if unlogged is not None:
            log.warning(
                "table %s: the %s bot of seat %d did not decide in time (%s): the %s bot moved for it%s",
                table.id,
                pending.name,
                pending.seat,
                error,
                FALLBACK_BOT,
                f" ({unlogged - 1} other late decisions since the last such line)" if unlogged > 1 else "",
            )
        fallback = TableEvent.fallback(pending.seat, pending.name, FALLBACK_BOT, late=isinstance(error, Overdue))
        return await self.play(pending.seat, choose_now(table, FALLBACK_BOT, pending.seat), fallback)

    async def _loop(self) -> None:
        table = self.table
        try:
            while True:
                await asyncio.sleep(table.runtime.bot_delay if table.runtime.bot_delay > 0 else 0)
                played = await self.step()
                if played is None:
                    return
                if not played:  # the database refused the move: nothing changed; try again a little later
                    await asyncio.sleep(STORE_RETRY)
        except Exception:
            log.exception("bot task of table %s failed", table.id)
        finally:
            self.task = None
            # a human may have reconnected or the hand moved on while we were finishing
            if bot_to_play(table) is not None:
                self.kick()
