"""Stable codes for the HTTP API's refusals (login, register, guest, create a table), so the page can
word them in the player's language: ``detail`` is ``{"code": ..., "message": ..., "params": {...}}``,
the message in English for other clients; the page words ``http.<code>`` and falls back to the message.

>>> refused(401, "wrong_password").detail
{'code': 'wrong_password', 'message': 'wrong name or password', 'params': {}}
>>> refused(429, "too_many_attempts", seconds=10).detail["message"]
'too many attempts from your address; try again in 10 s'
"""

from __future__ import annotations

from typing import Final

from fastapi import HTTPException

MESSAGES: Final = {
    "not_logged_in": "log in or pick a guest name first",
    "wrong_password": "wrong name or password",
    "name_taken": "the name {name!r} is taken",
    "name_confusable": "the name {name!r} looks too much like another player's name: choose another",
    "bad_name": "a name has 2 to 24 letters (of any alphabet), digits, spaces, apostrophes, '_', '.' or '-', "
    "and starts with a letter or digit",
    "name_reserved": "names starting with 'bot' are kept for the computer players",
    "short_password": "a password has at least {min} characters",
    "too_many_attempts": "too many attempts from your address; try again in {seconds} s",
    "account_locked": "too many wrong passwords for this account; try again later",
    "server_busy": "the server is busy checking passwords; try again in a moment",
    "tables_too_fast": "you are creating tables too fast; try again in {seconds} s",
    "too_many_tables": "you already have {limit} unfinished tables: finish or leave one first",
    "bad_rules": "{text}",
    "practice_needs_bots": "a practice table seats you and bots only: give sit: true and bots",
    "seed_practice_only": "seed: a seed may be chosen only at a private practice table "
    "(practice: true, you and bots, unrated)",
    "private_table": "table {table} is a private practice table: only its owner may see it",
    "db_unavailable": "the server cannot reach its database just now; try again in {seconds} s",
    # account settings and rankings (routes/settings.py, routes/rankings.py)
    "accounts_only": "settings are for registered players: register first",
    "wrong_current_password": "the current password is wrong",
    "account_in_play": "you hold a seat at a table whose match is not over: finish or leave it first",
    "bad_month": "a month is written YYYY-MM, not {month!r}",
}
"""Every code the API may refuse with, and its English message (``{param}`` takes a parameter)."""


def message(code: str, **params: object) -> str:
    return MESSAGES[code].format(**params)


def body(code: str, **params: object) -> dict[str, object]:
    """The ``detail`` of a refusal: its code, English message and parameters."""
    return {"code": code, "message": message(code, **params), "params": params}


def refused(status: int, code: str, **params: object) -> HTTPException:
    """An HTTP refusal carrying a stable code (raise it)."""
    return HTTPException(status, body(code, **params))
