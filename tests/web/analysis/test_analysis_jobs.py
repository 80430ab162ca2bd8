"""Post-hand analysis as jobs on the embedded default (SQLite, the app's local process pool): a seat's
review is computed once by a worker process and served to everyone allowed; per-user limits; who may
see what before and after the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from analysis_helpers import ask, look, rows, set_status, stored_match, user_of, wait_done
from fastapi.testclient import TestClient
from web_helpers import guest

from burraco.analysis import Label

SMALL = {"analysis_budget_ms": 1}
"""A budget of 1 ms a decision: a short hand's review takes a fraction of a second."""


def test_a_player_analyses_their_seat_once_and_everyone_allowed_is_served_the_same(
    client_factory: Callable[..., TestClient],
) -> None:
    client = client_factory(**SMALL)
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=2, over=False)

    asked = ask(client, anna, table, 1)
    assert asked.status_code == 200, asked.text
    assert asked.json()["seats"] == [0] and [j["seat"] for j in asked.json()["jobs"]] == [0]
    assert asked.json()["own"] == [0] and asked.json()["match_over"] is False
    assert asked.json()["jobs"][0]["state"] in ("queued", "running", "done")

    done = wait_done(client, anna, table, 1)
    job = done["jobs"][0]
    assert job["state"] == "done" and job["error"] is None, job
    review = job["review"]
    assert review["seat"] == 0 and 0 <= review["accuracy"] <= 100 and review["budget_ms"] == 1
    assert review["decisions"] and {d["label"] for d in review["decisions"]} <= {label.value for label in Label}
    history = client.get(f"/api/tables/{table}/hands/1/analysis", headers={"cookie": anna})
    assert history.json() == done

    # asked again: the stored review, no new job (the row is the same, tried once)
    again = ask(client, anna, table, 1)
    assert again.json()["jobs"] == done["jobs"]
    assert rows(client) == [(table, 1, 0, "done", 1)]

    # once the match is over, the opponent and a spectator see it too, and no job is made for it
    set_status(client, table, "over")
    carla = guest(client, "Carla")
    for cookie in (bruno, carla, None):
        seen = look(client, cookie, table, 1).json()
        assert seen["seats"] == [0, 1] and seen["jobs"] == done["jobs"], seen
        assert seen["own"] == ([1] if cookie == bruno else []) and seen["match_over"] is True
    ask(client, carla, table, 1, seat=0)
    assert rows(client) == [(table, 1, 0, "done", 1)]


def test_opponents_and_spectators_wait_for_the_end_of_the_match(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(**SMALL)
    anna, bruno, carla = guest(client, "Anna"), guest(client, "Bruno"), guest(client, "Carla")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=2, over=False)
    assert ask(client, anna, table, 1).status_code == 200
    wait_done(client, anna, table, 1)

    # Bruno sees his own seat only (nothing of Anna's), and may not ask for hers
    assert look(client, bruno, table, 1).json()["seats"] == [1]
    assert look(client, bruno, table, 1).json()["jobs"] == []
    refused = ask(client, bruno, table, 1, seat=0)
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "analysis_after_match"
    for cookie in (carla, None):  # a spectator, signed in or not
        seen = look(client, cookie, table, 1)
        assert seen.status_code == 403 and seen.json()["detail"]["code"] == "analysis_after_match"
    spectator = ask(client, carla, table, 1)
    assert spectator.status_code == 403 and spectator.json()["detail"]["code"] == "analysis_after_match"
    assert rows(client) == [(table, 1, 0, "done", 1)]

    set_status(client, table, "over")
    assert look(client, bruno, table, 1).json()["jobs"][0]["review"]["seat"] == 0
    assert ask(client, carla, table, 2, seat=1).status_code == 200  # anyone may ask, once it is over


def test_a_hand_not_played_is_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(**SMALL)
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=1, over=False)
    missing = ask(client, anna, table, 3)
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "analysis_no_hand"
    assert ask(client, anna, 999_999, 1).status_code == 404
    seat = ask(client, anna, table, 1, seat=2)
    assert seat.status_code == 422 and seat.json()["detail"]["params"] == {"last": 1}
    assert client.post(f"/api/tables/{table}/hands/1/analysis", json={}).status_code == 401
    assert rows(client) == []


def test_the_limits_refuse_with_a_code_and_change_nothing(client_factory: Callable[..., TestClient]) -> None:
    # a worker slow enough (a large budget) that the first jobs are still waiting or running
    client = client_factory(analysis_budget_ms=400, analysis_active=2, analysis_daily=3)
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=4, over=True)
    assert ask(client, anna, table, 1).status_code == 200  # her own seat: one job
    assert ask(client, anna, table, 2).status_code == 200  # two waiting or running: the most
    before = [row[:3] for row in rows(client)]  # (their states move on as the worker takes them)
    busy = ask(client, anna, table, 3)
    assert busy.status_code == 429, busy.text
    detail: dict[str, Any] = busy.json()["detail"]
    assert detail["code"] == "analysis_busy" and detail["params"] == {"limit": 2}
    assert [row[:3] for row in rows(client)] == before
    # another player is not held up by Anna's jobs
    assert ask(client, bruno, table, 1, seat=1).status_code == 200


def test_the_daily_limit(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(**SMALL, analysis_active=5, analysis_daily=2)
    anna, bruno = guest(client, "Anna"), guest(client, "Bruno")
    table = stored_match(client, [user_of(client, anna), user_of(client, bruno)], hands=2, over=True)
    assert ask(client, anna, table, 1, seat=0).status_code == 200
    assert ask(client, anna, table, 1, seat=1).status_code == 200
    wait_done(client, anna, table, 1)
    daily = ask(client, anna, table, 2, seat=0)
    assert daily.status_code == 429 and daily.json()["detail"]["code"] == "analysis_daily_limit"
    assert daily.json()["detail"]["params"] == {"limit": 2}
    assert len(rows(client)) == 2
    assert ask(client, anna, table, 1, seat=1).status_code == 200  # one already made is free
