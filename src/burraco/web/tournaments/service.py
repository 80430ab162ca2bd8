"""The console's steps on stored tournaments: load the director module's document from its row, apply
one step through :class:`burraco.tournament.director.Tournament` (never a re-implementation of its
pairing, VP or corrections), and store it back if nobody changed it meanwhile.

The ``web`` extra does not bring networkx and fpdf2 (the ``tournament`` extra does): the director
module is imported on first use, and without it every tournament route answers 503 with a one-line
``t.extra_missing`` refusal naming the extra to install.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from burraco.extras import install_hint
from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories.tournaments import TournamentRepository, TournamentRow
from burraco.web.tournaments.refusals import own, refused

if TYPE_CHECKING:
    from burraco.tournament.director import Tournament

T = TypeVar("T")
RETRIES: Final = 5
"""Attempts of a step sent without ``version`` when other changes keep coming first."""


def director_module() -> type[Tournament]:
    """The director's :class:`Tournament` (503 ``t.extra_missing`` without the tournament extra)."""
    try:
        from burraco.tournament.director import Tournament
    except ImportError:
        raise own(503, "extra_missing", hint=install_hint("tournament")) from None
    return Tournament


def to_document(t: Tournament) -> dict[str, Any]:
    from burraco.tournament.model_json import state_to_dict

    return state_to_dict(t.state)


def from_document(document: object) -> Tournament:
    """A tournament from a stored or imported document (422 ``t.bad_file`` if it is not one)."""
    tournament = director_module()
    from burraco.tournament.errors import TournamentError
    from burraco.tournament.model_json import state_from_dict

    try:
        return tournament(state_from_dict(document))
    except TournamentError as error:
        raise refused(str(error)) from None


def run_step(t: Tournament, step: Callable[[Tournament], T], **context: Any) -> T:
    """``step(t)``; a director's refusal becomes a 422 coded from its message (``t`` unchanged)."""
    from burraco.tournament.errors import TournamentError

    try:
        return step(t)
    except TournamentError as error:
        raise refused(str(error), **context) from None


class TournamentService:
    """Reads and changes stored tournaments for the routes (blocking: call it from a worker thread)."""

    def __init__(self, repo: TournamentRepository, now: Callable[[], float]) -> None:
        self.repo = repo
        self.now = now

    def is_director(self, user: User | None) -> bool:
        return user is not None and user.kind == "account" and self.repo.role(user.id) == "director"

    def require_director(self, user: User | None) -> User:
        if user is None or not self.is_director(user):
            raise own(403, "not_director")
        return user

    def row(self, tournament_id: int) -> TournamentRow:
        row = self.repo.get(tournament_id)
        if row is None:
            raise own(404, "not_found", id=tournament_id)
        return row

    def load(self, tournament_id: int) -> tuple[TournamentRow, Tournament]:
        row = self.row(tournament_id)
        return row, from_document(row.document)

    def create(self, user: User | None, build: Callable[[type[Tournament]], Tournament]) -> int:
        """Store the new tournament ``build(Tournament)`` makes; its director is ``user``."""
        owner = self.require_director(user)
        tournament = director_module()
        from burraco.tournament.errors import TournamentError

        try:
            t = build(tournament)
        except TournamentError as error:
            raise refused(str(error)) from None
        return self.repo.create(t.config.name, owner.id, to_document(t), self.now())

    def change(
        self,
        tournament_id: int,
        user: User | None,
        version: int | None,
        step: Callable[[Tournament], object],
        **context: Any,
    ) -> None:
        """Apply ``step`` to the tournament and store it (compare-and-set on its version)."""
        director = self.require_director(user)
        for _ in range(RETRIES):
            row, t = self.load(tournament_id)
            if row.owner_id != director.id:
                raise own(403, "not_owner", owner=row.owner)
            if version is not None and version != row.version:
                raise own(409, "changed", version=row.version)
            run_step(t, step, **context)
            if self.repo.save(tournament_id, row.version, t.config.name, to_document(t), self.now()):
                return
            if version is not None:
                raise own(409, "changed", version=row.version + 1)
        raise own(409, "changed", version=self.row(tournament_id).version)


def new_seed() -> int:
    """A lot's seed when the director gives none (stored in the document, like the CLI's ``new``)."""
    return secrets.randbelow(2**31)
