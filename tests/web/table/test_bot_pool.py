"""Bot thinking as a budgeted resource (``table/thinking.py``): slow bots think in a bounded pool of
worker processes, the owners' decisions served in turn, and a bot plays the same wherever it thinks."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Hashable

import pytest
from fastapi.testclient import TestClient
from web_helpers import Player, create_table, guest, manager, simple_policy, table_of

from burraco.bots.heuristic import HeuristicBot
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.table import thinking
from burraco.web.table.bots import owner
from burraco.web.table.limits import Limits
from burraco.web.table.model import Status
from burraco.web.table.thinking import BotPool, Thought, build_bot, decode, encode


def positions(players: int = 4, seed: int = 11, steps: int = 80) -> list[tuple[Hand, int]]:
    """Hands part-way through a deal (melds on the table, a long log), with the seat to play."""
    hand = Match(Rules(players=players), seed).start_hand()
    bot = HeuristicBot(seed=seed, rules=hand.rules)
    found: list[tuple[Hand, int]] = []
    for step in range(steps):
        if hand.is_over:
            break
        if step % 9 == 0:
            found.append((hand.clone(), hand.to_play))
        hand.apply(bot.choose(observe(hand, hand.to_play), hand.legal_actions()))
    return found


def thought_at(hand: Hand, seat: int, name: str, seed: int = 5) -> Thought:
    return Thought(name, seed, hand.rules, 400.0, observe(hand, seat), tuple(hand.legal_actions()))


def test_a_thought_crosses_to_a_process_and_back_unchanged() -> None:
    """The core's compiled frozen classes do not unpickle by themselves: a thought is rebuilt through
    their constructors, equal to the original (the view's log with its private cards too)."""
    found = positions()
    assert len(found) >= 5
    for hand, seat in found:
        thought = thought_at(hand, seat, "champion")
        again = decode(encode(thought))
        assert again == thought
        assert again.view.log.secret_seats == thought.view.log.secret_seats
        assert list(again.view.log) == list(thought.view.log)


@pytest.mark.parametrize("name", ["expert", "intermediate", "champion:iterations=30"])
def test_a_bot_in_a_worker_process_plays_as_it_would_in_the_web_process(name: str) -> None:
    """The same seed, rules and view give the same move in a worker process as built in place (a
    restarted table plays on identically: its bots are rebuilt per decision from the table's seed)."""
    found = positions()

    async def run() -> list[Action]:
        pool = BotPool(workers=1, processes=True)
        try:
            return [await pool.think("ann", thought_at(hand, seat, name)) for hand, seat in found]
        finally:
            pool.close()

    moved = asyncio.run(run())
    here = [
        build_bot(name, 5, hand.rules, 400.0).choose(observe(hand, seat), hand.legal_actions()) for hand, seat in found
    ]
    assert moved == here


def test_the_owners_are_served_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker; Ann asks for six decisions, then Bob for one and Cid for one: Bob and Cid wait behind
    at most one more of Ann's, not behind all of them."""
    order: list[int] = []

    def record(thought: Thought) -> Action:
        order.append(thought.seed)
        return thought.legal[0]

    monkeypatch.setattr(thinking, "think", record)
    hand, seat = positions()[1]

    async def run() -> None:
        pool = BotPool(workers=1, processes=False)
        asks: list[tuple[Hashable, int]] = [("ann", n) for n in range(1, 7)] + [("bob", 101), ("cid", 201)]
        tasks = [asyncio.create_task(pool.think(who, thought_at(hand, seat, "expert", n))) for who, n in asks]
        await asyncio.gather(*tasks)
        assert pool.waiting == pool.running == 0 and pool.thought == 8
        pool.close()

    asyncio.run(run())
    assert order == [1, 2, 101, 201, 3, 4, 5, 6]


def test_decisions_a_player_waits_for_come_before_all_bot_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's all-bot tables ask first (background), then Bob's table, where he plays: Bob's decisions
    are served first, and Ann's still get one turn in four while both wait."""
    order: list[int] = []

    def record(thought: Thought) -> Action:
        order.append(thought.seed)
        return thought.legal[0]

    monkeypatch.setattr(thinking, "think", record)
    hand, seat = positions()[1]

    async def run() -> None:
        pool = BotPool(workers=1, processes=False)
        asks = [("ann", n, True) for n in range(1, 7)] + [("bob", n, False) for n in range(101, 107)]
        tasks = [
            asyncio.create_task(pool.think(who, thought_at(hand, seat, "expert", n), background=background))
            for who, n, background in asks
        ]
        await asyncio.sleep(0)
        assert pool.owners() == ["bob"] and pool.owners(background=True) == ["ann"]
        await asyncio.gather(*tasks)
        pool.close()

    asyncio.run(run())
    assert order == [1, 101, 102, 103, 2, 104, 105, 106, 3, 4, 5, 6]


def test_a_decision_given_up_while_waiting_is_never_thought(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    order: list[int] = []

    def slow(thought: Thought) -> Action:
        order.append(thought.seed)
        assert release.wait(10)
        return thought.legal[0]

    monkeypatch.setattr(thinking, "think", slow)
    hand, seat = positions()[1]

    async def run() -> None:
        pool = BotPool(workers=1, processes=False)
        first = asyncio.create_task(pool.think("ann", thought_at(hand, seat, "expert", 1)))
        dropped = asyncio.create_task(pool.think("bob", thought_at(hand, seat, "expert", 2)))
        last = asyncio.create_task(pool.think("cid", thought_at(hand, seat, "expert", 3)))
        await asyncio.sleep(0.05)
        assert pool.running == 1 and pool.waiting == 2 and pool.owners() == ["bob", "cid"]
        dropped.cancel()  # its table was unloaded
        release.set()
        await asyncio.gather(first, last)
        pool.close()

    asyncio.run(run())
    assert order == [1, 3]


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="worker"):
        BotPool(workers=0)


def test_the_champion_thinks_in_a_worker_process(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(bot_workers=1)
    manager(client).runtime.champion_ms = 1.0
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="champion", hands=1, options={"max_turns": 10})
    pool = manager(client).runtime.bot_pool
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        for _ in range(10):  # until the champion has played a move
            if pool.thought:
                break
            player.act(simple_policy(player.wait_turn()["legal"]))
    assert pool.processes and pool.workers == 1 and pool.thought >= 1
    assert pool.pids and os.getpid() not in pool.pids


def test_tables_share_their_creators_turn_and_a_tournament_table_has_its_own(
    client_factory: Callable[..., TestClient],
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    first = table_of(client, create_table(client, ann, players=2, sit=False)["id"])
    second = table_of(client, create_table(client, ann, players=2, sit=False)["id"])
    assert owner(first) == owner(second) == ("user", first.config.created_by)
    second.config.tournament = {"id": 1, "turn": 1, "table": 1, "deadline": 0.0}
    assert owner(second) == ("table", second.id)


# ----------------------------------------------------------------------------- the cap
def test_a_user_may_have_only_so_many_tables_with_slow_bots(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    manager(client).runtime.champion_ms = 1.0
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    first = create_table(client, ann, players=2, bots="champion")
    create_table(client, ann, players=4, sit=False, bots="expert")
    for bots in ("champion", "expert", "hard"):
        refused = client.post("/api/tables", json={"players": 2, "bots": bots}, headers={"cookie": ann})
        assert refused.status_code == 429, bots
        detail = refused.json()["detail"]
        assert (detail["code"], detail["params"]) == ("too_many_slow_bots", {"limit": 2})
    assert len(manager(client).tables) == 2  # refused before a table was opened
    create_table(client, ann, players=2, bots="intermediate")  # quick bots: no cap
    create_table(client, bob, players=2, bots="champion")  # another user: their own places
    table_of(client, first["id"]).status = Status.OVER  # a finished table frees its place
    create_table(client, ann, players=2, bots="champion")


def test_fill_bots_with_a_slow_bot_is_refused_past_the_cap(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(limits=Limits(max_slow_bot_tables=1))
    ann = guest(client, "Ann")
    create_table(client, ann, players=2, sit=False, bots="expert")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        refused = player.request({"type": "fill_bots", "difficulty": "champion"})
        assert (refused["type"], refused["code"]) == ("error", "too_many_slow_bots")
        assert [seat["bot"] for seat in player.request({"type": "sync"})["table"]["seats"]] == [None, None]
        state = player.request({"type": "fill_bots", "difficulty": "intermediate"})
        assert [seat["bot"] for seat in state["table"]["seats"]] == [None, "intermediate"]


def test_the_cap_is_worded_in_both_languages(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    for lang in ("it", "en"):
        words = client.get(f"/static/i18n.{lang}.json").json()
        assert "{limit}" in words["http.too_many_slow_bots"]
        assert words["err.too_many_slow_bots"]
