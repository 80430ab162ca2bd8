"""The segnapunti (#/segnapunti, static/scorekeeper.js): the score of a match played with real cards.

``GET /api/scorekeeper/rules`` gives every preset's rule constants (``terminal_entry.constants``) so the
page scores hands offline exactly as :mod:`burraco.tournament.hand_entry` does (a browser test checks
they agree); ``/api/scorekeeper/matches`` keeps a signed-in account's matches (the page's own history,
synced: at most :data:`MAX_MATCHES`, in the ``settings`` table under ``keeper:<user id>``). Only
accounts keep matches (a guest is refused: guests are cheap to make), and a new match is limited per
account and per address (``accounts/social_limits.py``); updating a kept match is not.
``/segnapunti/`` serves the app under its own folder for its service worker and web app manifest.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any, Final

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection, delete, select

from burraco.web.http.refusals import refused
from burraco.web.persistence import db, schema
from burraco.web.routes.deps import Address, Config, OptionalUser, SocialRates
from burraco.web.routes.pages import STATIC
from burraco.web.tournaments.terminal_entry import constants

router = APIRouter(tags=["segnapunti"])
MAX_MATCHES: Final = 50
"""Matches kept per account (the newest)."""
MatchId = Annotated[str, PathParam(min_length=4, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


class KeptMatch(BaseModel):
    """A match as the page keeps it (its fields are the page's own; the server only stores them)."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=4, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    updated: float = Field(ge=0, description="when the page last changed it (ms since the epoch)")


@router.get("/api/scorekeeper/rules")
def rules() -> dict[str, Any]:
    """Every preset's constants for scoring a typed hand offline."""
    from burraco.core.options import PRESETS

    return {"presets": {name: {**constants(r), "pair_share": r.three_player_pair_share} for name, r in PRESETS.items()}}


def _key(user_id: int) -> str:
    return f"keeper:{user_id}"


def _read(request: Request, user_id: int) -> list[dict[str, Any]]:
    store: db.Store = request.app.state.store
    row = store.read(
        lambda c: c.execute(select(schema.settings.c.value).where(schema.settings.c.key == _key(user_id))).first()
    )
    return [] if row is None else list(json.loads(row.value))


def _account(user: OptionalUser) -> int:
    if user is None:
        raise HTTPException(401, {"code": "keeper.sign_in", "message": "sign in to keep matches on the account"})
    if user.kind != "account":
        raise refused(403, "keeper_accounts_only")
    return user.id


@router.get("/api/scorekeeper/matches")
def matches(request: Request, user: OptionalUser) -> dict[str, Any]:
    """The signed-in account's kept matches, newest first."""
    return {"matches": _read(request, _account(user))}


@router.put("/api/scorekeeper/matches/{match_id}")
async def keep(
    match_id: MatchId,
    body: KeptMatch,
    request: Request,
    user: OptionalUser,
    settings: Config,
    rates: SocialRates,
    where: Address,
) -> dict[str, Any]:
    """Keep (or update) one match; the newest :data:`MAX_MATCHES` stay. An older copy never
    replaces a newer one (two devices of one account). A new match takes a token of the account's and
    the address's buckets (429 ``keeper_too_fast``)."""
    user_id = _account(user)
    if body.id != match_id:
        raise HTTPException(422, {"code": "keeper.bad_id", "message": "the match's id differs from the path's"})
    match = body.model_dump()
    if len(json.dumps(match)) > 32_000:
        raise HTTPException(413, {"code": "keeper.too_big", "message": "a kept match is at most 32 KB"})
    if all(m.get("id") != match_id for m in await asyncio.to_thread(_read, request, user_id)):
        await rates.kept_matches.take(user_id, where, settings.clock)

    def write(c: Connection) -> list[dict[str, Any]]:
        s = schema.settings.c
        row = c.execute(select(s.value).where(s.key == _key(user_id))).first()
        kept = [] if row is None else list(json.loads(row.value))
        old = next((m for m in kept if m.get("id") == match_id), None)
        if old is not None and float(old.get("updated", 0)) > body.updated:
            return kept
        kept = [match, *(m for m in kept if m.get("id") != match_id)][:MAX_MATCHES]
        c.execute(delete(schema.settings).where(s.key == _key(user_id)))
        c.execute(schema.settings.insert().values(key=_key(user_id), value=json.dumps(kept)))
        return kept

    store: db.Store = request.app.state.store
    return {"matches": await store.awrite(write)}


@router.get("/segnapunti/", include_in_schema=False)
def keeper_page() -> FileResponse:
    """The app for the segnapunti, under /segnapunti/ for its service worker and manifest."""
    return FileResponse(str(STATIC / "index.html"))


@router.get("/segnapunti/sw.js", include_in_schema=False)
def keeper_worker() -> Response:
    worker = (STATIC / "terminal-sw.js").read_text(encoding="utf-8")
    return Response(worker, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@router.get("/segnapunti/manifest.webmanifest", include_in_schema=False)
def keeper_manifest() -> Response:
    manifest = (STATIC / "scorekeeper.webmanifest").read_text(encoding="utf-8")
    return Response(manifest, media_type="application/manifest+json")
