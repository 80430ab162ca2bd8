"""A table played as people play it, in Chromium, on the server users run (``burraco serve``, the README's
command, in a child process).

* A whole hand at desktop and phone sizes at once (two players, each against the computer), in Italian,
  with the players thinking 20–40 s at times (before a draw, between a draw and a discard: their sockets
  quiet but for the page's pings): neither page ever opens a second socket, sees its socket closed or
  says "Riconnessione…", and every click is a stored move, once.
* The server killed (SIGKILL) in the middle of a turn and started again on the same database: the page
  says "Riconnessione…", the draw clicked while the server was down is said to wait ("la mossa
  partirà…") and is sent once the server is back, and within
  5 s of the server listening the player is at the table with the same hand and that card, and plays on;
  every click is stored once.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from serve_helpers import served
from sqlalchemy import create_engine, text
from test_browser import DESKTOP, PHONE, click_card, people_pages, practice_table, shot

LINK_WATCH = """
window.__link = { opened: 0, closes: [], said: [] };
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    if (String(args[0]).includes("/ws/tables/")) {
      window.__link.opened += 1;
      this.addEventListener("close", (ev) => window.__link.closes.push(ev.code));
    }
  }
};
new MutationObserver(() => {
  const line = document.getElementById("message");
  const words = line ? line.textContent : "";
  const said = window.__link.said;
  if (/Riconnessione|Connessione persa/.test(words) && said.at(-1) !== words) said.push(words);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
THINKING = {1: ("draw", 20.0), 2: ("discard", 30.0), 4: ("draw", 40.0)}
"""Turns on which both players think long, and before which of their two clicks."""
MAX_TURNS = 12
"""The hand ends after this many turns (six each): a whole hand, not a whole evening."""


def as_italian_guest(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#guest-name", name)
    page.click("#guest-btn")
    page.wait_for_selector("#me")


def my_turn_or_end(page: Any) -> bool:
    """Wait until the player may draw, or the hand is over; True when it is over."""
    page.wait_for_function(
        "() => document.querySelector('#scoresheet') || "
        "(document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled)",
        timeout=60_000,
    )
    return page.query_selector("#scoresheet") is not None


def draw(page: Any) -> None:
    page.click("#btn-draw")
    page.wait_for_function("() => document.querySelector('#btn-pickup').disabled")


def discard_first(page: Any) -> None:
    click_card(page, "#hand .card >> nth=0")
    page.wait_for_selector("#hand .card[aria-pressed='true']")
    page.click("#btn-discard")
    page.wait_for_function(
        "() => document.querySelector('#scoresheet') || document.querySelector('#btn-discard').disabled",
        timeout=60_000,
    )


def stored_clicks(database: Path, table_id: int) -> tuple[int, int]:
    """The table's stored moves of seat 0 (the player), and how many of them carry a page's id."""
    engine = create_engine(f"sqlite:///{database}")
    with engine.connect() as c:
        rows = c.execute(
            text("SELECT client_id FROM events WHERE table_id = :t AND kind = 'action' AND seat = 0"), {"t": table_id}
        ).all()
    engine.dispose()
    return len(rows), sum(1 for (client_id,) in rows if client_id is not None)


def test_a_whole_hand_with_long_thoughts_never_drops_the_table(tmp_path: Path) -> None:
    screens = [(DESKTOP, "it-IT"), (PHONE, "it-IT")]
    with served(tmp_path) as port, people_pages(*screens, init_script=LINK_WATCH) as (pages, errors):
        base = f"http://127.0.0.1:{port}"
        tables, clicks = [], [0, 0]
        for n, page in enumerate(pages):
            as_italian_guest(page, base, f"Pensatore {n + 1}")
            rules = {"max_turns": MAX_TURNS}
            tables.append(practice_table(page, 2, seed=700 + n, hands=1, bots="beginner", options=rules))
            page.goto(f"{base}/#/table/{tables[-1]}")
            page.wait_for_selector("#hand .card")
        over = [False, False]
        for turn in range(MAX_TURNS):
            waiting = [n for n, page in enumerate(pages) if not over[n] and not my_turn_or_end(page)]
            over = [over[n] or n not in waiting for n in range(2)]
            if not waiting:
                break
            thought = THINKING.get(turn)
            if thought and thought[0] == "draw":
                time.sleep(thought[1])  # both players think before drawing
            for n in waiting:
                draw(pages[n])
                clicks[n] += 1
            if thought and thought[0] == "discard":
                time.sleep(thought[1])  # a card drawn, both think before discarding
            for n in waiting:
                discard_first(pages[n])
                clicks[n] += 1
            if turn == 2:
                for page, size in zip(pages, ("desktop", "phone"), strict=True):
                    shot(page, f"long-game-{size}-after-a-long-thought")
        for n, page in enumerate(pages):
            assert my_turn_or_end(page), "the hand did not end"
            shot(page, f"long-game-{('desktop', 'phone')[n]}-end")
            link = page.evaluate("() => window.__link")
            assert link == {"opened": 1, "closes": [], "said": []}, link
        assert errors == []
        for table_id, made in zip(tables, clicks, strict=True):
            assert stored_clicks(tmp_path / "limits.sqlite3", table_id) == (made, made)  # each click, once
        assert sum(clicks) >= MAX_TURNS  # six turns each: draw and discard


class Server:
    """``burraco serve`` on a fixed port and SQLite file, killed and started again."""

    def __init__(self, database: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.env = {**os.environ, "BURRACO_PORT": str(self.port), "BURRACO_DB_URL": f"sqlite:///{database}"}
        self.env.pop("BURRACO_REDIS_URL", None)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start it; the moment it listens."""
        command = [sys.executable, "-c", "from burraco.cli.app import main; main()", "serve"]
        self.process = subprocess.Popen(command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return time.monotonic()
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextmanager
def server_on(database: Path) -> Iterator[Server]:
    server = Server(database)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def hand_codes(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.dataset.code)"))


def test_the_server_killed_mid_game_and_started_again_loses_no_click(tmp_path: Path) -> None:
    database = tmp_path / "restart.sqlite3"
    with server_on(database) as server, people_pages((PHONE, "it-IT"), init_script=LINK_WATCH) as (pages, errors):
        page = pages[0]
        base = f"http://127.0.0.1:{server.port}"
        as_italian_guest(page, base, "Tenace")
        table_id = practice_table(page, 2, seed=808, hands=1, bots="beginner")
        page.goto(f"{base}/#/table/{table_id}")
        page.wait_for_selector("#hand .card")
        assert not my_turn_or_end(page)
        draw(page)
        discard_first(page)
        assert not my_turn_or_end(page)
        before = hand_codes(page)
        server.kill()  # in the middle of the game, on the player's turn
        page.wait_for_function("() => /Riconnessione/.test(document.querySelector('#message').textContent)")
        shot(page, "restart-phone-reconnecting")
        page.click("#btn-draw")  # clicked while the server is down: it waits for the socket, and says so
        page.wait_for_function("() => /la mossa partirà/.test(document.querySelector('#message').textContent)")
        shot(page, "restart-phone-move-waits")
        listening = server.start()
        page.wait_for_function(
            "(n) => document.querySelectorAll('#hand .card').length === n && "
            "!/Riconnessione|Connessione persa/.test(document.querySelector('#message').textContent)",
            arg=len(before) + 1,
            timeout=15_000,
        )
        back_after = time.monotonic() - listening
        assert back_after <= 5.0, f"back at the table {back_after:.1f} s after the server listened"
        after = hand_codes(page)
        for code in before:  # the same hand, and the card the queued draw took
            after.remove(code)
        assert len(after) == 1
        shot(page, "restart-phone-back")
        discard_first(page)  # and play goes on
        assert not my_turn_or_end(page)
        link = page.evaluate("() => window.__link")
        assert link["opened"] >= 2 and link["said"] and link["said"][0].startswith("Riconnessione")
        assert errors == []
    assert stored_clicks(database, table_id) == (4, 4)  # draw, discard, the queued draw, discard: each once
