"""``burraco loadtest --bot-attack``: many all-bot tables of slow bots, watched, against honest players.

The attack of docs/security.md: guests from one address each open all-bot 4-player tables of
``champion`` bots (five each: fifty tables for ten guests) and watch them, so every bot of every table
keeps thinking. Meanwhile honest players each play a 2-player table against a bot (a ``champion`` and
an ``intermediate`` in turn) and a poller reads the lobby and ``/api/me``. A server process starts
on 127.0.0.1 (:func:`serve`: a temporary SQLite file; the attack's tables lifted past the cap of slow
bot tables per user, to measure the bot pool itself), the honest players play a ``baseline`` while
nothing else happens, then the attack starts and is measured for ``seconds``. One ``key=value`` line
says, before and under the attack: the honest players' move latency (sending an action to its
answer) p50/p95, the wait of the honest player facing a champion for its bot's turn (the ``bot_delay``
before each of its moves included), the HTTP latency p50/p95, the web process's CPU and memory, and
the bot workers' CPU and memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from burraco.loadtest.client import action_message, choose
from burraco.loadtest.servers import HOST, Servers, _stop, _wait_for, free_port, proc_usage

MAX_TABLES: Final = 200
MAX_SECONDS: Final = 600.0
SETUP_LIMIT_S: Final = 120.0
WARMUP_S: Final = 3.0
"""Seconds after the attack's tables are open before measuring (every bot is thinking by then)."""
HONEST_BOTS: Final = ("champion", "intermediate")
ATTACKERS: Final = 10
"""Guests the attack's tables are shared by, by default (the address's guest burst is 20)."""


@dataclass
class BotAttack:
    """What one run does."""

    tables: int = 50
    """All-bot tables the attackers open and watch."""
    per_guest: int = 5
    """Tables each attacking guest opens (ten guests for fifty tables)."""
    bot: str = "champion"
    honest: int = 2
    """Honest players, each at a 2-player table against a bot (:data:`HONEST_BOTS` in turn)."""
    think: float = 0.3
    """Mean seconds an honest player thinks before each action."""
    seconds: float = 30.0
    baseline: float = 10.0
    """Seconds measured before the attack."""
    bot_workers: int = 1
    bot_processes: bool = True
    bot_delay: float = 0.6
    """The served app's pause before each bot move (a real server's)."""
    http_every: float = 0.1


@dataclass
class Samples:
    """What the clients measured, by phase."""

    phase: str = "warmup"
    moves: dict[str, list[float]] = field(default_factory=dict)
    bot_turns: dict[str, list[float]] = field(default_factory=dict)
    http: dict[str, list[float]] = field(default_factory=dict)
    watched: int = 0
    """State messages the attackers' sockets received (every bot move is one per socket)."""
    errors: int = 0

    def add(self, kind: dict[str, list[float]], value: float) -> None:
        kind.setdefault(self.phase, []).append(value)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values`` (nan if none).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([], 0.95)
    (3.0, nan)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _guest(base: str, name: str) -> str:
    import httpx

    async with httpx.AsyncClient(timeout=60) as client:
        response = await client.post(f"{base}/api/guest", json={"nickname": name})
        response.raise_for_status()
        return f"burraco_session={response.cookies['burraco_session']}"


async def _table(base: str, cookie: str, body: dict[str, Any]) -> int:
    import httpx

    async with httpx.AsyncClient(timeout=60, headers={"cookie": cookie, "origin": base}) as client:
        response = await client.post(f"{base}/api/tables", json={"target": 100_000, "grace": 3600, **body})
        response.raise_for_status()
        return int(response.json()["table"]["id"])


async def _connect(url: str, cookie: str) -> Any:
    from websockets.asyncio.client import connect

    return await connect(
        url, additional_headers={"Cookie": cookie}, open_timeout=60, max_size=2**22, ping_interval=None
    )


async def honest_player(
    url: str, cookie: str, think: float, seed: int, samples: Samples, stop: asyncio.Event, timed_bot: bool = True
) -> None:
    """Play one seat: time each action to its answer, and (``timed_bot``) the wait from the end of the
    player's turn to the next one (its bot's turn)."""
    rng = random.Random(seed)
    ident, pending, waiting_since, last_ready = 0, None, None, -1
    ws = await _connect(url, cookie)
    try:
        async for raw in ws:
            if stop.is_set():
                return
            message, now = json.loads(raw), time.perf_counter()
            if pending is not None and message.get("reply_to") == pending[0]:
                samples.add(samples.moves, now - pending[1])
                if message["type"] == "error":
                    samples.errors += 1
                pending = None
            if message["type"] != "state" or pending is not None:
                continue
            table, legal = message["table"], message["legal"]
            if table["status"] == "between" and table["hand_no"] != last_ready:
                last_ready = table["hand_no"]
                ident += 1
                pending = (ident, now)
                await ws.send(json.dumps({"type": "ready", "id": ident}))
                continue
            if table["status"] != "playing":
                waiting_since = None
                continue
            if not legal:
                if waiting_since is None and timed_bot:
                    waiting_since = now
                continue
            if waiting_since is not None:
                samples.add(samples.bot_turns, now - waiting_since)
                waiting_since = None
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            ident += 1
            pending = (ident, time.perf_counter())
            await ws.send(action_message(choose(legal, rng), ident))
    finally:
        await ws.close()


async def http_poller(base: str, cookie: str, every: float, samples: Samples, stop: asyncio.Event) -> None:
    """Read the lobby and the player's own record in turn, timing each request."""
    import httpx

    async with httpx.AsyncClient(timeout=60, headers={"cookie": cookie}) as client:
        paths = ("/api/tables", "/api/me")
        n = 0
        while not stop.is_set():
            started_at = time.perf_counter()
            response = await client.get(base + paths[n % 2])
            samples.add(samples.http, time.perf_counter() - started_at)
            if response.status_code != 200:
                samples.errors += 1
            n += 1
            await asyncio.sleep(every)


async def watcher(url: str, cookie: str, samples: Samples, stop: asyncio.Event) -> None:
    """An attacker's socket: it only reads (its table plays while someone watches)."""
    ws = await _connect(url, cookie)
    try:
        async for raw in ws:
            if stop.is_set():
                return
            if json.loads(raw).get("type") == "state":
                samples.watched += 1
    finally:
        await ws.close()


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (a server's bot workers), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(children.get(child, []))
    return sorted(found)


def serve(port: int, db_url: str, options: dict[str, Any], limit_options: dict[str, Any]) -> None:
    """The attacked server (run in the child): the app with ``options`` and ``Limits(**limit_options)``."""
    from burraco.web.app import create_app
    from burraco.web.config import ServerSettings
    from burraco.web.server import build_server
    from burraco.web.table.limits import Limits

    app = create_app(db_url, rate_limit=None, public_stats=True, limits=Limits(**limit_options), **options)
    build_server(app, ServerSettings(host=HOST, port=port)).run()


@contextlib.contextmanager
def attacked_server(options: dict[str, Any], limit_options: dict[str, Any]) -> Iterator[Servers]:
    """Start :func:`serve` in a child process on a temporary SQLite file; stop it at the end."""
    with tempfile.TemporaryDirectory(prefix="burraco-attack-") as folder:
        servers = Servers(free_port(), f"sqlite:///{Path(folder) / 'attack.db'}", None, "")
        code = (
            f"from burraco.loadtest.attack import serve; "
            f"serve({servers.port}, {servers.db_url!r}, {options!r}, {limit_options!r})"
        )
        try:
            servers.children.append(subprocess.Popen([sys.executable, "-c", code]))
            _wait_for(servers)
            yield servers
        finally:
            _stop(servers)


class Usage:
    """CPU seconds and memory of the web process and of its bot workers (its descendants)."""

    def __init__(self, servers: Servers) -> None:
        self.pid = servers.pids[0]

    def read(self) -> dict[str, float]:
        web_cpu, web_rss = proc_usage([self.pid])
        bot_cpu, bot_rss = proc_usage(descendants(self.pid))
        return {"web_cpu": web_cpu, "web_rss": web_rss, "bot_cpu": bot_cpu, "bot_rss": bot_rss}


async def run(plan: BotAttack, servers: Servers) -> dict[str, Any]:
    base = f"http://{HOST}:{servers.port}"
    samples, stop = Samples(), asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    usage = Usage(servers)

    def spawn(work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        task.add_done_callback(lambda done: _count_error(done, samples, stop))
        tasks.append(task)

    honest = [await _guest(base, f"honest-{n}") for n in range(plan.honest)]
    for n, cookie in enumerate(honest):
        bot = HONEST_BOTS[n % len(HONEST_BOTS)]
        table_id = await _table(base, cookie, {"players": 2, "sit": True, "bots": bot})
        url = servers.socket_url(table_id)
        spawn(honest_player(url, cookie, plan.think, n, samples, stop, timed_bot=bot == plan.bot))
    poller = honest[0] if honest else await _guest(base, "poller")
    spawn(http_poller(base, poller, plan.http_every, samples, stop))
    figures: dict[str, Any] = {"attack_tables": plan.tables, "bot": plan.bot, "honest_players": plan.honest}

    async def measure(phase: str, seconds: float) -> None:
        if seconds <= 0:
            return
        samples.phase = phase
        before, started_at = usage.read(), time.perf_counter()
        stats = await _stats(base)
        await asyncio.sleep(seconds)
        after, elapsed = usage.read(), time.perf_counter() - started_at
        lag = await _stats(base, stats["loop_lag_samples"])
        samples.phase = "after"
        figures[f"{phase}_server_cpu_percent"] = round(100 * (after["web_cpu"] - before["web_cpu"]) / elapsed, 1)
        figures[f"{phase}_bot_cpu_percent"] = round(100 * (after["bot_cpu"] - before["bot_cpu"]) / elapsed, 1)
        figures[f"{phase}_server_rss_mb"] = round(after["web_rss"], 1)
        figures[f"{phase}_bot_rss_mb"] = round(after["bot_rss"], 1)
        figures[f"{phase}_server_loop_lag_p99_ms"] = lag["loop_lag_p99_ms"]

    await asyncio.sleep(WARMUP_S)
    await measure("baseline", plan.baseline)
    samples.phase = "warmup"
    attackers = [await _guest(base, f"attacker-{n}") for n in range(-(-plan.tables // plan.per_guest))]
    body = {"players": 4, "sit": False, "bots": plan.bot}
    ids = await asyncio.wait_for(
        asyncio.gather(*(_table(base, attackers[n // plan.per_guest], body) for n in range(plan.tables))),
        SETUP_LIMIT_S,
    )
    for n, table_id in enumerate(ids):
        url, cookie = servers.socket_url(table_id), attackers[n // plan.per_guest]
        spawn(watcher(url, cookie, samples, stop))
    await asyncio.sleep(WARMUP_S)
    watched = samples.watched
    await measure("attack", plan.seconds)
    figures["attack_bot_moves_per_s"] = round((samples.watched - watched) / plan.seconds, 1)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for phase in ("baseline", "attack"):
        moves, http, turns = (
            samples.moves.get(phase, []),
            samples.http.get(phase, []),
            samples.bot_turns.get(phase, []),
        )
        figures[f"{phase}_moves"] = len(moves)
        figures[f"{phase}_move_p50_ms"] = round(1000 * percentile(moves, 0.5), 1)
        figures[f"{phase}_move_p95_ms"] = round(1000 * percentile(moves, 0.95), 1)
        figures[f"{phase}_move_max_ms"] = round(1000 * max(moves, default=float("nan")), 1)
        figures[f"{phase}_http_requests"] = len(http)
        figures[f"{phase}_http_p50_ms"] = round(1000 * percentile(http, 0.5), 1)
        figures[f"{phase}_http_p95_ms"] = round(1000 * percentile(http, 0.95), 1)
        figures[f"{phase}_bot_turns"] = len(turns)
        figures[f"{phase}_bot_turn_p50_s"] = round(percentile(turns, 0.5), 2)
        figures[f"{phase}_bot_turn_p95_s"] = round(percentile(turns, 0.95), 2)
    figures["bot_workers"] = plan.bot_workers
    figures["bot_processes"] = plan.bot_processes
    figures["errors"] = samples.errors
    figures["load_average"] = round(os.getloadavg()[0], 2)
    return figures


def _count_error(task: asyncio.Task[None], samples: Samples, stop: asyncio.Event) -> None:
    if not task.cancelled() and task.exception() is not None and not stop.is_set():
        samples.errors += 1


async def _stats(base: str, lag_since: int = 0) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(timeout=60) as client:
        response = await client.get(f"{base}/api/stats", params={"lag_since": lag_since})
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result


def main(
    tables: int = 50,
    seconds: float = 30.0,
    baseline: float = 10.0,
    honest: int = 2,
    think: float = 0.3,
    bot_workers: int = 1,
    bot_processes: bool = True,
    per_guest: int | None = None,
) -> dict[str, Any]:
    """Start a server, run the attack, stop everything, return and print the figures (``per_guest``:
    the tables each attacking guest opens; by default ten guests share them)."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be 1..{MAX_TABLES} with --bot-attack")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"--seconds must be in (0, {MAX_SECONDS:g}]")
    plan = BotAttack(
        tables=tables,
        per_guest=per_guest or -(-tables // ATTACKERS),
        honest=honest,
        think=think,
        seconds=seconds,
        baseline=baseline,
        bot_workers=bot_workers,
        bot_processes=bot_processes,
    )
    options = {
        "bot_delay": plan.bot_delay,
        "bot_workers": plan.bot_workers,
        "bot_processes": plan.bot_processes,
        "tick_interval": 0.5,
        "table_burst": plan.tables + plan.honest,
    }
    # each attacker opens its tables at once, and watches them: the per-user and per-address limits are
    # lifted to that, the cap of slow-bot tables too, to measure the bot pool itself
    limit_options = {
        "max_open_tables_guest": plan.per_guest + 1,
        "max_slow_bot_tables": plan.per_guest + 1,
        "max_sockets_per_user": plan.per_guest + 2,
    }
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with attacked_server(options, limit_options) as servers:
        figures = asyncio.run(run(plan, servers))
    print(" ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    return figures


if __name__ == "__main__":  # pragma: no cover
    with contextlib.suppress(KeyboardInterrupt):
        main()
