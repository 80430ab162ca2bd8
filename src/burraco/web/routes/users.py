"""Players' profiles: rating and the last matches."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from burraco.web.protocol.schemas import MatchEntry, ProfileResponse, UserOut
from burraco.web.routes.deps import Repos, UserId

router = APIRouter(prefix="/api/users", tags=["users"])


@router.get("/{user_id}")
def profile(user_id: UserId, repos: Repos) -> ProfileResponse:
    user = repos.users.get(user_id)
    if user is None:
        raise HTTPException(404, "no such player")
    return ProfileResponse(
        user=UserOut.model_validate(user.to_dict()),
        matches=[MatchEntry.model_validate(m) for m in repos.matches.history(user_id)],
    )
