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
    # post-hand analysis (routes/analysis.py)
    "analysis_busy": "you have {limit} analyses waiting or running, the most allowed: wait for one to finish",
    "analysis_daily_limit": "you have asked for {limit} analyses in the last 24 hours, the most allowed: "
    "try again tomorrow",
    "analysis_after_match": "the analysis of another player's hand opens when the match is over",
    "analysis_bad_seat": "this hand has seats 0 to {last}",
    "analysis_no_hand": "there is no such hand",
    "analysis_hand_unfinished": "this hand is still being played: it can be analysed once it is over",
    "analysis_unavailable": "the analysis service cannot be reached just now: try again in a few minutes",
    # account settings and rankings (routes/settings.py, routes/rankings.py)
    "accounts_only": "settings are for registered players: register first",
    "wrong_current_password": "the current password is wrong",
    "account_in_play": "you hold a seat at a table whose match is not over: finish or leave it first",
    "bad_month": "a month is written YYYY-MM, not {month!r}",
    # friends and tables with friends (routes/friends.py, routes/invitations.py)
    "invite_only": "table {table} is private: open its invitation link to see it",
    "friends_accounts_only": "friends are for registered players: register to add friends",
    "friend_unknown": "there is no such registered player",
    "friend_blocked": "you cannot do this with this player",
    "already_friends": "you are friends already",
    "already_asked": "you have already asked this player: wait for the answer",
    "no_request": "there is no such friend request",
    "not_friends": "this player is not your friend",
    "not_blocked": "you have not blocked this player",
    "too_many_requests": "you have {limit} friend requests waiting for an answer, the most allowed",
    "too_many_friends": "a player may have at most {limit} friends",
    "search_short": "type at least {min} letters of the name",
    "not_table_owner": "only the table's owner may do this",
    "not_private_table": "this is not a table with friends",
    "bad_seat": "this table has seats 0 to {last}",
    "too_many_invitations": "this table has {limit} working invitation links, the most allowed: revoke one first",
    "invite_not_friend": "you can invite only your friends",
    "invitation_unknown": "this invitation link does not exist",
    "invitation_expired": "this invitation link has expired: ask for a new one",
    "invitation_revoked": "this invitation link was revoked by the table's owner",
    "invitation_not_for_you": "this invitation is for another player",
    "invitation_table_over": "the table of this invitation is closed or its match is over",
    "invitation_table_full": "every seat at this table is taken",
    "invitation_started": "the match at this table has started",
    # table talk (routes/chat.py)
    "chat_message_unknown": "there is no such chat message",
    "chat_own_message": "you cannot report your own message",
    "chat_reported": "you have already reported this message",
    "chat_user_unknown": "there is no such player",
    "chat_mute_self": "you cannot mute yourself",
    "chat_too_many_mutes": "you have muted as many players as allowed",
    # limits of the social layer (accounts/social_limits.py)
    "friend_requests_too_fast": "you are sending friend requests too fast; try again in {seconds} s",
    "invitations_too_fast": "you are sending invitations too fast; try again in {seconds} s",
    "reports_too_fast": "you are reporting messages too fast; try again in {seconds} s",
    # the segnapunti's kept matches (routes/scorekeeper.py)
    "keeper_accounts_only": "matches are kept on registered accounts: register to keep them on every device",
    "keeper_too_fast": "you are keeping new matches too fast; try again in {seconds} s",
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
