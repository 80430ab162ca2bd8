"""A new account may not take a name that looks like an existing account's: the same confusable
skeleton (Unicode TS #39, ``auth.name_skeleton``) is refused with 409 ``name_confusable`` (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient


def register(client: TestClient, name: str) -> tuple[int, str | None]:
    response = client.post("/api/register", json={"name": name, "password": "long-enough"})
    client.cookies.clear()
    detail = response.json().get("detail")
    return response.status_code, detail["code"] if isinstance(detail, dict) else None


def test_a_name_that_looks_like_an_account_s_is_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    assert register(client, "Elena") == (200, None)
    assert register(client, "ELENA") == (409, "name_taken")  # the same name (case-insensitive)
    for lookalike in (
        "\u0415lena",  # a Cyrillic Е
        "Elen\u0430",  # a Cyrillic а
        "\u03951ena",  # a Greek Ε, and 1 for l
        "EIena",  # a capital I for l
    ):
        response = client.post("/api/register", json={"name": lookalike, "password": "long-enough"})
        assert response.status_code == 409, lookalike
        detail = response.json()["detail"]
        assert detail["code"] == "name_confusable" and detail["params"] == {"name": lookalike}
        assert "looks too much like" in detail["message"]
    assert register(client, "Elana") == (200, None)  # another name altogether
    assert register(client, "Zo\u00eb") == (200, None)
    assert register(client, "Zoe") == (200, None)  # an accent is not a disguise
    # the names kept for the computer players cannot be dodged with a look-alike either
    assert register(client, "B0t master") == (422, "name_reserved")
    assert register(client, "\u0412ot master") == (422, "name_reserved")  # a Cyrillic В
    # guests' names are not reserved (several guests may share one, shown with "(guest)")
    assert client.post("/api/guest", json={"nickname": "\u0415lena"}).status_code == 200
