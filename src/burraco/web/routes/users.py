"""Players' profiles: rating and the last matches, shown only to who has met the player.

Account names cannot be listed: ``/api/users/{id}`` answers for a computer player, for the user
themself, for a player the asker shared a recorded match with, and for a player seated at a live
table the asker sits at, watches, or sees in the lobby; to anyone else the player does not exist
(404, the same answer as an unknown id).
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from burraco.web.accounts.auth import User
from burraco.web.lobby.manager import TableManager
from burraco.web.persistence.repositories import Repositories
from burraco.web.protocol.schemas import MatchEntry, ProfileResponse, UserOut
from burraco.web.routes.deps import Manager, OptionalUser, Repos, UserId

router = APIRouter(prefix="/api/users", tags=["users"])


@router.get("/{user_id}")
def profile(user_id: UserId, repos: Repos, manager: Manager, viewer: OptionalUser) -> ProfileResponse:
    user = repos.users.get(user_id)
    if user is None or not _may_see(user, viewer, repos, manager):
        raise HTTPException(404, "no such player")
    return ProfileResponse(
        user=UserOut.model_validate(user.to_dict()),
        matches=[MatchEntry.model_validate(m) for m in repos.matches.history(user_id)],
    )


def _may_see(user: User, viewer: User | None, repos: Repositories, manager: TableManager) -> bool:
    if user.kind == "bot" or (viewer is not None and viewer.id == user.id):
        return True
    for table in manager.tables.values():
        if not any(seat.user_id == user.id for seat in table.seats):
            continue
        if manager.in_lobby(table):
            return True
        if viewer is not None and any(c.user is not None and c.user.id == viewer.id for c in table.conns):
            return True
    return viewer is not None and repos.matches.played_together(viewer.id, user.id)
