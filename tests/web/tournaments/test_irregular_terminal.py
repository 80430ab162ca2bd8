"""An irregular hand at a score terminal through the API on SQLite and PostgreSQL: the arbiter's ruling
recorded at the table is shown with its hand; the hand is entered with the arbiter's facts and the
ruling's id, scored by the core (void burraco, frozen meld's wrong cards, penalised cards, closing
annulled); impossible facts and another hand's or table's ruling are refused; the phone and the
director's board mark the hand irregular with its article, and the ruling shows as followed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from tournament_helpers import Console, account

Factory = Callable[..., TestClient]
SETTINGS = {"name": "Giovedì al circolo", "kind": "pairs", "turns": 2, "hands": 2, "movement": "mitchell*2", "seed": 3}
PAIRS = ["Rossi", "Verdi", "Bianchi", "Neri"]
ART_12 = {
    "article": 12,
    "answers": {"situation": "wrong_play", "noticed": "later", "valid_part": "yes", "burraco": "yes"},
    "hand": 1,
    "side": "ns",
}
ART_17 = {"article": 17, "answers": {"situation": "drew", "next_played": "no", "made_play": "yes"}, "hand": 2}
NS_FACTS = {"void": {"clean": 1}, "wrong": 15, "penalised": 10, "closing_needs_valid": True}
EW = {"burraci": {"dirty": 1}, "table": 120, "hand": 40}


def ns(**irregular: Any) -> dict[str, Any]:
    side: dict[str, Any] = {"burraci": {"clean": 1}, "table": 185, "hand": 15, "closed": True}
    return {**side, "irregular": irregular} if irregular else side


def setup(client: TestClient) -> tuple[Console, list[str]]:
    web = Console(client, account(client, "Director"))
    web.post("", SETTINGS)
    web.post(f"/{web.id}/entrants", {"names": PAIRS})
    web.post(f"/{web.id}/pair", {})
    response = client.post(f"/api/tournaments/{web.id}/turns/1/terminals", headers={"cookie": web.cookie})
    assert response.status_code == 200, response.text
    return web, [t["code"] for t in response.json()["tables"]]


def post(client: TestClient, path: str, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == expect, response.text
    return response.json()  # type: ignore[no-any-return]


def enter(client: TestClient, code: str, n: int, entry: dict[str, Any], cid: str, expect: int = 200) -> dict[str, Any]:
    body = {"client_id": cid, "device": "phone-ns", "hand": n, "entry": entry}
    return post(client, f"/api/score/{code}/hands", body, expect)


def test_an_irregular_hand_follows_its_ruling_to_the_console(client_factory: Factory) -> None:
    client = client_factory()
    web, (table_1, table_2) = setup(client)

    # the arbiter at table 1, called from its phone: Art. 12, an error noticed later, a burraco on it
    ruling = post(client, f"/api/score/{table_1}/rulings", ART_12)["rulings"][0]
    assert (ruling["hand"], ruling["linked"]) == (1, False)
    state = client.get(f"/api/score/{table_1}").json()
    assert [(r["id"], r["hand"], r["article"], r["side"]) for r in state["rulings"]] == [(ruling["id"], 1, 12, "ns")]
    effects = {(e["kind"], e.get("subject"), e.get("valid")) for e in state["rulings"][0]["effects"]}
    assert ("validity", "closing_on_that_burraco", False) in effects
    other = post(client, f"/api/score/{table_2}/rulings", {**ART_12, "hand": 1})["rulings"][0]

    # the phone's preview: no bonus for the void burraco, -15 wrong cards, -10 penalised, closing annulled
    irregular = {"sides": [ns(**NS_FACTS), EW], "rulings": [ruling["id"]]}
    scored = post(client, f"/api/score/{table_1}/preview", irregular)
    assert scored["totals"] == [185 - 15 - 15 - 10, 120 + 100 - 40] == [145, 180]
    items = {i["label"]: i["points"] for i in scored["sides"][0]["items"]}
    assert items == {
        "melds": 185,
        "burraco not valid": 0,
        "wrong cards of a frozen meld": -15,
        "closing annulled": 0,
        "cards in hand": -15,
        "penalised cards": -10,
    }
    assert post(client, f"/api/score/{table_1}/preview", {"sides": [ns(), EW]})["totals"] == [470, 180]

    # what cannot be: more void burraci than reported, points not in fives, another hand's or table's ruling
    too_many = post(client, f"/api/score/{table_1}/preview", {"sides": [ns(void={"clean": 2}), EW]}, 422)["detail"]
    assert too_many["code"] == "entry.void_too_many" and too_many["params"] == {
        "side": 0,
        "kind": "clean",
        "void": 2,
        "count": 1,
    }
    assert too_many["it"] == "N-S: i burraci non validi (2, pulito) sono più di quelli segnati (1)"
    odd = post(client, f"/api/score/{table_1}/preview", {"sides": [ns(wrong=12), EW]}, 422)["detail"]
    assert odd["code"] == "entry.not_five"
    unknown = {"sides": [ns(void={"joker": 1}), EW]}
    assert client.post(f"/api/score/{table_1}/preview", json=unknown).status_code == 422
    wrong_hand = enter(client, table_1, 2, irregular, "c-wrong-hand", 422)["detail"]
    assert wrong_hand["code"] == "score.bad_ruling" and wrong_hand["params"] == {"ruling": ruling["id"], "hand": 2}
    theirs = {**irregular, "rulings": [other["id"]]}
    assert enter(client, table_1, 1, theirs, "c-theirs", 422)["detail"]["code"] == "score.bad_ruling"
    assert client.get(f"/api/score/{table_1}").json()["lines"] == []  # nothing stored

    # hand 1 entered following the ruling; hand 2 regular, though the arbiter ruled on it (Art. 17)
    state = enter(client, table_1, 1, irregular, "c-hand-1")
    post(client, f"/api/score/{table_1}/rulings", ART_17)
    state = enter(client, table_1, 2, {"sides": [ns(), EW]}, "c-hand-2")
    assert state["totals"] == [145 + 470, 360]
    line_1, line_2 = state["lines"]
    assert line_1["irregular"] and line_1["entry"]["rulings"] == [ruling["id"]]
    assert line_1["rulings"] == [{"id": ruling["id"], "article": 12, "linked": True}]
    assert line_1["entry"]["sides"][0]["irregular"] == NS_FACTS
    assert not line_2["irregular"] and [(r["article"], r["linked"]) for r in line_2["rulings"]] == [(17, False)]

    # the director's board: the hand marked irregular with its article; the rulings list: followed
    board = client.get(f"/api/tournaments/{web.id}/turns/1/terminals", headers={"cookie": web.cookie}).json()
    lines = board["tables"][0]["lines"]
    assert [(x["hand"], x["irregular"], [r["article"] for r in x["rulings"]]) for x in lines] == [
        (1, True, [12]),
        (2, False, [17]),
    ]
    listing = web.get("/rulings").json()["rulings"]
    assert [(r["table"], r["hand"], r["article"], r["linked"]) for r in listing] == [
        (1, 1, 12, True),
        (2, 1, 12, False),
        (1, 2, 17, False),
    ]
    confirm = {"client_id": "c-ok", "device": "phone-ew", "totals": [615, 360]}
    assert post(client, f"/api/score/{table_1}/confirm", confirm)["result"]["ns"] == 615


def test_irregular_facts_without_a_ruling_and_a_ruling_with_the_totals(client_factory: Factory) -> None:
    client = client_factory()
    _web, (table_1, _table_2) = setup(client)
    facts_only = {"sides": [{"table": 60, "hand": 20, "irregular": {"penalised": 25}}, {"table": 0, "hand": 0}]}
    state = enter(client, table_1, 1, facts_only, "c-hand-1")
    assert state["totals"] == [60 - 20 - 25, 0] and state["lines"][0]["irregular"]
    assert state["lines"][0]["rulings"] == []
    nothing = {"sides": [{"table": 60, "irregular": {"void": {}, "wrong": 0}}, {}]}
    assert not enter(client, table_1, 2, nothing, "c-hand-2")["lines"][1]["irregular"]
    ruling = post(client, f"/api/score/{table_1}/rulings", ART_17)["rulings"][0]
    totals = enter(client, table_1, 2, {"totals": [300, -100], "rulings": [ruling["id"]]}, "c-hand-2b")
    assert totals["lines"][1]["irregular"] and totals["lines"][1]["rulings"][0]["linked"]
    assert totals["totals"] == [15 + 300, -100]
