"""``/api/tournaments/{id}/online``: online turns (``tournaments/tables.py``). The director links
accounts to entrants, sets the turn's minutes (default Art. 5's) and starts each turn; the web app
opens one table per pairing and records each table's result when its last hand ends. Anyone may read
the online state: the turn, its clock, every table's live table and players, and the signed-in
player's own table (``mine``).

Consent (``tournaments/consent.py``): a named account (a partner, a director's link) is only asked;
it accepts or refuses (``.../online/accept``, ``.../online/refuse``; its invitations are in the
online state and, across events, at ``/api/tournaments/online/invitations``), and whoever asked may
withdraw (``.../online/withdraw``). The event's director sees who has accepted and who is still
asked (``links``, ``entries``)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories.tournaments import TournamentRow
from burraco.web.routes.deps import OptionalUser
from burraco.web.routes.tournaments import service
from burraco.web.tournaments import consent
from burraco.web.tournaments.online import (
    accept,
    invitations,
    join,
    link_players,
    online_of,
    refuse,
    set_options,
    withdraw,
)
from burraco.web.tournaments.schemas import Ref
from burraco.web.tournaments.service import from_document

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])
TournamentId = Annotated[int, PathParam(ge=0, le=2**62, description="a tournament's id")]
Minutes = Field(default=None, gt=0, le=600, description="the turn's minutes (default: Art. 5's, by its hands)")


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = Field(default=None, ge=1, description="the version this step was computed on")


class LinkPlayers(_Step):
    entrant: Ref
    players: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        max_length=4,
        description="account names, in seat order (N-S: North then South), each asked to accept; [] unlinks",
    )


class OnlineSettings(_Step):
    minutes: float | None = Minutes
    auto: bool | None = Field(default=None, description="start each turn as soon as the previous one is complete")
    open: bool | None = Field(default=None, description="players may enter the event themselves")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entrant: str = Field(min_length=1, max_length=80, description="the new entrant's name (a pair: 'Rossi-Bianchi')")
    partner: str | None = Field(default=None, min_length=1, max_length=40, description="the partner's account name")


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entrant: Ref = Field(description="the invitation's entrant: its id, or a waiting entry's name")


class Withdraw(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entrant: Ref | None = Field(
        default=None, description="the entrant or entry whose invitations go (a player: default, its own entry)"
    )


class StartTurn(_Step):
    minutes: float | None = Minutes


class OnlineResponse(BaseModel):
    online: dict[str, Any] = Field(description="the turn, its clock, its tables and players, and mine")
    opened: list[int] = Field(default_factory=list, description="the live tables this request opened")


class PersonOut(BaseModel):
    name: str
    pending: bool = Field(description="asked, not accepted yet")


class InvitationOut(BaseModel):
    tournament: int
    tournament_name: str
    entrant: int | str = Field(description="what to accept or refuse: the entrant's id, or the entry's name")
    name: str = Field(description="the entrant's name")
    by: str = Field(description="who named you: the director, or the partner who entered")
    players: list[PersonOut] = Field(description="everyone named for it, in seat order")
    registered: bool = Field(description="already in the field (False: a player's entry, registered once all accept)")


class InvitationList(BaseModel):
    invitations: list[InvitationOut]


def view(row: TournamentRow, user: User | None, now: float) -> dict[str, Any]:
    """The online state the players' page shows (and, to the event's director, who is still asked)."""
    t = from_document(row.document)
    online = online_of(row)
    names: dict[str, str] = online.get("names", {})
    players = {eid: [names.get(str(u), "?") for u in consent.confirmed(online, eid)] for eid in online["players"]}
    number = t.paired_turns
    state = online["turns"].get(str(number), {})
    live = state.get("tables", {})
    tables = [
        {
            "table": x.number,
            "table_id": live.get(str(x.number)),
            "ns": t.side_label(x, "ns"),
            "ew": t.side_label(x, "ew"),
            "entrants": list(x.entrants),
            "done": x.result is not None,
        }
        for x in (t.turns[-1].tables if t.turns else [])
    ]
    deadline = state.get("deadline")
    data = {
        "turn": number,
        "turns": t.config.turns,
        "started": deadline is not None,
        "deadline": deadline,
        "time_left": None if deadline is None else round(max(0.0, float(deadline) - now), 1),
        "minutes": online.get("minutes"),
        "auto": bool(online.get("auto")),
        "open": bool(online.get("open")),
        "players": players,
        "tables": tables,
        "rests": [r.entrant for r in t.turns[-1].rests] if t.turns else [],
        "mine": _mine(online, tables, t.turns[-1].rests if t.turns else [], user, t),
        "invitations": [] if user is None else consent.invitations_of(t, online, user.id, row.owner),
    }
    if user is not None and user.id == row.owner_id:
        data.update(consent.director_view(t, online))
    return data


def _mine(
    online: dict[str, Any], tables: list[dict[str, Any]], rests: list[Any], user: User | None, t: Any
) -> dict[str, Any] | None:
    """The entrant the signed-in player agreed to play for: its table; or its own entry, waiting for
    a partner (``entrant`` None). ``waiting``: who has not accepted yet."""
    if user is None:
        return None
    names: dict[str, str] = online.get("names", {})
    for eid in online["players"]:
        if user.id in consent.confirmed(online, eid):
            entrant = int(eid)
            here = next((x for x in tables if entrant in x["entrants"]), None)
            return {
                "entrant": entrant,
                "name": t.name(entrant),
                "table": None if here is None else here["table"],
                "table_id": None if here is None else here["table_id"],
                "rest": any(r.entrant == entrant for r in rests),
                "waiting": [names.get(str(u), "?") for u in consent.pending_of(online, eid)],
            }
    entry = consent.own_entry(online, user.id)
    if entry is not None:
        return {
            "entrant": None,
            "name": entry["name"],
            "table": None,
            "table_id": None,
            "rest": False,
            "waiting": [names.get(str(u), "?") for u in entry["pending"]],
        }
    return None


def _answer(request: Request, tournament_id: int, user: User | None, opened: list[int] | None = None) -> OnlineResponse:
    svc = service(request)
    return OnlineResponse(online=view(svc.row(tournament_id), user, svc.now()), opened=opened or [])


@router.get("/{tournament_id}/online")
def get_online(tournament_id: TournamentId, request: Request, user: OptionalUser) -> OnlineResponse:
    """The online turn: its clock, tables, players, and the signed-in player's own table (public)."""
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/players")
def players(tournament_id: TournamentId, body: LinkPlayers, request: Request, user: OptionalUser) -> OnlineResponse:
    """Name the accounts of an entrant (its director only): each is asked, and is seated at its tables
    once it accepts (a bot plays its seat until then)."""
    link_players(service(request), tournament_id, user, body.version, body.entrant, list(body.players))
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/settings")
def settings(tournament_id: TournamentId, body: OnlineSettings, request: Request, user: OptionalUser) -> OnlineResponse:
    """The turn's minutes and whether turns start by themselves (its director only)."""
    set_options(service(request), tournament_id, user, body.version, body.minutes, body.auto, body.open)
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/join")
def join_event(tournament_id: TournamentId, body: Join, request: Request, user: OptionalUser) -> OnlineResponse:
    """A signed-in player enters the event (when its director opened registration): alone, at once; with
    a partner, an entry that waits for the partner to accept (not in the field until then)."""
    join(service(request), tournament_id, user, body.entrant, body.partner)
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/accept")
def accept_invitation(
    tournament_id: TournamentId, body: Answer, request: Request, user: OptionalUser
) -> OnlineResponse:
    """The signed-in player accepts its invitation to an entrant (or to a partner's entry): it plays
    for it from the next table opened, and its other invitations in the event are refused."""
    accept(service(request), tournament_id, user, body.entrant)
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/refuse")
def refuse_invitation(
    tournament_id: TournamentId, body: Answer, request: Request, user: OptionalUser
) -> OnlineResponse:
    """The signed-in player refuses its invitation: a partner's entry goes away, a seat goes back to a bot."""
    refuse(service(request), tournament_id, user, body.entrant)
    return _answer(request, tournament_id, user)


@router.post("/{tournament_id}/online/withdraw")
def withdraw_invitation(
    tournament_id: TournamentId, body: Withdraw, request: Request, user: OptionalUser
) -> OnlineResponse:
    """Withdraw invitations nobody has answered: a player its own entry, the director any of them."""
    withdraw(service(request), tournament_id, user, body.entrant)
    return _answer(request, tournament_id, user)


@router.get("/online/invitations")
def my_invitations(request: Request, user: OptionalUser) -> InvitationList:
    """The signed-in player's pending invitations in every event (none when signed out)."""
    found = invitations(service(request), user)
    return InvitationList(invitations=[InvitationOut.model_validate(x) for x in found])


@router.post("/{tournament_id}/online/start")
async def start(tournament_id: TournamentId, body: StartTurn, request: Request, user: OptionalUser) -> OnlineResponse:
    """Start the next turn online (pairing it if the last one is complete) and open its tables, or
    open the tables still missing (a late arrival's): its director only."""
    opened = await request.app.state.online.start(tournament_id, user, body.version, body.minutes)
    return await asyncio.to_thread(_answer, request, tournament_id, user, opened)
