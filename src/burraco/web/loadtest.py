"""``burraco loadtest``: many bot clients playing over WebSockets against a local server.

It starts ``burraco serve`` machinery in a child process on 127.0.0.1 (loopback only) with a
fresh SQLite database, creates ``--tables`` tables, connects two WebSocket clients to each (one per
seat, both playing by a simple legal policy with a think time), plays for ``--seconds``, stops
by itself and prints: tables, connections, actions, actions/s, and the action latency (from
sending an action to receiving the server's answer to it) p50/p99/max, plus the server's CPU use.
Everything is bounded: at most 2000 tables, 600 measured seconds, 120 s to create and seat the
tables (concurrently; ``setup_s`` in the summary says how long it took), 10 s to stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from burraco.web.metrics import GcPauses, LoopLag

MAX_TABLES: Final = 2000
MAX_SECONDS: Final = 600.0
HOST: Final = "127.0.0.1"
SETUP_LIMIT_S: Final = 120.0
"""Creating and seating the tables may take at most this long (then the run stops with an error)."""
SETUP_CONCURRENCY: Final = 64


def choose(legal: list[str], rng: random.Random) -> str:
    """Draw (or sometimes pick up); lay down a meld or attachment half the time; else discard."""
    if "draw" in legal:
        return "pickup" if "pickup" in legal and rng.random() < 0.1 else "draw"
    plays = [a for a in legal if a.startswith(("meld", "attach"))]
    if plays and rng.random() < 0.5:
        return rng.choice(plays)
    discards = [a for a in legal if a.startswith("discard")]
    return rng.choice(discards) if discards else legal[0]


def action_message(text: str, ident: int) -> str:
    kind, *rest = text.split()
    payload: dict[str, Any] = {"type": "action", "kind": kind, "id": ident}
    if kind == "attach":
        payload["target"] = int(rest.pop(0))
    payload["cards"] = rest
    return json.dumps(payload)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    refused: int = 0
    hands: int = 0
    connect_failures: int = 0


async def _client(url: str, cookie: str, stats: Stats, stop: asyncio.Event, think: float, seed: int,
                  sockets: list[Any]) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    pending: tuple[int, float] | None = None
    ident = 0
    try:
        async with connect(url, additional_headers={"Cookie": cookie}, open_timeout=60, max_size=2**22,
                           ping_interval=None, compression=None) as ws:
            sockets.append(ws)
            last_hand_over = -1
            async for raw in ws:
                if stop.is_set():
                    break
                message = json.loads(raw)
                if pending is not None and message.get("reply_to") == pending[0]:
                    stats.latencies.append(time.perf_counter() - pending[1])
                    if message["type"] == "error":
                        stats.refused += 1
                    pending = None
                if message["type"] != "state" or pending is not None:
                    continue
                table = message["table"]
                if table["status"] == "between" and message["you"] is not None:
                    if table["hand_no"] != last_hand_over:
                        last_hand_over = table["hand_no"]
                        stats.hands += 1
                        ident += 1
                        pending = (ident, time.perf_counter())
                        await ws.send(json.dumps({"type": "ready", "id": ident}))
                    continue
                legal = message["legal"]
                if not legal:
                    continue
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    if stop.is_set():
                        break
                ident += 1
                pending = (ident, time.perf_counter())
                await ws.send(action_message(choose(legal, rng), ident))
    except Exception:
        if not stop.is_set():
            stats.errors += 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


async def _http(method: str, url: str, body: dict[str, Any] | None = None, cookie: str | None = None) -> tuple[
        dict[str, Any], str | None]:
    import httpx

    headers = {"cookie": cookie} if cookie else {}
    async with httpx.AsyncClient(timeout=60) as client:
        response = await client.request(method, url, json=body, headers=headers)
        response.raise_for_status()
        return response.json(), response.cookies.get("burraco_session")


async def _create_tables(base: str, cookie: str, tables: int, server_bots: bool) -> list[int]:
    """Create the tables concurrently (at most :data:`SETUP_CONCURRENCY` requests in flight)."""
    import httpx

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    body = {"players": 2, "target": 100_000, "grace": 3600, "bots": "random" if server_bots else None}

    async def create(client: httpx.AsyncClient) -> int:
        async with gate:
            response = await client.post(f"{base}/api/tables", json=body)
        response.raise_for_status()
        return int(response.json()["table"]["id"])

    async with httpx.AsyncClient(timeout=60, headers={"cookie": cookie, "origin": base}) as client:
        return list(await asyncio.gather(*(create(client) for _ in range(tables))))


async def _seat_all(ws_base: str, ids: list[int], cookie: str) -> None:
    """Seat client b at seat 1 of every table, concurrently; this starts the matches."""
    from websockets.asyncio.client import connect

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def sit(table_id: int) -> None:
        async with gate, connect(f"{ws_base}/{table_id}", additional_headers={"Cookie": cookie},
                                 open_timeout=60) as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "sit", "seat": 1, "id": 1}))
            while json.loads(await ws.recv()).get("reply_to") != 1:
                pass

    await asyncio.gather(*(sit(table_id) for table_id in ids))


async def run(tables: int, seconds: float, think: float, server_bots: bool, port: int) -> dict[str, Any]:
    base = f"http://{HOST}:{port}"
    client_gc = GcPauses().install()
    _, cookie_a = await _http("POST", f"{base}/api/guest", {"nickname": "load-a"})
    _, cookie_b = await _http("POST", f"{base}/api/guest", {"nickname": "load-b"})
    a, b = f"burraco_session={cookie_a}", f"burraco_session={cookie_b}"
    setup_started = time.perf_counter()
    ids = await asyncio.wait_for(_create_tables(base, a, tables, server_bots), SETUP_LIMIT_S)
    stats = Stats()
    stop = asyncio.Event()
    ws_base = f"ws://{HOST}:{port}/ws/tables"
    tasks = []
    sockets: list[Any] = []
    for n, table_id in enumerate(ids):
        tasks.append(asyncio.create_task(_client(f"{ws_base}/{table_id}", a, stats, stop, think, 2 * n, sockets)))
        if not server_bots:
            tasks.append(asyncio.create_task(
                _client(f"{ws_base}/{table_id}", b, stats, stop, think, 2 * n + 1, sockets)))
        if n % 100 == 99:
            await asyncio.sleep(0.05)
    if not server_bots:
        # seat 1 of every table is taken by client b over a short-lived socket, which starts the matches
        await asyncio.wait_for(_seat_all(ws_base, ids, b), SETUP_LIMIT_S)
    setup_s = time.perf_counter() - setup_started
    await asyncio.sleep(1.0)
    # this client process measures the server: its own collector must not add pauses to the figures
    gc.collect()
    gc.freeze()
    gc.disable()
    warm = len(stats.latencies)
    server = await _http("GET", f"{base}/api/stats")
    client_lag = LoopLag(0.02)
    lag_task = asyncio.create_task(client_lag.run())
    started, cpu_started = time.perf_counter(), time.process_time()
    stats.latencies.clear()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu_started
    measured = list(stats.latencies)
    server_after = await _http("GET", f"{base}/api/stats?lag_since={server[0]['loop_lag_samples']}")
    lag_task.cancel()
    stop.set()
    gc.enable()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    lat = sorted(measured) or [float("nan")]
    return {
        "tables": len(ids),
        "setup_s": round(setup_s, 1),
        "connections": len(tasks),
        "seconds": round(elapsed, 1),
        "actions": len(measured),
        "actions_per_s": round(len(measured) / elapsed, 1),
        "p50_ms": round(1000 * lat[len(lat) // 2], 2),
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2),
        "max_ms": round(1000 * lat[-1], 2),
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if measured else float("nan"),
        "hands_finished": stats.hands,
        "refused": stats.refused,
        "client_errors": stats.errors,
        "warmup_actions": warm,
        "client_cpu_percent": round(100 * client_cpu / elapsed, 1),
        "server_cpu_percent": round(100 * (server_after[0]["cpu_seconds"] - server[0]["cpu_seconds"]) / elapsed, 1),
        "server_p50_ms": server_after[0]["dispatch_p50_ms"],
        "server_p99_ms": server_after[0]["dispatch_p99_ms"],
        "server_gc_max_ms": server_after[0]["gc_pause_max_ms"],
        "server_gc_max_by_gen": "/".join(str(x) for x in server_after[0]["gc_pause_max_ms_by_generation"]),
        "server_gc_over_10ms": server_after[0]["gc_pauses_over_10ms"] - server[0]["gc_pauses_over_10ms"],
        "client_gc_max_ms": round(1000 * client_gc.longest, 1),
        "server_loop_lag_p99_ms": server_after[0]["loop_lag_p99_ms"],
        "server_loop_lag_max_ms": server_after[0]["loop_lag_max_ms"],
        "client_loop_lag_p99_ms": client_lag.summary()["loop_lag_p99_ms"],
        "client_loop_lag_max_ms": client_lag.summary()["loop_lag_max_ms"],
    }


def _serve(port: int, db_url: str) -> None:
    import uvicorn

    from burraco.web.app import create_app
    from burraco.web.input_limits import WS_MAX_BYTES
    from burraco.web.limits import Limits

    # one guest opens every table of the run at once: lift the per-user table limits for this private server
    limits = Limits(max_open_tables_guest=MAX_TABLES, max_open_tables_account=MAX_TABLES)
    app = create_app(db_url, bot_delay=0.0, tick_interval=1.0, rate_limit=None, public_stats=True, limits=limits,
                     table_burst=MAX_TABLES)
    uvicorn.run(app, host=HOST, port=port, log_level="warning", backlog=4096, ws="websockets-sansio",
                ws_per_message_deflate=False, ws_max_size=WS_MAX_BYTES)


def main(tables: int = 100, seconds: float = 30.0, think: float = 1.0, server_bots: bool = False) -> dict[str, Any]:
    """Start a server process, run the clients, stop everything, return and print the figures."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be 1..{MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"--seconds must be in (0, {MAX_SECONDS:g}]")
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="burraco-load-") as folder:
        db_url = f"sqlite:///{Path(folder) / 'load.db'}"
        server = subprocess.Popen([sys.executable, "-c",
                                   f"from burraco.web.loadtest import _serve; _serve({port}, {db_url!r})"])
        try:
            _wait_for(port, server)
            try:
                import uvloop

                runner: Any = uvloop.run
            except ImportError:  # pragma: no cover
                runner = asyncio.run
            figures: dict[str, Any] = runner(run(tables, seconds, think, server_bots, port))
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(10)
            if server.poll() is None:
                server.kill()
    print(" ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    return figures


def _wait_for(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("the server process stopped")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=0.5):
            return
        time.sleep(0.1)
    raise RuntimeError("the server did not start within 30 s")
