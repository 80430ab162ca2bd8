"""An account's own settings (``/api/me/...``): change the password or the name, make the profile public
or private, download one's data, delete the account.

Every change needs a signed-in account (guests have no settings); changing the password and deleting
the account need the current password, checked under the login guard's rules (wrong passwords count
against the address and the account like failed logins, and too many are refused with 429). The
cross-site request check (``http/csrf.py``) and the request limits apply as to every POST.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from burraco.web.accounts import auth
from burraco.web.accounts.auth import AuthError, NameConfusable, User
from burraco.web.accounts.login_guard import Guard
from burraco.web.http.refusals import refused
from burraco.web.persistence.repositories.account_settings import AccountSettingsRepository
from burraco.web.persistence.repositories.profiles import ProfileRepository
from burraco.web.protocol.schemas import UserOut, UserResponse
from burraco.web.routes.deps import Repos, address, config, node, require_user, session_of
from burraco.web.routes.my_tables import my_tables

router = APIRouter(prefix="/api/me", tags=["settings"])


def require_account(user: Annotated[User, Depends(require_user)]) -> User:
    if user.kind != "account":
        raise refused(403, "accounts_only")
    return user


Account = Annotated[User, Depends(require_account)]


class PasswordChange(BaseModel):
    current: str = Field(max_length=200)
    new: str = Field(max_length=200)


class NameChange(BaseModel):
    name: str = Field(max_length=100)


class Privacy(BaseModel):
    public_profile: bool


class Confirmation(BaseModel):
    password: str = Field(max_length=200)


class SettingsResponse(BaseModel):
    name: str
    public_profile: bool


def _settings(request: Request) -> AccountSettingsRepository:
    return AccountSettingsRepository(request.app.state.repos.users.store)


async def _check_password(request: Request, user: User, password: str) -> None:
    """The current password, under the login guard (a wrong one counts as a failed login: 401)."""
    guard: Guard = request.app.state.guard
    key, where = auth.name_key(user.name), address(request)
    await guard.check(where, key)
    hashed = await asyncio.to_thread(_settings(request).password_hash, user.id) or auth.dummy_hash()
    if not await request.app.state.hash_pool.run(auth.verify_password, hashed, password):
        await guard.failure(where, key)
        raise refused(401, "wrong_current_password")
    await guard.success(where, key)


@router.get("/settings")
def settings(user: Account, repos: Repos) -> SettingsResponse:
    public = ProfileRepository(repos.users.store).is_public(user.id)
    return SettingsResponse(name=user.name, public_profile=public)


@router.post("/password")
async def change_password(body: PasswordChange, request: Request, user: Account) -> SettingsResponse:
    """A new password (at least ``MIN_PASSWORD`` characters) once the current one is given; the account's
    other sessions end."""
    if len(body.new) < auth.MIN_PASSWORD:
        raise refused(422, "short_password", min=auth.MIN_PASSWORD)
    await _check_password(request, user, body.current)
    hashed = await request.app.state.hash_pool.run(auth.hash_password, body.new)
    session = session_of(request, request.cookies.get(auth.COOKIE))
    await _settings(request).set_password(user.id, hashed, session[1] if session is not None else "")
    return await asyncio.to_thread(settings, user, request.app.state.repos)


@router.post("/name")
async def change_name(body: NameChange, request: Request, user: Account) -> UserResponse:
    """A new name, checked as at registration: well formed, not a computer player's, free, and not
    looking like another account's."""
    try:
        name = auth.check_name(body.name)
    except AuthError:
        raise refused(422, "bad_name") from None
    if auth.name_key(name).startswith("bot") or auth.name_skeleton(name).startswith("bot"):
        raise refused(422, "name_reserved")
    try:
        await _settings(request).rename(user.id, name)
    except NameConfusable:
        raise refused(409, "name_confusable", name=name) from None
    except AuthError:
        raise refused(409, "name_taken", name=name) from None
    renamed = request.app.state.repos.users.get(user.id)
    assert renamed is not None
    return UserResponse(user=UserOut.model_validate(renamed.to_dict()))


@router.post("/privacy")
async def change_privacy(body: Privacy, request: Request, user: Account) -> SettingsResponse:
    """Public: anyone may open the profile and the rankings list the player; private: only who has met them."""
    await _settings(request).set_public(user.id, body.public_profile)
    return SettingsResponse(name=user.name, public_profile=body.public_profile)


@router.get("/export")
def export(user: Account, repos: Repos) -> Response:
    """Everything stored about the account as a JSON file: the account, its matches and ratings, friends,
    blocks, mutes, notifications, chat messages and reports, segnapunti matches, invitation links."""
    data = ProfileRepository(repos.users.store).my_data(user.id)
    return Response(
        json.dumps(data, ensure_ascii=False, indent=2),
        media_type="application/json",
        headers={"Content-Disposition": 'attachment; filename="burraco-my-data.json"'},
    )


@router.post("/delete")
async def delete_account(body: Confirmation, request: Request, response: Response, user: Account) -> UserResponse:
    """Delete the account (its current password given): refused while it holds a seat at an unfinished
    table; its matches stay under a placeholder name, its sessions end, its name is free again."""
    if my_tables(node(request), user):
        raise refused(409, "account_in_play")
    await _check_password(request, user, body.password)
    await _settings(request).delete(user.id)
    session = session_of(request, request.cookies.get(auth.COOKIE))
    if session is not None:
        request.app.state.session_sockets.close(session[1])
    response.delete_cookie(auth.COOKIE, httponly=True, samesite="lax", secure=config(request).secure_cookies)
    return UserResponse(user=None)
