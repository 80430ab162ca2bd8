"""A match abandoned by a player counts as that player's loss (their side's, in 4 players), whatever
the totals when the bots finished it; the ratings move accordingly. Guests are never rated."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from web_helpers import Player, create_table, two_at_the_table

from burraco.web.accounts import ratings
from burraco.web.accounts.auth import COOKIE
from burraco.web.persistence.repositories.matches import outcome, standing, winner


@given(st.lists(st.tuples(st.integers(-2000, 4000), st.booleans()), min_size=2, max_size=3))
def test_an_entrant_who_left_never_wins_against_one_who_stayed(entrants: list[tuple[int, bool]]) -> None:
    totals = [t for t, _ in entrants]
    left = [gone for _, gone in entrants]
    standings = standing([[e] for e in range(len(entrants))], totals, left)
    results = [outcome(standings, e) for e in range(len(entrants))]
    stayed = [e for e, gone in enumerate(left) if not gone]
    if stayed:
        assert all(results[e] == "loss" for e, gone in enumerate(left) if gone)
        best = max(totals[e] for e in stayed)
        leaders = [e for e in stayed if totals[e] == best]
        assert winner(standings) == (leaders[0] if len(leaders) == 1 else None)
    else:  # everybody left: the totals decide, as if nobody had
        best = max(totals)
        assert all((results[e] == "loss") == (totals[e] < best) for e in range(len(entrants)))


def test_a_partner_leaving_loses_the_match_for_the_side() -> None:
    standings = standing([[0, 2], [1, 3]], [1500, 300], [False, False, True, False])
    assert [outcome(standings, 0), outcome(standings, 1)] == ["loss", "win"] and winner(standings) == 1


def test_the_rating_follows_the_abandonment_not_the_totals() -> None:
    new = (25.0, 25 / 3)
    standings = standing([[0], [1]], [1800, 200], [True, False])
    (gone,), (stayed,) = ratings.rate([[new], [new]], standings)
    assert gone[0] < 25.0 < stayed[0]


def test_a_rated_player_who_leaves_loses_the_match(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    response = client.post("/api/register", json={"name": "Elena", "password": "long-enough"})
    cookie = f"{COOKIE}={response.cookies[COOKIE]}"
    client.cookies.clear()
    me = response.json()["user"]
    info = create_table(client, cookie, players=2, bots="easy", hands=1)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cookie}) as ws:
        player = Player(ws)
        state = player.wait_turn()
        assert state["table"]["rated"]
        player.act("draw")
        player.request({"type": "leave"})
        while player.state["table"]["status"] != "over":
            player.recv()
        summary = player.state["table"]["summary"]
    assert summary["left"] == [0] and summary["winner"] == 1
    [entry] = client.get(f"/api/users/{me['id']}", headers={"cookie": cookie}).json()["matches"]
    assert entry["left"] is True and entry["result"] == "loss"


def register_player(client: TestClient, name: str) -> tuple[str, int]:
    response = client.post("/api/register", json={"name": name, "password": "long-enough"})
    client.cookies.clear()
    return f"{COOKIE}={response.cookies[COOKIE]}", int(response.json()["user"]["id"])


def test_a_match_no_person_finishes_is_rated_for_nobody(client_factory: Callable[..., TestClient]) -> None:
    """Both people leave; the computer plays the match out: it is recorded (each history says the
    player left) but moves nobody's rating, and the summary says why."""
    client = client_factory()
    (ann, ann_id), (bob, bob_id) = register_player(client, "Annalisa"), register_player(client, "Roberto")
    before = {
        u: client.get(f"/api/users/{u}", headers={"cookie": c}).json()["user"]
        for u, c in ((ann_id, ann), (bob_id, bob))
    }
    info = create_table(client, ann, players=2, hands=1, options={"max_turns": 10})
    with two_at_the_table(client, info["id"], ann, bob) as (a, b):
        assert b.state["table"]["rated"]
        a.request({"type": "leave"})
        b.request({"type": "leave"})
        while a.state["table"]["status"] != "over":
            a.recv()
        summary = a.state["table"]["summary"]
    assert summary["rated"] is False and summary["finished_by_a_person"] is False
    for user, cookie in ((ann_id, ann), (bob_id, bob)):
        profile = client.get(f"/api/users/{user}", headers={"cookie": cookie}).json()
        assert (profile["user"]["mu"], profile["user"]["sigma"]) == (before[user]["mu"], before[user]["sigma"])
        [entry] = profile["matches"]
        assert entry["left"] is True
