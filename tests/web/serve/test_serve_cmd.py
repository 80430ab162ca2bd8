"""``burraco serve`` starts a real server, prints the URL and creates its SQLite database."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


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
    import os

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    db = tmp_path / "env.sqlite3"
    env = {**os.environ, "BURRACO_PORT": str(port), "BURRACO_DB_URL": f"sqlite:///{db}", "BURRACO_API_DOCS": "0"}
    process = subprocess.Popen(
        [sys.executable, "-c", "from burraco.cli.app import main; main()", "serve", "--api-docs"],
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
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=2) as response:
                    assert "/api/tables" in json.load(response)["paths"]
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert db.exists()
    finally:
        process.terminate()
        process.communicate(timeout=10)
