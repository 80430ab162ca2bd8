"""The arbiter ("Chiama l'arbitro", ``web/tournaments/rulings.py``): the whole code as JSON
(``/api/arbiter``, public), and the rulings recorded on a paper table's hand — by the director (signed
in) or by the table's score terminal (its code for the turn is the key)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.persistence.repositories.rulings import RulingRepository
from burraco.web.persistence.repositories.terminals import TerminalRepository
from burraco.web.routes.deps import OptionalUser
from burraco.web.routes.tournaments import service
from burraco.web.tournaments.rulings import Call, Rulings

router = APIRouter(tags=["arbiter"])
TournamentId = Annotated[int, PathParam(ge=0, le=2**62, description="a tournament's id")]
TurnNumber = Annotated[int, PathParam(ge=1, le=1000, description="a turn's number, from 1")]
TableNumber = Annotated[int, PathParam(ge=1, le=1000, description="a table's number, from 1")]
Code = Annotated[str, PathParam(min_length=1, max_length=64, description="a table's code for the turn")]
Key = Annotated[str, Field(min_length=1, max_length=40)]


class RulingIn(BaseModel):
    """The arbiter's answers: the ruling is computed by the server."""

    model_config = ConfigDict(extra="forbid")
    article: int = Field(ge=1, le=99, description="the article of the competition code (12 to 23)")
    answers: dict[Key, Key] = Field(max_length=20, description="question key → answer value")
    hand: int = Field(ge=1, le=20, description="the hand's number, from 1")
    side: Literal["ns", "ew"] | None = Field(default=None, description="the guilty side, when there is one")
    lang: Literal["it", "en"] = Field(default="it", description="the language of a refusal's message")

    def call(self) -> Call:
        return Call(self.article, dict(self.answers), self.hand, self.side, self.lang)


def rulings(request: Request) -> Rulings:
    store = request.app.state.store
    return Rulings(service(request), RulingRepository(store), TerminalRepository(store))


@router.get("/api/arbiter")
def code() -> dict[str, Any]:
    """The arbiter's code (Art. 12–23): every article's decision tree, in Italian and English."""
    from burraco.arbiter import to_dict

    return to_dict()


@router.get("/api/tournaments/{tournament_id}/rulings")
def listing(tournament_id: TournamentId, request: Request, user: OptionalUser) -> dict[str, Any]:
    """Every ruling of the event, and the warnings and VP penalties per line (the director's only)."""
    return rulings(request).listing(tournament_id, user)


@router.post("/api/tournaments/{tournament_id}/turns/{turn}/tables/{table}/rulings")
def record(
    tournament_id: TournamentId,
    turn: TurnNumber,
    table: TableNumber,
    body: RulingIn,
    request: Request,
    user: OptionalUser,
) -> dict[str, Any]:
    """Record the director's ruling on a table's hand (422 ``arbiter.invalid`` for bad answers)."""
    return rulings(request).record(tournament_id, user, turn, table, body.call())


@router.get("/api/score/{code}/rulings")
def of_table(code: Code, request: Request) -> dict[str, Any]:
    """The rulings recorded on the code's table in its turn."""
    return rulings(request).of_table(code)


@router.post("/api/score/{code}/rulings")
def record_at_table(code: Code, body: RulingIn, request: Request) -> dict[str, Any]:
    """Record a ruling from the table's terminal (422 ``arbiter.invalid`` for bad answers)."""
    return rulings(request).record_at_table(code, body.call())
