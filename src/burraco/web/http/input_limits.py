"""Input limits: request bodies (413 past :data:`MAX_BODY_BYTES`, 408 when a part of one is slower than
:data:`~burraco.web.http.slow_clients.BODY_SECONDS`), WebSocket messages, and 422 replies that never
echo what the client sent (a password, a 200 MB body).

>>> import asyncio
>>> asyncio.run(_demo())
(413, b'{"detail":"request body too large (at most 10 bytes)"}')
>>> asyncio.run(_slow_demo())
(408, b'{"detail":"the request body did not arrive in time"}')
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from fastapi import HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from burraco.web.http.slow_clients import BODY_SECONDS

MAX_BODY_BYTES: Final = 64 * 1024
"""The largest request body the app reads (every legitimate request is well under 1 KiB)."""
WS_MAX_BYTES: Final = 16 * 1024
"""The largest WebSocket message: the server's transport limit, and in-app a larger one closes the
socket (code 1009); a message over ``protocol.MAX_MESSAGE_BYTES`` is answered with an error."""


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body too large (at most {limit} bytes)")


class BodyTimeout(HTTPException):
    def __init__(self) -> None:
        super().__init__(408, "the request body did not arrive in time")


class BodyLimit:
    """ASGI middleware: refuse a body over ``limit`` bytes, by its Content-Length before reading or,
    for a streamed body, as soon as the bytes read pass the limit (nothing more is read); answer 408
    when a part of the body takes longer than ``seconds`` to arrive."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _refuse(send, self.limit)
            return
        seen = 0
        started = False
        body_done = False

        async def limited() -> Message:
            nonlocal seen, body_done
            if body_done:  # (later reads only wait for a disconnect: no deadline)
                return await receive()
            try:
                async with asyncio.timeout(self.seconds):  # (no task of its own, unlike wait_for)
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout() from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
                body_done = not message.get("more_body", False)
            else:
                body_done = True
            return message

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watch)
        except (BodyTooLarge, BodyTimeout) as error:
            if started:
                raise
            await _refuse(send, self.limit, error.status_code)


async def _refuse(send: Send, limit: int, status: int = 413) -> None:
    detail = f"request body too large (at most {limit} bytes)" if status == 413 else BodyTimeout().detail
    body = JSONResponse({"detail": detail}).body
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def validation_errors(error: RequestValidationError) -> list[dict[str, Any]]:
    """Each error's place, message and type, never the ``input`` nor ``ctx`` (they may hold a password)."""
    return [
        {
            "loc": [str(p) if not isinstance(p, int) else p for p in e.get("loc", ())],
            "msg": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in error.errors()
    ]


async def validation_handler(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    return JSONResponse({"detail": validation_errors(error)}, status_code=422)


async def _demo() -> tuple[int, bytes]:
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError("not reached")

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    async def send(message: Message) -> None:
        sent.append(message)

    await BodyLimit(app, 10)({"type": "http", "headers": [(b"content-length", b"11")]}, receive, send)
    return sent[0]["status"], sent[1]["body"]


async def _slow_demo() -> tuple[int, bytes]:
    """A client that sends part of a body, then nothing: 408 once the deadline passes."""
    sent: list[Message] = []
    parts = [{"type": "http.request", "body": b"{", "more_body": True}]

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        while (await receive()).get("more_body"):
            pass
        raise AssertionError("not reached")

    async def receive() -> Message:
        if parts:
            return parts.pop()
        await asyncio.sleep(3600)  # the rest never comes
        raise AssertionError("not reached")

    async def send(message: Message) -> None:
        sent.append(message)

    await BodyLimit(app, 100, seconds=0.01)({"type": "http", "headers": []}, receive, send)
    return sent[0]["status"], sent[1]["body"]
