"""Play with a friend: a private table's invitation links (``persistence/repositories/invitations.py``).

The table is made by ``POST /api/tables`` with ``private: true``; its owner then makes links (for anyone
who has the link, or for one friend, keeping them a seat), lists and revokes them. Opening a link
(``#/invite/<token>`` in the page) reads it (``GET``, no session needed) and takes it (``POST .../accept``):
the player is let in, and sits in a free seat as soon as their page connects to the table, on whichever
process holds it (``table/invited.py``). An expired, revoked or unknown link, one for another player, or
one whose table is full, started or over is refused with its reason, and nothing changes.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from pydantic import BaseModel, Field

from burraco.web.cluster.node import Node
from burraco.web.http.refusals import refused
from burraco.web.persistence.repositories.friends import FriendRepository, NotificationKind
from burraco.web.persistence.repositories.invitations import (
    INVITATION_TTL,
    MAX_LIVE_INVITATIONS,
    Invitation,
    InvitationRepository,
    LinkState,
    TableRow,
)
from burraco.web.routes.deps import Address, ClusterNode, Config, OptionalUser, RequiredUser, SocialRates, TableId

router = APIRouter(prefix="/api", tags=["friends"])
Token = Annotated[str, PathParam(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
InvitationId = Annotated[int, PathParam(ge=0, le=2**31 - 1)]


class NewInvitation(BaseModel):
    friend_id: int | None = Field(default=None, ge=0, le=2**31 - 1)
    """The one friend the link is for (they get a notification); None: anyone who has the link."""
    seat: int | None = Field(default=None, ge=0, le=3)
    """The seat kept for that friend (None: the first free one)."""


def repo(request: Request) -> InvitationRepository:
    return InvitationRepository(request.app.state.store)


async def _owned(request: Request, table_id: int, user_id: int) -> TableRow:
    table = await asyncio.to_thread(repo(request).table, table_id)
    if table is None:
        raise refused(404, "invitation_table_over")
    if table.created_by != user_id:
        raise refused(403, "not_table_owner")
    if not table.private:
        raise refused(409, "not_private_table")
    if table.status in ("over", "closed"):
        raise refused(410, "invitation_table_over")
    return table


@router.post("/tables/{table_id}/invitations")
async def create(
    table_id: TableId,
    body: NewInvitation,
    request: Request,
    user: RequiredUser,
    settings: Config,
    rates: SocialRates,
    where: Address,
) -> dict[str, Any]:
    """A new invitation link to the owner's table with friends (``token``: shown once, never stored); one
    for a friend notifies them (replacing their earlier invitation to the table), limited per user and
    per address like every invitation."""
    table = await _owned(request, table_id, user.id)
    if body.seat is not None and body.seat >= table.players:
        raise refused(422, "bad_seat", last=table.players - 1)
    friends = FriendRepository(request.app.state.store)
    if body.friend_id is not None and not await asyncio.to_thread(friends.are_friends, user.id, body.friend_id):
        raise refused(403, "invite_not_friend")
    if body.friend_id is not None:
        await rates.invitations.take(user.id, where, settings.clock)
    now = settings.wallclock()
    made = await asyncio.to_thread(
        repo(request).create, table.id, user.id, body.friend_id, body.seat, now, INVITATION_TTL
    )
    if made is None:
        raise refused(429, "too_many_invitations", limit=MAX_LIVE_INVITATIONS)
    invitation, token = made
    if body.friend_id is not None:
        data = {"from_id": user.id, "from_name": user.name, "table_id": table.id, "table_name": table.name}
        await asyncio.to_thread(
            friends.notify, body.friend_id, NotificationKind.TABLE_INVITE, {**data, "token": token}, now
        )
    return {"invitation": invitation.to_dict(now), "token": token, "path": f"#/invite/{token}"}


@router.get("/tables/{table_id}/invitations")
async def listed(table_id: TableId, request: Request, user: RequiredUser, settings: Config) -> dict[str, Any]:
    """The owner's links to their table with friends (without their tokens)."""
    table = await _owned(request, table_id, user.id)
    found = await asyncio.to_thread(repo(request).of_table, table.id)
    now = settings.wallclock()
    return {"invitations": [i.to_dict(now) for i in found]}


@router.delete("/invitations/{invitation_id}")
async def revoke(invitation_id: InvitationId, request: Request, user: RequiredUser, settings: Config) -> dict[str, Any]:
    """Revoke a link: it no longer lets anyone in (those it let in stay)."""
    invitation = await asyncio.to_thread(repo(request).get, invitation_id)
    if invitation is None:
        raise refused(404, "invitation_unknown")
    if invitation.owner_id != user.id:
        raise refused(403, "not_table_owner")
    await asyncio.to_thread(repo(request).revoke, invitation.id, settings.wallclock())
    return {"status": LinkState.REVOKED.value}


async def _valid(request: Request, token: str, now: float) -> tuple[Invitation, TableRow]:
    """The working link of ``token`` and its table, or the refusal that says why not."""
    invitation = await asyncio.to_thread(repo(request).by_token, token)
    if invitation is None:
        raise refused(404, "invitation_unknown")
    state = invitation.state(now)
    if state is not LinkState.VALID:
        raise refused(410, f"invitation_{state.value}")
    table = await asyncio.to_thread(repo(request).table, invitation.table_id)
    if table is None or table.status in ("over", "closed"):
        raise refused(410, "invitation_table_over")
    return invitation, table


def live_info(node: Node, table_id: int) -> dict[str, Any] | None:
    """The table's summary from the process holding it (this one, or another through the shared lobby;
    read from a worker thread, as the lobby's route reads it)."""
    table = node.manager.tables.get(table_id)
    if table is not None:
        return table.info()
    if node.shared_lobby is None:
        return None
    return next((info for info in node.shared_lobby.others() if info["id"] == table_id), None)


@router.get("/invitations/{token}")
async def read(token: Token, request: Request, user: OptionalUser, settings: Config) -> dict[str, Any]:
    """What a link invites to (anyone may read a working link: the page shows it before a guest picks a
    nickname)."""
    invitation, table = await _valid(request, token, settings.wallclock())
    owner = None if table.created_by is None else request.app.state.repos.users.get(table.created_by)
    mine = invitation.friend_id is None or (user is not None and user.id == invitation.friend_id)
    return {
        "table": {"id": table.id, "name": table.name, "players": table.players, "status": table.status},
        "owner": None if owner is None else owner.name,
        "for_anyone": invitation.friend_id is None,
        "for_you": mine,
        "seat": invitation.seat,
        "expires_at": invitation.expires_at,
    }


@router.post("/invitations/{token}/accept")
async def accept(
    token: Token, request: Request, user: RequiredUser, node: ClusterNode, settings: Config
) -> dict[str, Any]:
    """Take a link: the player is let in and sits in a free seat when their page connects to the table."""
    now = settings.wallclock()
    invitation, table = await _valid(request, token, now)
    if user.id == table.created_by:
        return {"table_id": table.id}
    if invitation.friend_id is not None and invitation.friend_id != user.id:
        raise refused(403, "invitation_not_for_you")
    friends = FriendRepository(request.app.state.store)
    if table.created_by is not None and await asyncio.to_thread(friends.is_blocked, table.created_by, user.id):
        raise refused(403, "friend_blocked")
    info = await asyncio.to_thread(live_info, node, table.id)  # (another process's: a Redis read)
    seated = info is not None and any(s["user_id"] == user.id and s["bot"] is None for s in info["seats"])
    if info is not None and not seated:
        if info["status"] != "waiting":
            raise refused(409, "invitation_started")
        kept = await asyncio.to_thread(repo(request).kept_seats, table.id, now)
        free = [s["seat"] for s in info["seats"] if s["user_id"] is None and kept.get(s["seat"], user.id) == user.id]
        if not free:
            raise refused(409, "invitation_table_full")
    await asyncio.to_thread(repo(request).admit, table.id, user.id, invitation.seat, now)
    return {"table_id": table.id}
