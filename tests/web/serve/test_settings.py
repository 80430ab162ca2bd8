"""The server's settings reach the app: BURRACO_IDLE_LIMIT sets the tables' idle limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from burraco.web.app import create_app
from burraco.web.config import ServerSettings


def test_idle_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BURRACO_IDLE_LIMIT", "90")
    settings = ServerSettings()
    assert settings.idle_limit == 90.0
    app = create_app(f"sqlite:///{tmp_path / 'idle.db'}", tick_interval=None, **_without_db(settings))
    with TestClient(app):
        assert app.state.manager.runtime.limits.idle_limit == 90.0


def test_a_negative_idle_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BURRACO_IDLE_LIMIT", "-1")
    with pytest.raises(ValueError, match="idle_limit"):
        ServerSettings()


def _without_db(settings: ServerSettings) -> dict[str, object]:
    options = settings.app_options()
    options.pop("tick_interval", None)
    return options
