"""Score terminals (``web/tournaments/terminals.py``): the director's codes, QR codes and printable
sheet per turn, and the table phone's API (``/api/score/{code}``: read, score a hand without storing
it, enter a hand, confirm) — no account needed, the code is the key. ``/score/`` serves the app for
the phone, so that its service worker (``/score/sw.js``) controls that page only."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.persistence.repositories.terminals import TerminalRepository
from burraco.web.routes.deps import OptionalUser
from burraco.web.routes.pages import STATIC
from burraco.web.routes.tournaments import service
from burraco.web.tournaments.terminal_entry import EntryIn
from burraco.web.tournaments.terminal_sheet import CSP, sheet_html
from burraco.web.tournaments.terminals import Terminals

router = APIRouter(tags=["score terminals"])
TournamentId = Annotated[int, PathParam(ge=0, le=2**62, description="a tournament's id")]
TurnNumber = Annotated[int, PathParam(ge=1, le=1000, description="a turn's number, from 1")]
Code = Annotated[str, PathParam(min_length=1, max_length=64, description="a table's code for the turn")]
ClientId = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="the submission's own id")
Device = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="the phone's id")


class HandIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    client_id: str = ClientId
    device: str = Device
    hand: int = Field(ge=1, le=20, description="the hand's number, from 1")
    entry: EntryIn


class ConfirmIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    client_id: str = ClientId
    device: str = Device
    totals: list[Annotated[int, Field(ge=-100_000, le=100_000)]] = Field(min_length=2, max_length=2)


def terminals(request: Request) -> Terminals:
    return Terminals(service(request), TerminalRepository(request.app.state.store))


def link(request: Request, code: str) -> str:
    return f"{request.base_url}score/#/score/{code}"


def qr_svg(url: str, inline: bool) -> str | None:
    """The QR code of ``url`` as inline SVG or a data URI (None without segno)."""
    try:
        import segno
    except ImportError:
        return None
    qr = segno.make(url, error="m")
    return qr.svg_inline(scale=4, title=url) if inline else qr.svg_data_uri(scale=4)


def _board(request: Request, tournament_id: int, user: OptionalUser, turn: int) -> dict[str, Any]:
    _t, tables = terminals(request).board(tournament_id, user, turn)
    for table in tables:
        table["url"] = link(request, table["code"])
        table["qr"] = qr_svg(table["url"], inline=False)
    return {"turn": turn, "tables": tables}


@router.post("/api/tournaments/{tournament_id}/turns/{turn}/terminals")
def issue(tournament_id: TournamentId, turn: TurnNumber, request: Request, user: OptionalUser) -> dict[str, Any]:
    """A code for every table of the turn that has none (the director's only); the board."""
    terminals(request).issue(tournament_id, user, turn)
    return _board(request, tournament_id, user, turn)


@router.get("/api/tournaments/{tournament_id}/turns/{turn}/terminals")
def board(tournament_id: TournamentId, turn: TurnNumber, request: Request, user: OptionalUser) -> dict[str, Any]:
    """Every table's code, link, QR code (an SVG data URI) and terminal state (the director's only)."""
    return _board(request, tournament_id, user, turn)


@router.get("/api/tournaments/{tournament_id}/turns/{turn}/terminals/sheet", response_class=HTMLResponse)
def sheet(
    tournament_id: TournamentId,
    turn: TurnNumber,
    request: Request,
    user: OptionalUser,
    lang: Literal["it", "en"] = "it",
) -> HTMLResponse:
    """The printable QR sheet of the turn (the director's only: the codes are the tables' keys)."""
    t, tables = terminals(request).board(tournament_id, user, turn)
    cards = [
        {**x, "url": link(request, x["code"]), "qr": qr_svg(link(request, x["code"]), inline=True) or ""}
        for x in tables
    ]
    return HTMLResponse(sheet_html(t.config.name, turn, cards, lang), headers={"Content-Security-Policy": CSP})


@router.get("/api/score/{code}")
def read(code: Code, request: Request) -> dict[str, Any]:
    """The table's terminal: its sides, the hands entered, running totals, MP and VP, its status."""
    return terminals(request).state(code)


@router.post("/api/score/{code}/preview")
def preview(code: Code, body: EntryIn, request: Request) -> dict[str, Any]:
    """A hand's score by the event's rules, not stored (422 ``entry.*`` when it cannot be)."""
    return terminals(request).preview(code, body)


@router.post("/api/score/{code}/hands")
def enter(code: Code, body: HandIn, request: Request) -> dict[str, Any]:
    """Store a hand (once per ``client_id``: a resent one changes nothing); the table's state."""
    return terminals(request).enter_hand(code, body.client_id, body.device, body.hand, body.entry)


@router.post("/api/score/{code}/confirm")
def confirm(code: Code, body: ConfirmIn, request: Request) -> dict[str, Any]:
    """E-W confirm the totals: the table's result enters the turn (once per ``client_id``)."""
    return terminals(request).confirm(code, body.client_id, body.device, body.totals)


@router.get("/score/", include_in_schema=False)
def terminal_page() -> FileResponse:
    """The app for a table's phone (``#/score/CODE``), under ``/score/`` for its service worker."""
    return FileResponse(str(STATIC / "index.html"))


@router.get("/score/sw.js", include_in_schema=False)
def terminal_worker() -> Response:
    worker = (STATIC / "terminal-sw.js").read_text(encoding="utf-8")
    return Response(worker, media_type="text/javascript", headers={"Cache-Control": "no-cache"})
