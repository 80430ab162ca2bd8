"""The tournament file's JSON form: :func:`state_to_dict` and :func:`state_from_dict` (checked field
by field; a bad file raises :class:`~burraco.tournament.errors.TournamentFileError` naming the field).

>>> from burraco.tournament.model import Config, State
>>> state = State(Config(name="Club", kind="pairs", turns=2, hands=2, movements=("mitchell", "mitchell")))
>>> state_from_dict(state_to_dict(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from burraco.tournament.errors import TournamentConfigError, TournamentFileError
from burraco.tournament.model import (
    RESULT_KINDS,
    Config,
    Entrant,
    Movement,
    Penalty,
    Rest,
    Result,
    State,
    Table,
    Turn,
    is_kind,
    is_movement,
    is_seating,
    is_vp_table,
)

FILE_FORMAT: Final = "burraco-tournament"
FILE_VERSION: Final = 1


def state_to_dict(state: State) -> dict[str, Any]:
    c = state.config
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "config": {
            "name": c.name,
            "kind": c.kind,
            "turns": c.turns,
            "hands": c.hands,
            "movements": list(c.movements),
            "vp_table": c.vp_table,
            "jump": c.jump,
            "seating": c.seating,
            "seed": c.seed,
        },
        "entrants": [
            {"id": e.id, "name": e.name, "late": e.late, "withdrawn_from": e.withdrawn_from} for e in state.entrants
        ],
        "positions": list(state.positions),
        "turns": [_turn_to_dict(turn) for turn in state.turns],
        "penalties": [{"turn": p.turn, "entrant": p.entrant, "vp": p.vp, "reason": p.reason} for p in state.penalties],
        "log": list(state.log),
    }


def _turn_to_dict(turn: Turn) -> dict[str, Any]:
    return {
        "number": turn.number,
        "movement": turn.movement,
        "tables": [_table_to_dict(table) for table in turn.tables],
        "rests": [{"entrant": r.entrant, "vp": r.vp, "mp": r.mp} for r in turn.rests],
    }


def _table_to_dict(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": table.number,
        "ns": list(table.ns),
        "ew": list(table.ew),
        "ns_line": table.ns_line,
        "ew_line": table.ew_line,
        "result": None,
    }
    r = table.result
    if r is not None:
        data["result"] = {
            "kind": r.kind,
            "vp_ns": r.vp_ns,
            "vp_ew": r.vp_ew,
            "mp_ns": r.mp_ns,
            "mp_ew": r.mp_ew,
            "ns_points": r.ns_points,
            "ew_points": r.ew_points,
            "absent": list(r.absent),
        }
    return data


def state_from_dict(data: object) -> State:
    """The state a tournament file describes; anything malformed raises TournamentFileError."""
    try:
        state = _state_from_dict(_map(data, "file"))
    except TournamentConfigError as error:
        raise TournamentFileError(f"bad tournament settings: {error}") from error
    _check_consistency(state)
    return state


def _check_consistency(state: State) -> None:
    """Ids count from 1, turns from 1, and every reference names a registered entrant."""
    if [e.id for e in state.entrants] != list(range(1, len(state.entrants) + 1)):
        raise TournamentFileError("malformed tournament file: entrant ids must be 1, 2, 3, ... in order")
    if [t.number for t in state.turns] != list(range(1, len(state.turns) + 1)) or len(state.turns) > state.config.turns:
        raise TournamentFileError("malformed tournament file: turns must be numbered 1, 2, 3, ... up to the turn count")
    known = {e.id for e in state.entrants}
    refs = [p for p in state.positions if p is not None] + [p.entrant for p in state.penalties]
    for turn in state.turns:
        refs.extend(r.entrant for r in turn.rests)
        for table in turn.tables:
            refs.extend(table.entrants)
            if not table.ns or not table.ew:
                raise TournamentFileError(f"malformed tournament file: turn {turn.number} has a table without a side")
    unknown = sorted(set(refs) - known)
    if unknown:
        raise TournamentFileError(f"malformed tournament file: unknown entrant ids {unknown}")


def _state_from_dict(data: Mapping[str, Any]) -> State:
    if data.get("format") != FILE_FORMAT:
        raise TournamentFileError('not a burraco tournament file (missing "format": "burraco-tournament")')
    if data.get("version") != FILE_VERSION:
        raise TournamentFileError(f"unsupported tournament file version {data.get('version')!r}")
    return State(
        config=_config_from_dict(_map(data.get("config"), "config")),
        entrants=[_entrant_from_dict(_map(e, "entrant")) for e in _list(data.get("entrants"), "entrants")],
        positions=[None if p is None else _int(p, "position") for p in _list(data.get("positions"), "positions")],
        turns=[_turn_from_dict(_map(t, "turn")) for t in _list(data.get("turns"), "turns")],
        penalties=[_penalty_from_dict(_map(p, "penalty")) for p in _list(data.get("penalties"), "penalties")],
        log=[_str(line, "log") for line in _list(data.get("log", []), "log")],
    )


def _config_from_dict(c: Mapping[str, Any]) -> Config:
    kind, seating, vp_table = (
        _str(c.get("kind"), "kind"),
        _str(c.get("seating"), "seating"),
        _str(c.get("vp_table"), "vp_table"),
    )
    movements = tuple(_movement(m) for m in _list(c.get("movements"), "movements"))
    if not (is_kind(kind) and is_seating(seating) and is_vp_table(vp_table)):
        raise TournamentFileError(f"bad kind, seating or VP table: {kind!r}, {seating!r}, {vp_table!r}")
    return Config(
        name=_str(c.get("name"), "name"),
        kind=kind,
        turns=_int(c.get("turns"), "turns"),
        hands=_int(c.get("hands"), "hands"),
        movements=movements,
        vp_table=vp_table,
        jump=_int(c.get("jump"), "jump"),
        seating=seating,
        seed=_int(c.get("seed"), "seed"),
    )


def _entrant_from_dict(e: Mapping[str, Any]) -> Entrant:
    withdrawn = e.get("withdrawn_from")
    return Entrant(
        id=_int(e.get("id"), "entrant id"),
        name=_str(e.get("name"), "entrant name"),
        late=bool(e.get("late", False)),
        withdrawn_from=None if withdrawn is None else _int(withdrawn, "withdrawn_from"),
    )


def _turn_from_dict(t: Mapping[str, Any]) -> Turn:
    return Turn(
        number=_int(t.get("number"), "turn number"),
        movement=_movement(t.get("movement")),
        tables=[_table_from_dict(_map(x, "table")) for x in _list(t.get("tables"), "tables")],
        rests=[
            Rest(_int(r.get("entrant"), "rest entrant"), _int(r.get("vp"), "rest vp"), _int(r.get("mp"), "rest mp"))
            for r in (_map(x, "rest") for x in _list(t.get("rests"), "rests"))
        ],
    )


def _table_from_dict(t: Mapping[str, Any]) -> Table:
    raw = t.get("result")
    result = None
    if raw is not None:
        r = _map(raw, "result")
        kind = _str(r.get("kind"), "result kind")
        if kind not in RESULT_KINDS:
            raise TournamentFileError(f"unknown result kind {kind!r}")
        result = Result(
            kind=kind,
            vp_ns=_int(r.get("vp_ns"), "vp_ns"),
            vp_ew=_int(r.get("vp_ew"), "vp_ew"),
            mp_ns=_int(r.get("mp_ns"), "mp_ns"),
            mp_ew=_int(r.get("mp_ew"), "mp_ew"),
            ns_points=_opt_int(r.get("ns_points"), "ns_points"),
            ew_points=_opt_int(r.get("ew_points"), "ew_points"),
            absent=tuple(_int(a, "absent") for a in _list(r.get("absent", []), "absent")),
        )
    return Table(
        number=_int(t.get("number"), "table number"),
        ns=tuple(_int(x, "ns") for x in _list(t.get("ns"), "ns")),
        ew=tuple(_int(x, "ew") for x in _list(t.get("ew"), "ew")),
        ns_line=_int(t.get("ns_line", 0), "ns_line"),
        ew_line=_int(t.get("ew_line", 0), "ew_line"),
        result=result,
    )


def _penalty_from_dict(p: Mapping[str, Any]) -> Penalty:
    return Penalty(
        turn=_int(p.get("turn"), "penalty turn"),
        entrant=_int(p.get("entrant"), "penalty entrant"),
        vp=_int(p.get("vp"), "penalty vp"),
        reason=_str(p.get("reason", ""), "penalty reason"),
    )


def _movement(value: object) -> Movement:
    text = _str(value, "movement")
    if not is_movement(text):
        raise TournamentFileError(f"unknown movement {text!r}")
    return text


def _map(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise TournamentFileError(f"malformed tournament file: {what} should be an object")
    return cast(Mapping[str, Any], value)


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise TournamentFileError(f"malformed tournament file: {what} should be a list")
    return value


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentFileError(f"malformed tournament file: {what} should be an integer, not {value!r}")
    return value


def _opt_int(value: object, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TournamentFileError(f"malformed tournament file: {what} should be a string, not {value!r}")
    return value
