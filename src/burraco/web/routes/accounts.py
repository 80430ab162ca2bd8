"""Accounts and sessions: register, log in, play as a guest, log out, who am I."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request, Response

from burraco.web.accounts import auth
from burraco.web.accounts.auth import AuthError, NameConfusable
from burraco.web.accounts.login_guard import Guard
from burraco.web.http.refusals import refused
from burraco.web.protocol.schemas import Credentials, GuestRequest, UserOut, UserResponse
from burraco.web.routes.deps import AppConfig, OptionalUser, address, config, repos, session_of

router = APIRouter(prefix="/api", tags=["accounts"])


def _user_response(user: auth.User | None) -> UserResponse:
    return UserResponse(user=UserOut.model_validate(user.to_dict()) if user is not None else None)


def _set_cookie(response: Response, settings: AppConfig, value: str) -> None:
    response.set_cookie(
        auth.COOKIE,
        value,
        max_age=auth.SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def _signed_in(request: Request, response: Response, user_id: int) -> UserResponse:
    """Open a session for ``user_id`` and set its HttpOnly, SameSite=Lax (Secure behind TLS) cookie."""
    settings = config(request)
    token = repos(request).users.open_session(user_id, settings.wallclock())
    _set_cookie(response, settings, request.app.state.signer.dump(user_id, token))
    user = repos(request).users.get(user_id)
    assert user is not None
    return _user_response(user)


def _new_user(request: Request, name: str, kind: str, password_hash: str | None) -> int:
    try:
        return repos(request).users.create(name, kind, password_hash, config(request).wallclock())
    except NameConfusable:
        raise refused(409, "name_confusable", name=name) from None
    except AuthError:
        raise refused(409, "name_taken", name=name) from None


def _check_name(name: str) -> str:
    try:
        return auth.check_name(name)
    except AuthError:
        raise refused(422, "bad_name") from None


@router.get("/me")
def me(user: OptionalUser) -> UserResponse:
    return _user_response(user)


@router.post("/register")
async def register(body: Credentials, request: Request, response: Response) -> UserResponse:
    """A new account; the password is hashed before the name is looked up, so a taken name is not told
    faster than a login, and every registration counts against the address's attempts."""
    await request.app.state.guard.check(address(request))
    name = _check_name(body.name)
    if auth.name_key(name).startswith("bot") or auth.name_skeleton(name).startswith("bot"):  # "B0t", "Вot"
        raise refused(422, "name_reserved")
    if len(body.password) < auth.MIN_PASSWORD:
        raise refused(422, "short_password", min=auth.MIN_PASSWORD)
    hashed = await request.app.state.hash_pool.run(auth.hash_password, body.password)
    user_id = await asyncio.to_thread(_new_user, request, name, "account", hashed)
    return await asyncio.to_thread(_signed_in, request, response, user_id)


@router.post("/login")
async def login(body: Credentials, request: Request, response: Response) -> UserResponse:
    """Wrong name or password: 401; too many attempts from an address, or wrong passwords for an
    account from this address (or from addresses it never logged in from): 429; an unknown name is
    checked against a dummy hash (same cost as a known one)."""
    guard: Guard = request.app.state.guard
    key, where = auth.name_key(body.name), address(request)
    await guard.check(where, key)
    row = await asyncio.to_thread(repos(request).users.login_row, key)
    hashed = row.password_hash if row is not None and row.password_hash else auth.dummy_hash()
    ok = await request.app.state.hash_pool.run(auth.verify_password, hashed, body.password)
    if row is None or not ok:
        await guard.failure(where, key)
        raise refused(401, "wrong_password")
    await guard.success(where, key)
    return await asyncio.to_thread(_signed_in, request, response, row.id)


@router.post("/guest")
async def guest(body: GuestRequest, request: Request, response: Response) -> UserResponse:
    """A guest user; new guests count against the address's attempts like registrations."""
    await request.app.state.guard.check(address(request))
    name = _check_name(body.nickname)
    user_id = await asyncio.to_thread(_new_user, request, name, "guest", None)
    return await asyncio.to_thread(_signed_in, request, response, user_id)


@router.post("/logout")
async def logout(request: Request, response: Response) -> UserResponse:
    """End the session on the server (its cookie no longer works, even if kept), close the
    session's table sockets, and drop the cookie."""
    session = session_of(request, request.cookies.get(auth.COOKIE))
    if session is not None:
        await repos(request).users.end_session(session[1])
        request.app.state.session_sockets.close(session[1])
    response.delete_cookie(auth.COOKIE, httponly=True, samesite="lax", secure=config(request).secure_cookies)
    return UserResponse(user=None)
