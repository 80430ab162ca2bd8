"""``burraco serve`` starts a real server, prints the URL and creates its SQLite database."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from serve_helpers import served


def test_serve_prints_the_url_and_serves(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    db = tmp_path / "served.sqlite3"
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from burraco.cli.app import main; main()",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert f"http://localhost:{port}/" in line
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2) as response:
                    assert json.load(response) == {"tables": []}
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert db.exists()
    finally:
        process.terminate()
        process.communicate(timeout=10)


def test_serve_reads_its_settings_from_the_environment(tmp_path: Path) -> None:
    """BURRACO_DB_URL and BURRACO_PORT set the database and port; a flag (--api-docs) is added on top."""
    db = tmp_path / "env.sqlite3"
    with served(tmp_path, "--api-docs", db_url=f"sqlite:///{db}", api_docs="0") as port:
        response = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=5)
        with response:
            assert "/api/tables" in json.load(response)["paths"]
    assert db.exists()
