"""Rankings and settings across two processes sharing one database (SQLite file or PostgreSQL): a match
recorded by one process enters the other's kept ranking, a profile made public on one answers on the
other, and an account deleted on one loses its session on the other."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_accounts import play_match
from test_social import SHORT, get, make_public, me, post, register
from web_helpers import FakeClock, make_app


def test_two_processes_agree_on_rankings_profiles_and_deletion(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BURRACO_RANKING_MIN_MATCHES", "1")
    clock = FakeClock()
    first, second = TestClient(make_app(database, clock)), TestClient(make_app(database, clock))
    with first, second:
        elena = register(first, "Elena")
        make_public(first, elena)
        elena_id = me(first, elena)["id"]
        assert get(second, f"/api/users/{elena_id}")["public"] is True  # public, told by the other process
        assert get(second, "/api/rankings", kind="2p")["rows"] == []  # the second keeps this (empty) table
        play_match(first, elena, players=2, bots="easy", **SHORT)
        [row] = get(second, "/api/rankings", kind="2p")["rows"]  # the match recorded by the first enters
        assert (row["name"], row["matches"], row["user_id"]) == ("Elena", 1, elena_id)
        assert me(second, elena)["name"] == "Elena"  # one session, either process
        assert post(first, "/api/me/delete", elena, {"password": "long-enough"}).status_code == 200
        assert me(second, elena) is None
        assert second.get(f"/api/users/{elena_id}").status_code == 404
        assert get(second, "/api/rankings", kind="2p")["rows"] == []  # a deleted player is never ranked
