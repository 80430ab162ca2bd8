"""Online tournament turns, the live part: one web table per table of a started turn, its seats taken
by the entrants' linked accounts (a bot, marked as such, where an entrant has no account for a seat;
an absent player's seat is played by the usual stand-in after the grace period), a fixed number of
hands (``Rules.hands_per_turn``) and the turn's clock (``tournament_clock.py``). When a table's match
is recorded, :meth:`OnlineTables.on_recorded` (a ``Runtime.match_observers`` entry: ``table/live.py``
never imports tournament code) enters its game points into the tournament through the director module
and, once the turn is complete, pairs the next one (and opens it at once when the event says ``auto``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from burraco.core.options import Rules, preset
from burraco.web.persistence.repositories.tournaments import TournamentRepository
from burraco.web.table.events import EventKind, TableEvent
from burraco.web.table.live import Table, TableConfig, new_seed
from burraco.web.table.model import TableState
from burraco.web.table.seats import STANDIN_BOT
from burraco.web.tournaments.online import TablePlan, attach_tables, record_result, start_turn
from burraco.web.tournaments.service import TournamentService

if TYPE_CHECKING:
    from burraco.web.accounts.auth import User
    from burraco.web.lobby.manager import TableManager

log = logging.getLogger(__name__)


def table_rules(vp_table: str, hands: int) -> Rules:
    """A tournament table's rules: the event's preset (its VP table's), four players, ``hands`` hands."""
    return Rules(**{**preset(vp_table).to_dict(), "players": 4, "hands_per_turn": hands})


class OnlineTables:
    """Opens a turn's live tables and records their results (one per app: ``app.state.online``)."""

    def __init__(self, manager: TableManager, bot: str = STANDIN_BOT, grace: float = 30.0) -> None:
        self.manager = manager
        self.runtime = manager.runtime
        self.bot = bot
        """The bot that plays an entrant's seats no account is linked to."""
        self.grace = grace
        """Seconds an absent linked player's seat waits before the stand-in plays it (as at every table)."""
        self.lock = asyncio.Lock()
        """Serialises this process's tournament writes (other processes: the row's version)."""

    def service(self) -> TournamentService:
        return TournamentService(TournamentRepository(self.runtime.store), self.runtime.wallclock)

    async def start(
        self, tournament_id: int, user: User | None, version: int | None, minutes: float | None
    ) -> list[int]:
        """The director starts the next turn (or opens a late arrival's table): the ids of the tables opened."""
        async with self.lock:
            plans = await asyncio.to_thread(start_turn, self.service(), tournament_id, user, version, minutes)
            return await self._open_all(plans)

    async def _open_all(self, plans: list[TablePlan]) -> list[int]:
        opened: dict[int, int] = {}
        for plan in plans:
            opened[plan.table] = (await self.open(plan)).id
        if plans:
            await asyncio.to_thread(attach_tables, self.service(), plans[0].tournament_id, plans[0].turn, opened)
        return list(opened.values())

    async def open(self, plan: TablePlan) -> Table:
        """Create, seat and deal one tournament table."""
        tournament: dict[str, Any] = {
            "id": plan.tournament_id,
            "turn": plan.turn,
            "table": plan.table,
            "deadline": plan.deadline,
        }
        config = TableConfig(
            plan.name,
            plan.vp_table,
            table_rules(plan.vp_table, plan.hands),
            new_seed(),
            grace=self.grace,
            created_by=plan.owner_id,
            created_at=self.runtime.wallclock(),
            tournament=tournament,
        )
        table = await self.manager.create(config)
        await table.actor.run(lambda: self._seat(table, plan))
        return table

    async def _seat(self, table: Table, plan: TablePlan) -> None:
        async with table.atomic():
            for seat, who in enumerate(plan.seats):
                if who.user_id is None:
                    bot = TableEvent.bot(seat, self.bot, who.name, self.runtime.bot_users.get(self.bot))
                    await table.event(bot)
                else:
                    await table.event(TableEvent(EventKind.SIT, seat, who.name, who.user_id))
            await table.event(TableEvent(EventKind.DEAL))
        table.kick_bots()

    async def on_recorded(self, table: TableState) -> None:
        """A finished table's game points become its result; a complete turn pairs the next one."""
        info = table.config.tournament
        if info is None:
            return
        ns, ew = table.match.totals[0], table.match.totals[1]
        async with self.lock:
            auto = await asyncio.to_thread(
                record_result, self.service(), int(info["id"]), int(info["turn"]), int(info["table"]), ns, ew
            )
            if auto:
                plans = await asyncio.to_thread(start_turn, self.service(), int(info["id"]), None, None, None, False)
                await self._open_all(plans)


def install(manager: TableManager) -> OnlineTables:
    """Give the app its online tournaments: finished tournament tables report to them."""
    online = OnlineTables(manager)
    manager.runtime.match_observers.append(online.on_recorded)
    return online
