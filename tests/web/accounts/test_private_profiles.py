"""Account names cannot be listed: a profile answers only to who has met the player (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from test_accounts import play_match
from test_social import register
from web_helpers import create_table, guest


def _profile(client: TestClient, user_id: int, cookie: str | None) -> int:
    headers = {"cookie": cookie} if cookie else None
    return client.get(f"/api/users/{user_id}", headers=headers).status_code


def test_a_stranger_cannot_walk_the_user_ids(client_factory: Callable[..., TestClient]) -> None:
    """/api/users/1..N listed every account (and registration then confirmed each name)."""
    client = client_factory()
    ann, stranger = guest(client, "Ann"), guest(client, "Mallory")
    ann_id = client.get("/api/me", headers={"cookie": ann}).json()["user"]["id"]
    assert _profile(client, ann_id, ann) == 200  # her own
    assert _profile(client, ann_id, stranger) == 404  # the same answer as an id nobody has
    assert _profile(client, ann_id, None) == 404
    assert _profile(client, 10**9, stranger) == 404


def test_who_has_met_a_player_sees_the_profile(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    ann_id = client.get("/api/me", headers={"cookie": ann}).json()["user"]["id"]
    bob_id = client.get("/api/me", headers={"cookie": bob}).json()["user"]["id"]
    create_table(client, ann, players=2)  # Ann waits at a public table: the lobby shows her
    assert _profile(client, ann_id, bob) == 200
    summary = play_match(client, ann, players=2, bots="easy", hands=1, options={"max_turns": 10})
    bot_id = next(s["user_id"] for s in summary["seats"] if s["bot"])
    assert _profile(client, bot_id, None) == 200  # a computer player is no account
    repos = client.app.state.repos  # type: ignore[attr-defined]
    assert repos.matches.played_together(ann_id, bot_id) and repos.matches.played_together(bot_id, ann_id)
    assert not repos.matches.played_together(ann_id, bob_id)


def test_the_mutes_do_not_walk_ids_to_names(client_factory: Callable[..., TestClient]) -> None:
    """``POST /api/mutes`` answered every muted id with its name: a guest walked ids to names, a private
    account's and a deleted one's included (issue 48)."""
    client = client_factory()
    private, public, gone = (register(client, name) for name in ("Privata", "Pubblica", "Sparita"))
    client.post("/api/me/privacy", json={"public_profile": True}, headers={"cookie": public})
    assert client.post("/api/me/delete", json={"password": "long-enough"}, headers={"cookie": gone}).is_success
    waiting = guest(client, "Waiting")
    create_table(client, waiting, players=2)  # in the lobby: anyone may see who waits there
    walker = guest(client, "Walker")
    last = client.get("/api/me", headers={"cookie": walker}).json()["user"]["id"]
    named: set[str] = set()
    for user_id in range(1, last + 3):
        answer = client.post("/api/mutes", json={"user_id": user_id}, headers={"cookie": walker})
        if answer.status_code == 200:
            named |= {m["name"] for m in answer.json()["muted"]}
        else:
            assert answer.status_code in (400, 404), answer.text  # 400: oneself
            assert answer.json()["detail"]["code"] in ("chat_user_unknown", "chat_mute_self")
    assert {"Pubblica", "Waiting"} <= named
    assert not named & {"Privata", "Sparita", "Giocatore eliminato"}
    assert all(n.startswith("Bot (") or n in ("Pubblica", "Waiting") for n in named), named
    assert private  # (met nobody: never named)
