"""Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) that a browser
says comes from another site is refused with 403 before any route runs.

A browser names a request's origin in ``Origin`` (every cross-origin POST, and same-origin ones in
current browsers) and in ``Sec-Fetch-Site``; the request is refused when ``Origin`` is not this
server's own (scheme and host as the request reached it) or ``Sec-Fetch-Site`` is ``cross-site`` or
``same-site`` (a sibling subdomain is another site here). A client that sends neither (curl, the
tests' client) is not a browser: a forged cross-site request always carries them. The session
cookie is also ``SameSite=Lax``. The page's own ``fetch`` calls are same-origin, so the browser
UI needs no token.

>>> allowed("POST", {"origin": "http://evil.example", "host": "burraco.local"}, "http")
False
>>> allowed("POST", {"origin": "http://burraco.local", "host": "burraco.local"}, "http")
True
>>> allowed("POST", {"sec-fetch-site": "cross-site", "host": "burraco.local"}, "http")
False
>>> allowed("GET", {"origin": "http://evil.example", "host": "burraco.local"}, "http")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def allowed(method: str, headers: Mapping[str, str], scheme: str) -> bool:
    """Whether a request with these (lower-case) headers may change state."""
    if method.upper() in SAFE_METHODS:
        return True
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    # ``scheme`` is the request's, or a trusted proxy's X-Forwarded-Proto (never the header of any client)
    return parts.netloc == headers.get("host", "") and parts.scheme == scheme


class OriginCheck:
    """ASGI middleware: 403 for a cross-site state-changing request (see :func:`allowed`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            if not allowed(scope["method"], headers, scope.get("scheme", "http")):
                response = JSONResponse({"detail": "cross-site request refused"}, status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
