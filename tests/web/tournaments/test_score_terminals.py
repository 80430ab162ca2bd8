"""Score terminals through the API on SQLite and PostgreSQL: a code per table of a turn, wrong and
expired codes refused, hands scored by the event's rules and refused in Italian, the confirm flow
entering the result as a typed score card would, a disagreement between two phones, and a resent
submission stored once."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tournament_helpers import Console, account
from web_helpers import FakeClock, make_app

Factory = Callable[..., TestClient]
SETTINGS = {"name": "Giovedì al circolo", "kind": "pairs", "turns": 2, "hands": 2, "movement": "mitchell*2", "seed": 3}
PAIRS = ["Rossi", "Verdi", "Bianchi", "Neri"]


def event(client: TestClient) -> Console:
    web = Console(client, account(client, "Director"))
    web.post("", SETTINGS)
    web.post(f"/{web.id}/entrants", {"names": PAIRS})
    web.post(f"/{web.id}/pair", {})
    return web


def issue(web: Console, turn: int = 1) -> dict[str, Any]:
    response = web.client.post(f"/api/tournaments/{web.id}/turns/{turn}/terminals", headers={"cookie": web.cookie})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


HAND_1 = {
    "sides": [
        {"burraci": {"clean": 1}, "table": 185, "hand": 15, "pozzetto": True, "closed": True},
        {"burraci": {"dirty": 1}, "table": 120, "hand": 40, "pozzetto": True},
    ]
}
HAND_2 = {"totals": [-120, 655]}


def post(client: TestClient, path: str, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == expect, response.text
    return response.json()  # type: ignore[no-any-return]


def hand(
    client: TestClient, code: str, n: int, entry: dict[str, Any], cid: str, device: str = "phone-ns", expect: int = 200
) -> dict[str, Any]:
    return post(
        client, f"/api/score/{code}/hands", {"client_id": cid, "device": device, "hand": n, "entry": entry}, expect
    )


def test_codes_per_table_and_turn_and_who_may_see_them(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    board = issue(web)
    codes = [t["code"] for t in board["tables"]]
    assert len(codes) == 2 and len(set(codes)) == 2 and all(len(c) == 16 for c in codes)
    assert board["tables"][0]["url"].endswith(f"/score/#/score/{codes[0]}")
    assert board["tables"][0]["qr"].startswith("data:image/svg+xml")
    assert [t["code"] for t in issue(web)["tables"]] == codes  # issuing again keeps them
    assert client.get(f"/api/tournaments/{web.id}/turns/1/terminals").status_code == 403  # not signed in
    other = account(client, "Other")
    assert client.get(f"/api/tournaments/{web.id}/turns/1/terminals", headers={"cookie": other}).status_code == 403
    sheet = client.get(f"/api/tournaments/{web.id}/turns/1/terminals/sheet", headers={"cookie": web.cookie})
    assert sheet.status_code == 200 and "Tavolo 1" in sheet.text and sheet.text.count("<svg") == 2
    assert "script-src" not in sheet.headers["content-security-policy"]
    state = client.get(f"/api/score/{codes[0]}").json()
    assert state["status"] == "waiting" and state["ns"].endswith("Rossi") and state["kinds"] == ["clean", "dirty"]
    assert client.get("/api/score/not-a-code-at-all").json()["detail"]["code"] == "score.bad_code"
    assert client.get("/api/score/xx").status_code == 404


def test_hands_confirm_and_the_result_enters_the_turn(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    code = issue(web)["tables"][0]["code"]
    preview = post(client, f"/api/score/{code}/preview", HAND_1)
    assert preview["totals"] == [470, 180]
    bad = post(client, f"/api/score/{code}/preview", {"sides": [{"table": 183}, {}]}, expect=422)["detail"]
    assert bad["code"] == "entry.not_five" and bad["it"] == "183 non è un multiplo di 5"
    both = {"sides": [{"burraci": {"clean": 1}, "table": 100, "closed": True}] * 2}
    assert (
        post(
            client,
            f"/api/score/{code}/hands",
            {"client_id": "c-both-1", "device": "phone-ns", "hand": 1, "entry": both},
            422,
        )["detail"]["code"]
        == "entry.both_closed"
    )
    state = hand(client, code, 1, HAND_1, "c-hand-1")
    assert state["status"] == "entering" and state["totals"] == [470, 180] and state["mp"] == 290
    assert state["vp"] == [13, 7]
    early = post(  # one tap after 1 of the turn's 2 hands: refused, nothing stored, the hand missing named
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-0", "device": "phone-ew", "totals": [470, 180]}, 422
    )["detail"]
    assert early["code"] == "score.hands_missing" and early["params"] == {"missing": "2"}
    assert web.detail()["turns_list"][0]["tables"][0]["result"] is None
    state = hand(client, code, 2, HAND_2, "c-hand-2")
    assert state["status"] == "to_confirm"
    done = post(
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-1", "device": "phone-ew", "totals": [350, 835]}
    )
    assert done["status"] == "confirmed"
    assert web.detail()["turns_list"][0]["tables"][0]["result"]["vp_ns"] == 6


def test_a_full_turn_a_disagreement_and_a_resent_queue(client_factory: Factory) -> None:
    client = client_factory()
    web = event(client)
    code = issue(web)["tables"][1]["code"]
    hand(client, code, 1, HAND_1, "c-hand-1")
    again = hand(client, code, 1, {"totals": [0, 0]}, "c-hand-1")  # the same submission resent: ignored
    assert again["totals"] == [470, 180] and len(again["lines"]) == 1
    state = hand(client, code, 2, HAND_2, "c-hand-2")
    assert state["status"] == "to_confirm" and state["totals"] == [350, 835]
    state = hand(client, code, 2, {"totals": [-120, 650]}, "c-ew-2", device="phone-ew")
    assert state["status"] == "disagreement" and state["lines"][1]["disagree"]
    refused = post(
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-1", "device": "phone-ew", "totals": [350, 830]}, 409
    )
    assert refused["detail"]["code"] == "score.disagreement"
    board = client.get(f"/api/tournaments/{web.id}/turns/1/terminals", headers={"cookie": web.cookie}).json()
    assert board["tables"][1]["status"] == "disagreement"
    state = hand(client, code, 2, HAND_2, "c-ew-2b", device="phone-ew")  # E-W enter it again: they agree
    assert state["status"] == "to_confirm"
    stale = post(
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-2", "device": "phone-ew", "totals": [350, 830]}, 409
    )
    assert stale["detail"]["code"] == "score.mismatch"
    done = post(
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-3", "device": "phone-ew", "totals": [350, 835]}
    )
    assert done["status"] == "confirmed" and done["result"] == {"ns": 350, "ew": 835, "vp": [6, 14], "mp": -485}
    resent = post(
        client, f"/api/score/{code}/confirm", {"client_id": "c-conf-3", "device": "phone-ew", "totals": [350, 835]}
    )
    assert resent["status"] == "confirmed"
    assert hand(client, code, 2, HAND_2, "c-late", expect=409)["detail"]["code"] == "score.finished"
    table = web.detail()["turns_list"][0]["tables"][1]["result"]
    assert (table["ns_points"], table["ew_points"], table["vp_ns"]) == (350, 835, 6)
    standings = {s["name"]: s["vp"] for s in web.standings()}
    assert sorted(standings.values())[-1] == 14


def test_an_expired_code_and_a_late_table() -> None:
    clock = FakeClock()

    with (
        tempfile.TemporaryDirectory() as tmp,
        TestClient(make_app(Path(tmp) / "w.db", clock, wallclock=clock)) as client,
    ):
        web = event(client)
        codes = [t["code"] for t in issue(web)["tables"]]
        assert client.get(f"/api/score/{codes[0]}").json()["late"] is False
        clock.advance(26 * 60)  # Art. 5: two hands in 25 minutes
        assert client.get(f"/api/score/{codes[0]}").json()["late"] is True
        for k in (1, 2):
            web.post(f"/{web.id}/results", {"turn": 1, "table": k, "ns": 900, "ew": 600})
        assert client.get(f"/api/score/{codes[0]}").json()["status"] == "finished"  # the director's card
        web.post(f"/{web.id}/pair", {})
        gone = client.get(f"/api/score/{codes[0]}")
        assert gone.status_code == 410 and gone.json()["detail"]["code"] == "score.expired"
        assert hand(client, codes[0], 1, HAND_2, "c-after", expect=410)["detail"]["code"] == "score.expired"
        fresh = issue(web, turn=2)["tables"][0]["code"]
        assert fresh not in codes
