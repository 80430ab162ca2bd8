"""The lobby and its tables: presets, the list of open tables, creating a table, one table's state."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from burraco.core.errors import BurracoError
from burraco.core.options import PRESETS, Rules, preset
from burraco.web.accounts.auth import User
from burraco.web.http.refusals import refused
from burraco.web.protocol.messages import ErrorCode
from burraco.web.protocol.schemas import CreateTable, LobbyResponse, TableDetail, TableResponse, TableSummary
from burraco.web.routes.deps import ClusterNode, Config, Manager, OptionalUser, RequiredUser, TableId, address
from burraco.web.table.admission import may_see
from burraco.web.table.bots import check_slow_bots
from burraco.web.table.live import Table, TableConfig, TableError, new_seed

router = APIRouter(prefix="/api", tags=["tables"])


def detail(table: Table) -> TableResponse:
    return TableResponse(table=TableDetail.model_validate(table.info(full=True)))


def rules_of(body: CreateTable) -> Rules:
    """The table's rules: a preset with the request's changes (422 if they do not make valid rules)."""
    try:
        changes: dict[str, Any] = body.options.changes()
        changes["players"] = body.players
        if body.hands is not None:
            changes["hands_per_turn"] = body.hands
        if body.target is not None:
            changes["target"] = body.target
        return preset(body.preset, **changes)
    except (BurracoError, TypeError) as error:
        raise refused(422, "bad_rules", text=str(error)) from None


def check_practice(body: CreateTable) -> None:
    """A chosen seed would let its chooser compute every hidden card: only a private practice table
    (the creator alone with bots, unrated) may have one. Live tables deal from :func:`new_seed`."""
    if body.practice and (not body.sit or body.bots is None):
        raise refused(422, "practice_needs_bots")
    if body.seed is not None and not body.practice:
        raise refused(422, "seed_practice_only")


@router.get("/presets")
def presets() -> dict[str, dict[str, Any]]:
    """Every rules preset by name."""
    return {name: rules.to_dict() for name, rules in PRESETS.items()}


@router.get("/tables")
def lobby(node: ClusterNode) -> LobbyResponse:
    """The open tables of every server process (practice tables and all-bot tables are not listed)."""
    return LobbyResponse(tables=[TableSummary.model_validate(info) for info in node.lobby()])


@router.post("/tables")
async def create_table(
    body: CreateTable, request: Request, user: RequiredUser, manager: Manager, settings: Config
) -> TableResponse:
    """Create a table (and sit, and seat bots). Too many tables too fast, or too many unfinished: 429."""
    rules = rules_of(body)
    check_practice(body)
    if manager.shared_limits is not None:  # one bucket per user and per address for every process
        await manager.shared_limits.check_rate(user.id, address(request))
    else:
        request.app.state.creation_guard.check(user.id, address(request))
    if body.bots is not None:  # refused before the table opens (fill_bots checks again, in the table's actor)
        try:
            check_slow_bots(manager.runtime, user.id, body.bots)
        except TableError as error:
            raise too_many(error) from None
    table = await _open(body, rules, user, manager, settings.wallclock())
    try:
        await table.actor.run(lambda: _seat_creator(table, body, user))
    except TableError as error:  # another of the user's tables took the last place meanwhile
        if error.code != ErrorCode.TOO_MANY_SLOW_BOTS:
            raise
        raise too_many(error) from None
    return detail(table)


def too_many(error: TableError) -> HTTPException:
    """429 for a user who has as many tables (or tables with slow bots) as allowed."""
    return HTTPException(429, {"code": error.code, "message": str(error), "params": error.params})


async def _seat_creator(table: Table, body: CreateTable, user: User) -> None:
    async with table.atomic():  # seat, bots and first deal: stored together or not at all
        if body.sit:
            await table.sit(user, 0)
        if body.bots:
            await table.fill_bots(body.bots)
    table.broadcast(full=True)
    table.kick_bots()


async def _open(body: CreateTable, rules: Rules, user: User, manager: Manager, now: float) -> Table:
    name = body.name.strip() or f"{user.name}'s table"
    seed = body.seed if body.seed is not None else new_seed()
    config = TableConfig(
        name, body.preset.strip().lower(), rules, seed, body.turn_timer, body.grace, user.id, now, body.practice
    )
    config.private = body.private  # a table with friends: its invitation links let the others in (invitations.py)
    try:
        return await manager.create(config, user)
    except TableError as error:  # too many unfinished tables
        raise too_many(error) from None


def live_table(manager: Manager, table_id: int, user: User | None) -> Table:
    """A live table ``user`` may see (404 if none is live here; 403 if it is another player's private
    practice: the same rule as its socket's, ``admission.py``)."""
    table = manager.tables.get(table_id)
    if table is None:
        raise HTTPException(404, f"no live table {table_id}")
    if not may_see(table, user):
        raise refused(403, "invite_only" if table.config.private else "private_table", table=table_id)
    return table


@router.get("/tables/{table_id}")
def table_info(table_id: TableId, manager: Manager, user: OptionalUser) -> TableResponse:
    """A live table's summary, rules and results (a private practice table: its owner's alone)."""
    return detail(live_table(manager, table_id, user))
