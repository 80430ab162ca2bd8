"""The REST API is described: every JSON route has a response model in the OpenAPI document; table
creation is rate limited per user."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from web_helpers import FakeClock, guest


def test_every_api_route_has_a_response_schema(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(api_docs=True)
    document = client.get("/api/openapi.json").json()
    routes = [(path, method, op) for path, ops in document["paths"].items() for method, op in ops.items()]
    assert len(routes) >= 13
    for path, method, op in routes:
        content = op["responses"]["200"]["content"]
        if path.endswith("/history"):
            assert "text/plain" in content
            continue
        if path.endswith("/scorecards"):  # a tournament's printable score cards (a download)
            assert {"application/pdf", "text/html"} <= set(content)
            continue
        if path == "/api/me/export":  # the account's data as a JSON file to download
            assert "application/json" in content
            continue
        if path.endswith("/terminals/sheet"):  # a turn's printable QR sheet (a page to print)
            assert set(content) == {"text/html"}
            continue
        schema = content["application/json"]["schema"]
        listed = schema.get("type") == "array" and "$ref" in schema["items"]  # a list of one model
        assert schema.get("$ref") or schema.get("type") == "object" or listed, (method, path, schema)
    assert document["components"]["schemas"]["TableDetail"]["required"][:2] == ["id", "name"]


def test_table_creation_is_rate_limited_per_user(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory(table_burst=2, table_every=30.0)
    ann, bob = guest(client, "ann"), guest(client, "bob")
    for _ in range(2):
        assert client.post("/api/tables", json={"sit": False}, headers={"cookie": ann}).status_code == 200
    refused = client.post("/api/tables", json={"sit": False}, headers={"cookie": ann})
    assert refused.status_code == 429 and refused.headers["retry-after"] == "30"
    assert client.post("/api/tables", json={"sit": False}, headers={"cookie": bob}).status_code == 200
    clock.advance(30)
    assert client.post("/api/tables", json={"sit": False}, headers={"cookie": ann}).status_code == 200


def test_ids_beyond_the_database_integer_range_are_not_found(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    for path in ("/api/users/4611686018427387904", "/api/tables/4611686018427387904/hands/1/replay"):
        assert client.get(path).status_code == 404, path
