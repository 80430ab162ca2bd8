"""The FastAPI app factory: middleware, the lifespan (database, tables, ticker) and the routers of
``web/routes/`` (accounts, tables, users, replays, stats, pages, the table WebSocket).

>>> app = create_app("sqlite://", tick_interval=None)
>>> sorted(p for p in app.openapi()["paths"] if p.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables/{table_id}', '/api/tables/{table_id}/hands/{number}/analysis']
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Final

import platformdirs
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from burraco.web.accounts import auth
from burraco.web.accounts.auth import SessionSigner
from burraco.web.accounts.creation_guard import CreationGuard
from burraco.web.accounts.login_guard import HashPool, Limited, LoginGuard, LoginLimits, RedisLoginGuard
from burraco.web.accounts.shared_limits import SharedLimits
from burraco.web.accounts.social_limits import SocialLimits
from burraco.web.cluster.node import Node
from burraco.web.cluster.relay import Relay
from burraco.web.cluster.shared_lobby import SharedLobby
from burraco.web.http import refusals as http_refusals
from burraco.web.http.csrf import OriginCheck
from burraco.web.http.database_errors import DATABASE_ERRORS, database_unavailable
from burraco.web.http.input_limits import MAX_BODY_BYTES, BodyLimit, validation_handler
from burraco.web.http.metrics import GC_PAUSES, LOOP_LAG
from burraco.web.http.security_headers import DOCS_PATH, SecurityHeaders
from burraco.web.lobby.manager import TableManager
from burraco.web.persistence import db
from burraco.web.persistence.analysis import AnalysisQueue, AnalysisService
from burraco.web.persistence.analysis.local import LocalAnalysisQueue
from burraco.web.persistence.analysis.redis_queue import RedisAnalysisQueue
from burraco.web.persistence.leases import DEFAULT_TTL, NAMESPACE, Leases, LocalLeases, RedisLeases
from burraco.web.persistence.repositories.analysis import AnalysisLimits, AnalysisRepository
from burraco.web.routes import include_routers
from burraco.web.routes.deps import AppConfig, SessionSockets
from burraco.web.routes.pages import STATIC
from burraco.web.table.dispatcher import Dispatcher
from burraco.web.table.limits import Limits
from burraco.web.table.live import Clock, Runtime
from burraco.web.table.thinking import DEADLINE, BotPool
from burraco.web.table.thinking_remote import RemoteThinkers
from burraco.web.tournaments import tables as tournament_tables

log = logging.getLogger(__name__)
Settings = AppConfig
"""The app's settings object (``app.state.settings``); see :class:`AppConfig`."""


def default_db_url() -> str:
    """SQLite in the user data directory (created on first run)."""
    folder = Path(platformdirs.user_data_dir("burraco", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'burraco.sqlite3'}"


def _with_limits(limits: Limits, idle_limit: float | None, socket_silence: float | None) -> Limits:
    """``limits`` with the ones given (not None) in their place."""
    if idle_limit is not None:
        limits = dataclasses.replace(limits, idle_limit=idle_limit)
    if socket_silence is not None:
        limits = dataclasses.replace(limits, socket_silence=socket_silence)
    return limits


def create_app(
    db_url: str | None = None,
    *,
    clock: Clock = time.monotonic,
    wallclock: Clock = time.time,
    bot_delay: float = 0.6,
    tick_interval: float | None = 0.5,
    secure_cookies: bool = False,
    rate_limit: float | None = 40.0,
    durable: bool = True,
    max_body: int = MAX_BODY_BYTES,
    login_limits: LoginLimits | None = None,
    public_stats: bool = False,
    api_docs: bool = False,
    limits: Limits | None = None,
    table_burst: int = 10,
    table_every: float = 6.0,
    redis_url: str | None = None,
    leases: Leases | None = None,
    redis_namespace: str = NAMESPACE,
    lease_ttl: float = DEFAULT_TTL,
    trusted_proxies: str = "",
    bot_workers: int = 1,
    bot_processes: bool = True,
    bot_queue: str = "local",
    bot_deadline: float = DEADLINE,
    idle_limit: float | None = None,
    socket_silence: float | None = None,
    analysis_workers: int = 1,
    analysis_budget_ms: int = 250,
    analysis_active: int = 2,
    analysis_daily: int = 20,
    analysis_timeout: float = 600.0,
) -> FastAPI:
    """Build the app. ``clock`` drives every timer (inject a fake one in tests); ``wallclock`` only
    stamps stored rows. ``tick_interval`` None disables the background ticker (call
    ``app.state.manager.tick()`` yourself). ``redis_url`` (or ``leases``) shares tables with other
    processes on the same database by lease (``leases.py``, ``ownership.py``, leases of ``lease_ttl``
    seconds, keys under ``redis_namespace``); with ``redis_url`` a socket may connect to any process
    (``cluster/relay.py``). ``durable`` False tells
    players about a move before its row has committed (faster; a crash may lose the last few moves).
    The slow bots think in ``bot_workers`` worker processes (threads if not ``bot_processes``; with
    ``bot_queue`` ``"redis"``, ``burraco bot-worker`` processes through ``redis_url``), shared fairly by the
    tables' owners, each decision due in ``bot_deadline`` seconds (``table/thinking.py``).
    ``idle_limit`` and ``socket_silence`` (seconds) replace ``limits``'s when given (``BURRACO_IDLE_LIMIT``,
    ``BURRACO_SOCKET_SILENCE``).
    Post-hand analyses run in ``analysis_workers`` local processes, or with ``redis_url`` on a Redis queue
    for ``burraco analysis-worker`` (docs/deploy.md)."""
    if bot_queue not in ("local", "redis") or (bot_queue == "redis" and not redis_url):
        raise ValueError("bot_queue is 'local', or 'redis' with a redis_url")
    GC_PAUSES.install()
    settings = AppConfig(
        db_url or default_db_url(),
        clock,
        wallclock,
        bot_delay,
        tick_interval,
        secure_cookies,
        rate_limit,
        durable,
        max_body,
        login_limits or LoginLimits(),
        public_stats,
        api_docs,
        table_burst,
        table_every,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = db.Store(settings.db_url)
        if leases is None and redis_url:
            shared: Leases = RedisLeases.from_url(redis_url, ttl=lease_ttl, prefix=f"{redis_namespace}:table:")
        else:
            shared = leases or LocalLeases()
        runtime = Runtime(
            store,
            settings.clock,
            settings.wallclock,
            settings.bot_delay,
            durable=settings.durable,
            limits=_with_limits(limits or Limits(), idle_limit=idle_limit, socket_silence=socket_silence),
            leases=shared,
            bot_pool=BotPool(
                bot_workers,
                bot_processes,
                bot_deadline,
                RemoteThinkers(redis_url, redis_namespace) if bot_queue == "redis" and redis_url else None,
            ),
        )
        manager = TableManager(runtime)
        runtime.tables = manager.tables  # (the cap of slow-bot tables per user counts them)
        app.state.online = tournament_tables.install(manager)  # online tournament turns
        relay = shared_lobby = None
        if redis_url:
            relay = Relay.from_url(
                redis_url, shared.name, redis_namespace, manager, app.state.dispatcher, settings.rate_limit
            )
            await relay.start()
            shared_lobby = SharedLobby.from_url(redis_url, shared.name, redis_namespace)
            app.state.guard = RedisLoginGuard(relay.redis, redis_namespace, settings.login_limits)
            manager.shared_limits = SharedLimits(
                relay.redis, redis_namespace, settings.table_burst, settings.table_every
            )
            app.state.social_limits.share(relay.redis, redis_namespace)
        node = Node(manager, relay, shared_lobby)
        app.state.node = node
        manager.ensure_bot_users()
        loaded = manager.load()
        if loaded:
            log.info("restored %d tables", loaded)
        app.state.store = store
        app.state.repos = runtime.repos
        app.state.manager = manager
        app.state.signer = SessionSigner(runtime.repos.users.secret_key())
        login_limits = settings.login_limits
        app.state.hash_pool = HashPool(login_limits.hash_workers, login_limits.hash_queue)
        analyses = AnalysisRepository(store)
        queue: AnalysisQueue
        if redis_url:
            queue = RedisAnalysisQueue(redis_url, redis_namespace, analysis_timeout)
        else:
            tables_repo = runtime.repos.tables
            queue = LocalAnalysisQueue(analyses, tables_repo, settings.wallclock, analysis_workers, analysis_timeout)
        await queue.start()
        limits_of_analysis = AnalysisLimits(analysis_active, analysis_daily)
        app.state.analysis = AnalysisService(analyses, queue, analysis_budget_ms, limits_of_analysis)
        await asyncio.to_thread(auth.dummy_hash)
        await manager.resume()
        ticker = lag = None
        if settings.tick_interval:
            gc.collect()
            gc.freeze()
            ticker = asyncio.get_running_loop().create_task(_ticker(manager, settings.tick_interval))
            lag = asyncio.get_running_loop().create_task(LOOP_LAG.run())
            node.start()  # the leases are renewed apart from the tick
        try:
            yield
        finally:
            runtime.closing = True
            for task in (ticker, lag):
                if task is not None:
                    task.cancel()
            for table in manager.tables.values():
                if table.bot_task is not None:
                    table.bot_task.cancel()
                for conn in list(table.conns):
                    conn.close()
            await node.stop()
            await runtime.bot_pool.aclose()
            await queue.stop()
            await asyncio.sleep(0)
            app.state.hash_pool.close()
            await asyncio.to_thread(store.close)

    app = FastAPI(
        title="Burraco",
        lifespan=lifespan,
        docs_url=DOCS_PATH if api_docs else None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if api_docs else None,
    )
    app.state.settings = settings
    app.state.dispatcher = Dispatcher()
    app.add_middleware(OriginCheck)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)
    if trusted_proxies.strip():  # the client's address from X-Forwarded-For, only from these peers
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted_proxies)
    app.add_exception_handler(RequestValidationError, validation_handler)
    app.add_exception_handler(Limited, _limited)
    app.add_exception_handler(DATABASE_ERRORS, database_unavailable)
    app.state.guard = LoginGuard(settings.clock, settings.login_limits)
    app.state.creation_guard = CreationGuard(settings.clock, settings.table_burst, settings.table_every)
    app.state.session_sockets = SessionSockets()
    app.state.social_limits = SocialLimits()
    include_routers(app)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


GC_FREEZE_EVERY: Final = 1.0
"""Seconds between moves of every live object to the collector's permanent generation (see docs/web.md):
a full collection scans only what survived since, which at 2000 actions a second is a second's worth
(it was 10 s, and a full collection of ten seconds' survivors stopped the event loop for 200-300 ms)."""
GC_FULL_EVERY: Final = 900.0
"""Seconds between full collections (unfreeze and collect: frees cycles that were frozen)."""


async def _ticker(manager: TableManager, interval: float) -> None:
    """Run the tables' clock duties every ``interval`` s and keep garbage-collection pauses short: the
    thousands of long-lived objects of live tables and connections are frozen (never scanned again) so
    a full collection does not stop the event loop for hundreds of milliseconds."""
    loop = asyncio.get_running_loop()
    frozen_at = full_at = loop.time()
    while True:
        await asyncio.sleep(interval)
        try:
            await manager.tick()
        except Exception:
            log.exception("ticker failed")
        now = loop.time()
        if now - full_at >= GC_FULL_EVERY:
            gc.unfreeze()
            gc.collect()
            full_at = frozen_at = now
        elif now - frozen_at >= GC_FREEZE_EVERY:
            gc.collect(0)  # (the youngest only: collecting the middle generation too cost 2-3% of a core)
            gc.freeze()
            frozen_at = now


async def _limited(_request: Request, error: Exception) -> JSONResponse:
    """429 (too many attempts) or 503 (password checks queue full), with ``Retry-After``."""
    assert isinstance(error, Limited)
    return JSONResponse(
        {"detail": http_refusals.body(error.code, **error.params)},
        status_code=503 if error.busy else 429,
        headers={"Retry-After": str(error.retry_after)},
    )
