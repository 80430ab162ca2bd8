"""``burraco loadtest``: many bot clients playing over WebSockets against local servers.

It starts ``--processes`` server processes on one port of 127.0.0.1 (loopback only;
``loadtest_servers.py``: ``SO_REUSEPORT``, a temporary SQLite file for one process, or a fresh
PostgreSQL schema and Redis namespace), creates ``--tables`` tables, connects two WebSocket clients to
each (one per seat, both playing by a simple legal policy with a think time), plays for
``--seconds``, stops by itself and prints one ``key=value`` line: tables, connections, actions,
actions/s, the action latency (from sending an action to receiving the server's answer to it)
p50/p99/max, the servers' CPU and memory, Redis's CPU, and whether every answered action was stored.
``--reconnect-storm``: midway, every client drops its socket within 5 s and reconnects at once.
Everything is bounded: at most 2000 tables, 8 processes, 600 measured seconds, 300 s to create and
seat the tables (concurrently; ``setup_s`` in the summary says how long it took), 10 s to stop."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Final

from burraco.web.loadtest_servers import HOST, Servers, redis_cpu, started, stored_actions
from burraco.web.metrics import GcPauses, LoopLag

MAX_TABLES: Final = 2000
MAX_SECONDS: Final = 600.0
MAX_PROCESSES: Final = 8
SETUP_LIMIT_S: Final = 300.0
"""Creating and seating the tables may take at most this long (then the run stops with an error)."""
SETUP_CONCURRENCY: Final = 64
SETUP_ATTEMPTS: Final = 5
"""Times a seating socket the server closes during set-up is opened again."""
STORM_LIMIT_S: Final = 120.0
"""After the measured time, a reconnect storm's last clients may take this long to reconnect."""


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
    confirmed: int = 0
    """Actions the server answered with a state (accepted and stored), over the whole run."""
    unconfirmed: int = 0
    """Actions sent whose answer never came because the client dropped its socket meanwhile."""
    server_closes: int = 0
    close_codes: dict[int, int] = field(default_factory=dict)
    """Sockets the server closed while the run went on (each client then reconnects)."""
    reconnects: list[float] = field(default_factory=list)
    """Seconds from each storm drop to the first state after reconnecting."""


class Storm:
    """A reconnect storm: once ``start`` is set, every client drops its socket at a random moment
    within ``window`` seconds and reconnects at once."""

    def __init__(self, window: float = 5.0) -> None:
        self.start = asyncio.Event()
        self.window = window


async def _client(url: str, cookie: str, stats: Stats, stop: asyncio.Event, think: float, seed: int,
                  sockets: list[Any], storm: Storm | None = None) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    dropped_at: float | None = None
    stormed = False
    while not stop.is_set():
        try:
            async with connect(url, additional_headers={"Cookie": cookie}, open_timeout=60, max_size=2**22,
                               ping_interval=None, compression=None) as ws:
                sockets.append(ws)
                drop = None
                dropping: list[float] = []
                if storm is not None and not stormed:
                    drop = asyncio.create_task(_drop_later(ws, storm, rng, dropping))
                session = _Session(ws, stats, stop, think, rng, dropped_at)
                dropped_at = None
                await session.run()
                if drop is not None and dropping:  # the storm closed it: reconnect at once
                    with contextlib.suppress(Exception):
                        await drop
                    stormed, dropped_at = True, dropping[0]
                    stats.unconfirmed += int(session.pending is not None and session.pending_action)
                    continue  # at once
                if drop is not None:
                    drop.cancel()
                if stop.is_set():
                    return
                stats.server_closes += 1  # the server closed it (too slow a reader, a table moved)
                stats.close_codes[ws.close_code or 0] = stats.close_codes.get(ws.close_code or 0, 0) + 1
                if (ws.close_code or 1000) >= 4000:  # refused for good (4404, 4410, ...): no retry
                    return
            await asyncio.sleep(0.1)  # and reconnect
        except Exception:
            if not stop.is_set():
                stats.errors += 1
            return


async def _drop_later(ws: Any, storm: Storm, rng: random.Random, dropping: list[float]) -> None:
    await storm.start.wait()
    await asyncio.sleep(rng.uniform(0, storm.window))
    dropping.append(time.perf_counter())
    await ws.close()


class _Session:
    """One socket's life: answer states with actions until the socket closes or the run stops."""

    def __init__(self, ws: Any, stats: Stats, stop: asyncio.Event, think: float, rng: random.Random,
                 dropped_at: float | None) -> None:
        self.ws, self.stats, self.stop, self.think, self.rng = ws, stats, stop, think, rng
        self.dropped_at = dropped_at
        self.pending: tuple[int, float] | None = None
        self.pending_action = False
        self.ident = 0
        self.last_hand_over = -1

    async def run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        # (a close with a code other than 1000/1001 raises: the caller reads the code, and reconnects
        # after 1012 "table moved" or 1013 "too slow a reader", as the web page does)
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                if self.stop.is_set():
                    break
                await self._on(json.loads(raw))

    async def _on(self, message: dict[str, Any]) -> None:
        stats = self.stats
        if self.dropped_at is not None:  # the first message after a storm's reconnection
            stats.reconnects.append(time.perf_counter() - self.dropped_at)
            self.dropped_at = None
        if self.pending is not None and message.get("reply_to") == self.pending[0]:
            stats.latencies.append(time.perf_counter() - self.pending[1])
            if message["type"] == "error":
                stats.refused += 1
            elif self.pending_action:
                stats.confirmed += 1
            self.pending = None
        if message["type"] != "state" or self.pending is not None:
            return
        table = message["table"]
        if table["status"] == "between" and message["you"] is not None:
            if table["hand_no"] != self.last_hand_over:
                self.last_hand_over = table["hand_no"]
                stats.hands += 1
                await self._send({"type": "ready"}, False)
            return
        legal = message["legal"]
        if not legal:
            return
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
            if self.stop.is_set():
                return
        await self._send_text(action_message(choose(legal, self.rng), self.ident + 1), True)

    async def _send(self, payload: dict[str, Any], action: bool) -> None:
        await self._send_text(json.dumps({**payload, "id": self.ident + 1}), action)

    async def _send_text(self, text: str, action: bool) -> None:
        self.ident += 1
        self.pending, self.pending_action = (self.ident, time.perf_counter()), action
        await self.ws.send(text)


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


async def _seat_all(servers: Servers, ids: list[int], cookie: str) -> None:
    """Seat client b at seat 1 of every table, concurrently; this starts the matches."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def sit(table_id: int) -> None:
        async with gate, connect(servers.socket_url(table_id), additional_headers={"Cookie": cookie},
                                 open_timeout=60) as ws:
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


async def run(plan: Plan, servers: Servers) -> dict[str, Any]:
    port = servers.port
    base = f"http://{HOST}:{port}"
    client_gc = GcPauses().install()
    _, cookie_a = await _http("POST", f"{base}/api/guest", {"nickname": "load-a"})
    _, cookie_b = await _http("POST", f"{base}/api/guest", {"nickname": "load-b"})
    a, b = f"burraco_session={cookie_a}", f"burraco_session={cookie_b}"
    setup_started = time.perf_counter()
    ids = await asyncio.wait_for(_create_tables(base, a, plan.tables, plan.server_bots), SETUP_LIMIT_S)
    stats = Stats()
    stop = asyncio.Event()
    storm = Storm() if plan.reconnect_storm else None
    tasks = []
    sockets: list[Any] = []
    for n, table_id in enumerate(ids):
        url = servers.socket_url(table_id)
        tasks.append(asyncio.create_task(_client(url, a, stats, stop, plan.think, 2 * n, sockets, storm)))
        if not plan.server_bots:
            tasks.append(asyncio.create_task(_client(url, b, stats, stop, plan.think, 2 * n + 1, sockets, storm)))
        if n % 100 == 99:
            await asyncio.sleep(0.05)
    if not plan.server_bots:
        # seat 1 of every table is taken by client b over a short-lived socket, which starts the matches
        await asyncio.wait_for(_seat_all(servers, ids, b), SETUP_LIMIT_S)
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
    server_cpu, _ = servers.usage()
    redis_started = redis_cpu(plan.redis_url)
    stats.latencies.clear()
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
    measured = list(stats.latencies)
    server_after = await _http("GET", f"{base}/api/stats?lag_since={server[0]['loop_lag_samples']}"
                                      f"&gc_since={server[0]['gc_pauses']}")
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
    lat = sorted(measured) or [float("nan")]
    reconnects = sorted(stats.reconnects) or [float("nan")]
    one = server_after[0]
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
        "hands_finished": stats.hands,
        "refused": stats.refused,
        "client_errors": stats.errors,
        "confirmed_actions": stats.confirmed,
        "stored_actions": stored,
        "lost_actions": max(0, stats.confirmed - stored),
        "unconfirmed_at_drop": stats.unconfirmed,
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


def main(tables: int = 100, seconds: float = 30.0, think: float = 1.0, server_bots: bool = False,
         processes: int = 1, reconnect_storm: bool = False, db_url: str | None = None,
         redis_url: str | None = None, route: str = "any") -> dict[str, Any]:
    """Start the server processes, run the clients, stop everything, return and print the figures."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be 1..{MAX_TABLES}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"--seconds must be in (0, {MAX_SECONDS:g}]")
    if not 1 <= processes <= MAX_PROCESSES:
        raise ValueError(f"--processes must be 1..{MAX_PROCESSES}")
    plan = Plan(tables, seconds, think, server_bots, processes, reconnect_storm, db_url, redis_url, route)
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
