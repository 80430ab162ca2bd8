"""Players' profiles: rating, figures and the last matches, shown to anyone when public, else only to who
has met the player.

Account names cannot be listed: ``/api/users/{id}`` answers for a computer player, for the user
themself, for a player the asker shared a recorded match with, and for a player seated at a live
table the asker sits at, watches, or sees in the lobby; to anyone else the player does not exist
(404, the same answer as an unknown id) — unless its owner made it public (``routes/settings.py``). A
deleted account's profile answers to nobody.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from burraco.web.accounts.auth import User
from burraco.web.lobby.manager import TableManager
from burraco.web.persistence.repositories import Repositories
from burraco.web.routes.deps import Manager, OptionalUser, Repos, UserId
from burraco.web.routes.profile_figures import ProfileDetails, details, public_or_gone

router = APIRouter(prefix="/api/users", tags=["users"])


@router.get("/{user_id}")
def profile(user_id: UserId, repos: Repos, manager: Manager, viewer: OptionalUser) -> ProfileDetails:
    user = repos.users.get(user_id)
    if user is None or not may_see(user, viewer, repos, manager):
        raise HTTPException(404, "no such player")
    return details(user, repos)


def may_see(user: User, viewer: User | None, repos: Repositories, manager: TableManager) -> bool:
    """Whether ``viewer`` may learn that ``user`` exists and its name (see the module's docstring): every
    route that answers with another player's name by their id asks this."""
    public = public_or_gone(user, repos)  # a public profile answers to anyone, a deleted one to nobody
    if public is None:
        return False
    if public or user.kind == "bot" or (viewer is not None and viewer.id == user.id):
        return True
    for table in manager.tables.values():
        if not any(seat.user_id == user.id for seat in table.seats):
            continue
        if manager.in_lobby(table):
            return True
        if viewer is not None and any(c.user is not None and c.user.id == viewer.id for c in table.conns):
            return True
    return viewer is not None and repos.matches.played_together(viewer.id, user.id)
