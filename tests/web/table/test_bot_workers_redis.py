"""Bots off the web process (``BURRACO_BOT_QUEUE=redis``, ``table/thinking_remote.py``): the app only
puts a champion's decisions on a Redis queue and plays the moves a ``burraco bot-worker`` in a second,
real process thinks; when that worker is killed the champion still moves (the intermediate bot moves
for it by the deadline, recorded), and a new worker thinks its moves again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from redis_helpers import URL
from web_helpers import Player, create_table, guest, manager, simple_policy

from burraco.web.table.thinking import BotPool
from burraco.web.table.thinking_remote import RemoteThinkers

WORKER = [sys.executable, "-c", "from burraco.cli.app import main; main()", "bot-worker", "--jobs", "1"]
DEADLINE = 1.5


class Workers:
    """``burraco bot-worker`` processes on the test's Redis namespace (each logs to a file)."""

    def __init__(self, namespace: str, folder: Path) -> None:
        self.env = {**os.environ, "BURRACO_REDIS_URL": URL, "BURRACO_REDIS_NAMESPACE": namespace}
        self.folder = folder
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self) -> subprocess.Popen[bytes]:
        log = self.folder / f"worker-{len(self.started)}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(WORKER, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        self.started.append(process)
        deadline = time.monotonic() + 30
        while "thinks 1 decisions at once" not in log.read_text():  # its worker process is up
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        return process

    def stop(self) -> None:
        for process in self.started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for index, process in enumerate(self.started):
            try:
                code = process.wait(15)
            finally:
                process.kill()
            assert code in (0, -signal.SIGKILL), (self.folder / f"worker-{index}.log").read_text()


@pytest.fixture
def workers(namespace: str, tmp_path: Path) -> Iterator[Workers]:
    started = Workers(namespace, tmp_path)
    yield started
    started.stop()


def play_until(player: Player, done: Callable[[], bool], seconds: float = 20.0) -> None:
    """Play the human's turns (the champion plays between them) until ``done()``."""
    limit = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < limit, "the condition never held"
        state = player.wait_turn()
        assert state["table"]["status"] == "playing", "the hand ended first"
        player.act(simple_policy(state["legal"]))


def answered_by(pool: BotPool, process: subprocess.Popen[bytes]) -> int:
    assert isinstance(pool.remote, RemoteThinkers)
    return sum(count for name, count in pool.remote.answered.items() if name.endswith(f":{process.pid}"))


def test_a_bot_worker_process_thinks_the_champions_moves_and_its_death_is_covered(
    client_factory: Callable[..., TestClient], namespace: str, workers: Workers
) -> None:
    first = workers.start()
    client = client_factory(
        redis_url=URL,
        redis_namespace=namespace,
        bot_queue="redis",
        bot_workers=2,
        bot_deadline=DEADLINE,
        public_stats=True,
    )
    manager(client).runtime.champion_ms = 20.0
    pool = manager(client).runtime.bot_pool
    assert pool.backend == "redis" and pool.pids == []
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="champion", hands=1)

    def stats() -> dict[str, Any]:
        figures: dict[str, Any] = client.get("/api/stats").json()
        return figures

    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        play_until(player, lambda: answered_by(pool, first) >= 3)
        assert pool.fallbacks == 0 and stats()["bot_thought"] >= 3

        first.send_signal(signal.SIGKILL)  # the worker dies (its own worker process ends within a second)
        first.wait(5)
        moved = len(player.log)
        play_until(player, lambda: pool.fallbacks >= 1)
        assert len(player.log) > moved  # the champion's seat moved anyway
        figures = stats()
        assert figures["bot_fallbacks"] >= 1 and figures["bot_failed"] >= 1

        second = workers.start()
        fallbacks = pool.fallbacks
        play_until(player, lambda: answered_by(pool, second) >= 3)
        # once it runs the new worker thinks every decision: at most one asked while it started fell back
        assert pool.fallbacks - fallbacks <= 1


def test_a_bot_worker_needs_redis() -> None:
    env = {name: value for name, value in os.environ.items() if name != "BURRACO_REDIS_URL"}
    done = subprocess.run(WORKER, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: bot workers take their decisions from Redis: give --redis-url or set BURRACO_REDIS_URL"
    ]
