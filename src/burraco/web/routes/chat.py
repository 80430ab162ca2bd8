"""Table talk over HTTP: one's mute list (``/api/mutes``) and reports of chat messages for an operator
(``/api/chat/reports``). The messages themselves travel on the table's WebSocket (``table/chat.py``).

A refusal's ``detail`` is ``{code, message, params}`` as everywhere (the page words ``http.<code>``).
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.persistence.repositories.chat import ChatRepository
from burraco.web.routes.deps import Config, Repos, RequiredUser, UserId

router = APIRouter(prefix="/api", tags=["chat"])
MESSAGES = {
    "chat_message_unknown": "there is no such chat message",
    "chat_own_message": "you cannot report your own message",
    "chat_reported": "you have already reported this message",
    "chat_user_unknown": "there is no such player",
    "chat_mute_self": "you cannot mute yourself",
    "chat_too_many_mutes": "you have muted as many players as allowed",
}
"""The refusals of these routes and their English messages."""


def _refused(status: int, code: str) -> HTTPException:
    return HTTPException(status, {"code": code, "message": MESSAGES[code], "params": {}})


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
async def mute(body: MuteRequest, user: RequiredUser, repos: Repos, config: Config) -> MutesResponse:
    """Mute a player for oneself (their messages are hidden on one's page, wherever one plays)."""
    if body.user_id == user.id:
        raise _refused(400, "chat_mute_self")
    why = await _chat(repos).mute(user.id, body.user_id, config.wallclock())
    if why is not None:
        raise _refused(404 if why == "chat_user_unknown" else 429, why)
    return _mutes(repos, user.id)


@router.delete("/mutes/{user_id}")
async def unmute(user_id: UserId, user: RequiredUser, repos: Repos) -> MutesResponse:
    """Show a muted player's messages again."""
    await _chat(repos).unmute(user.id, user_id)
    return _mutes(repos, user.id)


@router.post("/chat/reports")
async def report(body: ReportRequest, user: RequiredUser, repos: Repos, config: Config) -> ReportResponse:
    """Report a chat message for an operator: stored with its table, hand and the messages said before it
    (``burraco chat-reports`` lists them)."""
    chat = _chat(repos)
    line = chat.message(body.message_id)
    if line is None:
        raise _refused(404, "chat_message_unknown")
    if line.user == user.id:
        raise _refused(400, "chat_own_message")
    if not await chat.report(line, user.id, config.wallclock()):
        raise _refused(409, "chat_reported")
    return ReportResponse(reported=True)
