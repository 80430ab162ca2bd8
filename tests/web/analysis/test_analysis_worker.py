"""Post-hand analysis with Redis: the app (on PostgreSQL) only enqueues the job, and a
``burraco analysis-worker`` in a second, real process computes it and stores the review."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from analysis_helpers import ask, look, rows, set_status, stored_match, user_of, wait_done
from db_backends import postgres_schema
from fastapi.testclient import TestClient
from redis_helpers import URL as REDIS_URL
from web_helpers import FakeClock, guest, make_app

from burraco.web.persistence.analysis.redis_queue import RedisAnalysisQueue

WORKER = [sys.executable, "-c", "from burraco.cli.app import main; main()", "analysis-worker"]


@pytest.fixture
def postgres() -> Iterator[str]:
    with postgres_schema() as url:
        yield url


@pytest.fixture
def worker(postgres: str, namespace: str, tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``burraco analysis-worker`` on the test's database and Redis namespace, stopped by SIGTERM."""
    log = (tmp_path / "worker.log").open("wb")
    env = {
        **os.environ,
        "BURRACO_DB_URL": postgres,
        "BURRACO_REDIS_URL": REDIS_URL,
        "BURRACO_REDIS_NAMESPACE": namespace,
    }
    process = subprocess.Popen([*WORKER, "--jobs", "1"], env=env, stdout=log, stderr=subprocess.STDOUT)
    yield process
    process.send_signal(signal.SIGTERM)
    try:
        assert process.wait(30) == 0, (tmp_path / "worker.log").read_text()
    finally:
        process.kill()
        log.close()


def test_a_worker_in_another_process_computes_the_analysis_once(
    postgres: str, namespace: str, worker: subprocess.Popen[bytes]
) -> None:
    app = make_app(postgres, FakeClock(), redis_url=REDIS_URL, redis_namespace=namespace, analysis_budget_ms=1)
    with TestClient(app) as client:
        anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
        table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=1, over=False)
        assert isinstance(client.app.state.analysis.queue, RedisAnalysisQueue)  # type: ignore[attr-defined]

        asked = ask(client, anna, table, 1)
        assert asked.status_code == 200 and asked.json()["jobs"][0]["state"] in ("queued", "running", "done")
        done = wait_done(client, anna, table, 1)
        job = done["jobs"][0]
        assert job["state"] == "done", (job, worker.poll())
        assert job["review"]["seat"] == 0 and job["review"]["decisions"]

        # the stored review is served again without a new job
        assert ask(client, anna, table, 1).json()["jobs"] == done["jobs"]
        assert rows(client) == [(table, 1, 0, "done", 1)]
        assert look(client, bruno, table, 1).json()["jobs"] == []  # the opponent waits for the match's end
        set_status(client, table, "over")
        assert look(client, bruno, table, 1).json()["jobs"] == done["jobs"]
