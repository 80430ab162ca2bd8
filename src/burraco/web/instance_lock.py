"""One ``burraco serve`` per SQLite file: an exclusive ``flock`` on ``<database>.lock``, held while it runs.

Two servers on one file would each keep their own live tables and overwrite each other's moves.
The lock is released by the kernel when the process ends (even on ``kill -9``), so it never goes stale.

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

import fcntl
import os
from pathlib import Path

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

    def __init__(self, fd: int | None, path: Path | None) -> None:
        self.fd = fd
        self.path = path

    @classmethod
    def acquire(cls, url: str) -> InstanceLock:
        """Lock ``url``'s SQLite file or raise :class:`InstanceLockError` naming the holder's pid."""
        database = sqlite_file(url)
        if database is None:
            return cls(None, None)
        path = database.with_name(database.name + ".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise InstanceLockError(f"another burraco serve is using {database} (pid {holder})") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(fd, path)

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops the flock
            self.fd = None
