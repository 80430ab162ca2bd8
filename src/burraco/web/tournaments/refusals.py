"""Stable codes for the tournament director's refusals, so the console words them in its language.

The director module (:mod:`burraco.tournament.director`) refuses a step with a typed error whose text
is English and names what is wrong ("turn 2 table 3 already has a result; use a correction (Art. 31)").
:func:`refusal` reads that text once, here, and gives a code and its parameters; the request's own
``turn`` and ``table`` are added, so a refused score card is always named. The HTTP ``detail`` is
``{"code": "t.<code>", "message": <the director's text>, "params": {...}}`` and the page words
``http.t.<code>`` from static/i18n.js (a test checks every code is worded in Italian and English).

>>> refusal("turn 2 table 3 already has a result; use a correction (Art. 31)")
{'code': 't.result_exists', 'message': 'turn 2 table 3 already has a result; use a correction (Art. 31)', \
'params': {'turn': 2, 'table': 3}}
>>> refusal("game points and match points are multiples of 5, not 1253", turn=1, table=4)["params"]
{'turn': 1, 'table': 4, 'value': 1253}
>>> refusal("something new")["code"]
't.refused'
"""

from __future__ import annotations

import re
from typing import Any, Final

from fastapi import HTTPException

_N = r"(?P<{}>-?\d+)"
PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
    (code, re.compile(text))
    for code, text in (
        # registration (Art. 33)
        ("name_empty", r"^a name cannot be empty"),
        ("name_digits", r"^a name cannot be only digits"),
        ("name_registered", r"^(['\"]?)(?P<name>.+?)\1 is already registered$"),
        ("late_too_late", r"^Art\. 33: turn (?P<turn>\d+) is already paired"),
        ("late_individual", r"^Art\. 33: a late player may only complete"),
        ("late_no_table", r"^Art\. 33: turn 1 has no incomplete table"),
        ("unknown_entrant", r"^no (?:pair|player|team) (['\"]?)(?P<ref>.*?)\1 is registered$"),
        ("already_withdrawn", r"^(?P<id>\d+) (?P<name>.+) has already withdrawn$"),
        # turns and tables
        ("turn_not_paired", r"^turn (?P<turn>\d+) is not paired yet \((?P<paired>\d+) turns paired\)"),
        ("no_table", r"^turn (?P<turn>\d+) has no table (?P<table>\d+) \(tables: (?P<tables>[^)]*)\)"),
        # pairing (Art. 2, §11)
        ("all_paired", r"^all (?P<turns>\d+) turns are already paired"),
        ("order_turn_one", r"^a seating order applies to turn 1 only"),
        ("results_missing", r"^turn (?P<turn>\d+) still waits for results at tables (?P<tables>.+)$"),
        ("too_few", r"^at least (?P<min>\d+) \w+s must be registered, not (?P<count>\d+)"),
        ("bad_order", r"^the seating order must list every registered entrant exactly once"),
        ("order_needed", r"^seating by the director: give the turn-1 order"),
        ("too_few_playing", r"^only (?P<count>\d+) \w+s still playing"),
        ("bad_jump", r"^a jump of (?P<jump>\d+) on (?P<tables>\d+) tables never moves"),
        ("no_pairing", r"^(?:no complete pairing exists|cannot pair an odd number)"),
        # score cards (Art. 30, 31, 32, 23)
        ("points_missing", r"^give both sides' game points \(ns and ew\), or the match points"),
        ("points_both", r"^give either both sides' game points or the match points, not both"),
        ("result_exists", r"^turn (?P<turn>\d+) table (?P<table>\d+) already has a result"),
        ("not_multiple_of_5", r"^game points and match points are multiples of 5, not " + _N.format("value")),
        ("no_result", r"^turn (?P<turn>\d+) table (?P<table>\d+) has no result to correct yet"),
        (
            "correction_too_late",
            r"^Art\. 31: an arithmetic error in turn (?P<turn>\d+) can be corrected only before "
            r"turn (?P<next>\d+) is paired",
        ),
        ("correction_arbitral", r"^Art\. 31: turn (?P<turn>\d+) table (?P<table>\d+) holds an arbitral score"),
        ("swap_not_agreed", r"^Art\. 31: swapped scores are corrected only when"),
        ("bad_correction", r"^Art\. 31 allows arithmetic and swapped corrections"),
        ("penalty_min", r"^a penalty removes at least 1 VP, not " + _N.format("vp")),
        ("bad_side", r"^the guilty side is ns or ew"),
        # settings (Art. 2, Art. 5)
        ("no_name", r"^a tournament needs a name"),
        ("bad_movement", r"^unknown movement '?(?P<name>[^';]*)'?"),
        ("bad_repeat", r"^bad repeat count in movement '?(?P<item>[^']*)'?"),
        ("movement_too_long", r"^movement '.*' names (?P<count>\d+) turns but the tournament has (?P<turns>\d+)"),
        ("individual_danish", r"^individual tournaments change partners every turn"),
        # files
        (
            "bad_file",
            r"^(?:malformed tournament file|not a burraco tournament file|unsupported tournament file|"
            r"bad tournament settings|bad kind, seating|unknown result kind)",
        ),
    )
)
"""(code, pattern of the director's English message) in the order they are tried."""


def refusal(text: str, **context: Any) -> dict[str, Any]:
    """The ``detail`` of a refused step: code, the director's message, and parameters (the request's
    ``context`` first, then what the message names)."""
    for code, pattern in PATTERNS:
        match = pattern.search(text)
        if match is not None:
            named = {k: _value(v) for k, v in match.groupdict().items() if v is not None}
            params = {**context, **named, **({"text": text} if code == "bad_file" else {})}
            return {"code": f"t.{code}", "message": text, "params": params}
    return {"code": "t.refused", "message": text, "params": {**context, "text": text}}


def _value(text: str) -> int | str:
    """A number the message names as a number, anything else as text."""
    return int(text) if text.lstrip("-").isdigit() and len(text) < 12 else text


OWN_CODES: Final = {
    "not_director": "only a tournament director may do this (a server administrator grants the role: "
    "burraco director grant NAME)",
    "not_owner": "only the director who runs this tournament ({owner}) may change it",
    "not_found": "there is no tournament {id}",
    "changed": "the tournament changed since you loaded it (now at version {version}): reload and try again",
    "extra_missing": "tournaments need the 'tournament' extra on the server: {hint}",
    "bad_format": "unknown format {format!r}; known: {known}",
    "refused": "{text}",
    "unknown_user": "there is no account called {name!r}",
    "too_many_players": "{count} players for one entrant: at most {max}",
    "player_linked": "{name} already plays for {entrant}",
    "join_account": "sign in with an account to enter an online tournament",
    "registration_closed": "the director has not opened this tournament's registration to players",
    "same_player": "{name} is named twice",
    "no_invitation": "you have no pending invitation to play for {entrant}",
    "not_inviter": "only whoever entered {entrant}, or the tournament's director, may withdraw its invitations",
    "nothing_pending": "{entrant} waits for nobody's answer",
    "no_entry": "you have no entry waiting for a partner's answer",
}
"""The web layer's own refusals (not the director's), with their English messages."""


def own(status: int, code: str, **params: Any) -> HTTPException:
    """An HTTP refusal of the web layer, ``t.<code>`` (raise it)."""
    return HTTPException(status, {"code": f"t.{code}", "message": OWN_CODES[code].format(**params), "params": params})


def refused(text: str, status: int = 422, **context: Any) -> HTTPException:
    """The HTTP refusal (422 by default) of a director's error ``text`` (raise it)."""
    return HTTPException(status, refusal(text, **context))


def codes() -> set[str]:
    """Every code this module can answer with (``t.`` prefixed): for the catalogue's test."""
    return {f"t.{code}" for code, _ in PATTERNS} | {f"t.{code}" for code in OWN_CODES}
