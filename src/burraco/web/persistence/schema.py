"""The database's tables (SQLAlchemy 2 Core): users and their sessions, the tables and their events,
matches, tournaments, the social layer, the score terminal, the arbiter's rulings and the table chat.
Only portable column types are used, so ``postgresql+psycopg://...`` works as well as SQLite; the
migrations (``migrations/``) build the same schema, and a test checks that they agree.

Everything a table does is an *event* row (``deal``, ``action``, ``sit``, ``bot``, ``leave``,
``timeout``, ``standin``, ``timer``) appended in order; a restarted server rebuilds every table by
replaying them through the engine (see ``docs/web.md``).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata: Final = MetaData()
MAX_ID: Final = 2**31 - 1
"""The largest key an ``Integer`` id column holds on every backend (PostgreSQL refuses larger values)."""

SKELETON_LENGTH: Final = 512
"""The longest name skeleton: 24 characters, each of which folds to at most 18 (an Arabic ligature)."""

settings: Final = Table(
    "settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

users: Final = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=True, unique=True),  # lower-cased; NULL for guests
    Column("password_hash", Text, nullable=True),
    Column("kind", String(8), nullable=False),  # "account", "guest" or "bot"
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("role", String(10), nullable=False, default="player", server_default="player"),  # or "director"
    # what an account's name looks like (auth.name_skeleton); a new account may not take one that is there
    Column("name_skeleton", String(SKELETON_LENGTH), nullable=True),  # NULL for guests and bots
    # anyone may open the profile, and the rankings link to it (repositories/profiles.py); else only who met them
    Column("public_profile", Boolean, nullable=False, default=False, server_default=false()),
    Index("ix_users_name_skeleton", "name_skeleton"),
)

sessions: Final = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # sha256 of the session token (the cookie holds the token)
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_sessions_created", "created_at"),
)

tables: Final = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(60), nullable=False),
    Column("preset", String(20), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("turn_timer", Float, nullable=False),
    Column("grace", Float, nullable=False),
    Column("status", String(10), nullable=False),
    Column("created_by", Integer, ForeignKey("users.id"), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("practice", Boolean, nullable=False, default=False, server_default=false()),
    # a tournament's table: {"id", "turn", "table", "deadline"} (tournaments/tables.py); NULL otherwise
    Column("tournament", JSON, nullable=True),
    # a table with friends: only its invitation links let anyone in (table/invited.py)
    Column("private", Boolean, nullable=False, default=False, server_default=false()),
)

events: Final = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("hand", Integer, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("user_id", Integer, nullable=True),
    Column("at", Float, nullable=False),
    # the id a player's page gave the action (``action`` rows): a resent action is applied once
    Column("client_id", BigInteger, nullable=True),
    Index("ix_events_table_seq", "table_id", "seq", unique=True),
)

matches: Final = Table(
    "matches",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("summary", JSON, nullable=False),
)

match_players: Final = Table(
    "match_players",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("points", Integer, nullable=False),
    Column("result", String(5), nullable=False),  # win, loss, draw
    Column("left", Boolean, nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Index("ix_match_players_user", "user_id"),
)

hand_analyses: Final = Table(
    "hand_analyses",
    metadata,
    # one post-hand review of a seat (burraco.analysis) at a budget, computed once and served to everyone
    # allowed (web/persistence/analysis/); state: queued, running, done or failed
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("budget_ms", Integer, nullable=False),
    Column("state", String(8), nullable=False),
    Column("requested_by", Integer, ForeignKey("users.id"), nullable=True),
    Column("requested_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("attempts", Integer, nullable=False),
    Column("error", String(32), nullable=True),
    Column("review", JSON, nullable=True),  # HandReview.to_dict() once done
    Index("ix_hand_analyses_key", "table_id", "hand", "seat", "budget_ms", unique=True),
    Index("ix_hand_analyses_user", "requested_by", "requested_at"),
)

tournaments: Final = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),
    Column("owner_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("document", JSON, nullable=False),  # burraco.tournament.model_json.state_to_dict (the CLI's file)
    Column("version", Integer, nullable=False),  # +1 on every change (optimistic concurrency)
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # online play: linked accounts, each started turn's clock and tables (tournaments/tables.py)
    Column("online", JSON, nullable=True),
    Index("ix_tournaments_owner", "owner_id"),
)

tournament_invitations: Final = Table(
    "tournament_invitations",
    metadata,
    # who has a pending invitation in which event (web/tournaments/consent.py): an index of
    # tournaments.online, rewritten with it in the same transaction
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Index("ix_tournament_invitations_user", "user_id"),
)

friendships: Final = Table(
    "friendships",
    metadata,
    # a friend request from user_id to friend_id; accepted once answered yes (persistence/repositories/friends.py)
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("friend_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("accepted", Boolean, nullable=False, default=False, server_default=false()),
    Column("created_at", Float, nullable=False),
    Index("ix_friendships_friend", "friend_id"),
)

blocks: Final = Table(
    "blocks",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),  # who blocked
    Column("blocked_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("created_at", Float, nullable=False),
    Index("ix_blocks_blocked", "blocked_id"),
)

table_invitations: Final = Table(
    "table_invitations",
    metadata,
    # a private table's invitation link (persistence/repositories/invitations.py): the token's SHA-256
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("token_hash", String(64), nullable=False),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("owner_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("friend_id", Integer, ForeignKey("users.id"), nullable=True),  # the one friend it is for
    Column("seat", Integer, nullable=True),  # the seat kept for that friend
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("revoked_at", Float, nullable=True),
    Index("ix_table_invitations_token", "token_hash", unique=True),
    Index("ix_table_invitations_table", "table_id"),
)

table_guests: Final = Table(
    "table_guests",
    metadata,
    # who opened a working invitation link of a private table (and the seat kept for them)
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
)

notifications: Final = Table(
    "notifications",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("kind", String(20), nullable=False),  # persistence/repositories/friends.py NotificationKind
    Column("data", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("read_at", Float, nullable=True),
    Index("ix_notifications_user", "user_id", "id"),
)

terminal_codes: Final = Table(
    "terminal_codes",
    metadata,
    # a score terminal's table code: one per table of a turn (web/tournaments/terminals.py)
    Column("code", String(32), primary_key=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("turn", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_terminal_codes_table", "tournament_id", "turn", "table_no", unique=True),
)

terminal_entries: Final = Table(
    "terminal_entries",
    metadata,
    # every hand (hand >= 1) or confirmation (hand 0) a table's phone sent, once per client id
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(32), ForeignKey("terminal_codes.code"), nullable=False),
    Column("client_id", String(64), nullable=False),
    Column("device", String(64), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("entry", JSON, nullable=False),
    Column("ns", Integer, nullable=False),
    Column("ew", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_terminal_entries_client", "code", "client_id", unique=True),
)

arbiter_rulings: Final = Table(
    "arbiter_rulings",
    metadata,
    # a ruling of the arbiter's code (burraco.arbiter) on a hand of a paper table of a turn
    # (web/tournaments/rulings.py): computed by the server from the article and the answers
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("turn", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("hand", Integer, nullable=False),
    Column("article", Integer, nullable=False),
    Column("answers", JSON, nullable=False),
    Column("ruling", JSON, nullable=False),  # Ruling.to_dict(): words and effects in both languages
    Column("side", String(2), nullable=True),  # "ns" or "ew": the guilty side, when told
    Column("line", String(64), nullable=True),  # the guilty side's entrants ("3" or "3,4:1"), when told
    Column("source", String(10), nullable=False),  # "director" or "terminal"
    Column("created_at", Float, nullable=False),
    Index("ix_arbiter_rulings_table", "tournament_id", "turn", "table_no", "id"),
)

chat_messages: Final = Table(
    "chat_messages",
    metadata,
    # what was said at a table (table/chat.py): a quick phrase's key or a free text; seat NULL for a spectator
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("hand", Integer, nullable=False),  # the table's hand number when it was said (0: before the first)
    Column("seat", Integer, nullable=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("name", String(60), nullable=False),
    Column("phrase", String(20), nullable=True),
    Column("text", String(200), nullable=True),
    Column("audience", String(12), nullable=False),  # "table" or "spectators"
    Column("at", Float, nullable=False),
    Index("ix_chat_messages_table", "table_id", "hand", "id"),
)

chat_reports: Final = Table(
    "chat_reports",
    metadata,
    # a chat message reported for an operator, with what was said before it at that table
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, ForeignKey("chat_messages.id"), nullable=False),
    Column("reporter_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("context", JSON, nullable=False),  # the previous messages and the reported one, oldest first
    Column("created_at", Float, nullable=False),
    Index("ix_chat_reports_message", "message_id", "reporter_id", unique=True),
)

chat_mutes: Final = Table(
    "chat_mutes",
    metadata,
    # user_id does not want to read muted_id's messages (the page hides them)
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("muted_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("created_at", Float, nullable=False),
)

chat_bans: Final = Table(
    "chat_bans",
    metadata,
    # an operator barred user_id from the table chat (burraco chat-ban)
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("created_at", Float, nullable=False),
)
