"""``burraco loadtest --soak 30m``: the table's connections held for a long time, as players hold them.

It starts the servers of ``servers.py`` (the server ``burraco serve`` builds: ``web/server.py``), then
for the whole duration keeps ``--tables`` 2-player tables playing whole hands: half of them two people,
half a person against the server's intermediate bot; the people think 2 s on average, and before one
move in ten they think 20–40 s (their socket quiet meanwhile, but for the page's ``ping`` every 15 s);
one table in four has a spectator who only watches. The tables give an absent player the default 30 s
of grace. Halfway, a reconnect storm: every socket is dropped within 5 s and opened again at once, and
an action whose answer had not come is sent again with its id.

It fails (exit 1) on any socket the server closed that it did not have to (every close but a hand-over
to another process, 1012, is unexpected here: no shutdown, no kick), any action answered but not
stored (lost), any stored twice (doubled), and any seat the computer took over (a stand-in: nobody
was away longer than the grace). The figures, one ``key=value`` line: sockets and socket-hours, the
unexpected closes and their rate per socket-hour, the storm's reconnect-to-state p50/p99, the actions
confirmed, resent, lost and doubled.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
import time
from dataclasses import dataclass
from typing import Any, Final

from burraco.loadtest.client import Stats, Storm, Style, play_client
from burraco.loadtest.plan import SETUP_LIMIT_S, create_tables, http_json, seat_all
from burraco.loadtest.servers import HOST, Servers, started, stored_actions, stored_ids
from burraco.web.protocol.close_codes import CloseCode

PLAYER: Final = Style(think=2.0, pause=0.1, ping_every=15.0)
SPECTATOR: Final = Style(think=0.0, ping_every=15.0, watch=True)
SPECTATED_EVERY: Final = 4
"""One table in this many has a spectator."""
EXPECTED_CLOSES: Final = frozenset({CloseCode.MOVED.value})
"""Closes a soak may see: a table handed over to another process (the client reconnects)."""
MAX_SOAK_S: Final = 24 * 3600.0


class SoakFailed(RuntimeError):
    """The soak saw an unexpected close, a lost or doubled action, or a stand-in."""


def duration(text: str) -> float:
    """Seconds in ``30m``, ``2h``, ``90s`` or ``90``.

    >>> duration("30m"), duration("2h"), duration("90s"), duration("45")
    (1800.0, 7200.0, 90.0, 45.0)
    """
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if found is None:
        raise ValueError(f"--soak takes a duration such as 30m, 2h or 120s, not {text!r}")
    seconds = float(found[1]) * {"": 1, "s": 1, "m": 60, "h": 3600}[found[2]]
    if not 0 < seconds <= MAX_SOAK_S:
        raise ValueError(f"--soak must last more than 0 and at most {MAX_SOAK_S / 3600:g} h")
    return seconds


@dataclass(frozen=True)
class SoakPlan:
    tables: int = 200
    seconds: float = 1800.0
    processes: int = 1
    db_url: str | None = None
    redis_url: str | None = None


async def run(plan: SoakPlan, servers: Servers) -> dict[str, Any]:
    base = f"http://{HOST}:{servers.port}"
    cookies = []
    for name in ("soak-a", "soak-b", "soak-watch"):
        _, token = await http_json("POST", f"{base}/api/guest", {"nickname": name})
        cookies.append(f"burraco_session={token}")
    a, b, watcher = cookies
    with_bots = plan.tables // 2
    ids = await asyncio.wait_for(
        create_tables(base, a, plan.tables, "intermediate", with_bots, grace=30.0), SETUP_LIMIT_S
    )
    await asyncio.wait_for(seat_all(servers, ids[with_bots:], b), SETUP_LIMIT_S)
    stats, stop, storm = Stats(), asyncio.Event(), Storm()
    sockets: list[Any] = []
    tasks = []
    clients: list[tuple[str, str, int, Style, bool]] = []  # (url, cookie, seed, style, at a bot's table)
    for n, table_id in enumerate(ids):
        url, bot = servers.socket_url(table_id), n < with_bots
        clients.append((url, a, 3 * n, PLAYER, bot))
        if not bot:
            clients.append((url, b, 3 * n + 1, PLAYER, False))
        if n % SPECTATED_EVERY == 0:
            clients.append((url, watcher, 3 * n + 2, SPECTATOR, False))
    for url, cookie, seed, style, bot in clients:
        client = play_client(url, cookie, stats, stop, style.think, seed, sockets, storm, bot, style=style)
        tasks.append(asyncio.create_task(client))
    started_at = time.perf_counter()
    await asyncio.sleep(plan.seconds / 2)
    storm.start.set()
    await asyncio.sleep(plan.seconds / 2)
    stop.set()
    elapsed = time.perf_counter() - started_at
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    return _figures(plan, servers, stats, len(tasks), elapsed)


def _figures(plan: SoakPlan, servers: Servers, stats: Stats, clients: int, elapsed: float) -> dict[str, Any]:
    ids_stored, doubled = stored_ids(servers.db_url)
    standins = _standins(servers.db_url)
    unexpected = sum(n for code, n in stats.close_codes.items() if code not in EXPECTED_CLOSES)
    hours = stats.socket_seconds / 3600
    reconnects = sorted(stats.reconnects) or [float("nan")]
    return {
        "processes": plan.processes,
        "tables": plan.tables,
        "sockets": clients,
        "seconds": round(elapsed, 1),
        "socket_hours": round(hours, 2),
        "unexpected_closes": unexpected,
        "unexpected_closes_per_socket_hour": round(unexpected / hours, 3) if hours else float("nan"),
        "close_codes": "/".join(f"{code}:{n}" for code, n in sorted(stats.close_codes.items())) or "-",
        "reconnects": len(stats.reconnects),
        "reconnect_p50_ms": round(1000 * reconnects[len(reconnects) // 2], 1),
        "reconnect_p99_ms": round(1000 * reconnects[min(len(reconnects) - 1, int(len(reconnects) * 0.99))], 1),
        "actions_confirmed": stats.confirmed,
        "actions_stored": stored_actions(servers.db_url),
        "actions_resent": stats.resent,
        "actions_lost": len(stats.confirmed_ids - ids_stored),
        "actions_doubled": doubled,
        "standins": standins,
        "client_errors": stats.errors,
    }


def _standins(db_url: str) -> int:
    """Seats the computer took over during the run."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as c:
            query = "SELECT count(*) FROM events WHERE kind = 'standin' AND text = 'on'"
            return int(c.execute(text(query)).scalar_one())
    finally:
        engine.dispose()


def failures(figures: dict[str, Any]) -> list[str]:
    """What the figures say went wrong (nothing: the soak passed).

    >>> failures({"unexpected_closes": 0, "actions_lost": 0, "actions_doubled": 0, "standins": 0, "client_errors": 0})
    []
    >>> failures({"unexpected_closes": 2, "actions_lost": 0, "actions_doubled": 1, "standins": 0, "client_errors": 0})
    ['2 unexpected closes', '1 actions doubled']
    """
    checks = (
        ("unexpected_closes", "unexpected closes"),
        ("actions_lost", "actions lost"),
        ("actions_doubled", "actions doubled"),
        ("standins", "stand-ins"),
        ("client_errors", "client errors"),
    )
    return [f"{figures[key]} {words}" for key, words in checks if figures[key]]


def main(
    seconds: float,
    tables: int = 200,
    processes: int = 1,
    db_url: str | None = None,
    redis_url: str | None = None,
) -> dict[str, Any]:
    """Run the soak, print its figures; raise :class:`SoakFailed` saying what went wrong."""
    if not 1 <= tables <= 2000:
        raise ValueError("--tables must be 1..2000 for a soak")
    plan = SoakPlan(tables, seconds, processes, db_url, redis_url)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with started(processes, 2 * tables, db_url, redis_url) as servers:
        figures = asyncio.run(run(plan, servers))
    print(" ".join(f"{k}={v}" for k, v in figures.items()), flush=True)
    wrong = failures(figures)
    if wrong:
        raise SoakFailed("the soak failed: " + ", ".join(wrong))
    return figures
