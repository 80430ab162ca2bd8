"""One ``burraco serve`` per SQLite file: an exclusive lock on ``<database>.lock``, held while it runs.

Two servers on one file would each keep their own live tables and overwrite each other's moves. The
lock is the operating system's (``filelock``: ``flock`` on Linux and macOS, ``msvcrt`` on Windows), so
the system releases it when the process ends (even on ``kill -9``) and it never goes stale. The
holder's pid is written beside it (``<database>.lock.pid``) so a refused server can name it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.sqlite3"
>>> first = InstanceLock.acquire(f"sqlite:///{path}")
>>> InstanceLock.acquire(f"sqlite:///{path}")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.web.instance_lock.InstanceLockError: another burraco serve is using ...t.sqlite3 (pid ...)
>>> first.release()
>>> InstanceLock.acquire(f"sqlite:///{path}").release()
"""

from __future__ import annotations

import os
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy.engine import make_url


class InstanceLockError(RuntimeError):
    """Another process serves the same database."""


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL; None for an in-memory database or another database server."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).resolve()


class InstanceLock:
    """The held lock (``release`` it, or let the process end)."""

    def __init__(self, lock: FileLock | None) -> None:
        self.lock = lock

    @classmethod
    def acquire(cls, url: str) -> InstanceLock:
        """Lock ``url``'s SQLite file or raise :class:`InstanceLockError` naming the holder's pid."""
        database = sqlite_file(url)
        if database is None:
            return cls(None)
        path = database.with_name(database.name + ".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        pid_file = path.with_name(path.name + ".pid")
        lock = FileLock(path, timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            try:
                holder = pid_file.read_text(encoding="utf-8").strip() or "unknown"
            except OSError:
                holder = "unknown"
            raise InstanceLockError(f"another burraco serve is using {database} (pid {holder})") from None
        pid_file.write_text(f"{os.getpid()}\n", encoding="utf-8")
        return cls(lock)

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None
