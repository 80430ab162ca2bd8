"""The segnapunti's API on SQLite and PostgreSQL: every preset's rule constants (what the page mirrors to
score offline) come from the hand entry, and a signed-in account's matches are kept, newest first, an
older copy never replacing a newer one; without an account nothing is kept, a guest keeps nothing, and new
matches are limited per account and per address (issue 48: a guest stored 1.5 MB in 50 PUTs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from tournament_helpers import account
from web_helpers import FakeClock, guest

from burraco.core.options import PRESETS
from burraco.tournament.hand_entry import BurracoKind, bonus, deck_points, kinds
from burraco.web.persistence import schema

Factory = Callable[..., TestClient]


def test_the_rules_of_every_preset(client_factory: Factory) -> None:
    client = client_factory()
    presets = client.get("/api/scorekeeper/rules").json()["presets"]
    assert set(presets) == set(PRESETS)
    for name, rules in PRESETS.items():
        c = presets[name]
        assert c["kinds"] == [k.value for k in kinds(rules)]
        assert c["bonus"] == {k.value: bonus(k, rules) for k in kinds(rules)}
        assert c["deck_points"] == deck_points(rules)
    assert presets["reale"]["bonus"][BurracoKind.ACE_TO_ACE] == 1000
    assert presets["home"]["double_negative"] and presets["international"]["clean_to_close"]
    assert client.get("/segnapunti/manifest.webmanifest").json()["scope"] == "/segnapunti/"
    assert client.get("/segnapunti/sw.js").headers["content-type"].startswith("text/javascript")


def test_an_accounts_matches_are_kept(client_factory: Factory) -> None:
    client = client_factory()
    assert client.get("/api/scorekeeper/matches").status_code == 401
    anna = {"cookie": account(client, "Anna", director=False)}
    match = {"id": "m-one", "updated": 10.0, "players": 2, "names": ["Anna", "Bea"], "hands": []}
    kept = client.put("/api/scorekeeper/matches/m-one", json=match, headers=anna).json()["matches"]
    assert kept == [match]
    newer = {**match, "updated": 20.0, "hands": [{"totals": [470, 180]}]}
    client.put("/api/scorekeeper/matches/m-one", json=newer, headers=anna)
    older = client.put("/api/scorekeeper/matches/m-one", json=match, headers=anna).json()["matches"]
    assert older == [newer]  # an older copy (another device) does not replace it
    second = {"id": "m-two", "updated": 30.0, "players": 4, "names": list("ABCD"), "hands": []}
    client.put("/api/scorekeeper/matches/m-two", json=second, headers=anna)
    assert [m["id"] for m in client.get("/api/scorekeeper/matches", headers=anna).json()["matches"]] == [
        "m-two",
        "m-one",
    ]
    bea = {"cookie": account(client, "Bea", director=False)}
    assert client.get("/api/scorekeeper/matches", headers=bea).json()["matches"] == []
    wrong = client.put("/api/scorekeeper/matches/m-three", json=second, headers=anna)
    assert wrong.status_code == 422 and wrong.json()["detail"]["code"] == "keeper.bad_id"


def kept(client: TestClient, headers: dict[str, str], ident: str, updated: float = 1.0) -> Any:
    match = {"id": ident, "updated": updated, "players": 2, "names": ["A", "B"], "hands": [{"pad": "x" * 20_000}]}
    return client.put(f"/api/scorekeeper/matches/{ident}", json=match, headers=headers)


def test_a_guest_keeps_nothing(client_factory: Factory) -> None:
    client = client_factory()
    visitor = {"cookie": guest(client, "Visitor")}
    for _ in range(3):
        answer = kept(client, visitor, "m-big")
        assert answer.status_code == 403 and answer.json()["detail"]["code"] == "keeper_accounts_only"
    assert client.get("/api/scorekeeper/matches", headers=visitor).status_code == 403
    store = client.app.state.store  # type: ignore[attr-defined]
    keys = store.read(lambda c: list(c.execute(select(schema.settings.c.key)).scalars()))
    assert not [k for k in keys if k.startswith("keeper:")]


def test_new_matches_are_limited_per_account_and_per_address(client_factory: Factory, clock: FakeClock) -> None:
    client = client_factory()
    people = [{"cookie": account(client, name, director=False)} for name in ("Anna", "Bea", "Cleo", "Dora")]
    for n in range(10):
        assert kept(client, people[0], f"anna-{n}").status_code == 200
    over = kept(client, people[0], "anna-10")
    assert over.status_code == 429 and over.json()["detail"]["code"] == "keeper_too_fast"
    assert over.headers["Retry-After"] == "60"
    assert kept(client, people[0], "anna-0", updated=2.0).status_code == 200  # an update is not limited
    for person, name in zip(people[1:3], ("bea", "cleo"), strict=True):  # the address holds three accounts
        for n in range(10):
            assert kept(client, person, f"{name}-{n}").status_code == 200
    assert kept(client, people[3], "dora-0").json()["detail"]["code"] == "keeper_too_fast"
    clock.advance(60)
    assert kept(client, people[0], "anna-10").status_code == 200
