"""What one server lets a table, a user and a crowd cost.

Every limit has a default that suits a small public server; pass ``create_app(limits=Limits(...))``
to change them. Durations are read on the injected clock (seconds).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (see ``docs/security.md``)."""

    max_spectators: int = 50
    """Spectator connections per table (seated players always get in)."""
    max_open_tables_guest: int = 5
    """Unfinished tables a guest may have created at once."""
    max_open_tables_account: int = 10
    """Unfinished tables an account may have created at once."""
    finished_ttl: float = 300.0
    """Seconds a finished (and recorded) table stays in memory before it is unloaded."""
    idle_ttl: float = 300.0
    """Seconds a waiting table with nobody connected stays open before it is closed and unloaded."""
    max_listed_per_owner: int = 3
    """Tables of one owner the lobby lists at once (the newest; a tournament's tables are not counted)."""
    idle_limit: float = 600.0
    """Seconds a player may sit on their own turn without a move at any table but a private practice
    one, whatever its turn timer (none by default): then the computer takes the seat as for an absent
    player (a ``standin`` event) and the player takes it back with ``back``. Not a turn clock: it only
    keeps a connected player who never moves from stalling a match for good (0: no limit)."""
    watchers_every: float = 2.0
    """Seconds between two spectator-count updates sent to a table (joins and leaves are coalesced)."""
    max_sockets_per_user: int = 12
    """Table sockets one user may have open at once, every table and tab together (counted on every
    process sharing a Redis); the next one is closed with ``CloseCode.TOO_MANY_SOCKETS``."""
    socket_silence: float = 120.0
    """Seconds a table socket may send nothing (its page pings every 15 s): then it is closed with
    ``CloseCode.SILENT``, so a client that only answers the transport's pings holds no seat or slot."""
    flood_after: int = 200
    """Messages in a row refused as "too many messages" after which the socket is closed
    (``CloseCode.FLOOD``): five seconds of a client ignoring the rate limit."""
    max_slow_bot_tables: int = 2
    """Unfinished tables with a slow bot (``expert``, ``champion``, the older ``hard``: they think for
    hundreds of milliseconds a move, ``thinking.py``) one user may have created at once, counted on this
    process; more are refused with ``ErrorCode.TOO_MANY_SLOW_BOTS`` (a tournament's tables are not counted)."""

    def max_open_tables(self, kind: str) -> int:
        return self.max_open_tables_guest if kind == "guest" else self.max_open_tables_account
