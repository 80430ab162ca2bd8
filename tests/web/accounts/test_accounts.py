"""Accounts (argon2), sessions, guests, ratings after a match, match history, replays of stored hands."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import select
from web_helpers import Player, create_table, guest, simple_policy

from burraco.core.history import read_history, replay
from burraco.web.accounts.auth import COOKIE
from burraco.web.persistence import db, schema


def test_register_login_logout(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    assert client.get("/api/me").json() == {"user": None}
    response = client.post("/api/register", json={"name": "Carla", "password": "short"})
    assert response.status_code == 422 and "8 characters" in response.json()["detail"]["message"]
    response = client.post("/api/register", json={"name": "Carla", "password": "s3cret-pass"})
    assert response.status_code == 200
    assert client.get("/api/me").json()["user"]["name"] == "Carla"
    assert client.post("/api/register", json={"name": "carla", "password": "another-pass"}).status_code == 409
    assert client.post("/api/register", json={"name": "Bot easy", "password": "another-pass"}).status_code == 422
    client.post("/api/logout")
    client.cookies.clear()
    assert client.get("/api/me").json()["user"] is None
    assert client.post("/api/login", json={"name": "Carla", "password": "wrong-pass"}).status_code == 401
    assert client.post("/api/login", json={"name": "nobody", "password": "wrong-pass"}).status_code == 401
    response = client.post("/api/login", json={"name": "CARLA", "password": "s3cret-pass"})
    assert response.status_code == 200 and response.json()["user"]["kind"] == "account"
    cookie = response.cookies[COOKIE]
    client.cookies.clear()
    assert client.get("/api/me", headers={"cookie": f"{COOKIE}={cookie}"}).json()["user"]["name"] == "Carla"
    assert client.get("/api/me", headers={"cookie": f"{COOKIE}={cookie[:-2]}xx"}).json()["user"] is None
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    hashes = store.read(
        lambda c: [
            r[0] for r in c.execute(select(schema.users.c.password_hash).where(schema.users.c.kind == "account"))
        ]
    )
    assert len(hashes) == 1 and hashes[0].startswith("$argon2id$") and "s3cret" not in hashes[0]


def test_guests(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    assert client.post("/api/guest", json={"nickname": "!"}).status_code == 422
    first = guest(client, "Dino")
    second = guest(client, "Dino")  # guest nicknames need not be unique
    one = client.get("/api/me", headers={"cookie": first}).json()["user"]
    two = client.get("/api/me", headers={"cookie": second}).json()["user"]
    assert one["display"] == "Dino (guest)" and one["id"] != two["id"]


def play_match(client: TestClient, cookie: str, **options: object) -> dict[str, object]:
    info = create_table(client, cookie, **options)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cookie}) as ws:
        player = Player(ws)
        while True:
            state = player.wait_turn()
            status = state["table"]["status"]
            if status == "over":
                return state["table"]  # type: ignore[no-any-return]
            if status == "between":
                player.request({"type": "ready"})
                continue
            player.act(simple_policy(state["legal"]))


def test_rating_history_and_replay(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    response = client.post("/api/register", json={"name": "Elena", "password": "long-enough"})
    cookie = f"{COOKIE}={response.cookies[COOKIE]}"
    client.cookies.clear()
    me = response.json()["user"]
    assert me["rating"] == 0.0 and me["matches"] == 0
    table = play_match(client, cookie, players=2, bots="easy", hands=2)
    summary = table["summary"]
    assert isinstance(summary, dict) and summary["hands"] == 2
    profile = client.get(f"/api/users/{me['id']}", headers={"cookie": cookie}).json()
    assert profile["user"]["matches"] == 1
    assert profile["user"]["rating"] != 0.0
    [entry] = profile["matches"]
    assert entry["table_id"] == table["id"] and entry["hands"] == 2
    assert entry["result"] == {0: "win", 1: "loss", None: "draw"}[summary["winner"]]
    assert entry["rating_before"] == 0.0 and entry["rating_after"] == profile["user"]["rating"]
    assert entry["summary"]["vp"][0] + entry["summary"]["vp"][1] == 20
    # every hand replays from its stored actions
    for number in (1, 2):
        first = client.get(f"/api/tables/{table['id']}/hands/{number}/replay").json()
        assert first["step"] == 0 and first["steps"] > 2
        assert sum(len(h) for h in first["hands"]) == 22
        last = client.get(f"/api/tables/{table['id']}/hands/{number}/replay", params={"step": first["steps"]}).json()
        results = table["results"]
        assert isinstance(results, list)
        assert [s["total"] for s in last["scores"]] == [s["total"] for s in results[number - 1]["scores"]]
        assert last["view"]["phase"] == "over"
        text = client.get(f"/api/tables/{table['id']}/hands/{number}/history").text
        assert replay(read_history(text)).is_over
    assert client.get(f"/api/tables/{table['id']}/hands/3/replay").status_code == 404


def test_replay_refuses_the_hand_being_played(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    response = client.get(f"/api/tables/{info['id']}/hands/1/replay")
    assert response.status_code == 403
    assert client.get(f"/api/tables/{info['id']}/hands/1/history").status_code == 403


def test_pages_are_served(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/app.js"' in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    presets = client.get("/api/presets").json()
    assert presets["portal"]["semi_clean"] is True


def test_names_beyond_ascii_are_welcome_and_markup_is_not(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    for name in ("Niccolò", "Zoë", "D'Amico", "Ana-María", "Jürgen O. 2", "Ελένη", "Niccolo\u0300"):
        response = client.post("/api/guest", json={"nickname": name})
        assert response.status_code == 200, (name, response.json())
        assert response.json()["user"]["name"] == unicodedata.normalize("NFC", name)
        client.cookies.clear()
    for name in ("", "   ", "A", "ab\u0000cd", "tab\there", "<script>", "x" * 25, "'quoted", "a\u200bb"):
        response = client.post("/api/guest", json={"nickname": name})
        assert response.status_code == 422, name
    assert client.post("/api/guest", json={"nickname": "<script>"}).json()["detail"]["code"] == "bad_name"


def test_account_names_are_unique_by_casefold_and_nfc(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    assert client.post("/api/register", json={"name": "Zoë", "password": "s3cret-pass"}).status_code == 200
    client.cookies.clear()
    response = client.post("/api/register", json={"name": "ZOE\u0308", "password": "s3cret-pass"})
    assert response.status_code == 409 and response.json()["detail"]["code"] == "name_taken"
    assert client.post("/api/login", json={"name": "zoë", "password": "s3cret-pass"}).status_code == 200
    assert client.post("/api/login", json={"name": " ZOË ", "password": "s3cret-pass"}).status_code == 200
