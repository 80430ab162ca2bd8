"""``/api/tournaments``: the director's console (create or import an event, register, pair, score
cards, corrections, penalties, abandonment, withdrawals, exports) and the public standings.

Reads are public; every change needs a signed-in director (``burraco director grant NAME``) and is
that tournament's director's only. Each step goes through the director module
(:mod:`burraco.tournament.director`) exactly as ``burraco tournament`` does, and the stored document
is the CLI's file: ``GET .../export?format=json`` gives a file the CLI reads, ``POST /import`` takes one.
Handlers are plain functions (FastAPI runs them in worker threads: the database calls block).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam

from burraco.web.routes.deps import OptionalUser
from burraco.web.tournaments.refusals import own
from burraco.web.tournaments.schemas import (
    Abandon,
    Card,
    Correction,
    CreateTournament,
    ImportTournament,
    Pair,
    PenaltyIn,
    Register,
    StandingsResponse,
    TournamentList,
    TournamentResponse,
    Withdraw,
)
from burraco.web.tournaments.service import TournamentService, director_module, from_document, new_seed, run_step
from burraco.web.tournaments.views import detail, listed, standing_out

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])
TournamentId = Annotated[int, PathParam(ge=0, le=2**62, description="a tournament's id")]
TurnNumber = Annotated[int, PathParam(ge=1, le=1000, description="a turn's number, from 1")]
FILE_TYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "pdf": "application/pdf",
}
DOWNLOAD: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "a file to download",
        "content": {
            "application/json": {"schema": {"type": "object"}},
            "text/csv": {},
            "text/html": {},
            "application/pdf": {},
        },
    }
}
CARDS: dict[int | str, dict[str, Any]] = {
    200: {"description": "the score cards", "content": {"application/pdf": {}, "text/html": {}}}
}


def service(request: Request) -> TournamentService:
    from burraco.web.persistence.repositories.tournaments import TournamentRepository

    return TournamentService(TournamentRepository(request.app.state.store), request.app.state.settings.wallclock)


def _detail(request: Request, tournament_id: int, user: OptionalUser) -> TournamentResponse:
    svc = service(request)
    row, t = svc.load(tournament_id)
    can = svc.is_director(user) and user is not None and row.owner_id == user.id
    return TournamentResponse(tournament=detail(row, t, can))


@router.get("")
def list_tournaments(
    request: Request,
    user: OptionalUser,
    mine: Annotated[bool, Query(description="only the signed-in director's")] = False,
) -> TournamentList:
    """The newest tournaments (public), or the signed-in director's own (``mine``)."""
    svc = service(request)
    owner = user.id if mine and user is not None else (-1 if mine else None)
    rows = svc.repo.listed(owner)
    return TournamentList(tournaments=[listed(r) for r in rows], can_direct=svc.is_director(user))


@router.post("")
def create(body: CreateTournament, request: Request, user: OptionalUser) -> TournamentResponse:
    """A new tournament (directors only), as ``burraco tournament new``."""
    seed = body.seed if body.seed is not None else new_seed()
    new_id = service(request).create(
        user,
        lambda tournament: tournament.create(
            body.name,
            kind=body.kind,
            turns=body.turns,
            hands=body.hands,
            movement=body.movement,
            vp_table=body.vp_table,
            jump=body.jump,
            seating=body.seating,
            seed=seed,
        ),
    )
    return _detail(request, new_id, user)


@router.post("/import")
def import_file(body: ImportTournament, request: Request, user: OptionalUser) -> TournamentResponse:
    """A tournament from the CLI's JSON file (directors only); it continues here."""
    new_id = service(request).create(user, lambda _tournament: from_document(body.document))
    return _detail(request, new_id, user)


@router.get("/{tournament_id}", response_model=TournamentResponse)
def get_tournament(
    tournament_id: TournamentId, request: Request, response: Response, user: OptionalUser
) -> TournamentResponse | Response:
    """The whole tournament (public). Answers 304 to ``If-None-Match`` with its current ETag, so a
    page polling it for live standings costs one small query while nothing changes."""
    svc = service(request)
    row = svc.row(tournament_id)
    can = svc.is_director(user) and user is not None and row.owner_id == user.id
    etag = f'"t{row.id}-v{row.version}-{int(can)}"'
    headers = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Cookie"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    response.headers.update(headers)
    return TournamentResponse(tournament=detail(row, from_document(row.document), can))


@router.get("/{tournament_id}/standings")
def standings(
    tournament_id: TournamentId,
    request: Request,
    after: Annotated[int | None, Query(ge=0, le=1000, description="after this turn")] = None,
) -> StandingsResponse:
    """(Provisional) standings after any paired turn (public), as ``burraco tournament standings``."""
    _row, t = service(request).load(tournament_id)
    lines = run_step(t, lambda x: x.standings(after))
    return StandingsResponse(
        after=t.paired_turns if after is None else after, standings=[standing_out(s) for s in lines]
    )


def _step(
    request: Request, tournament_id: int, user: OptionalUser, version: int | None, step: Any, **context: Any
) -> TournamentResponse:
    service(request).change(tournament_id, user, version, step, **context)
    return _detail(request, tournament_id, user)


@router.post("/{tournament_id}/entrants")
def register(tournament_id: TournamentId, body: Register, request: Request, user: OptionalUser) -> TournamentResponse:
    """Register entrants; after turn 1 is paired, a late arrival (Art. 33). All or none."""
    return _step(request, tournament_id, user, body.version, lambda t: [t.register(n) for n in body.names])


@router.post("/{tournament_id}/pair")
def pair(tournament_id: TournamentId, body: Pair, request: Request, user: OptionalUser) -> TournamentResponse:
    """Pair the next turn; ``order`` seats turn 1 (the director's seating)."""
    return _step(request, tournament_id, user, body.version, lambda t: t.pair_next(body.order))


@router.post("/{tournament_id}/results")
def result(tournament_id: TournamentId, body: Card, request: Request, user: OptionalUser) -> TournamentResponse:
    """A table's score card: both sides' game points, or N-S's MP (Art. 30). A refusal names the card."""
    return _step(
        request,
        tournament_id,
        user,
        body.version,
        lambda t: t.enter_result(body.turn, body.table, ns=body.ns, ew=body.ew, mp=body.mp),
        turn=body.turn,
        table=body.table,
    )


@router.post("/{tournament_id}/corrections")
def correct(tournament_id: TournamentId, body: Correction, request: Request, user: OptionalUser) -> TournamentResponse:
    """Art. 31: an arithmetic error before the next turn is paired; swapped scores when the table agrees."""
    return _step(
        request,
        tournament_id,
        user,
        body.version,
        lambda t: t.correct(body.turn, body.table, body.kind, ns=body.ns, ew=body.ew, mp=body.mp, agreed=body.agreed),
        turn=body.turn,
        table=body.table,
    )


@router.post("/{tournament_id}/penalties")
def penalty(tournament_id: TournamentId, body: PenaltyIn, request: Request, user: OptionalUser) -> TournamentResponse:
    """Art. 23: VP off an entrant's standings, no benefit to its opponents."""
    return _step(
        request,
        tournament_id,
        user,
        body.version,
        lambda t: t.penalize(body.entrant, body.turn, vp=body.vp, reason=body.reason),
        turn=body.turn,
    )


@router.post("/{tournament_id}/abandonments")
def abandon(tournament_id: TournamentId, body: Abandon, request: Request, user: OptionalUser) -> TournamentResponse:
    """Art. 32: an unjustified abandonment's arbitral score (the innocent side at least 14-6, 355 MP)."""
    return _step(
        request,
        tournament_id,
        user,
        body.version,
        lambda t: t.abandon(body.turn, body.table, body.guilty, ns=body.ns, ew=body.ew),
        turn=body.turn,
        table=body.table,
    )


@router.post("/{tournament_id}/withdrawals")
def withdraw(tournament_id: TournamentId, body: Withdraw, request: Request, user: OptionalUser) -> TournamentResponse:
    """The entrant plays no more turns; its opponents this turn get a forced rest (Art. 32)."""
    return _step(request, tournament_id, user, body.version, lambda t: t.withdraw(body.entrant))


ExportLang = Annotated[Literal["it", "en"], Query(description="the language of the words (Italian by default)")]


@router.get("/{tournament_id}/export", response_class=Response, responses=DOWNLOAD)
def export(
    tournament_id: TournamentId,
    request: Request,
    user: OptionalUser,
    fmt: Annotated[Literal["json", "csv", "html", "pdf"], Query(alias="format")] = "json",
    what: Annotated[Literal["standings", "results", "all"] | None, Query()] = None,
    lang: ExportLang = "it",
) -> Response:
    """The CLI's JSON file (its director only: it holds the lot's seed), or the standings and results as
    CSV, HTML or PDF (public), in Italian or English, exactly as ``burraco tournament export`` writes them."""
    svc = service(request)
    row, t = svc.load(tournament_id)
    if fmt == "json":
        if not (svc.is_director(user) and user is not None and row.owner_id == user.id):
            raise own(403, "not_owner", owner=row.owner)
        from burraco.tournament.model_json import state_to_dict

        content: str | bytes = json.dumps(state_to_dict(t.state), indent=1, ensure_ascii=False) + "\n"
    else:
        content = run_step(t, lambda x: _report(x, fmt, what, lang))
    filename = f"tournament-{row.id}{'-' + what if what else ''}.{fmt}"
    return Response(
        content, media_type=FILE_TYPES[fmt], headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


def _report(t: Any, fmt: str, what: str | None, lang: str) -> str | bytes:
    from burraco.tournament import export as ex

    if fmt == "csv":
        return ex.csv_export(t, what or "standings", lang=lang)
    if fmt == "html":
        return ex.html_export(t, what or "all", lang=lang)
    pdf: bytes = _pdf().report_pdf(t, what or "all", lang=lang)
    return pdf


def _pdf() -> Any:
    """burraco.tournament.pdf (fpdf2, of the tournament extra)."""
    director_module()
    try:
        from burraco.tournament import pdf
    except ImportError:
        from burraco.extras import install_hint

        raise own(503, "extra_missing", hint=install_hint("tournament")) from None
    return pdf


@router.get("/{tournament_id}/turns/{turn}/scorecards", response_class=Response, responses=CARDS)
def scorecards(
    tournament_id: TournamentId,
    turn: TurnNumber,
    request: Request,
    fmt: Annotated[Literal["pdf", "html"], Query(alias="format")] = "pdf",
    lang: ExportLang = "it",
) -> Response:
    """Printable score cards, one per table of the turn (Art. 30), as ``burraco tournament scorecards``."""
    from burraco.tournament import export as ex

    row, t = service(request).load(tournament_id)
    content: str | bytes = run_step(
        t,
        lambda x: _pdf().scorecards_pdf(x, turn, lang=lang) if fmt == "pdf" else ex.scorecards_html(x, turn, lang=lang),
        turn=turn,
    )
    disposition = f'attachment; filename="scorecards-{row.id}-turn{turn}.{fmt}"'
    return Response(content, media_type=FILE_TYPES[fmt], headers={"Content-Disposition": disposition})
