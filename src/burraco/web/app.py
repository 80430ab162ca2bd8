"""The FastAPI app factory: REST for accounts, the lobby, histories and replays; one WebSocket per table.

>>> app = create_app("sqlite://", tick_interval=None)
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables', '/api/tables/{table_id}']
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Final, Literal
from urllib.parse import urlsplit

import platformdirs
from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy import Connection as DbConnection
from sqlalchemy import desc, select

from burraco.core.actions import Action
from burraco.core.errors import BurracoError
from burraco.core.match import Match
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.view import observe
from burraco.web import auth, db, ratings
from burraco.web.auth import AuthError, SessionSigner, User
from burraco.web.csrf import OriginCheck
from burraco.web.dispatcher import Dispatcher, RateLimiter
from burraco.web.input_limits import MAX_BODY_BYTES, WS_MAX_BYTES, BodyLimit, validation_handler
from burraco.web.limits import Limits
from burraco.web.login_guard import HashPool, Limited, LoginGuard, LoginLimits
from burraco.web.manager import TableManager
from burraco.web.metrics import GC_PAUSES, LOOP_LAG
from burraco.web.replay_names import auto_steps, seat_names
from burraco.web.rules_schema import RulesOptions
from burraco.web.security_headers import DOCS_PATH, SecurityHeaders
from burraco.web.serialize import cards_text, scores_to_list, view_to_dict
from burraco.web.tables import Clock, Connection, Runtime, Table, TableConfig, TableError, new_seed

log = logging.getLogger(__name__)
STATIC = resources.files("burraco.web") / "static"


def default_db_url() -> str:
    """SQLite in the user data directory (created on first run)."""
    folder = Path(platformdirs.user_data_dir("burraco", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'burraco.sqlite3'}"


@dataclass
class Settings:
    db_url: str
    clock: Clock
    wallclock: Clock
    bot_delay: float
    tick_interval: float | None
    secure_cookies: bool
    rate_limit: float | None
    durable: bool
    max_body: int = MAX_BODY_BYTES
    login_limits: LoginLimits = field(default_factory=LoginLimits)
    public_stats: bool = False
    """Serve ``/api/stats`` (operational figures) to anyone; off: 404."""
    api_docs: bool = False
    """Serve the API docs at ``/api/docs`` (and the OpenAPI schema); off: 404."""


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class GuestRequest(BaseModel):
    nickname: str = Field(min_length=1, max_length=40)


class CreateTable(BaseModel):
    name: str = Field(default="", max_length=60)
    players: Literal[2, 3, 4] = 2
    preset: str = Field(default="fibur", max_length=20)
    target: int | None = Field(default=None, ge=5, le=100_000)
    hands: int | None = Field(default=None, ge=1, le=20)
    turn_timer: float = Field(default=0.0, ge=0, le=3600)
    grace: float = Field(default=30.0, ge=0, le=86_400)
    options: RulesOptions = Field(default_factory=RulesOptions)
    """Rules options by name (every field of :class:`Rules` but players; types and ranges checked)."""
    sit: bool = True
    bots: Literal["easy", "normal", "hard", "random"] | None = None
    practice: bool = False
    """A private practice table: the creator and bots, unrated, not listed; only here may ``seed`` be given."""
    seed: int | None = Field(default=None, ge=0, lt=2**63)


def create_app(db_url: str | None = None, *, clock: Clock = time.monotonic, wallclock: Clock = time.time,
               bot_delay: float = 0.6, tick_interval: float | None = 0.5, secure_cookies: bool = False,
               rate_limit: float | None = 40.0, durable: bool = True, max_body: int = MAX_BODY_BYTES,
               login_limits: LoginLimits | None = None, public_stats: bool = False,
               api_docs: bool = False, limits: Limits | None = None) -> FastAPI:
    """Build the app. ``clock`` drives every timer (inject a fake one in tests); ``wallclock`` only
    stamps stored rows. ``tick_interval`` None disables the background ticker (call
    ``app.state.manager.tick()`` yourself). ``durable`` False tells players about a move before its row
    has committed (faster; a crash may lose the last few moves)."""
    GC_PAUSES.install()
    settings = Settings(db_url or default_db_url(), clock, wallclock, bot_delay, tick_interval, secure_cookies,
                        rate_limit, durable, max_body, login_limits or LoginLimits(), public_stats, api_docs)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = db.Store(settings.db_url)
        runtime = Runtime(store, settings.clock, settings.wallclock, settings.bot_delay,
                          durable=settings.durable, limits=limits or Limits())
        manager = TableManager(runtime)
        manager.ensure_bot_users()
        loaded = manager.load()
        if loaded:
            log.info("restored %d tables", loaded)
        app.state.store = store
        app.state.manager = manager
        app.state.signer = SessionSigner(store.write(auth.secret_key).result())
        login_limits = settings.login_limits
        app.state.hash_pool = HashPool(login_limits.hash_workers, login_limits.hash_queue)
        await asyncio.to_thread(auth.dummy_hash)
        await manager.resume()
        ticker = lag = None
        if settings.tick_interval:
            gc.collect()
            gc.freeze()
            ticker = asyncio.get_running_loop().create_task(_ticker(manager, settings.tick_interval))
            lag = asyncio.get_running_loop().create_task(LOOP_LAG.run())
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
            await asyncio.sleep(0)
            app.state.hash_pool.close()
            await asyncio.to_thread(store.close)

    app = FastAPI(title="Burraco", lifespan=lifespan, docs_url=DOCS_PATH if api_docs else None, redoc_url=None,
                  openapi_url="/api/openapi.json" if api_docs else None)
    app.state.settings = settings
    app.state.dispatcher = Dispatcher()
    app.add_middleware(OriginCheck)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(RequestValidationError, validation_handler)
    app.add_exception_handler(Limited, _limited)
    app.state.guard = LoginGuard(settings.clock, settings.login_limits)
    _routes(app, settings)
    _rules_route(app)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


GC_FREEZE_EVERY: Final = 10.0
"""Seconds between moves of every live object to the collector's permanent generation (see docs/web.md)."""
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
            gc.collect(1)
            gc.freeze()
            frozen_at = now


async def _limited(_request: Request, error: Exception) -> JSONResponse:
    """429 (too many attempts) or 503 (password checks queue full), with ``Retry-After``."""
    assert isinstance(error, Limited)
    return JSONResponse({"detail": str(error)}, status_code=503 if error.busy else 429,
                        headers={"Retry-After": str(error.retry_after)})


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _store(request: Request) -> db.Store:
    return request.app.state.store  # type: ignore[no-any-return]


def _manager(request: Request) -> TableManager:
    return request.app.state.manager  # type: ignore[no-any-return]


def _user_from_cookie(app: FastAPI, cookie: str | None) -> User | None:
    session = app.state.signer.load(cookie)
    if session is None:
        return None
    return app.state.store.read(lambda c: auth.session_user(c, *session))  # type: ignore[no-any-return]


def current_user(request: Request) -> User | None:
    return _user_from_cookie(request.app, request.cookies.get(auth.COOKIE))


def require_user(user: Annotated[User | None, Depends(current_user)]) -> User:
    if user is None:
        raise HTTPException(401, "log in or pick a guest name first")
    return user


TableId = Annotated[int, PathParam(ge=0, le=2**62, description="a table's id")]
UserId = Annotated[int, PathParam(ge=0, le=2**62, description="a player's id")]
HandNumber = Annotated[int, PathParam(ge=1, le=10_000, description="a hand's number in its match, from 1")]
OptionalUser = Annotated[User | None, Depends(current_user)]
RequiredUser = Annotated[User, Depends(require_user)]


def _check_practice(body: CreateTable) -> None:
    """A chosen seed would let its chooser compute every hidden card: only a private practice table
    (the creator alone with bots, unrated) may have one. Live tables deal from :func:`new_seed`."""
    if body.practice and (not body.sit or body.bots is None):
        raise HTTPException(422, "a practice table seats you and bots only: give sit: true and bots")
    if body.seed is not None and not body.practice:
        raise HTTPException(422, "seed: a seed may be chosen only at a private practice table "
                                 "(practice: true, you and bots, unrated)")


def _routes(app: FastAPI, settings: Settings) -> None:
    session_sockets: dict[str, set[Connection]] = {}
    """The open table sockets of each session token (closed when the session logs out)."""

    def set_session(response: Response, request: Request, user_id: int) -> None:
        token = _store(request).write(lambda c: auth.new_session(c, user_id, settings.wallclock())).result()
        response.set_cookie(auth.COOKIE, request.app.state.signer.dump(user_id, token),
                            max_age=auth.SESSION_DAYS * 86400,
                            httponly=True, samesite="lax", secure=settings.secure_cookies)

    def new_user(request: Request, name: str, kind: str, password_hash: str | None) -> int:
        key = name.lower() if kind == "account" else None

        def write(c: DbConnection) -> int:
            if key is not None and c.execute(select(db.users.c.id).where(db.users.c.name_key == key)).first():
                raise AuthError(f"the name {name!r} is taken")
            return db.new_id(c.execute(db.users.insert().values(
                name=name, name_key=key, password_hash=password_hash, kind=kind, mu=ratings.DEFAULT_MU,
                sigma=ratings.DEFAULT_SIGMA, matches=0, created_at=settings.wallclock())))

        try:
            return _store(request).write(write).result()
        except AuthError as error:
            raise HTTPException(409, str(error)) from None

    def signed_in(request: Request, response: Response, user_id: int) -> dict[str, Any]:
        set_session(response, request, user_id)
        user = _store(request).read(lambda c: auth.get_user(c, user_id))
        assert user is not None
        return {"user": user.to_dict()}

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/api/me")
    def me(user: OptionalUser) -> dict[str, Any]:
        return {"user": user.to_dict() if user else None}

    @app.post("/api/register")
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        request.app.state.guard.check(_address(request))
        try:
            name = auth.check_name(body.name)
        except AuthError as error:
            raise HTTPException(422, str(error)) from None
        if name.lower().startswith("bot"):
            raise HTTPException(422, "names starting with 'bot' are kept for the computer players")
        if len(body.password) < auth.MIN_PASSWORD:
            raise HTTPException(422, f"a password has at least {auth.MIN_PASSWORD} characters")
        hashed = await request.app.state.hash_pool.run(auth.hash_password, body.password)
        user_id = await asyncio.to_thread(new_user, request, name, "account", hashed)
        return await asyncio.to_thread(signed_in, request, response, user_id)

    @app.post("/api/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Wrong name or password: 401; too many attempts from an address or wrong passwords for an
        account: 429; an unknown name is checked against a dummy hash (same cost as a known one)."""
        guard: LoginGuard = request.app.state.guard
        key = body.name.strip().lower()
        guard.check(_address(request), key)
        row = await asyncio.to_thread(_store(request).read, lambda c: c.execute(
            select(db.users.c.id, db.users.c.password_hash).where(db.users.c.name_key == key,
                                                                  db.users.c.kind == "account")).first())
        hashed = row.password_hash if row is not None and row.password_hash else auth.dummy_hash()
        ok = await request.app.state.hash_pool.run(auth.verify_password, hashed, body.password)
        if row is None or not ok:
            guard.failure(key)
            raise HTTPException(401, "wrong name or password")
        guard.success(key)
        return await asyncio.to_thread(signed_in, request, response, int(row.id))

    @app.post("/api/guest")
    async def guest(body: GuestRequest, request: Request, response: Response) -> dict[str, Any]:
        """A guest user; new guests count against the address's attempts like registrations."""
        request.app.state.guard.check(_address(request))
        try:
            name = auth.check_name(body.nickname)
        except AuthError as error:
            raise HTTPException(422, str(error)) from None
        user_id = await asyncio.to_thread(new_user, request, name, "guest", None)
        return await asyncio.to_thread(signed_in, request, response, user_id)

    @app.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        """End the session on the server (its cookie no longer works, even if kept), close the
        session's table sockets, and drop the cookie."""
        session = request.app.state.signer.load(request.cookies.get(auth.COOKIE))
        if session is not None:
            await _store(request).awrite(lambda c: auth.end_session(c, session[1]))
            for conn in session_sockets.pop(session[1], set()):
                conn.close()
        response.delete_cookie(auth.COOKIE, httponly=True, samesite="lax", secure=settings.secure_cookies)
        return {"user": None}

    @app.get("/api/stats", include_in_schema=False)
    def stats(request: Request, lag_since: Annotated[int, Query(ge=0, le=10**9)] = 0) -> dict[str, Any]:
        """Operational figures: live tables and connections, server CPU time, action timing (only
        with the ``public_stats`` setting: they tell an outsider how loaded the server is)."""
        if not settings.public_stats:
            raise HTTPException(404, "Not Found")
        manager = _manager(request)
        dispatcher: Dispatcher = request.app.state.dispatcher
        return {"tables": len(manager.tables), "connections": sum(len(t.conns) for t in manager.tables.values()),
                "cpu_seconds": time.process_time(), "gc_pause_max_ms": round(1000 * GC_PAUSES.longest, 1),
                "gc_pause_max_ms_by_generation": [round(1000 * p, 1) for p in GC_PAUSES.by_generation],
                "gc_pauses_over_10ms": GC_PAUSES.over_10ms, "loop_lag_samples": len(LOOP_LAG.lags),
                **LOOP_LAG.summary(lag_since), **dispatcher.stats()}

    @app.get("/api/presets")
    def presets() -> dict[str, Any]:
        return {name: rules.to_dict() for name, rules in PRESETS.items()}

    @app.get("/api/tables")
    def lobby(request: Request) -> dict[str, Any]:
        return {"tables": _manager(request).lobby()}

    @app.post("/api/tables")
    async def create_table(body: CreateTable, request: Request, user: RequiredUser) -> dict[str, Any]:
        try:
            changes: dict[str, Any] = body.options.changes()
            changes["players"] = body.players
            if body.hands is not None:
                changes["hands_per_turn"] = body.hands
            if body.target is not None:
                changes["target"] = body.target
            rules = preset(body.preset, **changes)
        except (BurracoError, TypeError) as error:
            raise HTTPException(422, str(error)) from None
        _check_practice(body)
        manager = _manager(request)
        name = body.name.strip() or f"{user.name}'s table"
        seed = body.seed if body.seed is not None else new_seed()
        config = TableConfig(name, body.preset.strip().lower(), rules, seed, body.turn_timer, body.grace, user.id,
                             settings.wallclock(), body.practice)
        try:
            table = await manager.create(config, user)
        except TableError as error:  # too many unfinished tables
            raise HTTPException(429, {"code": error.code, "message": str(error)}) from None
        async with table.lock:
            async with table.atomic():  # seat, bots and first deal: stored together or not at all
                if body.sit:
                    await table.sit(user, 0)
                if body.bots:
                    await table.fill_bots(body.bots)
            table.broadcast(full=True)
            table.kick_bots()
        return {"table": table.info(full=True)}

    def get_table(request: Request, table_id: int) -> Table:
        table = _manager(request).tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no live table {table_id}")
        return table

    @app.get("/api/tables/{table_id}")
    def table_info(table_id: TableId, request: Request) -> dict[str, Any]:
        return {"table": get_table(request, table_id).info(full=True)}

    @app.get("/api/users/{user_id}")
    def profile(user_id: UserId, request: Request) -> dict[str, Any]:
        def read(c: DbConnection) -> dict[str, Any]:
            user = auth.get_user(c, user_id)
            if user is None:
                raise HTTPException(404, "no such player")
            rows = c.execute(
                select(db.match_players, db.matches.c.table_id, db.matches.c.finished_at, db.matches.c.summary)
                .join(db.matches, db.matches.c.id == db.match_players.c.match_id)
                .where(db.match_players.c.user_id == user_id).order_by(desc(db.matches.c.id)).limit(50)).all()
            history = [{"match_id": r.match_id, "table_id": r.table_id, "finished_at": r.finished_at,
                        "seat": r.seat, "points": r.points, "result": r.result, "left": r.left,
                        "rating_before": r.rating_before, "rating_after": r.rating_after,
                        "summary": {k: v for k, v in r.summary.items() if k != "results"},
                        "hands": len(r.summary.get("results", []))} for r in rows]
            return {"user": user.to_dict(), "matches": history}

        return _store(request).read(read)

    def replay_match(request: Request, table_id: int, upto: int) -> tuple[Rules, Match, list[str], list[int], str]:
        """Rebuild a table's match from its events, stopping at the deal of hand ``upto``. Only a
        finished match is opened: its deals would tell the secret seed of the hands still to come."""
        def read(c: DbConnection) -> tuple[Any, list[Any]]:
            row = c.execute(select(db.tables).where(db.tables.c.id == table_id)).first()
            evs = c.execute(select(db.events.c.kind, db.events.c.seat, db.events.c.text, db.events.c.hand)
                            .where(db.events.c.table_id == table_id, db.events.c.hand <= upto,
                                   db.events.c.kind.in_(("deal", "action", "timeout")))
                            .order_by(db.events.c.seq)).all()
            return row, list(evs)

        row, evs = _store(request).read(read)
        if row is None:
            raise HTTPException(404, f"no table {table_id}")
        if row.status != "over":
            raise HTTPException(403, "this match is still being played: replays open when the match is over")
        rules = Rules(**row.rules)
        match = Match(rules, int(row.seed))
        actions: list[str] = []
        seats: list[int] = []
        hand_no = 0
        for e in evs:
            if e.kind == "deal":
                hand_no += 1
                match.start_hand()
            elif hand_no == upto:
                if e.kind == "action":
                    actions.append(e.text)
                    seats.append(e.seat)
            elif e.kind == "action" and match.current is not None:
                match.current.apply(Action.parse(e.text))
                if match.current.is_over:
                    match.finish_hand()
            elif e.kind == "timeout":
                match.time_out()
        if hand_no < upto or match.current is None:
            raise HTTPException(404, f"table {table_id} has no hand {upto}")
        return rules, match, actions, seats, row.preset

    @app.get("/api/tables/{table_id}/hands/{number}/replay")
    def replay(table_id: TableId, number: HandNumber, request: Request,
               step: Annotated[int, Query(ge=0, le=100_000)] = 0) -> dict[str, Any]:
        """One frame of a finished hand's replay: every zone open, after ``step`` actions."""
        rules, match, actions, seats, _ = replay_match(request, table_id, number)
        hand = match.current
        assert hand is not None
        # refuse to open a hand that is still being played
        probe = hand.clone()
        for text in actions:
            probe.apply(Action.parse(text))
        if not probe.is_over:
            raise HTTPException(403, "this hand is still being played: replays open finished hands only")
        step = max(0, min(step, len(actions)))
        for text in actions[:step]:
            hand.apply(Action.parse(text))
        view = view_to_dict(observe(hand, None), rules)
        return {"table_id": table_id, "hand": number, "seed": match.seed, "step": step, "steps": len(actions),
                "action": actions[step - 1] if step else "deal", "actor": seats[step - 1] if step else hand.dealer,
                "hands": [cards_text(sorted(hand.hand_cards(s))) for s in range(hand.players)],
                "view": view, "scores": scores_to_list(probe.scores()), "actions": actions,
                "names": _store(request).read(lambda c: seat_names(c, table_id, hand.players)),
                "auto": _store(request).read(lambda c: auto_steps(c, table_id, number))}

    @app.get("/api/tables/{table_id}/hands/{number}/history", response_class=PlainTextResponse)
    def history(table_id: TableId, number: HandNumber, request: Request) -> str:
        """The finished hand as a core hand history (``docs/hand-history.md``)."""
        from burraco.core.history import write_history

        _rules, match, actions, _seats, preset_name = replay_match(request, table_id, number)
        hand = match.current
        assert hand is not None
        for text in actions:
            hand.apply(Action.parse(text))
        if not hand.is_over:
            raise HTTPException(403, "this hand is still being played")
        return write_history(hand, preset=preset_name)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: int) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if origin and urlsplit(origin).netloc != host:
            await websocket.close(code=1008, reason="cross-origin WebSocket refused")
            return
        manager: TableManager = websocket.app.state.manager
        cookie = websocket.cookies.get(auth.COOKIE)
        user = _user_from_cookie(websocket.app, cookie)
        await websocket.accept()  # accepted first, so a refused client gets its close code and stops retrying
        conn = await manager.join(table_id, user)
        if not isinstance(conn, Connection):
            await websocket.close(code=conn[0], reason=conn[1])
            return
        table = conn.table
        session = websocket.app.state.signer.load(cookie) if user is not None else None
        if session is not None:
            session_sockets.setdefault(session[1], set()).add(conn)
        sender = asyncio.get_running_loop().create_task(_pump(conn, websocket))
        dispatcher: Dispatcher = websocket.app.state.dispatcher
        limiter = RateLimiter(settings.rate_limit, 2 * settings.rate_limit) if settings.rate_limit else None
        receiver = asyncio.get_running_loop().create_task(_receive(conn, websocket, dispatcher, limiter))
        try:  # until the client goes, or the server closes the connection (too slow, table unloaded)
            await asyncio.wait({receiver, sender}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            receiver.cancel()
            if session is not None and session[1] in session_sockets:
                session_sockets[session[1]].discard(conn)
                if not session_sockets[session[1]]:
                    del session_sockets[session[1]]
            async with table.lock:
                await table.disconnect(conn)
            with contextlib.suppress(Exception):
                await sender


async def _receive(conn: Connection, websocket: WebSocket, dispatcher: Dispatcher,
                   limiter: RateLimiter | None) -> None:
    """Dispatch a connection's messages until the client disconnects (or sends one too big)."""
    with contextlib.suppress(WebSocketDisconnect):
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if len(raw) > WS_MAX_BYTES:
                await websocket.close(code=1009, reason=f"message too big (at most {WS_MAX_BYTES} bytes)")
                return
            # shielded: closing the socket must not cut a step between its write and its reply
            await asyncio.shield(dispatcher.dispatch(conn, raw, limiter))


def _rules_route(app: FastAPI) -> None:
    """``GET /rules``: the players' rules page (docs/rules.md) as HTML; refusal messages link to its sections."""
    from fastapi.responses import HTMLResponse

    from burraco import rulebook

    page = rulebook.page_html(stylesheet="/static/style.css", home="/")

    @app.get("/rules", include_in_schema=False, response_class=HTMLResponse)
    def rules_page() -> HTMLResponse:
        return HTMLResponse(page)


async def _pump(conn: Connection, websocket: WebSocket) -> None:
    """Send a connection's queued messages in order; stop at the close marker or a dead socket."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(code=conn.close_code, reason=conn.close_reason)
