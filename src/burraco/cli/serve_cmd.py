"""``burraco serve``: the browser game and online tables (FastAPI + uvicorn; see ``docs/web.md``)."""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL: sqlite:///PATH or postgresql+psycopg://... (default: SQLite in the user "
                     "data directory, created on first run).")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before each move.")] = 0.6,
    secure_cookies: Annotated[bool, typer.Option(help="Mark session cookies Secure (behind HTTPS).")] = False,
) -> None:
    """Serve the web app: lobby, tables against people and bots, accounts, ratings, replays."""
    try:
        import uvicorn

        from burraco.web.app import create_app, default_db_url
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        print(f"error: the web app needs the 'web' extra: pip install 'burraco[web]' ({error})")
        raise typer.Exit(2) from None
    from burraco.web.instance_lock import InstanceLock, InstanceLockError

    url = db or default_db_url()
    try:
        lock = InstanceLock.acquire(url)
    except InstanceLockError as error:
        print(f"error: {error}", flush=True)
        raise typer.Exit(2) from None
    app = create_app(url, bot_delay=bot_delay, secure_cookies=secure_cookies)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"Burraco is served at http://{shown}:{port}/  (database: {url}; Ctrl+C stops it)", flush=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio", ws_max_size=64 * 1024)
    finally:
        lock.release()


def loadtest(
    tables: Annotated[int, typer.Option(help="Tables, each with two WebSocket bot clients (at most 2000).")] = 100,
    seconds: Annotated[float, typer.Option(help="How long to measure (at most 600).")] = 30.0,
    think: Annotated[float, typer.Option(help="Mean seconds a client waits before each action.")] = 1.0,
    server_bots: Annotated[bool, typer.Option(help="Seat 1 is a server-side bot instead of a second client.")] = False,
) -> None:
    """Load-test a local server (127.0.0.1 only; it starts and stops by itself): actions/s and latency."""
    from burraco.web.loadtest import main as run_load

    run_load(tables=tables, seconds=seconds, think=think, server_bots=server_bots)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.command("loadtest")(loadtest)
