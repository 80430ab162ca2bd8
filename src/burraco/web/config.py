"""The server's settings from ``BURRACO_*`` environment variables (pydantic-settings); ``burraco serve``
flags override them, and :meth:`ServerSettings.app_options` hands them to ``create_app``.

>>> import os
>>> os.environ["BURRACO_PORT"] = "9000"; os.environ["BURRACO_SECURE_COOKIES"] = "true"
>>> settings = ServerSettings()
>>> settings.port, settings.secure_cookies, settings.host
(9000, True, '127.0.0.1')
>>> settings.merged(port=8080, host=None).port
8080
>>> del os.environ["BURRACO_PORT"], os.environ["BURRACO_SECURE_COOKIES"]
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

SERVER_ONLY: Final = frozenset({"db_url", "host", "port", "header_timeout", "ws_ping_interval", "ws_ping_timeout"})
"""The settings of the server around the app (``server.py``), not of the app itself."""


class ServerSettings(BaseSettings):
    """Every setting of a served app; each is read from ``BURRACO_<NAME>`` (e.g. ``BURRACO_DB_URL``)."""

    model_config = SettingsConfigDict(env_prefix="BURRACO_", extra="ignore", frozen=True)

    db_url: str | None = None
    """``sqlite:///PATH`` or ``postgresql+psycopg://user@host/db``; None: SQLite in the user data directory."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    secure_cookies: bool = False
    """Mark session cookies ``Secure`` (set it behind HTTPS); they are always HttpOnly and SameSite=Lax."""
    bot_delay: float = Field(default=0.6, ge=0, le=60)
    bot_workers: int = Field(default=1, ge=1, le=64)
    """Worker processes the slow bots (expert, champion, hard) think in, shared fairly by the tables'
    owners: at most this many bot decisions at once, each using up to one core (docs/deploy.md)."""
    bot_processes: bool = True
    """Think in worker processes (False: in threads of the web process, which share its interpreter lock)."""
    bot_queue: Literal["local", "redis"] = "local"
    """Where the slow bots think: ``local``, the web process's own worker processes; ``redis``, ``burraco
    bot-worker`` processes on any machine, through a queue in ``redis_url`` (``bot_workers``: how many
    decisions this process has thought there at once)."""
    bot_deadline: float = Field(default=5.0, gt=0, le=600)
    """Seconds a slow bot's decision may take, waiting included: past it the intermediate bot moves for it
    (counted as a fallback), and a local worker process still thinking it is replaced."""
    public_stats: bool = False
    api_docs: bool = False
    durable: bool = True
    rate_limit: float | None = Field(default=40.0, gt=0)
    """WebSocket messages per second and connection (a burst of twice as many)."""
    table_burst: int = Field(default=10, ge=1)
    table_every: float = Field(default=6.0, gt=0)
    redis_url: str | None = None
    """``redis://host:6379/0``: share tables with other processes on the same database by lease, and let
    a client connect to any of them (its socket is relayed to the process holding its table)."""
    redis_namespace: str = Field(default="burraco", pattern=r"^[A-Za-z0-9_.-]{1,64}$")
    """The first part of every Redis key and channel (processes of one deployment share it)."""
    trusted_proxies: str = ""
    """Comma-separated addresses or networks (``10.0.0.1``, ``10.0.0.0/8``, ``*`` for any) of the reverse
    proxies in front of the server: only a request whose peer is one of them has its client address and
    scheme read from ``X-Forwarded-For`` / ``X-Forwarded-Proto``. Empty (the default): the headers are
    ignored and every limit counts the peer's own address."""
    header_timeout: float = Field(default=10.0, gt=0, le=300)
    """Seconds a client has to send a request's headers; a slower connection is closed (slow clients)."""
    ws_ping_interval: float = Field(default=20.0, gt=0, le=300)
    """Seconds between two pings the server sends on every table socket: a reverse proxy never sees a
    quiet socket for longer (nginx closes one after 60 s by default), and a dead one is found."""
    ws_ping_timeout: float = Field(default=20.0, gt=0, le=300)
    """Seconds a ping's pong may take: a socket that stops answering (a phone asleep, a dead Wi-Fi, a
    half-open TCP connection) is closed with 1011 at most ``ws_ping_interval + ws_ping_timeout`` seconds
    after it last answered, and its player counts as absent from then on."""
    lease_ttl: float = Field(default=15.0, gt=0.5, le=600)
    """Seconds a table's lease lasts unless renewed: how soon a dead process's tables are adopted."""
    idle_limit: float = Field(default=600.0, ge=0, le=86_400)
    """Seconds a player may sit on their own turn without a move before the computer takes the seat
    (``Limits.idle_limit``; 0: no limit)."""
    socket_silence: float = Field(default=120.0, ge=5, le=86_400)
    """Seconds a table socket may send nothing before it is closed (4008): a page pings every 15 s
    (``Limits.socket_silence``)."""
    analysis_workers: int = Field(default=1, ge=1, le=64)
    """Worker processes the web app starts for post-hand analyses when no Redis is configured (with
    ``redis_url``, ``burraco analysis-worker`` processes compute them; docs/deploy.md)."""
    analysis_budget_ms: int = Field(default=250, ge=1, le=10_000)
    """Milliseconds of rollouts per decision reviewed (docs/analysis.md): about 20 CPU-seconds a seat-hand."""
    analysis_active: int = Field(default=2, ge=1, le=100)
    """Analyses one player may have waiting or running at once."""
    analysis_daily: int = Field(default=20, ge=1, le=10_000)
    """Analyses one player may ask for in 24 hours (one per seat and hand; one already made is free)."""
    analysis_timeout: float = Field(default=600.0, gt=0, le=86_400)
    """Seconds one analysis may take before its worker is stopped (it is tried again once)."""

    def merged(self, **flags: Any) -> ServerSettings:
        """These settings with the flags that were given (not None) in their place."""
        given = {name: value for name, value in flags.items() if value is not None}
        return self.model_copy(update=given) if given else self

    def app_options(self) -> dict[str, Any]:
        """The keyword arguments of :func:`burraco.web.app.create_app` (all but the database URL)."""
        return self.model_dump(exclude=set(SERVER_ONLY))
