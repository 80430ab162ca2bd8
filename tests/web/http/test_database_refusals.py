"""A database that refuses writes answers 503 ``db_unavailable`` with ``Retry-After`` (the JSON refusal
format the page words), whatever route meets it; it was a 500 (docs/security.md)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from web_helpers import guest

from burraco.web.http.database_errors import RETRY_AFTER
from burraco.web.persistence import db
from burraco.web.persistence.writer import Batch


def refuse_writes(store: db.Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write from now on fails as a read-only or locked database's does (nothing is committed)."""

    def failing(work: Batch) -> None:
        error = OperationalError("INSERT", {"password_hash": "$argon2id$secret"}, Exception("readonly database"))
        store.writer.fail(work, error)

    monkeypatch.setattr(store, "_commit", failing)


def test_a_database_that_refuses_writes_answers_503_with_retry_after(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    refuse_writes(client.app.state.store, monkeypatch)  # type: ignore[attr-defined]
    requests = [
        ("/api/guest", {"nickname": "Bob"}, {}),
        ("/api/register", {"name": "Elena", "password": "long-enough"}, {}),
        ("/api/tables", {"players": 2}, {"cookie": ann}),
    ]
    for path, body, headers in requests:
        with caplog.at_level(logging.WARNING, logger="burraco.web.http.database_errors"):
            response = client.post(path, json=body, headers=headers)
        assert response.status_code == 503, (path, response.text)
        assert response.headers["retry-after"] == str(RETRY_AFTER)
        detail = response.json()["detail"]
        assert detail["code"] == "db_unavailable" and detail["params"] == {"seconds": RETRY_AFTER}, detail
        assert "database" in detail["message"]
    assert "readonly database" in caplog.text and "argon2" not in caplog.text  # no statement parameters logged
    monkeypatch.undo()
    assert client.post("/api/guest", json={"nickname": "Bob"}).status_code == 200  # and it works again
