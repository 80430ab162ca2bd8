"""Login protection that cannot lock the owner out (docs/security.md): wrong passwords lock an
(account, address) pair, a slower curve per account holds addresses the account never logged in
from, and with Redis every process shares the same counts."""

from __future__ import annotations

import contextlib
import tempfile
import uuid
from collections.abc import Callable, Iterator

from fastapi.testclient import TestClient
from redis_helpers import URL, redis_or_skip
from web_helpers import FakeClock, make_app

from burraco.loadtest import servers as loadtest_servers
from burraco.web.accounts.login_guard import LoginLimits

PASSWORD = "long-enough"


def _login(client: TestClient, name: str, password: str, via: str | None = None) -> int:
    """Log in (``via``: the client address a trusted proxy says it is)."""
    headers = {"X-Forwarded-For": via} if via else None
    status = client.post("/api/login", json={"name": name, "password": password}, headers=headers).status_code
    client.cookies.clear()
    return status


def _from(client: TestClient, address: str) -> TestClient:
    """Another client of the same app, from ``address``."""
    return TestClient(client.app, client=(address, 50000))


def test_an_attacker_locks_only_their_own_address_out(client_factory: Callable[..., TestClient]) -> None:
    owner = client_factory()
    assert owner.post("/api/register", json={"name": "Elena", "password": PASSWORD}).status_code == 200
    owner.cookies.clear()
    attacker = _from(owner, "203.0.113.9")
    limits = LoginLimits()
    for _ in range(limits.account_failures):
        assert _login(attacker, "Elena", "wrong-one") == 401
    assert _login(attacker, "Elena", PASSWORD) == 429  # even the right password, from there
    assert _login(owner, "Elena", PASSWORD) == 200  # the owner is not locked out (it was: 429)


def test_guessing_from_many_addresses_is_slowed_but_not_for_the_owner(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    limits = LoginLimits(account_burst=6, account_every=60.0)
    owner = client_factory(login_limits=limits)
    assert owner.post("/api/register", json={"name": "Elena", "password": PASSWORD}).status_code == 200
    owner.cookies.clear()
    assert _login(owner, "Elena", PASSWORD) == 200  # the owner's address is known to the account now
    for i in range(limits.account_burst):  # a botnet: one guess from each address
        assert _login(_from(owner, f"198.51.100.{i}"), "Elena", "wrong-one") == 401
    newcomer = _from(owner, "192.0.2.77")
    assert _login(newcomer, "Elena", PASSWORD) == 429  # an unknown address must wait its turn
    assert _login(owner, "Elena", PASSWORD) == 200  # the owner's known address is never slowed
    clock.advance(limits.account_every)
    assert _login(newcomer, "Elena", PASSWORD) == 200  # one more a minute


@contextlib.contextmanager
def _two_processes(limits: LoginLimits) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps (two processes' state) on one database and one Redis namespace, behind a trusted proxy
    (the test client's address is always the same: the proxy's header says who the client is)."""
    redis_or_skip("the shared login test is").close()
    namespace = f"burraco-test-{uuid.uuid4().hex[:10]}"
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/web.db"
        options = {"redis_url": URL, "redis_namespace": namespace, "login_limits": limits, "trusted_proxies": "*"}
        first = TestClient(make_app(url, clock, **options))
        second = TestClient(make_app(url, clock, **options))
        try:
            with first, second:
                yield first, second
        finally:
            loadtest_servers.forget(URL, namespace)


def test_every_process_shares_the_lockout() -> None:
    """With a lockout per process an attacker got five more tries on each; now the counts are in Redis."""
    limits = LoginLimits(address_burst=100_000)
    with _two_processes(limits) as (first, second):
        assert first.post("/api/register", json={"name": "Elena", "password": PASSWORD}).status_code == 200
        first.cookies.clear()
        attacker = "203.0.113.9"
        for i in range(limits.account_failures):
            assert _login(first if i % 2 else second, "Elena", "wrong-one", attacker) == 401
        assert _login(first, "Elena", PASSWORD, attacker) == 429
        assert _login(second, "Elena", PASSWORD, attacker) == 429
        assert _login(second, "Elena", PASSWORD, "192.0.2.10") == 200  # never the owner's addresses
