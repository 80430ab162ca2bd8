"""A real ``burraco serve`` holds against spoofed client addresses and slow clients (docs/security.md)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from pathlib import Path

from serve_helpers import served

GUEST_LIMIT = 20
"""The default attempts one address may make at once (LoginLimits.address_burst)."""


def _guest(port: int, nickname: str, forwarded_for: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"nickname": nickname})
    headers = {
        "Content-Type": "application/json",
        "X-Forwarded-For": forwarded_for,
        "Origin": f"http://127.0.0.1:{port}",
    }
    connection.request("POST", "/api/guest", body, headers)
    status = connection.getresponse().status
    connection.close()
    return status


def test_a_client_cannot_choose_its_own_address(tmp_path: Path) -> None:
    """Without a trusted proxy, X-Forwarded-For is ignored: 25 guests that claim 25 addresses are one
    address, and the 21st is refused (uvicorn alone believed the header from any local peer)."""
    with served(tmp_path) as port:
        statuses = [_guest(port, f"Spoof{i}", f"10.0.0.{i}") for i in range(GUEST_LIMIT + 5)]
    assert statuses[:GUEST_LIMIT] == [200] * GUEST_LIMIT
    assert set(statuses[GUEST_LIMIT:]) == {429}


def test_a_trusted_proxy_gives_the_client_address(tmp_path: Path) -> None:
    """Behind a configured proxy each client has its own bucket: the header is read from that peer."""
    with served(tmp_path, trusted_proxies="127.0.0.1") as port:
        statuses = [_guest(port, f"Client{i}", f"10.0.1.{i}") for i in range(GUEST_LIMIT + 5)]
        same = [_guest(port, f"Same{i}", "10.0.2.1") for i in range(GUEST_LIMIT + 1)]
    assert statuses == [200] * (GUEST_LIMIT + 5)
    assert same[-1] == 429  # one client behind the proxy still has one bucket


def test_a_client_that_never_finishes_its_headers_is_dropped(tmp_path: Path) -> None:
    """A slow client holding a connection with a half-sent request is closed at the header deadline."""
    with served(tmp_path, header_timeout="1.5") as port, socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")  # ... and never the blank line
        sock.settimeout(10)
        started = time.monotonic()
        assert sock.recv(1024) == b""  # closed by the server
        assert time.monotonic() - started < 8


def test_two_real_processes_share_the_login_lockout(tmp_path: Path) -> None:
    """Two ``burraco serve`` processes on one PostgreSQL database and one Redis: five wrong passwords
    spread over both lock the attacker's address on both, and never the owner's."""
    import uuid

    from db_backends import postgres_schema
    from redis_helpers import URL, redis_or_skip

    from burraco.loadtest import servers as loadtest_servers

    redis_or_skip("the two-process login test is").close()
    namespace = f"burraco-test-{uuid.uuid4().hex[:10]}"
    shared = {"redis_url": URL, "redis_namespace": namespace, "trusted_proxies": "127.0.0.1"}
    try:
        with (
            postgres_schema() as database,
            served(tmp_path, db_url=database, **shared) as first,
            served(tmp_path, db_url=database, **shared) as second,
        ):
            owner = "192.0.2.10"
            assert _post(first, "/api/register", {"name": "Elena", "password": "long-enough"}, owner) == 200
            attacker = "203.0.113.9"
            for i in range(5):
                wrong = {"name": "Elena", "password": "wrong-one"}
                assert _post(second if i % 2 else first, "/api/login", wrong, attacker) == 401
            right = {"name": "Elena", "password": "long-enough"}
            assert _post(first, "/api/login", right, attacker) == 429
            assert _post(second, "/api/login", right, attacker) == 429
            assert _post(second, "/api/login", right, owner) == 200
    finally:
        loadtest_servers.forget(URL, namespace)


def _post(port: int, path: str, body: dict[str, str], client: str) -> int:
    """POST ``body`` as the client a trusted proxy names; the answer's status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client, "Origin": f"http://127.0.0.1:{port}"}
    connection.request("POST", path, json.dumps(body), headers)
    status = connection.getresponse().status
    connection.close()
    return status
