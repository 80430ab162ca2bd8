"""The bot ladder's four levels at the web tables: created, filled over the socket, played, restored,
offered by the page; the older easy/normal/hard/random still accepted."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, make_app, manager, simple_policy

from burraco.bots.levels import CHAMPION_MS
from burraco.bots.searcher import ChampionBot
from burraco.core.actions import Action
from burraco.core.options import Rules
from burraco.core.view import Observation
from burraco.web.persistence.repositories.users import BOT_NAMES
from burraco.web.protocol.difficulty import DIFFICULTIES
from burraco.web.table.bots import SLOW_BOTS, build_bot

LEVELS = ("beginner", "intermediate", "expert", "champion")
QUICK_CHAMPION_MS = 1.0
"""The champion searches 1 ms per decision in tests (its level's budget on a real server)."""


def quick(client: TestClient) -> TestClient:
    manager(client).runtime.champion_ms = QUICK_CHAMPION_MS
    return client


def play_out(player: Player) -> dict[str, Any]:
    """Play the seat with :func:`simple_policy` until the hand is no longer being played; the last state."""
    while True:
        state = player.wait_turn()
        if state["table"]["status"] != "playing":
            return state
        assert player.act(simple_policy(state["legal"]))["type"] == "state"


@pytest.mark.parametrize("level", LEVELS)
def test_a_table_plays_a_hand_against_each_level(client_factory: Callable[..., TestClient], level: str) -> None:
    client = quick(client_factory())
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots=level, hands=1, options={"max_turns": 20})
    seat = info["seats"][1]
    assert (seat["bot"], seat["name"]) == (level, f"Bot 1 ({level})")
    bot_user = client.get(f"/api/users/{seat['user_id']}").json()["user"]
    assert (bot_user["kind"], bot_user["name"]) == ("bot", f"Bot ({level})")
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        state = play_out(Player(ws))
    assert state["table"]["status"] == "over"


def test_fill_bots_with_a_level_over_the_socket(client_factory: Callable[..., TestClient]) -> None:
    client = quick(client_factory())
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=3, sit=False)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        assert player.request({"type": "sit", "seat": 0})["you"] == 0
        state = player.request({"type": "fill_bots"})
        assert [s["bot"] for s in state["table"]["seats"]] == [None, "intermediate", "intermediate"]


def test_the_older_names_are_still_accepted_and_unknown_ones_refused(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    for name in ("easy", "normal", "hard", "random"):
        assert create_table(client, ann, players=2, sit=False, bots=name)["seats"][0]["bot"] == name
    refused = client.post("/api/tables", json={"players": 2, "bots": "campione"}, headers={"cookie": ann})
    assert refused.status_code == 422


def test_every_difficulty_has_its_bot_user_and_the_champion_is_capped() -> None:
    assert BOT_NAMES == DIFFICULTIES and set(LEVELS) <= set(DIFFICULTIES)
    assert {"expert", "champion", "hard"} <= set(SLOW_BOTS)  # they think in the bot pool, off the event loop
    assert CHAMPION_MS < 1000  # a bot turn stays under a second
    assert build_bot("champion", 1, Rules(), 5.0).seconds == 0.005  # type: ignore[attr-defined]


def test_a_table_with_a_level_bot_is_restored(database: str) -> None:
    clock = FakeClock()
    with TestClient(make_app(database, clock)) as client:
        quick(client)
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=2, bots="champion", hands=1, options={"max_turns": 20})
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            for _ in range(2):
                player.wait_turn()
                player.act(simple_policy(player.state["legal"]))
    with TestClient(make_app(database, clock)) as client:
        quick(client)
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.recv()
            assert player.state["table"]["seats"][1]["bot"] == "champion"
            assert play_out(player)["table"]["status"] == "over"


def test_the_champion_thinks_off_the_event_loop_and_off_the_tables_actor(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the champion thinks (here in a thread, to hold it there: by default in a worker process,
    test_bot_pool.py), the event loop answers and so does the table: a watcher's message is served."""
    thinking, release = threading.Event(), threading.Event()
    choose = ChampionBot.choose

    def slow(bot: ChampionBot, view: Observation, legal: Sequence[Action]) -> Action:
        thinking.set()
        assert release.wait(10)
        return choose(bot, view, legal)

    monkeypatch.setattr(ChampionBot, "choose", slow)
    client = quick(client_factory(bot_processes=False))
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, sit=False, bots="champion", hands=1, options={"max_turns": 10})
    try:
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.recv()  # watching wakes the all-bot table up
            assert thinking.wait(10)
            assert client.portal is not None  # the loop answers while the champion thinks
            client.portal.start_task_soon(asyncio.sleep, 0).result(timeout=5)
            assert player.request({"type": "sync"})["type"] == "state"  # and so does the table
            assert not release.is_set()
    finally:
        release.set()


def test_the_page_offers_the_four_levels(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ui = client.get("/static/ui.js").text
    assert 'LEVELS = ["beginner", "intermediate", "expert", "champion"]' in ui
    assert 'DEFAULT_LEVEL = "intermediate"' in ui
    assert "levelOptions()" in client.get("/static/app.js").text  # the create-table form's #bots
    assert "LEVELS.map(" in client.get("/static/table_view.js").text  # the table's "fill with bots"
    it = client.get("/static/i18n.it.json").json()
    levels = [it[f"difficulty.{d}"] for d in ("beginner", "intermediate", "expert", "champion")]
    assert levels == ["principiante", "intermedio", "esperto", "campione"]
