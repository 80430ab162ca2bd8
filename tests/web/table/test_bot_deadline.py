"""Bot decisions by a deadline (``table/thinking.py``, ``thinking_workers.py``, ``bots.py``): a worker
process that stalls or dies is killed and replaced, a decision that waits too long is dropped, and the
table's bot moves anyway, as the intermediate bot, the fallback counted and logged."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from web_helpers import Player, create_table, guest, manager, simple_policy, table_of

from burraco.core.actions import Action
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.persistence import schema
from burraco.web.table import bots, thinking
from burraco.web.table.model import TableState
from burraco.web.table.thinking import BotPool, Overdue, ThinkingError, Thought, think

STALLS = "ismcts:seconds=60"
"""A bot that thinks for a minute: a worker process busy with it stalls."""


def a_thought(name: str, seed: int = 1) -> Thought:
    hand = Match(Rules(players=2), 3).start_hand()
    return Thought(name, seed, hand.rules, 400.0, observe(hand, hand.to_play), tuple(hand.legal_actions()))


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return True
    return False


def test_a_stalled_worker_process_is_killed_and_replaced() -> None:
    """The decision is overdue at the deadline; its worker process, thinking past the deadline, is
    killed and another takes its place, which thinks the next decision."""

    async def run() -> None:
        pool = BotPool(workers=1, processes=True, deadline=1.0)
        try:
            quick = a_thought("expert")
            assert await pool.think("ann", quick) == think(quick)
            [first] = pool.pids
            started = time.monotonic()
            with pytest.raises(Overdue):
                await pool.think("ann", a_thought(STALLS))
            assert 0.9 < time.monotonic() - started < 3
            for _ in range(100):  # the killed worker's place is taken (a fork of the fork server)
                if pool.pids and pool.pids != [first]:
                    break
                await asyncio.sleep(0.05)
            assert gone(first) and len(pool.pids) == 1 and pool.pids != [first]
            assert await pool.think("bob", quick) == think(quick)
            assert (pool.overdue, pool.failed, pool.replaced, pool.thought) == (1, 1, 1, 2)
            assert pool.running == pool.waiting == 0
        finally:
            await pool.aclose()

    asyncio.run(run())


def test_a_worker_process_killed_mid_thought_fails_its_decision_at_once_and_is_replaced() -> None:
    async def run() -> None:
        pool = BotPool(workers=1, processes=True, deadline=20.0)
        try:
            quick = a_thought("intermediate")
            await pool.think("ann", quick)
            [first] = pool.pids
            stalled = asyncio.create_task(pool.think("ann", a_thought(STALLS)))
            await asyncio.sleep(0.3)
            started = time.monotonic()
            os.kill(first, signal.SIGKILL)
            with pytest.raises(ThinkingError, match="died"):
                await stalled
            assert time.monotonic() - started < 2  # not at the deadline
            assert await pool.think("ann", quick) == think(quick)
            assert pool.replaced == 1 and first not in pool.pids
        finally:
            await pool.aclose()

    asyncio.run(run())


def test_a_decision_waiting_past_its_deadline_is_dropped_unthought(monkeypatch: pytest.MonkeyPatch) -> None:
    """One thread, busy: the decision waiting behind it is overdue and never thought; the busy one's
    caller is overdue too, its thread ends its decision, and the pool serves the next."""
    release = threading.Event()
    thought: list[int] = []

    def slow(thought_: Thought) -> Action:
        thought.append(thought_.seed)
        assert release.wait(10)
        return thought_.legal[0]

    monkeypatch.setattr(thinking, "think", slow)

    async def run() -> None:
        pool = BotPool(workers=1, processes=False, deadline=0.3)
        busy = asyncio.create_task(pool.think("ann", a_thought("expert", 1)))
        waiting = asyncio.create_task(pool.think("bob", a_thought("expert", 2)))
        for task in (busy, waiting):
            with pytest.raises(Overdue):
                await task
        assert pool.overdue == 2 and pool.running == 1
        release.set()
        assert await pool.think("cid", a_thought("expert", 3)) is not None
        assert pool.stats()["bot_overdue"] == 2 and pool.stats()["bot_thought"] == 2
        pool.close()

    asyncio.run(run())
    assert thought == [1, 3]


def test_the_tables_bot_moves_by_the_deadline_when_its_worker_stalls(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A champion's worker process stalls on its first decision: by the deadline the intermediate bot
    has moved for it, the fallback recorded in the table's events, counted in
    /api/stats and logged with the table and the level; the worker is replaced and the champion's
    next decisions are thought again."""
    asked: list[str] = []
    made = bots.thought

    def stalling_first(table: TableState, name: str, seat: int) -> Thought:
        asked.append(name)
        decision = made(table, name, seat)
        return decision if len(asked) > 1 else a_thought(STALLS)

    monkeypatch.setattr(bots, "thought", stalling_first)
    client = client_factory(bot_workers=1, bot_deadline=1.5, public_stats=True)
    manager(client).runtime.champion_ms = 5.0
    pool = manager(client).runtime.bot_pool
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="champion", hands=1, options={"max_turns": 12})
    table = table_of(client, info["id"])
    caplog.set_level(logging.WARNING, logger="burraco.web.table.bots")
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        started = time.monotonic()
        for _ in range(12):  # until the champion has thought a move after the fallback
            if pool.thought >= 2:
                break
            state = player.wait_turn()
            if state["table"]["status"] != "playing":
                break
            player.act(simple_policy(state["legal"]))
    assert pool.fallbacks == 1 and pool.overdue == 1 and pool.thought >= 2, pool.stats()
    assert time.monotonic() - started > 1.5  # the first bot turn waited for the deadline
    assert pool.replaced == 1 and len(pool.pids) == 1
    assert asked[0] == "champion" and table.seats[1].bot == "champion"
    [record] = [r for r in caplog.records if "did not decide in time" in r.getMessage()]
    assert f"table {table.id}" in record.getMessage() and "champion" in record.getMessage()
    assert "intermediate" in record.getMessage()
    stats = client.get("/api/stats").json()
    assert stats["bot_fallbacks"] == 1 and stats["bot_backend"] == "processes" and stats["bot_replaced"] == 1
    # recorded with the table's events, just before the move the intermediate bot made instead
    events = schema.events.c
    query = select(events.kind, events.seat, events.text).where(events.table_id == table.id).order_by(events.seq)
    rows = [tuple(r) for r in table.runtime.store.read(lambda c: c.execute(query).all())]
    [at] = [i for i, row in enumerate(rows) if row[0] == "fallback"]
    assert rows[at] == ("fallback", 1, "champion|intermediate|late")
    assert rows[at + 1][:2] == ("action", 1)


def test_late_decisions_are_logged_at_most_once_a_minute_with_their_count() -> None:
    """A saturated machine's fallbacks are each counted, but logged once a minute (with how many)."""
    pool = BotPool(workers=1, processes=False)
    every = thinking.FALLBACK_LOG_EVERY
    assert pool.fell_back(0.0) == 1  # the first is logged at once
    assert [pool.fell_back(t) for t in (1.0, every / 2, every - 1)] == [None, None, None]
    assert pool.fell_back(every) == 4  # this one and the three since the last line
    assert pool.fell_back(every + 1) is None and pool.fallbacks == 6
