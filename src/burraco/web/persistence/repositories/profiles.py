"""A player's figures, computed from their stored matches: results, the hands' score sheets (points,
burraci, closes, pozzetti), partners in four-player matches, the rating after each match; and the
data an account may download about itself.

A hand's figures are its side's (in four players, the pair's): the score sheet lists the side's
burraci ("clean burraco 200", "dirty burraco 100"; a semi-clean one counts as dirty, a special one
as clean), "closing" for the side that closed, and "pozzetto not taken" for a side that never took it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Final

from sqlalchemy import Connection, select

from burraco.core.scoring import BonusName, ScoreItem, ScoreKind
from burraco.web.persistence import db, schema
from burraco.web.persistence.repositories.social_data import social_data

CURVE_LENGTH: Final = 100
"""Matches the rating curve shows (the last ones)."""
PARTNERS: Final = 3
"""Favourite partners shown (four-player matches)."""
DIRTY: Final = frozenset({BonusName.DIRTY.value, BonusName.SEMI_CLEAN.value})
"""The bonuses a profile counts as dirty burraci (every other one is clean)."""


@dataclass(slots=True)
class Figures:
    """What a profile shows besides the match list."""

    matches: int = 0
    wins: int = 0
    draws: int = 0
    hands: int = 0
    points: int = 0
    clean: int = 0
    dirty: int = 0
    closes: int = 0
    pozzetti: int = 0
    curve: list[dict[str, Any]] = field(default_factory=list)
    partners: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        per_hand = self.hands or 1
        return {
            "matches": self.matches,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.matches - self.wins - self.draws,
            "hands": self.hands,
            "points_per_hand": round(self.points / per_hand, 1),
            "clean_per_hand": round(self.clean / per_hand, 2),
            "dirty_per_hand": round(self.dirty / per_hand, 2),
            "burraci_clean": self.clean,
            "burraci_dirty": self.dirty,
            "closes": self.closes,
            "pozzetti": self.pozzetti,
            "curve": self.curve,
            "partners": self.partners,
        }


def count_hand(figures: Figures, hand: dict[str, Any], seat: int) -> None:
    """Add one finished hand's figures of the side ``seat`` played for.

    >>> f = Figures()
    >>> sheet = [{"label": "clean burraco 200", "points": 200}, {"label": "closing", "points": 100}]
    >>> count_hand(f, {"sides": [[0], [1]], "scores": [{"total": 300, "items": sheet}, {"total": 0, "items": []}]}, 0)
    >>> f.hands, f.points, f.clean, f.dirty, f.closes, f.pozzetti
    (1, 300, 1, 0, 1, 1)
    """
    side = next((i for i, seats in enumerate(hand.get("sides", [])) if seat in seats), None)
    if side is None or side >= len(hand.get("scores", [])):
        return
    score = hand["scores"][side]
    items = [ScoreItem.from_dict(item) for item in score.get("items", [])]
    bonuses = [item.detail for item in items if item.kind == ScoreKind.BURRACO]
    kinds = {item.kind for item in items}
    figures.hands += 1
    figures.points += int(score.get("total", 0))
    figures.dirty += sum(name in DIRTY for name in bonuses)
    figures.clean += sum(name not in DIRTY for name in bonuses)
    figures.closes += ScoreKind.CLOSING in kinds
    figures.pozzetti += ScoreKind.POZZETTO_NOT_TAKEN not in kinds


def figures(c: Connection, user_id: int) -> Figures:
    """Every figure of a player's profile, from all their stored matches."""
    mp = schema.match_players
    mine = select(mp.c.match_id).where(mp.c.user_id == user_id)
    rows = c.execute(
        select(mp.c.match_id, mp.c.seat, mp.c.user_id, mp.c.result, mp.c.rating_before, mp.c.rating_after)
        .add_columns(schema.matches.c.finished_at, schema.matches.c.summary)
        .join(schema.matches, schema.matches.c.id == mp.c.match_id)
        .where(mp.c.match_id.in_(mine))
        .order_by(mp.c.match_id, mp.c.seat)
    ).all()
    result = Figures()
    partners: Counter[int] = Counter()
    won_with: Counter[int] = Counter()
    for _match, group in groupby(rows, key=lambda r: r.match_id):
        seats = list(group)
        me = next(r for r in seats if r.user_id == user_id)
        result.matches += 1
        result.wins += me.result == "win"
        result.draws += me.result == "draw"
        for hand in me.summary.get("results", []):
            count_hand(result, hand, me.seat)
        if not result.curve:
            result.curve.append({"match_id": None, "at": None, "rating": me.rating_before})
        result.curve.append({"match_id": me.match_id, "at": me.finished_at, "rating": me.rating_after})
        partner = next((r for r in seats if r.seat == (me.seat + 2) % 4), None) if len(seats) == 4 else None
        if partner is not None and partner.user_id != user_id:
            partners[partner.user_id] += 1
            won_with[partner.user_id] += me.result == "win"
    result.curve = result.curve[-CURVE_LENGTH - 1 :]
    result.partners = _partners(c, partners, won_with)
    return result


def _partners(c: Connection, partners: Counter[int], won_with: Counter[int]) -> list[dict[str, Any]]:
    best = partners.most_common(PARTNERS)
    kinds = {r.id: r for r in c.execute(select(schema.users).where(schema.users.c.id.in_([uid for uid, _n in best])))}
    return [
        {
            "id": uid,
            "name": kinds[uid].name,
            "kind": kinds[uid].kind,
            "public": bool(kinds[uid].public_profile),
            "matches": n,
            "wins": won_with[uid],
        }
        for uid, n in best
        if uid in kinds
    ]


def my_data(c: Connection, user_id: int) -> dict[str, Any]:
    """Everything the store holds about an account, for its download: the account, every match it played
    (the summaries and score sheets, never a card another player held), its rating after each, and its
    social rows (:func:`~burraco.web.persistence.repositories.social_data.social_data`)."""
    user = c.execute(select(schema.users).where(schema.users.c.id == user_id)).one()
    mp = schema.match_players
    matches = c.execute(
        select(mp, schema.matches.c.table_id, schema.matches.c.finished_at, schema.matches.c.summary)
        .join(schema.matches, schema.matches.c.id == mp.c.match_id)
        .where(mp.c.user_id == user_id)
        .order_by(mp.c.match_id)
    ).all()
    return {
        "account": {
            "id": user.id,
            "name": user.name,
            "kind": user.kind,
            "created_at": user.created_at,
            "public_profile": bool(user.public_profile),
            "rating": round(user.mu - 3 * user.sigma, 2),
            "mu": user.mu,
            "sigma": user.sigma,
            "matches": user.matches,
        },
        "matches": [
            {
                "match_id": r.match_id,
                "table_id": r.table_id,
                "finished_at": r.finished_at,
                "seat": r.seat,
                "points": r.points,
                "result": r.result,
                "left": r.left,
                "summary": r.summary,
            }
            for r in matches
        ],
        "ratings": [
            {"match_id": r.match_id, "finished_at": r.finished_at, "before": r.rating_before, "after": r.rating_after}
            for r in matches
        ],
        **social_data(c, user_id),
    }


class ProfileRepository:
    """A player's figures (:func:`figures`) and an account's own data (:func:`my_data`)."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def figures(self, user_id: int) -> Figures:
        return self.store.read(lambda c: figures(c, user_id))

    def my_data(self, user_id: int) -> dict[str, Any]:
        return self.store.read(lambda c: my_data(c, user_id))

    def is_public(self, user_id: int) -> bool:
        row = self.store.read(
            lambda c: c.execute(select(schema.users.c.public_profile).where(schema.users.c.id == user_id)).first()
        )
        return row is not None and bool(row[0])
