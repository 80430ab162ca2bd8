"""A table's bot task: it plays every seat a bot controls (bots, stand-ins, timed-out turns), one move
at a time through the table's actor (``table_actor.py``), paced by ``bot_delay``; slow bots
(``hard``, ``expert``, ``champion``) think in a worker thread, the champion within the runtime's
``champion_ms`` per decision, so the event loop keeps serving."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Final

from burraco.bots.base import Bot
from burraco.bots.levels import make_level
from burraco.bots.registry import make_bot
from burraco.core.actions import Action
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.table.durability import STORE_FAILED
from burraco.web.table.seats import TableError

if TYPE_CHECKING:
    from burraco.web.table.live import Table

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


class BotScheduler:
    """Starts the table's bot task when a bot is to play and none is running."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.task: asyncio.Task[None] | None = None

    def kick(self) -> None:
        table = self.table
        if table.status != "playing" or table.hand is None or self.task is not None or table.runtime.closing:
            return
        if table.paused or table.controller(table.hand.to_play) is None:
            return
        self.task = asyncio.get_running_loop().create_task(self._loop())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def seed(self, seat: int) -> int:
        """Bots are rebuilt for each decision from a seed of the table, hand, step and seat, so a
        restarted table plays on exactly as it would have."""
        table = self.table
        step = len(table.hand.log) if table.hand is not None else 0
        return (table.config.seed * 1_000_003 + table.hand_no * 7919 + step * 131 + seat) & MASK63

    async def _loop(self) -> None:
        table = self.table
        try:
            while True:
                await asyncio.sleep(table.runtime.bot_delay if table.runtime.bot_delay > 0 else 0)
                played = await table.actor.run(self._play_one)
                if played is None:
                    return
                if not played:  # the database refused the move: nothing changed; try again a little later
                    await asyncio.sleep(STORE_RETRY)
        except Exception:
            log.exception("bot task of table %s failed", table.id)
        finally:
            self.task = None
            # a human may have reconnected or the hand moved on while we were finishing
            if (
                table.status == "playing"
                and table.hand is not None
                and table.controller(table.hand.to_play)
                and not table.paused
            ):
                self.kick()

    async def _play_one(self) -> bool | None:
        """One bot move (lock held): True played, False not stored (retry), None nothing to play."""
        table = self.table
        hand = table.hand
        if table.status != "playing" or hand is None or table.paused:
            return None
        seat = hand.to_play
        name = table.controller(seat)
        if name is None:
            return None
        action = await self._choose(name, seat)
        try:
            await table.act(seat, action)
        except TableError as error:
            if error.code != STORE_FAILED:
                raise
            return False
        table.broadcast(full=table.status != "playing")
        return True

    async def _choose(self, name: str, seat: int) -> Action:
        table = self.table
        hand = table.hand
        assert hand is not None
        bot = build_bot(name, self.seed(seat), table.rules, table.runtime.champion_ms)
        view = observe(hand, seat)
        legal = hand.legal_actions()
        if name.split(":")[0] in SLOW_BOTS:
            return await asyncio.to_thread(bot.choose, view, legal)
        return bot.choose(view, legal)
