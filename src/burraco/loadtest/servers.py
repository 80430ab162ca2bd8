"""The servers of ``burraco loadtest``: N ``burraco serve`` apps behind one address.

Each is a child process running uvicorn on its own socket bound to the same port with
``SO_REUSEPORT``: the kernel spreads the incoming connections over the processes, as a reverse proxy
would. With more than one process they share a PostgreSQL database (a fresh schema, dropped
afterwards) and a Redis (a fresh namespace, its keys deleted afterwards): tables are held by lease
and a socket reaching a process that does not hold its table is relayed (``cluster/relay.py``). One process
may run on a temporary SQLite file instead. Their CPU time and memory are read from ``/proc``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final
from urllib.parse import quote

HOST: Final = "127.0.0.1"
ROUTES: Final = ("any", "table")
"""How the load client spreads a table's sockets over the processes (:meth:`Servers.socket_url`)."""
START_LIMIT_S: Final = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def serve(port: int, db_url: str, redis_url: str | None, namespace: str, max_tables: int, own_port: int = 0) -> None:
    """One server process (run in the child): the app on a ``SO_REUSEPORT`` socket of ``port``, and on
    ``own_port`` (if given) alone, where a proxy routing by table would send its tables' sockets."""
    from burraco.web.app import create_app
    from burraco.web.config import ServerSettings
    from burraco.web.server import build_server
    from burraco.web.table.limits import Limits

    # one guest opens every table of the run at once, and a socket to each: lift the per-user table and
    # socket limits for this private server (twice the run's tables: creations in flight on other
    # processes count as well, web/shared_limits.py)
    limits = Limits(
        max_open_tables_guest=2 * max_tables,
        max_open_tables_account=2 * max_tables,
        max_sockets_per_user=2 * max_tables,
        max_slow_bot_tables=2 * max_tables,
    )
    app = create_app(
        db_url,
        bot_delay=0.0,
        tick_interval=1.0,
        rate_limit=None,
        public_stats=True,
        limits=limits,
        table_burst=max_tables,
        redis_url=redis_url,
        redis_namespace=namespace,
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((HOST, port))
    sockets = [sock]
    if own_port:
        own = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        own.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        own.bind((HOST, own_port))
        sockets.append(own)
    build_server(app, ServerSettings(host=HOST, port=port)).run(sockets=sockets)


def proc_usage(pids: list[int]) -> tuple[float, float]:
    """CPU seconds (user + system) and resident memory (MiB) of these processes, summed."""
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = rss = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1]) / 1024
    return cpu, rss


@dataclass
class Servers:
    """The running server processes and what they share."""

    port: int
    db_url: str
    redis_url: str | None
    namespace: str
    route: str = "any"
    children: list[subprocess.Popen[bytes]] = field(default_factory=list)
    own_ports: list[int] = field(default_factory=list)

    @property
    def pids(self) -> list[int]:
        return [child.pid for child in self.children]

    def socket_url(self, table_id: int) -> str:
        """Where the clients open table ``table_id``'s sockets: the shared port (``route="any"``: the
        kernel spreads them, as a round-robin balancer would), or the port of process ``id mod N``
        alone (``route="table"``: as a reverse proxy hashing the table id, e.g. nginx ``hash``)."""
        port = self.own_ports[table_id % len(self.own_ports)] if self.route == "table" else self.port
        return f"ws://{HOST}:{port}/ws/tables/{table_id}"

    def usage(self) -> tuple[float, float]:
        return proc_usage(self.pids)


@contextlib.contextmanager
def started(
    processes: int, max_tables: int, db_url: str | None, redis_url: str | None, route: str = "any"
) -> Iterator[Servers]:
    """Start ``processes`` servers on one port; stop them and drop what they stored at the end."""
    if route not in ROUTES:
        raise ValueError(f"--route must be one of {', '.join(ROUTES)}")
    if processes > 1 and (db_url is None or not db_url.startswith("postgresql") or redis_url is None):
        raise ValueError("--processes above 1 needs --db postgresql+psycopg://... and --redis redis://...")
    with contextlib.ExitStack() as stack:
        if db_url is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="burraco-load-"))
            url = f"sqlite:///{Path(folder) / 'load.db'}"
        else:
            url = stack.enter_context(fresh_schema(db_url)) if db_url.startswith("postgresql") else db_url
        namespace = f"burraco-load-{uuid.uuid4().hex[:8]}"
        if redis_url is not None:
            stack.callback(forget, redis_url, namespace)
        servers = Servers(free_port(), url, redis_url, namespace, route)
        stack.callback(_stop, servers)
        for _ in range(processes):  # one after the other: the first creates the database's tables
            servers.own_ports.append(free_port())
            code = (
                f"from burraco.loadtest.servers import serve; serve({servers.port}, {url!r}, "
                f"{redis_url!r}, {namespace!r}, {max_tables}, {servers.own_ports[-1]})"
            )
            servers.children.append(subprocess.Popen([sys.executable, "-c", code]))
            _wait_for(servers)
        yield servers


def _wait_for(servers: Servers) -> None:
    deadline = time.monotonic() + START_LIMIT_S
    for child in servers.children:  # each binds the port itself: wait until every one listens
        while not _listening(child.pid):
            if child.poll() is not None:
                raise RuntimeError("a server process stopped")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the servers did not start within {START_LIMIT_S:g} s")
            time.sleep(0.1)


def _listening(pid: int) -> bool:
    """True once the process has a listening TCP socket (its /proc fds include one in state 0A)."""
    with contextlib.suppress(OSError):
        inodes = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        for line in Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]:
            parts = line.split()
            if parts[3] == "0A" and f"socket:[{parts[9]}]" in inodes:
                return True
    return False


def _stop(servers: Servers) -> None:
    for child in servers.children:
        child.terminate()
    for child in servers.children:
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(10)
        if child.poll() is None:
            child.kill()
            child.wait()


@contextlib.contextmanager
def fresh_schema(db_url: str, prefix: str = "burraco_load", *settings: str) -> Iterator[str]:
    """A PostgreSQL URL whose connections use a new, empty schema (dropped afterwards), with extra
    server ``settings`` (``"synchronous_commit=off"``) for every connection."""
    from sqlalchemy import create_engine, text

    schema = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE SCHEMA "{schema}"'))
    options = " ".join(f"-c{option}" for option in (f"search_path={schema}", *settings))
    try:
        yield f"{db_url}{'&' if '?' in db_url else '?'}options={quote(options)}"
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def forget(redis_url: str, namespace: str) -> None:
    """Delete every Redis key of ``namespace``."""
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(f"{namespace}:*"))
    if keys:
        client.delete(*keys)
    client.close()


def stored_actions(db_url: str, window: tuple[float, float] | None = None, kind: str = "action") -> int:
    """How many events of ``kind`` (actions; or ``deal``: hands dealt) the servers stored, over every
    table of the run's database (only those stored within ``window``, wall-clock seconds, if given)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    since, until = window if window is not None else (float("-inf"), float("inf"))
    query = "SELECT count(*) FROM events WHERE kind = :kind"
    if window is not None:
        query += " AND at >= :since AND at < :until"
    try:
        with engine.connect() as c:
            found = c.execute(text(query), {"kind": kind, "since": since, "until": until}).scalar_one()
            return int(found)
    finally:
        engine.dispose()


def stored_ids(db_url: str) -> tuple[set[tuple[int, int]], int]:
    """The (table, id) of every stored action a client gave an id, and how many of them were stored more
    than once (an action applied twice: the run fails on any)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    query = "SELECT table_id, client_id, count(*) FROM events WHERE kind = 'action' AND client_id IS NOT NULL"
    try:
        with engine.connect() as c:
            rows = c.execute(text(query + " GROUP BY table_id, client_id")).all()
    finally:
        engine.dispose()
    return {(int(t), int(i)) for t, i, _ in rows}, sum(1 for *_, n in rows if n > 1)


def redis_cpu(redis_url: str | None) -> float:
    """The Redis server's CPU seconds so far (0 without Redis)."""
    if redis_url is None:
        return 0.0
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        info = client.info("cpu")
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
    finally:
        client.close()
