"""A table's bot task: it plays every seat a bot controls (bots, stand-ins, timed-out turns), one move
at a time through the table's actor (``actor.py``), paced by ``bot_delay``; slow bots
(``hard``, ``expert``, ``champion``) think in a worker thread, the champion within the runtime's
``champion_ms`` per decision, so the event loop keeps serving."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from burraco.bots.base import Bot
from burraco.bots.levels import make_level
from burraco.bots.registry import make_bot
from burraco.core.actions import Action
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.table.model import Status, TableState

log = logging.getLogger(__name__)
SLOW_BOTS: Final = ("hard", "ismcts", "expert", "champion")
"""Bots that think for long: they run in a worker thread so the event loop keeps serving."""
MASK63: Final = (1 << 63) - 1
STORE_RETRY: Final = 1.0
"""Seconds a bot waits before playing again a move the database could not store."""


def build_bot(name: str, seed: int, rules: Rules, champion_ms: float) -> Bot:
    """The bot a seat's ``name`` calls for; the champion searches at most ``champion_ms`` per decision
    (its own wall-clock budget: the table's injected clock is not read).

    >>> build_bot("champion", 1, Rules(), 5.0).seconds
    0.005
    """
    if name == "champion":
        return make_level("champion", seed, rules, options={"ms": champion_ms})
    return make_bot(name, seed=seed, rules=rules)


def bot_seed(table: TableState, seat: int) -> int:
    """Bots are rebuilt for each decision from a seed of the table, hand, step and seat, so a
    restarted table plays on exactly as it would have."""
    step = len(table.hand.log) if table.hand is not None else 0
    return (table.config.seed * 1_000_003 + table.hand_no * 7919 + step * 131 + seat) & MASK63


async def choose(table: TableState, name: str, seat: int) -> Action:
    """The move the bot ``name`` makes for ``seat`` (from that seat's view only)."""
    hand = table.hand
    assert hand is not None
    bot = build_bot(name, bot_seed(table, seat), table.rules, table.runtime.champion_ms)
    view = observe(hand, seat)
    legal = hand.legal_actions()
    if name.split(":")[0] in SLOW_BOTS:
        return await asyncio.to_thread(bot.choose, view, legal)
    return bot.choose(view, legal)


def bot_to_play(table: TableState) -> str | None:
    """The bot to play now (a bot's seat, a stand-in, a timed-out turn), or None."""
    if table.status != Status.PLAYING or table.hand is None or table.paused:
        return None
    return table.controller(table.hand.to_play)


class BotScheduler:
    """Runs the table's bot task while a bot is to play: ``step`` plays one bot move through the table's
    actor and says whether it did (True), could not store it (False: tried again a little later), or
    found nothing to play (None: the task ends)."""

    def __init__(self, table: TableState, step: Callable[[], Awaitable[bool | None]]) -> None:
        self.table = table
        self.step = step
        self.task: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Start the task if a bot is to play and none is running."""
        if self.task is not None or self.table.runtime.closing or bot_to_play(self.table) is None:
            return
        self.task = asyncio.get_running_loop().create_task(self._loop())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

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
