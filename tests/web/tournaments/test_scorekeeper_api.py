"""The segnapunti's API on SQLite and PostgreSQL: every preset's rule constants (what the page mirrors to
score offline) come from the hand entry, and a signed-in account's matches are kept, newest first, an
older copy never replacing a newer one; without an account nothing is kept."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from tournament_helpers import account

from burraco.core.options import PRESETS
from burraco.tournament.hand_entry import BurracoKind, bonus, deck_points, kinds

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
