"""What the store holds about an account besides its matches, for its export (``GET /api/me/export``,
with :func:`burraco.web.persistence.repositories.profiles.my_data`): friends and friend requests, blocks,
mutes, notifications, chat messages said, chat reports made, chat ban, segnapunti matches kept, table
invitation links made and the tables it was let in by one, tournaments it was invited to.

Other people appear only as what the account itself sees of them (an id and a name on its own lists);
a report's copy of other players' talk stays with the operators.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, or_, select

from burraco.web.persistence import schema


def _rows(c: Connection, query: Any) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in c.execute(query)]


def social_data(c: Connection, user_id: int) -> dict[str, Any]:
    """Every social row about ``user_id`` (see the module's docstring)."""
    f, u, b, mu = schema.friendships.c, schema.users.c, schema.blocks.c, schema.chat_mutes.c
    other = schema.users.alias("other")
    friendships = c.execute(
        select(f.user_id, f.friend_id, f.accepted, f.created_at, other.c.name)
        .join(other, other.c.id == (f.friend_id + f.user_id - user_id))
        .where(or_(f.user_id == user_id, f.friend_id == user_id))
        .order_by(f.created_at)
    ).all()
    n, m, r = schema.notifications.c, schema.chat_messages.c, schema.chat_reports.c
    links, guests = schema.table_invitations.c, schema.table_guests.c
    kept = c.execute(select(schema.settings.c.value).where(schema.settings.c.key == f"keeper:{user_id}")).first()
    return {
        "friends": [
            {
                "id": row.friend_id if row.user_id == user_id else row.user_id,
                "name": row.name,
                "status": "friends" if row.accepted else ("asked" if row.user_id == user_id else "asked_you"),
                "since": row.created_at,
            }
            for row in friendships
        ],
        "blocked": _rows(
            c,
            select(b.blocked_id.label("id"), u.name, b.created_at)
            .join(schema.users, u.id == b.blocked_id)
            .where(b.user_id == user_id),
        ),
        "muted": _rows(
            c,
            select(mu.muted_id.label("id"), u.name, mu.created_at)
            .join(schema.users, u.id == mu.muted_id)
            .where(mu.user_id == user_id),
        ),
        "notifications": _rows(
            c, select(n.id, n.kind, n.data, n.created_at, n.read_at).where(n.user_id == user_id).order_by(n.id)
        ),
        "chat_messages": _rows(
            c,
            select(m.id, m.table_id, m.hand, m.seat, m.name, m.phrase, m.text, m.audience, m.at)
            .where(m.user_id == user_id)
            .order_by(m.id),
        ),
        "chat_reports": _rows(
            c,
            select(r.id, r.message_id, r.table_id, r.hand, r.created_at).where(r.reporter_id == user_id).order_by(r.id),
        ),
        "chat_banned": c.execute(
            select(schema.chat_bans.c.created_at).where(schema.chat_bans.c.user_id == user_id)
        ).scalar(),
        "scorekeeper_matches": [] if kept is None else list(json.loads(kept.value)),
        "invitation_links": _rows(
            c,
            select(links.id, links.table_id, links.friend_id, links.seat, links.created_at, links.expires_at)
            .where(links.owner_id == user_id)
            .order_by(links.id),
        ),
        "let_in_by_link": _rows(
            c, select(guests.table_id, guests.seat, guests.created_at).where(guests.user_id == user_id)
        ),
        "tournament_invitations": list(
            c.execute(
                select(schema.tournament_invitations.c.tournament_id).where(
                    schema.tournament_invitations.c.user_id == user_id
                )
            ).scalars()
        ),
    }
