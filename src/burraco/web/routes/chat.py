"""Table talk over HTTP: one's mute list (``/api/mutes``) and reports of chat messages for an operator
(``/api/chat/reports``). The messages themselves travel on the table's WebSocket (``table/chat.py``).

A mute names the muted player, so it is taken only for a player whose profile the asker may open
(``routes/users.py`` :func:`~burraco.web.routes.users.may_see`): anyone else is "no such player" (404),
as an unknown id is, so ids cannot be walked to names through the mute list. Likewise a report is taken
only of a message of a table the reporter sat at, talked at or is connected to (anyone else: "no such
message"), and reports are limited per user and per address (``accounts/social_limits.py``).

A refusal's ``detail`` is ``{code, message, params}`` as everywhere (the page words ``http.<code>``).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.http.refusals import refused
from burraco.web.lobby.manager import TableManager
from burraco.web.persistence.repositories.chat import ChatRepository
from burraco.web.routes.deps import Address, Config, Manager, Repos, RequiredUser, SocialRates, UserId
from burraco.web.routes.users import may_see

router = APIRouter(prefix="/api", tags=["chat"])


class Muted(BaseModel):
    id: int
    name: str


class MutesResponse(BaseModel):
    muted: list[Muted]


class MuteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    user_id: int = Field(ge=0, le=2**31 - 1)


class ReportRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message_id: int = Field(ge=0, le=2**31 - 1)


class ReportResponse(BaseModel):
    reported: bool


def _chat(repos: Repos) -> ChatRepository:
    return ChatRepository(repos.users.store)


def _mutes(repos: Repos, user_id: int) -> MutesResponse:
    return MutesResponse(muted=[Muted(id=i, name=n) for i, n in _chat(repos).mutes(user_id)])


@router.get("/mutes")
def mutes(user: RequiredUser, repos: Repos) -> MutesResponse:
    """The players whose chat messages the signed-in user does not want to see."""
    return _mutes(repos, user.id)


@router.post("/mutes")
async def mute(body: MuteRequest, user: RequiredUser, repos: Repos, config: Config, manager: Manager) -> MutesResponse:
    """Mute a player for oneself (their messages are hidden on one's page, wherever one plays): a player
    one may see (404 ``chat_user_unknown`` for anyone else, as for an unknown id)."""
    if body.user_id == user.id:
        raise refused(400, "chat_mute_self")
    muted = await asyncio.to_thread(repos.users.get, body.user_id)
    if muted is None or not await asyncio.to_thread(may_see, muted, user, repos, manager):
        raise refused(404, "chat_user_unknown")
    why = await _chat(repos).mute(user.id, body.user_id, config.wallclock())
    if why is not None:
        raise refused(404 if why == "chat_user_unknown" else 429, why)
    return _mutes(repos, user.id)


@router.delete("/mutes/{user_id}")
async def unmute(user_id: UserId, user: RequiredUser, repos: Repos) -> MutesResponse:
    """Show a muted player's messages again."""
    await _chat(repos).unmute(user.id, user_id)
    return _mutes(repos, user.id)


@router.post("/chat/reports")
async def report(
    body: ReportRequest,
    user: RequiredUser,
    repos: Repos,
    config: Config,
    manager: Manager,
    rates: SocialRates,
    where: Address,
) -> ReportResponse:
    """Report a chat message for an operator: stored with its table, hand and the messages said before it
    (``burraco chat-reports`` lists them). Only a message of a table one was at (404 otherwise, as for an
    unknown id); 429 ``reports_too_fast`` past the rate."""
    chat = _chat(repos)
    line = await asyncio.to_thread(chat.message, body.message_id)
    if line is None or not await asyncio.to_thread(_was_at, chat, manager, line.table_id, user.id):
        raise refused(404, "chat_message_unknown")
    if line.user == user.id:
        raise refused(400, "chat_own_message")
    await rates.reports.take(user.id, where, config.clock)
    if not await chat.report(line, user.id, config.wallclock()):
        raise refused(409, "chat_reported")
    return ReportResponse(reported=True)


def _was_at(chat: ChatRepository, manager: TableManager, table_id: int, user_id: int) -> bool:
    """Whether the user sat or talked at the table, or is connected to it now (on this process)."""
    table = manager.tables.get(table_id)
    if table is not None and any(c.user is not None and c.user.id == user_id for c in table.conns):
        return True
    return chat.was_at(table_id, user_id)
