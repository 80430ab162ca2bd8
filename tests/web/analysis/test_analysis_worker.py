"""Post-hand analysis with Redis: the app (on PostgreSQL) only enqueues the job, and a
``burraco analysis-worker`` in a second, real process computes it and stores the review."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from analysis_helpers import ask, look, rows, set_status, stored_match, user_of, wait_done
from db_backends import postgres_schema
from fastapi.testclient import TestClient
from redis_helpers import URL as REDIS_URL
from web_helpers import FakeClock, guest, make_app

from burraco.web.persistence.analysis.redis_queue import RedisAnalysisQueue
from burraco.web.persistence.repositories.analysis import AnalysisLimits

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


SWEEPING_WORKER = (
    "import asyncio, os\n"
    "from burraco.web.persistence.analysis.redis_queue import make_worker\n"
    "worker = make_worker(os.environ['BURRACO_DB_URL'], os.environ['BURRACO_REDIS_URL'],\n"
    "                     os.environ['BURRACO_REDIS_NAMESPACE'], jobs=1, sweep_every=1)\n"
    "asyncio.run(worker.start())\n"
)


def _start(postgres: str, namespace: str, log: Path) -> subprocess.Popen[bytes]:
    """A worker that looks for dead workers' jobs every second, in a session of its own (killed whole)."""
    env = {
        **os.environ,
        "BURRACO_DB_URL": postgres,
        "BURRACO_REDIS_URL": REDIS_URL,
        "BURRACO_REDIS_NAMESPACE": namespace,
    }
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-c", SWEEPING_WORKER],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def test_a_job_whose_worker_dies_is_taken_up_by_another_then_failed(
    postgres: str, namespace: str, tmp_path: Path
) -> None:
    app = make_app(postgres, FakeClock(), redis_url=REDIS_URL, redis_namespace=namespace, analysis_budget_ms=5000)
    log = tmp_path / "workers.log"
    started: list[subprocess.Popen[bytes]] = []
    with TestClient(app) as client:
        anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
        table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=1, over=False)
        # a job of minutes (5 s a decision), enqueued as the app does, with a 2 s heartbeat
        analyses = client.app.state.analysis.analyses  # type: ignore[attr-defined]
        queue = RedisAnalysisQueue(REDIS_URL, namespace, heartbeat=2)
        portal = client.portal
        assert portal is not None
        asker = user_of(client, anna)
        ids, _ = portal.call(lambda: analyses.request(table, 1, [0], 5000, asker, time.time(), AnalysisLimits()))
        portal.call(queue.start)
        portal.call(queue.submit, ids)
        try:
            for attempt in (1, 2):  # a worker dies during each of the two attempts
                started.append(_start(postgres, namespace, log))
                deadline = time.monotonic() + 60
                while rows(client)[0][3:] != ("running", attempt):
                    assert time.monotonic() < deadline, (rows(client), log.read_text())
                    time.sleep(0.1)
                os.killpg(started[-1].pid, signal.SIGKILL)
                started[-1].wait(10)
            started.append(_start(postgres, namespace, log))  # the third finds the job's tries spent
            deadline = time.monotonic() + 60
            while rows(client)[0][3] != "failed":
                assert time.monotonic() < deadline, (rows(client), log.read_text())
                time.sleep(0.1)
            assert rows(client)[0][:4] == (table, 1, 0, "failed")
            job = look(client, anna, table, 1).json()["jobs"][0]
            assert job["state"] == "failed" and job["error"] == "crashed", job
        finally:
            portal.call(queue.stop)
            for process in started:
                if process.poll() is None:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(10)
