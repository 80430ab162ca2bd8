"""Server hardening on the HTTP side: secret seeds, login limits, validated options, body limits,
sessions, CSRF, headers (docs/security.md lists what each test proves)."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import FakeClock, Player, create_table, guest, make_app, simple_policy, table_of

from burraco.core import options as options_module
from burraco.core.actions import Action
from burraco.core.cards import format_card
from burraco.core.match import Match
from burraco.core.options import PRESETS, Rules
from burraco.web.accounts import auth
from burraco.web.accounts.login_guard import LoginLimits
from burraco.web.http.input_limits import MAX_BODY_BYTES, WS_MAX_BYTES
from burraco.web.protocol.rules_schema import RANGES
from burraco.web.table import bots as bot_scheduler
from burraco.web.table.live import Connection


# ----------------------------------------------------------------------------- seeds
def test_a_chosen_seed_is_refused_outside_a_private_practice_table(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    for body in (
        {"players": 2, "sit": True, "seed": 12345},
        {"players": 2, "sit": True, "bots": "easy", "seed": 12345},
        {"players": 2, "sit": False, "seed": 12345, "practice": True},
        {"players": 2, "sit": True, "seed": 12345, "practice": True},
    ):
        response = client.post("/api/tables", json=body, headers={"cookie": ann})
        assert response.status_code == 422, body
        assert "practice" in response.text
    practice = create_table(client, ann, players=2, bots="easy", seed=12345, practice=True)
    assert practice["status"] == "playing"
    assert all(seat["user_id"] is not None for seat in practice["seats"])  # nobody else can sit
    assert client.get("/api/tables").json()["tables"] == []  # private: not in the lobby


def _play_to_the_end(player: Player) -> None:
    while True:
        state = player.wait_turn()
        status = state["table"]["status"]
        if status == "over":
            return
        if status == "between":
            player.request({"type": "ready"})
            continue
        player.act(simple_policy(state["legal"]))


def test_the_seeds_never_reach_a_client_until_the_match_is_over(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[str] = []
    original_send = Connection.send_text

    def spy_send(self: Connection, text: str) -> None:  # (every message goes through send_text)
        sent.append(text)
        original_send(self, text)

    bot_seeds: list[int] = []
    original_make_bot = bot_scheduler.make_bot

    def spy_make_bot(name: str, seed: int, **kwargs: Any) -> Any:
        bot_seeds.append(seed)
        return original_make_bot(name, seed=seed, **kwargs)

    monkeypatch.setattr(Connection, "send_text", spy_send)
    monkeypatch.setattr(bot_scheduler, "make_bot", spy_make_bot)
    client = client_factory(public_stats=True)
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", hands=2, options={"max_turns": 30})
    table = table_of(client, info["id"])
    seed = table.config.seed
    rest: list[str] = [json.dumps(info)]
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        for path in (
            "/api/tables",
            f"/api/tables/{info['id']}",
            "/api/me",
            "/api/users/1",
            "/api/stats",
            f"/api/tables/{info['id']}/hands/1/replay",
            f"/api/tables/{info['id']}/hands/1/history",
        ):
            rest.append(client.get(path, headers={"cookie": ann}).text)
        player.request({"type": "sync"})
        while (state := player.wait_turn())["table"]["status"] == "playing":
            player.act(simple_policy(state["legal"]))
        # between the hands: the finished hand stays closed while the match goes on
        assert player.state["table"]["status"] == "between"
        for path in (f"/api/tables/{info['id']}/hands/1/replay", f"/api/tables/{info['id']}/hands/1/history"):
            response = client.get(path, headers={"cookie": ann})
            assert response.status_code == 403
            rest.append(response.text)
        rest.append(client.get(f"/api/tables/{info['id']}").text)
        _play_to_the_end(player)
    hand_seeds = [r.seed for r in table.match.results]
    assert len(hand_seeds) == 2 and bot_seeds
    secrets_ = {str(seed), *(str(s) for s in hand_seeds), *(str(s) for s in bot_seeds)}
    payloads = sent + rest
    assert len(sent) > 20
    for payload in payloads:
        for secret in secrets_:
            assert secret not in payload
    # the match is over: the replay reveals the seed, and the seed reproduces every deal
    rules = Rules(**info["rules"])
    match = Match(rules, seed)
    for number in (1, 2):
        frame = client.get(f"/api/tables/{info['id']}/hands/{number}/replay").json()
        assert frame["seed"] == seed
        dealt = match.start_hand()
        assert frame["hands"] == [[format_card(c) for c in sorted(dealt.hand_cards(s))] for s in range(2)]
        for text in frame["actions"]:
            dealt.apply(Action.parse(text))
        match.finish_hand()
    assert match.totals == table.match.totals


def test_tables_created_without_a_seed_deal_differently(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    first = table_of(client, create_table(client, ann, players=2, bots="easy")["id"])
    second = table_of(client, create_table(client, ann, players=2, bots="easy")["id"])
    assert first.config.seed != second.config.seed
    assert first.config.seed >= 2**32 or second.config.seed >= 2**32  # 63 secret bits, not a small number
    assert first.hand is not None and second.hand is not None
    assert first.hand.hand_cards(0) != second.hand.hand_cards(0)


# ----------------------------------------------------------------------------- rules options
OPTION_FIELDS = [f for f in dataclasses.fields(Rules) if f.name != "players"]


@pytest.mark.parametrize("field", OPTION_FIELDS, ids=lambda f: f.name)
def test_every_rules_option_is_type_checked(client_factory: Callable[..., TestClient], field: Any) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    wrong: list[Any] = [7, None] if isinstance(field.default, str) else ["x", [1], {"a": 1}]
    if isinstance(field.default, bool):
        wrong.append(1)
    elif field.name in RANGES:
        wrong += [True, 2.5, RANGES[field.name][0] - 1, RANGES[field.name][1] + 1]
    for value in wrong:
        response = client.post(
            "/api/tables", json={"players": 2, "bots": "easy", "options": {field.name: value}}, headers={"cookie": ann}
        )
        assert response.status_code == 422, (field.name, value)
        assert field.name in response.text
    assert client.get("/api/tables").json()["tables"] == []
    good = {field.name: getattr(PRESETS["portal"], field.name)}
    assert create_table(client, ann, players=2, bots="easy", options=good)["rules"][field.name] == good[field.name]


def test_every_integer_option_has_a_range() -> None:
    ints = {f.name for f in OPTION_FIELDS if options_module.option_kind(f.name) is int}
    assert ints == set(RANGES)


def test_the_reported_options_are_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    for options in ({"pozzetto_penalty": "x"}, {"three_player_switch_at": "x"}, {"no_such_rule": True}):
        response = client.post("/api/tables", json={"players": 3, "options": options}, headers={"cookie": ann})
        assert response.status_code == 422
        [error] = response.json()["detail"]
        assert error["loc"] == ["body", "options", *options]
    assert client.get("/api/tables").json()["tables"] == []


# ----------------------------------------------------------------------------- input limits
def test_a_body_over_the_limit_is_refused_unread(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    big = b'{"name": "Ann", "password": "' + b"p" * (MAX_BODY_BYTES + 1) + b'"}'
    response = client.post("/api/register", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "ppp" not in response.text

    # a streamed body (no Content-Length): the app stops reading soon after the limit
    read: list[int] = []
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        read.append(1)
        return {"type": "http.request", "body": b" " * 4096, "more_body": len(read) < 1000}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def post_stream() -> None:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/register",
            "raw_path": b"/api/register",
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
            "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80),
            "state": {},
        }
        await client.app(scope, receive, send)  # type: ignore[arg-type]

    assert client.portal is not None
    client.portal.call(post_stream)
    assert sent[0]["status"] == 413
    assert len(read) <= MAX_BODY_BYTES // 4096 + 2
    assert client.post("/api/guest", json={"nickname": "Ann"}).status_code == 200


def test_validation_errors_never_echo_the_input(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    secret = "correct-horse-battery-" + "s" * 300
    for path, body in (
        ("/api/register", {"name": "Ann", "password": secret}),
        ("/api/login", {"name": "Ann" * 40, "password": secret}),
        ("/api/register", {"name": ["Ann"], "password": ["correct-horse-battery"]}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 422
        assert "correct-horse" not in response.text
        for error in response.json()["detail"]:
            assert set(error) == {"loc", "msg", "type"}


def test_a_websocket_message_over_the_limit_closes_the_socket(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        assert player.send_raw('{"type": "ping", "pad": "' + "x" * 5000 + '"}')["code"] == "protocol"
        ws.send_text("x" * (WS_MAX_BYTES + 1))
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1009


# ----------------------------------------------------------------------------- logins
def _register(client: TestClient, name: str, password: str = "long-enough") -> None:
    assert client.post("/api/register", json={"name": name, "password": password}).status_code == 200
    client.cookies.clear()


def test_wrong_passwords_lock_the_account_for_a_while(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    _register(client, "Elena")
    limits = LoginLimits()
    for _ in range(limits.account_failures):
        assert client.post("/api/login", json={"name": "Elena", "password": "wrong-one"}).status_code == 401
    locked = client.post("/api/login", json={"name": "elena", "password": "long-enough"})
    assert locked.status_code == 429 and int(locked.headers["retry-after"]) == limits.account_lockout
    clock.advance(limits.account_lockout)
    assert client.post("/api/login", json={"name": "Elena", "password": "long-enough"}).status_code == 200


def test_attempts_are_limited_per_address(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory(login_limits=LoginLimits(address_burst=3, address_every=10.0))
    for name in ("Ann", "Bob", "Cid"):
        assert client.post("/api/login", json={"name": name, "password": "whatever-1"}).status_code == 401
    refused = client.post("/api/register", json={"name": "Dan", "password": "long-enough"})
    assert refused.status_code == 429 and refused.headers["retry-after"] == "10"
    assert client.post("/api/guest", json={"nickname": "Dan"}).status_code == 429
    clock.advance(10)
    assert client.post("/api/register", json={"name": "Dan", "password": "long-enough"}).status_code == 200


def test_an_unknown_name_costs_one_dummy_verification_off_the_event_loop(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_factory()
    _register(client, "Elena")
    checked: list[tuple[str, str]] = []
    original = auth.verify_password

    def spy(hashed: str, password: str) -> bool:
        checked.append((hashed, threading.current_thread().name))
        return original(hashed, password)

    monkeypatch.setattr(auth, "verify_password", spy)
    assert client.post("/api/login", json={"name": "Nobody", "password": "long-enough"}).status_code == 401
    assert client.post("/api/login", json={"name": "Elena", "password": "wrong-one"}).status_code == 401
    [(unknown, thread), (known, _)] = checked
    assert unknown == auth.dummy_hash() and known.startswith("$argon2") and known != unknown
    assert thread.startswith("burraco-argon2")


def test_the_password_pool_is_bounded(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_factory(login_limits=LoginLimits(hash_workers=1, hash_queue=1))
    release = threading.Event()

    def slow(hashed: str, password: str) -> bool:
        release.wait(10)
        return False

    monkeypatch.setattr(auth, "verify_password", slow)
    results: list[int] = []

    def attempt(name: str) -> None:
        results.append(client.post("/api/login", json={"name": name, "password": "x"}).status_code)

    waiting = [threading.Thread(target=attempt, args=(n,)) for n in ("Ann", "Bob")]
    for thread in waiting:
        thread.start()
    pool = client.app.state.hash_pool  # type: ignore[attr-defined]
    for _ in range(500):
        if pool.pending == 2:
            break
        threading.Event().wait(0.01)
    busy = client.post("/api/login", json={"name": "Cid", "password": "x"})
    assert busy.status_code == 503 and busy.headers["retry-after"] == "1"
    release.set()
    for thread in waiting:
        thread.join()
    assert results == [401, 401]


# ----------------------------------------------------------------------------- WebSocket replies
def test_refusals_name_the_message_they_refuse(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(rate_limit=5.0)
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        ids = [player.send({"type": "ping"}) for _ in range(14)]
        replies = [player.recv() for _ in ids]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["code"] == "rate_limited" for r in limited)
        assert sorted(r["reply_to"] for r in replies) == ids  # every reply, refusals too, names its message
        error = player.send_raw('{"type": "teleport", "id": 99}')
        assert error["code"] in ("protocol", "rate_limited") and error["reply_to"] == 99


def test_deeply_nested_json_gets_an_error_reply(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        for raw in ("[" * 4000, "[" * 2000 + "]" * 2000, '{"id": 3, "x": ' + "[" * 1500 + "]" * 1500 + "}"):
            error = player.send_raw(raw)
            assert error["code"] == "protocol" and "nested" in error["message"]
        assert player.request({"type": "ping"})["type"] == "pong"  # the socket is still open
    nested = b'{"name": ' + b"[" * 20_000 + b"]" * 20_000 + b"}"
    response = client.post("/api/guest", content=nested, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500


# ----------------------------------------------------------------------------- headers, CSRF, stats, ids
def test_every_response_has_the_security_headers(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    responses = [
        client.get("/"),
        client.get("/static/app.js"),
        client.get("/api/tables"),
        client.get("/api/nope"),
        client.post("/api/guest", content=b"x" * (MAX_BODY_BYTES + 1)),
    ]
    for response in responses:
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"


def test_stats_and_api_docs_are_off_by_default(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    for path in ("/api/stats", "/api/docs", "/api/openapi.json", "/docs", "/openapi.json"):
        assert client.get(path).status_code == 404, path
    opened = client_factory(public_stats=True, api_docs=True)
    assert opened.get("/api/stats").json()["tables"] == 0
    assert opened.get("/api/docs").status_code == opened.get("/api/openapi.json").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/99999999999999999999999",
        "/api/users/99999999999999999999999",
        "/api/users/-1",
        "/api/tables/99999999999999999999999/hands/1/replay",
        "/api/tables/1/hands/99999999999999999999/replay",
        "/api/tables/1/hands/1/replay?step=99999999999999999999",
        "/api/tables/1/hands/1/replay?step=x",
        "/api/tables/1/hands/0/history",
        "/api/tables/x",
        "/api/users/1.5",
    ],
)
def test_huge_ids_and_bad_query_values_are_client_errors(client_factory: Callable[..., TestClient], path: str) -> None:
    client = client_factory(public_stats=True)
    assert 400 <= client.get(path).status_code < 500
    assert client.get("/api/stats", params={"lag_since": "x"}).status_code == 422


def test_cross_site_posts_are_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    forged = [
        {"origin": "http://evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"sec-fetch-site": "same-site"},
    ]
    for headers in forged:
        for path, body in (("/api/logout", None), ("/api/tables", {"players": 2}), ("/api/guest", {"nickname": "Eve"})):
            response = client.post(path, json=body, headers={"cookie": ann, **headers})
            assert response.status_code == 403, (path, headers)
    assert client.get("/api/me", headers={"cookie": ann}).json()["user"]["name"] == "Ann"
    assert client.get("/api/tables").json()["tables"] == []
    # the page's own requests: same origin
    same = {"cookie": ann, "origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post("/api/tables", json={"players": 2}, headers=same).status_code == 200
    assert client.post("/api/logout", headers=same).status_code == 200


# ----------------------------------------------------------------------------- sessions
def test_logout_ends_the_session_on_the_server(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    _register(client, "Elena")
    cookies = []
    for _ in range(2):
        response = client.post("/api/login", json={"name": "Elena", "password": "long-enough"})
        cookies.append(f"{auth.COOKIE}={response.cookies[auth.COOKIE]}")
        client.cookies.clear()
    kept, other = cookies
    assert client.post("/api/logout", headers={"cookie": kept}).status_code == 200
    # the cookie was kept (copied, stolen): it no longer opens anything
    assert client.get("/api/me", headers={"cookie": kept}).json() == {"user": None}
    assert client.post("/api/tables", json={"players": 2}, headers={"cookie": kept}).status_code == 401
    info = create_table(client, other, players=2)  # the other session lives on
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": kept}) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        Player(ws).recv()  # not Elena, and not even a spectator: watching needs a session
    assert closed.value.code == 4401


def test_logout_closes_the_sessions_table_sockets(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        assert player.recv()["you"] == 0
        assert client.post("/api/logout", headers={"cookie": ann}).status_code == 200
        with pytest.raises(WebSocketDisconnect):
            while True:
                player.recv()


def test_a_practice_match_is_unrated_and_stays_private_after_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    with TestClient(make_app(tmp_path / "web.db", clock)) as client:
        response = client.post("/api/register", json={"name": "Elena", "password": "long-enough"})
        elena = f"{auth.COOKIE}={response.cookies[auth.COOKIE]}"
        client.cookies.clear()
        before = response.json()["user"]
        info = create_table(
            client, elena, players=2, bots="easy", hands=1, seed=7, practice=True, options={"max_turns": 10}
        )
        live = create_table(client, elena, players=2, bots="easy", seed=8, practice=True)
    with TestClient(make_app(tmp_path / "web.db", clock)) as client:
        assert client.get("/api/tables").json()["tables"] == []
        assert table_of(client, live["id"]).config.practice
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": elena}) as ws:
            _play_to_the_end(Player(ws))
        after = client.get(f"/api/users/{before['id']}", headers={"cookie": elena}).json()["user"]
        assert after["matches"] == 1 and (after["mu"], after["sigma"]) == (before["mu"], before["sigma"])
