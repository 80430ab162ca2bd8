"""Rankings, profiles' figures and account settings, on matches really played against bots (SQLite and
PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_accounts import play_match
from web_helpers import FakeClock, guest

from burraco.web.accounts.auth import COOKIE
from burraco.web.persistence.repositories.account_settings import DELETED_NAME
from burraco.web.persistence.repositories.rankings import GameKind, RankingRepository
from burraco.web.routes import rankings as rankings_route
from burraco.web.routes.rankings import RankingSettings

OCTOBER = 1_792_000_000.0  # 2026-10-15 (UTC)
SHORT = {"hands": 1, "options": {"max_turns": 10}}


def register(client: TestClient, name: str, password: str = "long-enough") -> str:
    response = client.post("/api/register", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    client.cookies.clear()
    return f"{COOKIE}={response.cookies[COOKIE]}"


def me(client: TestClient, cookie: str) -> dict[str, Any]:
    return client.get("/api/me", headers={"cookie": cookie}).json()["user"]  # type: ignore[no-any-return]


def get(client: TestClient, path: str, cookie: str | None = None, **params: object) -> Any:
    response = client.get(path, params=params, headers={"cookie": cookie} if cookie else None)
    assert response.status_code == 200, response.text
    return response.json()


def post(client: TestClient, path: str, cookie: str, body: dict[str, Any]) -> Any:
    return client.post(path, json=body, headers={"cookie": cookie})


def make_public(client: TestClient, cookie: str) -> None:
    assert post(client, "/api/me/privacy", cookie, {"public_profile": True}).json()["public_profile"] is True


@pytest.fixture
def wall() -> FakeClock:
    return FakeClock(OCTOBER)


def test_the_minimum_is_five_rated_matches_by_default() -> None:
    assert RankingSettings().min_matches == 5


def test_rankings_rank_accounts_only_past_the_minimum(
    client_factory: Callable[..., TestClient], wall: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BURRACO_RANKING_MIN_MATCHES", "2")
    client = client_factory(wallclock=wall)
    elena, marco, anon = register(client, "Elena"), register(client, "Marco"), guest(client, "Ospite")
    for _ in range(2):
        play_match(client, elena, players=2, bots="easy", **SHORT)
        play_match(client, anon, players=2, bots="easy", **SHORT)
    play_match(client, marco, players=2, bots="easy", **SHORT)
    play_match(client, marco, players=4, bots="easy", **SHORT)  # another game type: not counted in 2p
    elena_id, marco_id = me(client, elena)["id"], me(client, marco)["id"]

    # private profiles (the default): nobody listed to a stranger; Elena sees her own row
    assert get(client, "/api/rankings", kind="2p")["rows"] == []
    own = get(client, "/api/rankings", elena, kind="2p")
    assert [(r["name"], r["position"], r["matches"], r["me"]) for r in own["rows"]] == [("Elena", 1, 2, True)]
    assert own["me"]["position"] == 1 and own["me"]["needed"] == 0 and own["minimum"] == 2

    make_public(client, elena)
    make_public(client, marco)
    table = get(client, "/api/rankings", marco, kind="2p")
    assert [(r["name"], r["user_id"]) for r in table["rows"]] == [("Elena", elena_id)]  # no bot, no guest
    assert table["me"] == {
        "position": None,
        "rating": table["me"]["rating"],
        "matches": 1,
        "wins": table["me"]["wins"],
        "needed": 1,
    }
    assert get(client, "/api/rankings", marco, kind="4p")["me"]["matches"] == 1
    play_match(client, marco, players=2, bots="easy", **SHORT)  # Marco reaches the minimum
    monkeypatch.setattr(rankings_route, "PAGE", 1)  # one row a page: Marco's own row is beyond it
    second = get(client, "/api/rankings", kind="2p", page=2)["rows"][0]
    asker = {"Elena": elena, "Marco": marco}[second["name"]]
    paged = get(client, "/api/rankings", asker, kind="2p")
    assert paged["total"] == 2 and paged["pages"] == 2 and [r["me"] for r in paged["rows"]] == [False]
    assert paged["me"]["position"] == 2 and paged["me"]["matches"] == second["matches"]
    assert second["position"] == 2
    assert get(client, "/api/rankings", None, kind="4p")["rows"] == []  # one 4p match: below the minimum
    assert get(client, f"/api/users/{marco_id}")["public"] is True  # a public profile answers to anyone

    # guests have no standing of their own
    assert get(client, "/api/rankings", anon, kind="2p")["me"] is None


def test_monthly_tables_count_only_the_month(
    client_factory: Callable[..., TestClient], wall: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BURRACO_RANKING_MIN_MATCHES", "1")
    client = client_factory(wallclock=wall)
    elena, marco = register(client, "Elena"), register(client, "Marco")
    make_public(client, elena)
    make_public(client, marco)
    play_match(client, elena, players=2, bots="easy", **SHORT)
    wall.advance(31 * 86400)  # November
    play_match(client, marco, players=2, bots="easy", **SHORT)
    play_match(client, marco, players=2, bots="easy", **SHORT)
    november = get(client, "/api/rankings", kind="2p", period="month")
    assert november["month"] == "2026-11"
    assert [(r["name"], r["matches"]) for r in november["rows"]] == [("Marco", 2)]
    october = get(client, "/api/rankings", kind="2p", period="month", month="2026-10")
    assert [(r["name"], r["matches"]) for r in october["rows"]] == [("Elena", 1)]
    assert {r["name"] for r in get(client, "/api/rankings", kind="2p")["rows"]} == {"Elena", "Marco"}
    cached = client.app.state.rankings  # type: ignore[attr-defined]  # brought up to date match by match
    fresh = RankingRepository(cached.store)  # replays every match at once
    assert cached.ranking(GameKind.TWO, 1, None).rows == fresh.ranking(GameKind.TWO, 1, None).rows
    bad = client.get("/api/rankings", params={"period": "month", "month": "2026-13"})
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "bad_month"


def test_the_profile_figures_add_up_from_the_played_hands(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena = register(client, "Elena")
    tables = [play_match(client, elena, players=2, bots="easy", hands=2) for _ in range(2)]
    tables.append(play_match(client, elena, players=4, bots="easy", hands=1))
    profile = get(client, f"/api/users/{me(client, elena)['id']}", elena)
    figures = profile["figures"]
    hands = sum(len(t["results"]) for t in tables)
    seats = [next(s["seat"] for s in t["seats"] if not s["bot"]) for t in tables]
    sides = [
        next(i for i, side in enumerate(r["sides"]) if seat in side)
        for t, seat in zip(tables, seats, strict=True)
        for r in t["results"]
    ]
    sheets = [r["scores"][side] for r, side in zip((r for t in tables for r in t["results"]), sides, strict=True)]
    labels = [[i["label"] for i in sheet["items"]] for sheet in sheets]
    assert figures["matches"] == 3 and figures["hands"] == hands
    assert figures["wins"] == sum(
        t["summary"]["winner"] == next(i for i, side in enumerate(t["results"][0]["sides"]) if seat in side)
        for t, seat in zip(tables, seats, strict=True)
    )
    assert figures["points_per_hand"] == round(sum(s["total"] for s in sheets) / hands, 1)
    assert figures["closes"] == sum("closing" in ls for ls in labels)
    assert figures["pozzetti"] == sum("pozzetto not taken" not in ls for ls in labels)
    assert figures["burraci_clean"] == sum(
        sum(x.startswith(("clean burraco", "super", "burraco reale", "burraco nobile", "special")) for x in ls)
        for ls in labels
    )
    assert figures["burraci_dirty"] == sum(sum(x.startswith(("dirty", "semi-clean")) for x in ls) for ls in labels)
    assert figures["curve"][0]["rating"] == 0.0  # a new player's rating, then one point per match
    assert len(figures["curve"]) == 4 and figures["curve"][-1]["rating"] == profile["user"]["rating"]
    [partner] = figures["partners"]  # the 4-player match: a bot across the table
    assert partner["kind"] == "bot" and partner["matches"] == 1
    assert [m["table_id"] for m in profile["matches"]] == [t["id"] for t in reversed(tables)]


def test_a_wrong_current_password_changes_nothing(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena = register(client, "Elena", "first-password")
    refused = post(client, "/api/me/password", elena, {"current": "not-it-at-all", "new": "second-password"})
    assert refused.status_code == 401 and refused.json()["detail"]["code"] == "wrong_current_password"
    short = post(client, "/api/me/password", elena, {"current": "first-password", "new": "short"})
    assert short.status_code == 422 and short.json()["detail"]["code"] == "short_password"
    assert client.post("/api/login", json={"name": "Elena", "password": "first-password"}).status_code == 200
    client.cookies.clear()
    other = register(client, "Marco")  # a second session of Elena ends when she changes it
    second = client.post("/api/login", json={"name": "Elena", "password": "first-password"})
    second_cookie = f"{COOKIE}={second.cookies[COOKIE]}"
    client.cookies.clear()
    assert (
        post(client, "/api/me/password", elena, {"current": "first-password", "new": "second-password"}).status_code
        == 200
    )
    assert me(client, elena)["name"] == "Elena" and me(client, second_cookie) is None
    assert client.post("/api/login", json={"name": "Elena", "password": "first-password"}).status_code == 401
    assert client.post("/api/login", json={"name": "Elena", "password": "second-password"}).status_code == 200
    assert me(client, other)["name"] == "Marco"


def test_guessing_the_current_password_is_limited_like_logins(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena = register(client, "Elena", "first-password")
    codes = [
        post(client, "/api/me/password", elena, {"current": f"guess-{n}-wrong", "new": "second-password"}).status_code
        for n in range(6)
    ]
    assert codes == [401] * 5 + [429]  # the login guard's five wrong passwords per account and address
    locked = post(client, "/api/me/password", elena, {"current": "first-password", "new": "second-password"})
    assert locked.status_code == 429  # even the right one, until the lockout ends
    assert client.post("/api/login", json={"name": "Elena", "password": "first-password"}).status_code == 429


def test_a_new_name_is_checked_as_at_registration(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena, _paolo = register(client, "Elena"), register(client, "Paolo")
    for name, status, code in (
        ("Pao1o", 409, "name_confusable"),
        ("PAOLO", 409, "name_taken"),
        ("Bot Rossi", 422, "name_reserved"),
        ("<b>", 422, "bad_name"),
    ):
        answer = post(client, "/api/me/name", elena, {"name": name})
        assert (answer.status_code, answer.json()["detail"]["code"]) == (status, code), name
    assert me(client, elena)["name"] == "Elena"
    assert post(client, "/api/me/name", elena, {"name": "ELENA"}).json()["user"]["name"] == "ELENA"  # her own
    assert post(client, "/api/me/name", elena, {"name": "Elena Bianchi"}).status_code == 200
    assert client.post("/api/login", json={"name": "elena bianchi", "password": "long-enough"}).status_code == 200
    anon = guest(client, "Ospite")
    assert post(client, "/api/me/name", anon, {"name": "Ospite Due"}).json()["detail"]["code"] == "accounts_only"


def test_my_data_holds_the_account_matches_and_ratings(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena = register(client, "Elena")
    table = play_match(client, elena, players=2, bots="easy", **SHORT)
    response = client.get("/api/me/export", headers={"cookie": elena})
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    data = json.loads(response.text)
    assert data["account"]["name"] == "Elena" and data["account"]["public_profile"] is False
    assert "password_hash" not in data["account"]
    [match] = data["matches"]
    assert match["table_id"] == table["id"] and match["summary"]["results"] == table["results"]
    [rating] = data["ratings"]
    assert rating["before"] == 0.0 and rating["after"] == me(client, elena)["rating"]
    social = {"friends", "blocked", "muted", "notifications", "chat_messages", "chat_reports", "chat_banned"}
    kept = {"scorekeeper_matches", "invitation_links", "let_in_by_link", "tournament_invitations"}
    assert set(data) == {"account", "matches", "ratings", *social, *kept}  # score sheets, never a dealt hand
    assert client.get("/api/me/export").status_code == 401


def test_deleting_keeps_the_matches_and_frees_the_name(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    elena = register(client, "Elena")
    elena_id = me(client, elena)["id"]
    table = play_match(client, elena, players=2, bots="easy", **SHORT)
    forged = client.post(  # another site's page posting with Elena's cookie
        "/api/me/delete",
        json={"password": "long-enough"},
        headers={"cookie": elena, "origin": "https://evil.example", "sec-fetch-site": "cross-site"},
    )
    assert forged.status_code == 403 and me(client, elena)["name"] == "Elena"
    wrong = post(client, "/api/me/delete", elena, {"password": "not-the-password"})
    assert wrong.status_code == 401 and me(client, elena)["name"] == "Elena"
    assert post(client, "/api/me/delete", elena, {"password": "long-enough"}).json() == {"user": None}
    assert me(client, elena) is None  # the session ended
    assert client.post("/api/login", json={"name": "Elena", "password": "long-enough"}).status_code == 401
    bot_id = next(s["user_id"] for s in table["seats"] if s["bot"])
    bot = get(client, f"/api/users/{bot_id}")
    [match] = [m for m in bot["matches"] if m["table_id"] == table["id"]]
    assert DELETED_NAME in match["summary"]["entrants"] and "Elena" not in json.dumps(match)
    replay = get(client, f"/api/tables/{table['id']}/hands/1/replay")
    assert "Elena" not in json.dumps(replay)
    assert client.get(f"/api/users/{elena_id}").status_code == 404
    again = register(client, "Elena")  # the name is free again
    assert me(client, again)["id"] != elena_id
    impostor = client.post("/api/register", json={"name": "Giocatore Eliminato", "password": "long-enough"})
    assert impostor.status_code == 409 and impostor.json()["detail"]["code"] == "name_confusable"
