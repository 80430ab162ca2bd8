"""Friends: find a player by name, friend requests (send, accept, refuse, cancel), unfriend, block, which
friends are online and at which public table, invite a friend to a table, and one's notifications.

Friends are for registered players (accounts): guests and bots are never found, and a guest may not ask.
A notification is a database row, so a friend connected to any process gets it: their open page asks
``GET /api/notifications`` every few seconds (``cluster/presence.py``: that request also marks them
online). See ``docs/web.md`` "Friends".
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from burraco.web.accounts.auth import User
from burraco.web.cluster.node import Node
from burraco.web.cluster.presence import POLL_EVERY, LocalPresence, Presence, RedisPresence
from burraco.web.http.refusals import refused
from burraco.web.persistence.repositories.friends import (
    FriendRepository,
    FriendStatus,
    NotificationKind,
    SocialError,
)
from burraco.web.persistence.repositories.invitations import (
    INVITATION_TTL,
    MAX_LIVE_INVITATIONS,
    InvitationRepository,
)
from burraco.web.routes.deps import Address, ClusterNode, Config, RequiredUser, SocialRates, UserId

router = APIRouter(prefix="/api", tags=["friends"])
MIN_SEARCH = 2
"""Letters a name search needs at least."""
STATUS = {
    "friend_unknown": 404,
    "friend_blocked": 403,
    "already_friends": 409,
    "already_asked": 409,
    "no_request": 404,
    "not_friends": 404,
    "not_blocked": 404,
    "too_many_requests": 429,
    "too_many_friends": 429,
}
"""The HTTP status of each refusal of the friends repository."""


class UserRef(BaseModel):
    user_id: int = Field(ge=0, le=2**31 - 1)


class TableInvite(BaseModel):
    table_id: int = Field(ge=0, le=2**31 - 1)
    seat: int | None = Field(default=None, ge=0, le=3)


class ReadRequest(BaseModel):
    ids: list[int] | None = Field(default=None, max_length=200)


def friends_repo(request: Request) -> FriendRepository:
    return FriendRepository(request.app.state.store)


def presence(request: Request) -> Presence:
    """The app's presence marks (made on first use: in Redis when processes share one)."""
    found: Presence | None = getattr(request.app.state, "presence", None)
    if found is None:
        node: Node = request.app.state.node
        if node.relay is not None:
            found = RedisPresence(node.relay.redis, node.relay.namespace)
        else:
            found = LocalPresence(request.app.state.settings.clock)
        request.app.state.presence = found
    return found


def account(user: User) -> User:
    if user.kind != "account":
        raise refused(403, "friends_accounts_only")
    return user


async def run(call: Any, *args: Any) -> Any:
    """A repository call in a worker thread, its refusal as an HTTP one."""
    try:
        return await asyncio.to_thread(call, *args)
    except SocialError as error:
        raise refused(STATUS.get(error.code, 409), error.code, **error.params) from None


def tables_of(node: Node) -> dict[int, dict[str, Any]]:
    """The public table each user plays at (from every process's lobby): user id -> {id, name}."""
    seated: dict[int, dict[str, Any]] = {}
    for info in node.lobby():
        for seat in info["seats"]:
            if seat["user_id"] is not None and seat["bot"] is None and not seat["left"]:
                seated[seat["user_id"]] = {"id": info["id"], "name": info["name"], "status": info["status"]}
    return seated


@router.get("/friends")
async def overview(request: Request, user: RequiredUser, node: ClusterNode) -> dict[str, Any]:
    """The user's friends (online or not, and at which public table), the friend requests they were sent
    and sent, and the players they blocked."""
    account(user)
    found = await run(friends_repo(request).overview, user.id)
    online = await presence(request).online(p.id for p in found["friends"])
    tables = await asyncio.to_thread(tables_of, node)  # every process's lobby (as /api/tables reads it)
    friends = [{**asdict(p), "online": p.id in online, "table": tables.get(p.id)} for p in found["friends"]]
    return {
        "friends": friends,
        **{key: [asdict(p) for p in found[key]] for key in ("incoming", "outgoing", "blocked")},
    }


@router.get("/friends/search")
async def search(request: Request, user: RequiredUser, q: str = Query(max_length=24)) -> dict[str, Any]:
    """Registered players whose name starts with ``q`` (not guests, bots, oneself, or who blocked you)."""
    account(user)
    if len(q.strip()) < MIN_SEARCH:
        raise refused(422, "search_short", min=MIN_SEARCH)
    found = await run(friends_repo(request).search, user.id, q.strip())
    return {"users": [asdict(p) for p in found]}


@router.post("/friends/requests")
async def ask(
    body: UserRef, request: Request, user: RequiredUser, settings: Config, rates: SocialRates, where: Address
) -> dict[str, str]:
    """Ask a player to be friends (friends at once if they had asked you); limited per user and per
    address (``accounts/social_limits.py``), and the asked one has one notification of it at most."""
    account(user)
    await rates.friend_requests.take(user.id, where, settings.clock)
    repo = friends_repo(request)
    status = await run(repo.request, user.id, body.user_id, settings.wallclock())
    kind = NotificationKind.FRIEND_ACCEPTED if status is FriendStatus.ACCEPTED else NotificationKind.FRIEND_REQUEST
    await run(repo.notify, body.user_id, kind, _from(user), settings.wallclock())
    return {"status": status.value}


@router.post("/friends/requests/{user_id}/accept")
async def accept(user_id: UserId, request: Request, user: RequiredUser, settings: Config) -> dict[str, str]:
    account(user)
    repo = friends_repo(request)
    await run(repo.accept, user.id, user_id)
    await run(repo.notify, user_id, NotificationKind.FRIEND_ACCEPTED, _from(user), settings.wallclock())
    return {"status": FriendStatus.ACCEPTED.value}


@router.post("/friends/requests/{user_id}/refuse")
async def refuse(user_id: UserId, request: Request, user: RequiredUser) -> dict[str, str]:
    account(user)
    await run(friends_repo(request).drop_request, user_id, user.id)
    return {"status": "refused"}


@router.delete("/friends/requests/{user_id}")
async def cancel(user_id: UserId, request: Request, user: RequiredUser) -> dict[str, str]:
    account(user)
    await run(friends_repo(request).drop_request, user.id, user_id)
    return {"status": "cancelled"}


@router.delete("/friends/{user_id}")
async def unfriend(user_id: UserId, request: Request, user: RequiredUser) -> dict[str, str]:
    account(user)
    await run(friends_repo(request).unfriend, user.id, user_id)
    return {"status": "removed"}


@router.post("/blocks")
async def block(body: UserRef, request: Request, user: RequiredUser, settings: Config) -> dict[str, str]:
    """Block a player: no friendship, request, invitation, shared table or talk between you."""
    await run(friends_repo(request).block, user.id, body.user_id, settings.wallclock())
    return {"status": "blocked"}


@router.delete("/blocks/{user_id}")
async def unblock(user_id: UserId, request: Request, user: RequiredUser) -> dict[str, str]:
    await run(friends_repo(request).unblock, user.id, user_id)
    return {"status": "unblocked"}


@router.post("/friends/{user_id}/invite")
async def invite(
    user_id: UserId,
    body: TableInvite,
    request: Request,
    user: RequiredUser,
    settings: Config,
    rates: SocialRates,
    where: Address,
) -> dict[str, Any]:
    """Invite a friend to a table: a notification for them (with a link for them alone to a table with
    friends, which only its owner may invite to; the address of a public table). A new invitation to the
    same table replaces the friend's earlier one; invitations are limited per user and per address."""
    account(user)
    repo, invitations = friends_repo(request), InvitationRepository(request.app.state.store)
    if not await run(repo.are_friends, user.id, user_id):
        raise refused(403, "invite_not_friend")
    await rates.invitations.take(user.id, where, settings.clock)
    table = await run(invitations.table, body.table_id)
    if table is None or table.status in ("over", "closed"):
        raise refused(410, "invitation_table_over")
    token = None
    if table.private:
        if table.created_by != user.id:
            raise refused(403, "not_table_owner")
        if body.seat is not None and body.seat >= table.players:
            raise refused(422, "bad_seat", last=table.players - 1)
        now = settings.wallclock()
        made = await run(invitations.create, table.id, user.id, user_id, body.seat, now, INVITATION_TTL)
        if made is None:
            raise refused(429, "too_many_invitations", limit=MAX_LIVE_INVITATIONS)
        token = made[1]
    data = {**_from(user), "table_id": table.id, "table_name": table.name, "token": token}
    await run(repo.notify, user_id, NotificationKind.TABLE_INVITE, data, settings.wallclock())
    return {"status": "invited", "token": token}


@router.get("/notifications")
async def notifications(request: Request, user: RequiredUser, settings: Config) -> dict[str, Any]:
    """The user's newest notifications, newest first, how many are unread, and the server's time (their
    ``created_at`` is on the same clock). The page asks every few seconds while open: that also marks the
    user online for their friends."""
    await presence(request).touch(user.id)
    found = await run(friends_repo(request).notifications, user.id)
    unread = sum(not n["read"] for n in found)
    return {"notifications": found, "unread": unread, "poll_every": POLL_EVERY, "now": settings.wallclock()}


@router.post("/notifications/read")
async def mark_read(body: ReadRequest, request: Request, user: RequiredUser, settings: Config) -> dict[str, int]:
    """Mark notifications read (those of ``ids``, or all of them)."""
    changed = await run(friends_repo(request).mark_read, user.id, body.ids, settings.wallclock())
    return {"read": changed}


def _from(user: User) -> dict[str, Any]:
    return {"from_id": user.id, "from_name": user.name}
