"""The arbiter's rulings through the API on SQLite and PostgreSQL: the public code, a ruling recorded
from the director's console and from a table's score terminal (computed by the server from the
answers), a wrong code refused, bad answers refused in Italian and English with nothing stored, and
the warnings counted per pair across two turns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from tournament_helpers import Console, account

Factory = Callable[..., TestClient]
SETTINGS = {"name": "Giovedì al circolo", "kind": "pairs", "turns": 2, "hands": 2, "movement": "mitchell*2", "seed": 3}
PAIRS = ["Rossi", "Verdi", "Bianchi", "Neri"]
ART_17 = {"article": 17, "answers": {"situation": "drew", "next_played": "no", "made_play": "yes"}, "hand": 1}
WARNED = {"article": 23, "answers": {"repeated": "no"}, "hand": 2, "side": "ns"}
REPEATED = {"article": 23, "answers": {"repeated": "yes"}, "hand": 1, "side": "ns"}


def event(client: TestClient) -> Console:
    web = Console(client, account(client, "Director"))
    web.post("", SETTINGS)
    web.post(f"/{web.id}/entrants", {"names": PAIRS})
    web.post(f"/{web.id}/pair", {})
    return web


def codes(web: Console, turn: int) -> list[str]:
    path = f"/api/tournaments/{web.id}/turns/{turn}/terminals"
    response = web.client.post(path, headers={"cookie": web.cookie})
    assert response.status_code == 200, response.text
    return [t["code"] for t in response.json()["tables"]]


def director_rules(web: Console, turn: int, table: int, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
    path = f"/api/tournaments/{web.id}/turns/{turn}/tables/{table}/rulings"
    response = web.client.post(path, json=body, headers={"cookie": web.cookie})
    assert response.status_code == expect, response.text
    return response.json()  # type: ignore[no-any-return]


def listing(web: Console) -> dict[str, Any]:
    return web.get("/rulings").json()  # type: ignore[no-any-return]


def test_the_code_is_public(client_factory: Factory) -> None:
    client = client_factory()
    data = client.get("/api/arbiter").json()
    assert [a["number"] for a in data["articles"]] == list(range(12, 24))
    assert data["articles"][5]["title"]["it"] == "Pesca, raccolta o giocata fuori turno"


def test_rulings_from_the_console_and_the_terminal(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    table_1, _table_2 = codes(web, 1)
    mine = director_rules(web, 1, 2, ART_17)["rulings"]
    assert len(mine) == 1 and mine[0]["table"] == 2 and mine[0]["source"] == "director"
    assert mine[0]["ruling"]["key"] == "played" and "penalised_cards" in [
        e["kind"] for e in mine[0]["ruling"]["effects"]
    ]
    # the page's own ruling is never trusted: an extra field is refused
    director_rules(web, 1, 2, {**ART_17, "ruling": {"key": "overcome"}}, expect=422)
    at_table = client.post(f"/api/score/{table_1}/rulings", json={**ART_17, "side": "ew"})
    assert at_table.status_code == 200, at_table.text
    ours = at_table.json()["rulings"]
    assert [(r["table"], r["source"], r["side"]) for r in ours] == [(1, "terminal", "ew")]
    assert ours[0]["ruling"]["words"]["it"].startswith("Al momento della contestazione")
    assert client.get(f"/api/score/{table_1}/rulings").json()["rulings"] == ours
    every = listing(web)["rulings"]
    assert [(r["table"], r["source"]) for r in every] == [(2, "director"), (1, "terminal")]
    assert every[1]["label"] and every[1]["title"]["it"].startswith("Pesca")
    # nobody else sees the event's rulings or records one for the director
    assert client.get(f"/api/tournaments/{web.id}/rulings").status_code == 403
    other = account(client, "Other")
    path = f"/api/tournaments/{web.id}/turns/1/tables/1/rulings"
    assert client.post(path, json=ART_17, headers={"cookie": other}).status_code == 403


def test_a_wrong_code_and_bad_answers_are_refused(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    table_1, _ = codes(web, 1)
    wrong = client.post("/api/score/not-a-code-at-all/rulings", json=ART_17)
    assert wrong.status_code == 404 and wrong.json()["detail"]["code"] == "score.bad_code"
    bad = client.post(f"/api/score/{table_1}/rulings", json={**ART_17, "answers": {"situation": "flew"}})
    assert bad.status_code == 422
    detail = bad.json()["detail"]
    assert detail["code"] == "arbiter.invalid" and detail["params"]["it"] and detail["params"]["en"]
    assert detail["message"] == detail["params"]["it"] and "flew" in detail["params"]["en"]
    english = client.post(
        f"/api/score/{table_1}/rulings", json={**ART_17, "answers": {"situation": "flew"}, "lang": "en"}
    )
    assert english.json()["detail"]["message"] == detail["params"]["en"] == english.json()["detail"]["params"]["text"]
    missing = director_rules(web, 1, 1, {**ART_17, "answers": {"situation": "drew"}}, expect=422)["detail"]
    assert missing["code"] == "arbiter.invalid"
    unknown = director_rules(web, 1, 1, {**ART_17, "article": 40}, expect=422)["detail"]
    assert unknown["code"] == "arbiter.invalid"
    assert director_rules(web, 1, 1, {**ART_17, "hand": 3}, expect=422)["detail"]["code"] == "score.bad_hand"
    assert listing(web) == {"rulings": [], "lines": []}
    assert client.get(f"/api/score/{table_1}/rulings").json() == {"rulings": []}


def test_warnings_are_counted_per_pair_across_turns(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    first = director_rules(web, 1, 1, WARNED)["rulings"][0]
    guilty = first["line"]
    lines = listing(web)["lines"]
    assert [(x["line"], x["warnings"], x["next_costs_vp"], x["vp"]) for x in lines] == [(guilty, 1, True, 0)]
    for k in (1, 2):
        web.post(f"/{web.id}/results", {"turn": 1, "table": k, "ns": 900, "ew": 600})
    web.post(f"/{web.id}/pair", {})
    turn_2 = web.detail()["turns_list"][1]["tables"]
    # the same pair, wherever it sits in turn 2
    table, side = next((t["number"], s) for t in turn_2 for s in ("ns", "ew") if ",".join(map(str, t[s])) == guilty)
    code = codes(web, 2)[table - 1]
    again = client.post(f"/api/score/{code}/rulings", json={**WARNED, "side": side})
    assert again.status_code == 200, again.text
    lines = listing(web)["lines"]
    assert [(x["line"], x["warnings"]) for x in lines] == [(guilty, 2)]
    director_rules(web, 2, table, {**REPEATED, "side": side})
    (line,) = listing(web)["lines"]
    assert (line["warnings"], line["vp"]) == (2, 1)
