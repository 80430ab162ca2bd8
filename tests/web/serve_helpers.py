"""The server as ``burraco serve`` builds it (``burraco.web.server.build_server``): in a child process
(:func:`served`, the command itself), or in a thread of the test (:func:`serving`, an app the test
built, for the browser tests)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from burraco.web.config import ServerSettings
from burraco.web.server import build_server


@contextlib.contextmanager
def served(tmp_path: Path, *flags: str, **settings: str) -> Iterator[int]:
    """``burraco serve`` (with ``flags``) on a free port with these ``BURRACO_*`` settings (a SQLite file
    in ``tmp_path`` unless ``db_url`` is given), once it accepts connections; yields the port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "BURRACO_PORT": str(port), "BURRACO_DB_URL": f"sqlite:///{tmp_path / 'limits.sqlite3'}"}
    env.pop("BURRACO_REDIS_URL", None)
    env.update({f"BURRACO_{name.upper()}": value for name, value in settings.items()})
    process = subprocess.Popen(
        [sys.executable, "-c", "from burraco.cli.app import main; main()", "serve", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        assert f"http://localhost:{port}/" in process.stdout.readline()
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.communicate(timeout=10)


@contextlib.contextmanager
def serving(app: Any, **settings: Any) -> Iterator[str]:
    """``app`` served by :func:`~burraco.web.server.build_server` (with these ``ServerSettings``) on a
    free port of 127.0.0.1, in a thread; yields its URL once it accepts connections."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = build_server(app, ServerSettings(host="127.0.0.1", port=port, **settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
