"""A database that refuses the work of a request (down, read-only, locked, out of disk) answers
**503** ``db_unavailable`` with ``Retry-After``, in the refusal format of ``refusals.py``, whatever route
met it; it was a 500 with no word. ``app.py`` registers :func:`database_unavailable` for
:data:`DATABASE_ERRORS` (SQLAlchemy's ``DBAPIError``: ``OperationalError`` and every other error the
database driver raised).

>>> import asyncio, json
>>> from sqlalchemy.exc import OperationalError
>>> from starlette.requests import Request
>>> request = Request({"type": "http", "method": "POST", "path": "/api/guest", "headers": []})
>>> error = OperationalError("INSERT INTO users", {"password_hash": "x"}, Exception("database is locked"))
>>> response = asyncio.run(database_unavailable(request, error))
>>> response.status_code, response.headers["retry-after"], json.loads(response.body)["detail"]["code"]
(503, '5', 'db_unavailable')
"""

from __future__ import annotations

import logging
from typing import Final

from fastapi import Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError

from burraco.web.http.refusals import body

log = logging.getLogger(__name__)
DATABASE_ERRORS: Final = DBAPIError
"""The exceptions answered with 503: every error SQLAlchemy wraps from the database driver."""
RETRY_AFTER: Final = 5
"""Seconds the client is told to wait before it tries again."""


async def database_unavailable(request: Request, error: Exception) -> JSONResponse:
    """503 ``db_unavailable`` with ``Retry-After``; the log names the driver's error, not the statement
    or its parameters (they may hold a password hash)."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    log.warning("%s %s: the database refused: %s: %s", request.method, request.url.path, type(cause).__name__, cause)
    return JSONResponse(
        {"detail": body("db_unavailable", seconds=RETRY_AFTER)},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER)},
    )
