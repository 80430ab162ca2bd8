"""What the routers depend on: the app's settings, repositories and tables, and the signed-in user."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request
from fastapi import Path as PathParam
from starlette.requests import HTTPConnection

from burraco.web.accounts import auth
from burraco.web.accounts.auth import User
from burraco.web.accounts.login_guard import LoginLimits
from burraco.web.accounts.social_limits import SocialLimits
from burraco.web.http.refusals import refused

if TYPE_CHECKING:
    from burraco.web.cluster.node import Node
    from burraco.web.lobby.manager import TableManager
    from burraco.web.persistence.repositories import Repositories
    from burraco.web.table.connection import Outbox
    from burraco.web.table.live import Clock


@dataclass
class AppConfig:
    """What :func:`burraco.web.app.create_app` was given (``app.state.settings``)."""

    db_url: str
    clock: Clock
    wallclock: Clock
    bot_delay: float
    tick_interval: float | None
    secure_cookies: bool
    rate_limit: float | None
    durable: bool
    max_body: int
    login_limits: LoginLimits = field(default_factory=LoginLimits)
    public_stats: bool = False
    """Serve ``/api/stats`` (operational figures) to anyone; off: 404."""
    api_docs: bool = False
    """Serve the API docs at ``/api/docs`` (and the OpenAPI schema); off: 404."""
    table_burst: int = 10
    """Tables one user may create at once..."""
    table_every: float = 6.0
    """...then one more every this many seconds."""


class SessionSockets:
    """The open table sockets of each session token (closed when the session logs out)."""

    def __init__(self) -> None:
        self.by_token: dict[str, set[Outbox]] = {}

    def add(self, token: str, conn: Outbox) -> None:
        self.by_token.setdefault(token, set()).add(conn)

    def discard(self, token: str, conn: Outbox) -> None:
        conns = self.by_token.get(token)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_token[token]

    def close(self, token: str) -> None:
        for conn in self.by_token.pop(token, set()):
            conn.close()


def config(request: HTTPConnection) -> AppConfig:
    return request.app.state.settings  # type: ignore[no-any-return]


def repos(request: HTTPConnection) -> Repositories:
    return request.app.state.repos  # type: ignore[no-any-return]


def manager(request: HTTPConnection) -> TableManager:
    return request.app.state.manager  # type: ignore[no-any-return]


def node(request: HTTPConnection) -> Node:
    return request.app.state.node  # type: ignore[no-any-return]


def address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def social_limits(request: HTTPConnection) -> SocialLimits:
    return request.app.state.social_limits  # type: ignore[no-any-return]


def session_of(request: HTTPConnection, cookie: str | None) -> tuple[int, str] | None:
    """The (user id, token) a signed session cookie holds, None if missing or forged."""
    return request.app.state.signer.load(cookie)  # type: ignore[no-any-return]


def user_from_cookie(request: HTTPConnection, cookie: str | None) -> User | None:
    """The user of a live session (None without one, or once it was ended)."""
    session = session_of(request, cookie)
    return None if session is None else repos(request).users.session_user(*session)


def current_user(request: Request) -> User | None:
    return user_from_cookie(request, request.cookies.get(auth.COOKIE))


def require_user(user: Annotated[User | None, Depends(current_user)]) -> User:
    if user is None:
        raise refused(401, "not_logged_in")
    return user


Config = Annotated[AppConfig, Depends(config)]
Repos = Annotated["Repositories", Depends(repos)]
Manager = Annotated["TableManager", Depends(manager)]
ClusterNode = Annotated["Node", Depends(node)]
OptionalUser = Annotated[User | None, Depends(current_user)]
Address = Annotated[str, Depends(address)]
"""The client's address (the trusted proxy's client, ``app.py``)."""
SocialRates = Annotated[SocialLimits, Depends(social_limits)]
RequiredUser = Annotated[User, Depends(require_user)]
TableId = Annotated[int, PathParam(ge=0, le=2**62, description="a table's id")]
UserId = Annotated[int, PathParam(ge=0, le=2**62, description="a player's id")]
HandNumber = Annotated[int, PathParam(ge=1, le=10_000, description="a hand's number in its match, from 1")]
