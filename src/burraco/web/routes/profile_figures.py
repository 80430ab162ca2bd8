"""What a profile shows besides the match list: the player's figures (:mod:`burraco.web.persistence.
repositories.profiles`) and whether the profile is public (anyone may open it; see ``routes/users.py``)."""

from __future__ import annotations

from typing import Any

from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories import Repositories
from burraco.web.persistence.repositories.account_settings import DELETED_KIND
from burraco.web.persistence.repositories.profiles import ProfileRepository
from burraco.web.protocol.schemas import MatchEntry, ProfileResponse, UserOut


class ProfileDetails(ProfileResponse):
    """``ProfileResponse`` with ``figures`` (results, per-hand averages, closes, pozzetti, partners,
    the rating curve) and ``public``."""

    figures: dict[str, Any]
    public: bool


def details(user: User, repos: Repositories) -> ProfileDetails:
    profiles = ProfileRepository(repos.users.store)
    return ProfileDetails(
        user=UserOut.model_validate(user.to_dict()),
        matches=[MatchEntry.model_validate(m) for m in repos.matches.history(user.id)],
        figures=profiles.figures(user.id).to_dict(),
        public=profiles.is_public(user.id),
    )


def public_or_gone(user: User, repos: Repositories) -> bool | None:
    """True: the profile is public (anyone may open it); None: the account was deleted (nobody may)."""
    if user.kind == DELETED_KIND:
        return None
    return user.kind == "account" and ProfileRepository(repos.users.store).is_public(user.id)
