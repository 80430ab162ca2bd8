"""``burraco loadtest``: many bot clients playing over WebSockets against local servers.

It starts ``--processes`` server processes on one port of 127.0.0.1 (loopback only;
``servers.py``: ``SO_REUSEPORT``, a temporary SQLite file for one process, or a fresh
PostgreSQL schema and Redis namespace), creates ``--tables`` tables, connects two WebSocket clients to
each (one per seat, both playing by a simple legal policy with a think time:
``client.py``), plays for
``--seconds``, stops by itself and prints one ``key=value`` line: tables, connections, actions,
actions/s, the action latency (from sending an action to receiving the server's answer to it)
p50/p99/max, the servers' CPU and memory, Redis's CPU, and whether every answered action was stored.
``--reconnect-storm``: midway, every client drops its socket within 5 s and reconnects at once.
``--bots LEVEL``: a server-side bot of that level plays seat 1 at ``--bot-tables`` tables (default all),
against one client; those clients' latencies are reported apart (``bot_table_p50_ms``...).
Over the measured time it also counts the hands finished and dealt (the matches never end: whole hands
in steady state) and the server's CPU per stored action (its processes' CPU time from ``/proc``,
before and after, over every action stored in that time, the bots' too), and the load client's own CPU,
each also in *anchors*: the CPU time of a fixed piece of Python timed every second meanwhile
(``anchor.py``), so runs on machines of different speeds compare.
Everything is bounded: at most 5000 tables, 8 processes, 600 measured seconds, 300 s to create and
seat the tables (concurrently; ``setup_s`` in the summary says how long it took), 10 s to stop."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Final

from burraco.bots.registry import DIFFICULTIES
from burraco.loadtest.anchor import Anchor
from burraco.loadtest.client import Stats, Storm, play_client
from burraco.loadtest.servers import HOST, Servers, redis_cpu, started, stored_actions, stored_ids
from burraco.web.http.metrics import GcPauses, LoopLag

MAX_TABLES: Final = 5000
MAX_SECONDS: Final = 600.0
BOT_LEVELS: Final = ("random", *DIFFICULTIES)
"""What ``--bots`` may name."""
MAX_PROCESSES: Final = 8
SETUP_LIMIT_S: Final = 300.0
"""Creating and seating the tables may take at most this long (then the run stops with an error)."""
SETUP_CONCURRENCY: Final = 64
SETUP_ATTEMPTS: Final = 5
"""Times a seating socket the server closes during set-up is opened again."""
STORM_LIMIT_S: Final = 120.0
"""After the measured time, a reconnect storm's last clients may take this long to reconnect."""


async def http_json(
    method: str, url: str, body: dict[str, Any] | None = None, cookie: str | None = None
) -> tuple[dict[str, Any], str | None]:
    import httpx

    headers = {"cookie": cookie} if cookie else {}
    async with httpx.AsyncClient(timeout=60) as client:
        response = await client.request(method, url, json=body, headers=headers)
        response.raise_for_status()
        return response.json(), response.cookies.get("burraco_session")


async def create_tables(
    base: str, cookie: str, tables: int, bots: str | None, bot_tables: int, grace: float = 3600.0
) -> list[int]:
    """Create the tables concurrently (at most :data:`SETUP_CONCURRENCY` requests in flight); the first
    ``bot_tables`` have a server-side bot of level ``bots`` at seat 1; an absent player has ``grace``
    seconds before the computer takes the seat."""
    import httpx

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def create(client: httpx.AsyncClient, n: int) -> int:
        body = {"players": 2, "target": 100_000, "grace": grace, "bots": bots if n < bot_tables else None}
        async with gate:
            response = await client.post(f"{base}/api/tables", json=body)
        response.raise_for_status()
        return int(response.json()["table"]["id"])

    async with httpx.AsyncClient(timeout=60, headers={"cookie": cookie, "origin": base}) as client:
        return list(await asyncio.gather(*(create(client, n) for n in range(tables))))


async def seat_all(servers: Servers, ids: list[int], cookie: str) -> None:
    """Seat client b at seat 1 of every table, concurrently; this starts the matches."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def sit(table_id: int) -> None:
        async with (
            gate,
            connect(servers.socket_url(table_id), additional_headers={"Cookie": cookie}, open_timeout=60) as ws,
        ):
            await ws.recv()
            await ws.send(json.dumps({"type": "sit", "seat": 1, "id": 1}))
            while json.loads(await ws.recv()).get("reply_to") != 1:
                pass

    async def sit_or_retry(table_id: int) -> None:
        """As the web page does, a socket the server closes is opened again (a table that moved between
        processes just after its creation); a sit already taken is answered as well."""
        for attempt in range(SETUP_ATTEMPTS):
            try:
                return await sit(table_id)
            except ConnectionClosed:
                if attempt == SETUP_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(0.5)

    await asyncio.gather(*(sit_or_retry(table_id) for table_id in ids))


@dataclass
class Plan:
    """What one load test run does."""

    tables: int = 100
    seconds: float = 30.0
    think: float = 1.0
    server_bots: bool = False
    processes: int = 1
    reconnect_storm: bool = False
    db_url: str | None = None
    redis_url: str | None = None
    route: str = "any"
    bots: str | None = None
    """A server-side bot level for seat 1 (``server_bots``: ``random``), or None: two clients per table."""
    bot_tables: int | None = None
    """How many tables have that bot (None: all)."""
    deltas: bool = True
    """The clients ask for deltas, as the web page does (False: a full state per change)."""

    @property
    def bot_level(self) -> str | None:
        return self.bots or ("random" if self.server_bots else None)

    @property
    def with_bots(self) -> int:
        """The tables where a server-side bot plays seat 1."""
        if self.bot_level is None:
            return 0
        return self.tables if self.bot_tables is None else min(self.bot_tables, self.tables)


async def run(plan: Plan, servers: Servers) -> dict[str, Any]:
    port = servers.port
    base = f"http://{HOST}:{port}"
    client_gc = GcPauses().install()
    _, cookie_a = await http_json("POST", f"{base}/api/guest", {"nickname": "load-a"})
    _, cookie_b = await http_json("POST", f"{base}/api/guest", {"nickname": "load-b"})
    a, b = f"burraco_session={cookie_a}", f"burraco_session={cookie_b}"
    setup_started = time.perf_counter()
    ids = await asyncio.wait_for(create_tables(base, a, plan.tables, plan.bot_level, plan.with_bots), SETUP_LIMIT_S)
    stats = Stats()
    stop = asyncio.Event()
    storm = Storm() if plan.reconnect_storm else None
    tasks = []
    sockets: list[Any] = []
    for n, table_id in enumerate(ids):
        url, bot = servers.socket_url(table_id), n < plan.with_bots
        tasks.append(
            asyncio.create_task(play_client(url, a, stats, stop, plan.think, 2 * n, sockets, storm, bot, plan.deltas))
        )
        if not bot:
            tasks.append(
                asyncio.create_task(
                    play_client(url, b, stats, stop, plan.think, 2 * n + 1, sockets, storm, deltas=plan.deltas)
                )
            )
        if n % 100 == 99:
            await asyncio.sleep(0.05)
    if plan.with_bots < len(ids):
        # seat 1 of every other table is taken by client b over a short-lived socket: the matches start
        await asyncio.wait_for(seat_all(servers, ids[plan.with_bots :], b), SETUP_LIMIT_S)
    setup_s = time.perf_counter() - setup_started
    await asyncio.sleep(1.0)
    # this client process measures the server: its own collector must not add pauses to the figures
    gc.collect()
    gc.freeze()
    gc.disable()
    warm = len(stats.latencies)
    server = await http_json("GET", f"{base}/api/stats")
    client_lag = LoopLag(0.02)
    lag_task = asyncio.create_task(client_lag.run())
    started, cpu_started = time.perf_counter(), time.process_time()
    server_cpu, _ = servers.usage()
    redis_started = redis_cpu(plan.redis_url)
    wall_started = time.time()
    stats.latencies.clear()
    stats.bot_latencies.clear()
    stats.hands = 0
    with Anchor() as anchor:  # the machine's speed meanwhile
        if storm is not None:  # the storm blows in the middle of the measured time
            await asyncio.sleep(max(0.0, plan.seconds / 2 - storm.window / 2))
            storm.start.set()
            await asyncio.sleep(plan.seconds - max(0.0, plan.seconds / 2 - storm.window / 2))
        else:
            await asyncio.sleep(plan.seconds)
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu_started
    server_cpu_after, server_rss = servers.usage()
    redis_used = redis_cpu(plan.redis_url) - redis_started
    window = (wall_started, time.time())
    measured, bot_measured, hands = list(stats.latencies), sorted(stats.bot_latencies), stats.hands
    server_after = await http_json(
        "GET", f"{base}/api/stats?lag_since={server[0]['loop_lag_samples']}&gc_since={server[0]['gc_pauses']}"
    )
    lag_task.cancel()
    if storm is not None:  # every client reconnects before the run stops (its figures are then complete)
        deadline = time.perf_counter() + STORM_LIMIT_S
        while len(stats.reconnects) < len(tasks) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
    stop.set()
    gc.enable()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    stored = stored_actions(servers.db_url)
    ids_stored, doubled = stored_ids(servers.db_url)
    in_window = stored_actions(servers.db_url, window)
    dealt = stored_actions(servers.db_url, window, kind="deal")
    lat = sorted(measured) or [float("nan")]
    bot_lat = bot_measured or [float("nan")]
    reconnects = sorted(stats.reconnects) or [float("nan")]
    one = server_after[0]
    server_ms = 1000 * (server_cpu_after - server_cpu) / in_window if in_window else 0.0
    client_ms = 1000 * client_cpu / in_window if in_window else 0.0
    return {
        "processes": plan.processes,
        "route": plan.route,
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
        "hands_finished": hands,
        "hands_dealt": dealt,
        "deltas": plan.deltas,
        "bot": plan.bot_level or "-",
        "bot_tables": plan.with_bots,
        "bot_table_actions": len(bot_measured),
        "bot_table_p50_ms": round(1000 * bot_lat[len(bot_lat) // 2], 2),
        "bot_table_p99_ms": round(1000 * bot_lat[min(len(bot_lat) - 1, int(len(bot_lat) * 0.99))], 2),
        "stored_actions_measured": in_window,
        "server_cpu_ms_per_action": round(server_ms, 3),
        "client_cpu_ms_per_action": round(client_ms, 3),
        "anchor_ms": anchor.median_ms,
        "server_cpu_per_action_anchors": round(server_ms / anchor.median_ms, 4),
        "client_cpu_per_action_anchors": round(client_ms / anchor.median_ms, 4),
        "refused": stats.refused,
        "client_errors": stats.errors,
        "confirmed_actions": stats.confirmed,
        "stored_actions": stored,
        "lost_actions": len(stats.confirmed_ids - ids_stored),
        "doubled_actions": doubled,
        "resent_after_drop": stats.resent,
        "server_closes": stats.server_closes,
        "server_close_codes": "/".join(f"{code}:{n}" for code, n in sorted(stats.close_codes.items())) or "-",
        "reconnects": len(stats.reconnects),
        "reconnect_p99_ms": round(1000 * reconnects[min(len(reconnects) - 1, int(len(reconnects) * 0.99))], 1),
        "warmup_actions": warm,
        "client_cpu_percent": round(100 * client_cpu / elapsed, 1),
        "server_cpu_percent": round(100 * (server_cpu_after - server_cpu) / elapsed, 1),
        "server_rss_mb": round(server_rss, 1),
        "redis_cpu_percent": round(100 * redis_used / elapsed, 1),
        "one_server_p50_ms": one["dispatch_p50_ms"],
        "one_server_p99_ms": one["dispatch_p99_ms"],
        "one_server_gc_max_ms": one["gc_window_max_ms"],
        "one_server_gc_max_ms_by_generation": "/".join(str(p) for p in one["gc_window_max_ms_by_generation"]),
        "one_server_loop_lag_p99_ms": one["loop_lag_p99_ms"],
        "one_server_loop_lag_max_ms": one["loop_lag_max_ms"],
        "client_gc_max_ms": round(1000 * client_gc.longest, 1),
        "client_loop_lag_p99_ms": client_lag.summary()["loop_lag_p99_ms"],
        "client_loop_lag_max_ms": client_lag.summary()["loop_lag_max_ms"],
        "load_average": round(os.getloadavg()[0], 2),
    }


def main(
    tables: int = 100,
    seconds: float = 30.0,
    think: float = 1.0,
    server_bots: bool = False,
    processes: int = 1,
    reconnect_storm: bool = False,
    db_url: str | None = None,
    redis_url: str | None = None,
    route: str = "any",
    bots: str | None = None,
    bot_tables: int | None = None,
    deltas: bool = True,
) -> dict[str, Any]:
    """Start the server processes, run the clients, stop everything, return and print the figures."""
    if bots is not None and bots not in BOT_LEVELS:
        raise ValueError(f"--bots must be one of {', '.join(BOT_LEVELS)}")
    if bot_tables is not None and not 0 <= bot_tables <= tables:
        raise ValueError("--bot-tables must be 0..--tables")
    if bot_tables is not None and bots is None and not server_bots:
        raise ValueError("--bot-tables needs --bots LEVEL")
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be 1..{MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"--seconds must be in (0, {MAX_SECONDS:g}]")
    if not 1 <= processes <= MAX_PROCESSES:
        raise ValueError(f"--processes must be 1..{MAX_PROCESSES}")
    plan = Plan(
        tables,
        seconds,
        think,
        server_bots,
        processes,
        reconnect_storm,
        db_url,
        redis_url,
        route,
        bots,
        bot_tables,
        deltas,
    )
    # stopped by SIGTERM: leave through the context managers, so the servers stop and their data go
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with started(processes, MAX_TABLES, db_url, redis_url, route) as servers:
        try:
            import uvloop

            runner: Any = uvloop.run
        except ImportError:  # pragma: no cover
            runner = asyncio.run
        figures: dict[str, Any] = runner(run(plan, servers))
    print(" ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    return figures
