"""One client cannot fill the lobby through many guests: table creation has a bucket per address too
(docs/security.md), shared through Redis when processes share one."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from web_helpers import guest

from burraco.web.accounts.creation_guard import ADDRESS_FACTOR


def test_many_guests_of_one_address_share_its_creation_bucket(client_factory: Callable[..., TestClient]) -> None:
    """Twenty guests from one address made five tables each in seconds; now the address runs dry."""
    burst = 2
    client = client_factory(table_burst=burst, table_every=3600.0)
    made = []
    for i in range(burst * ADDRESS_FACTOR + 3):
        cookie = guest(client, f"Spammer{i}")  # a fresh guest each time: every user's own bucket is full
        made.append(client.post("/api/tables", json={"players": 2}, headers={"cookie": cookie}).status_code)
    assert made[: burst * ADDRESS_FACTOR] == [200] * (burst * ADDRESS_FACTOR)
    assert set(made[burst * ADDRESS_FACTOR :]) == {429}
    elsewhere = TestClient(client.app, client=("198.51.100.7", 50000))
    cookie = guest(elsewhere, "Honest")
    assert elsewhere.post("/api/tables", json={"players": 2}, headers={"cookie": cookie}).status_code == 200


def test_the_address_bucket_is_shared_by_every_process(database: str, namespace: str) -> None:
    """With Redis, guests of one address creating on two processes draw on one bucket."""
    from redis_helpers import URL
    from web_helpers import FakeClock, make_app

    burst = 2
    options = {"redis_url": URL, "redis_namespace": namespace, "table_burst": burst, "table_every": 3600.0}
    clock = FakeClock()
    first, second = TestClient(make_app(database, clock, **options)), TestClient(make_app(database, clock, **options))
    with first, second:
        made = []
        for i in range(burst * ADDRESS_FACTOR + 2):
            client = first if i % 2 else second
            cookie = guest(client, f"Spammer{i}")
            made.append(client.post("/api/tables", json={"players": 2}, headers={"cookie": cookie}).status_code)
    assert made[: burst * ADDRESS_FACTOR] == [200] * (burst * ADDRESS_FACTOR)
    assert set(made[burst * ADDRESS_FACTOR :]) == {429}
