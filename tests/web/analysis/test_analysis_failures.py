"""Analyses that go wrong on the local pool: a worker process that dies or overruns is replaced and
its job tried once more, then marked failed with a code; jobs a stopped server left are taken up again."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable

from analysis_helpers import ask, look, rows, stored_match, user_of, wait_done
from fastapi.testclient import TestClient
from web_helpers import guest

from burraco.web.persistence.analysis.local import LocalAnalysisQueue
from burraco.web.persistence.repositories.analysis import AnalysisLimits, AnalysisRepository


def _until(done: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_worker_that_dies_is_replaced_and_its_job_tried_once_more(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(analysis_budget_ms=5000)  # minutes of work: it is still running when killed
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=1, over=False)
    queue = client.app.state.analysis.queue  # type: ignore[attr-defined]
    assert isinstance(queue, LocalAnalysisQueue)
    assert ask(client, anna, table, 1).status_code == 200
    for attempt in (1, 2):
        _until(lambda attempt=attempt: rows(client)[0][3:] == ("running", attempt) and bool(queue.runners[0].pids()))
        (pid,) = queue.runners[0].pids()
        os.kill(pid, signal.SIGKILL)
    answer = wait_done(client, anna, table, 1)
    assert answer["jobs"][0]["state"] == "failed" and answer["jobs"][0]["error"] == "crashed", answer
    assert rows(client) == [(table, 1, 0, "failed", 2)]
    # asked again, a failed analysis is queued afresh (and the new worker process computes)
    again = ask(client, anna, table, 1)
    assert again.status_code == 200 and again.json()["jobs"][0]["state"] in ("queued", "running")


def test_an_analysis_that_overruns_its_time_is_tried_once_more_then_failed(
    client_factory: Callable[..., TestClient],
) -> None:
    client = client_factory(analysis_budget_ms=5000, analysis_timeout=1.0)
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=1, over=False)
    assert ask(client, anna, table, 1).status_code == 200
    answer = wait_done(client, anna, table, 1)
    assert answer["jobs"][0]["state"] == "failed" and answer["jobs"][0]["error"] == "crashed", answer
    assert rows(client) == [(table, 1, 0, "failed", 2)]


def test_jobs_left_by_a_stopped_server_are_taken_up_when_it_starts(client_factory: Callable[..., TestClient]) -> None:
    first = client_factory(analysis_budget_ms=1)
    anna, bruno = guest(first, "Anna"), guest(first, "Bruno")
    table = stored_match(first, [user_of(first, anna), user_of(first, bruno)], hands=1, over=True)
    # a job queued by a server that stopped before sending it to a worker
    analyses = AnalysisRepository(first.app.state.store)  # type: ignore[attr-defined]
    portal = first.portal
    assert portal is not None
    asker = user_of(first, anna)
    portal.call(lambda: analyses.request(table, 1, [1], 1, asker, time.time(), AnalysisLimits()))
    assert rows(first) == [(table, 1, 1, "queued", 0)]

    restarted = client_factory(analysis_budget_ms=1)  # the same database
    answer = wait_done(restarted, anna, table, 1)
    assert [(job["seat"], job["state"]) for job in answer["jobs"]] == [(1, "done")]
    assert look(restarted, bruno, table, 1).json()["jobs"][0]["review"]["seat"] == 1
