"""``burraco serve``: the browser game and online tables (FastAPI + uvicorn; see ``docs/web.md``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer


def serve(
    host: Annotated[
        str | None,
        typer.Option(help="Address to listen on (127.0.0.1: this machine only) [env BURRACO_HOST; default 127.0.0.1]."),
    ] = None,
    port: Annotated[int | None, typer.Option(help="TCP port [env BURRACO_PORT; default 8000].")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL: sqlite:///PATH or postgresql+psycopg://... [env BURRACO_DB_URL; default: "
            "SQLite in the user data directory, created on first run].",
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before each move [env BURRACO_BOT_DELAY; default 0.6].")
    ] = None,
    secure_cookies: Annotated[
        bool | None, typer.Option(help="Mark session cookies Secure (behind HTTPS) [env BURRACO_SECURE_COOKIES].")
    ] = None,
    public_stats: Annotated[
        bool | None, typer.Option(help="Serve /api/stats (server load figures) to anyone [env BURRACO_PUBLIC_STATS].")
    ] = None,
    api_docs: Annotated[
        bool | None, typer.Option(help="Serve the API docs at /api/docs [env BURRACO_API_DOCS].")
    ] = None,
) -> None:
    """Serve the web app: lobby, tables against people and bots, accounts, ratings, replays. Every setting
    is read from its BURRACO_* environment variable; a flag given overrides it."""
    try:
        from burraco.web.app import create_app, default_db_url
        from burraco.web.config import ServerSettings
        from burraco.web.server import build_server
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        print(f"error: the web app needs the 'web' extra: pip install 'burraco[web]' ({error})")
        raise typer.Exit(2) from None
    from burraco.web.instance_lock import InstanceLock, InstanceLockError

    settings = ServerSettings().merged(
        host=host,
        port=port,
        db_url=db,
        bot_delay=bot_delay,
        secure_cookies=secure_cookies,
        public_stats=public_stats,
        api_docs=api_docs,
    )
    url = settings.db_url or default_db_url()
    try:
        lock = InstanceLock.acquire(url)
    except InstanceLockError as error:
        print(f"error: {error}", file=sys.stderr, flush=True)
        raise typer.Exit(2) from None
    app = create_app(url, **settings.app_options())
    shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
    print(f"Burraco is served at http://{shown}:{settings.port}/  (database: {url}; Ctrl+C stops it)", flush=True)
    try:
        build_server(app, settings).run()
    finally:
        lock.release()


def loadtest(
    tables: Annotated[int, typer.Option(help="Tables, each with two WebSocket bot clients (at most 5000).")] = 100,
    seconds: Annotated[
        float, typer.Option(help="How long to measure (at most 600; 180 or more for whole hands in steady state).")
    ] = 30.0,
    think: Annotated[float, typer.Option(help="Mean seconds a client waits before each action.")] = 1.0,
    server_bots: Annotated[bool, typer.Option(help="Seat 1 is a server-side bot instead of a second client.")] = False,
    processes: Annotated[
        int,
        typer.Option(
            help="Server processes behind one port (SO_REUSEPORT); above 1 they need --db (PostgreSQL) and --redis."
        ),
    ] = 1,
    reconnect_storm: Annotated[
        bool,
        typer.Option(
            help="Midway, every client drops its socket within 5 s and reconnects (lost actions are counted)."
        ),
    ] = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="postgresql+psycopg://... (a fresh schema, dropped after); default: temporary SQLite."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis", help="redis://... shared by the processes (a fresh key namespace, deleted afterwards)."
        ),
    ] = None,
    route: Annotated[
        str,
        typer.Option(
            help="any: each socket to any process (the kernel spreads them); table: a table's sockets to one "
            "process, as a proxy hashing the table id would."
        ),
    ] = "any",
    bot_attack: Annotated[
        bool,
        typer.Option(
            help="Instead: --tables all-bot 4-player champion tables opened by ten guests and watched, against "
            "two honest players and an HTTP poller; prints their latency before and under the attack."
        ),
    ] = False,
    bot_workers: Annotated[int, typer.Option(help="With --bot-attack: the server's bot worker processes.")] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", help="A server-side bot of this level plays seat 1 (its tables' latency is reported apart)."
        ),
    ] = None,
    bot_tables: Annotated[
        int | None, typer.Option("--bot-tables", help="With --bots: how many tables have the bot (default all).")
    ] = None,
    soak: Annotated[
        str | None,
        typer.Option(
            "--soak",
            help="Instead: hold --tables tables (people, bots, spectators, long thoughts, one reconnect storm) "
            "for this long (30m, 2h) and fail on any unexpected close, lost or doubled action.",
        ),
    ] = None,
    deltas: Annotated[
        bool,
        typer.Option(
            "--deltas/--states", help="The clients take deltas, as the web page does, or a full state per change."
        ),
    ] = True,
) -> None:
    """Load-test local servers (127.0.0.1 only; they start and stop by themselves): actions/s and latency."""
    from burraco.loadtest.plan import main as run_load

    try:
        if soak is not None:
            from burraco.loadtest.soak import SoakFailed, duration
            from burraco.loadtest.soak import main as run_soak

            try:
                run_soak(duration(soak), tables=tables, processes=processes, db_url=db, redis_url=redis)
            except SoakFailed as failed:
                print(f"error: {failed}", file=sys.stderr)
                raise typer.Exit(1) from None
            return
        if bot_attack:
            from burraco.loadtest.attack import main as run_attack

            run_attack(tables=tables, seconds=seconds, bot_workers=bot_workers)
            return
        run_load(
            tables=tables,
            seconds=seconds,
            think=think,
            server_bots=server_bots,
            processes=processes,
            reconnect_storm=reconnect_storm,
            db_url=db,
            redis_url=redis,
            route=route,
            bots=bots,
            bot_tables=bot_tables,
            deltas=deltas,
        )
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.command("loadtest")(loadtest)
