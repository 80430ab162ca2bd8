"""The load test's clients (``burraco loadtest``, :mod:`burraco.loadtest.plan`): one WebSocket per seat
playing a simple legal policy with a think time, timing each action from send to answer, and, in a
reconnect storm, dropping its socket once and reconnecting at once.

>>> import random
>>> choose(["draw", "pickup"], random.Random(1)), action_message("attach 0 5H 6H", 7)
('draw', '{"type": "action", "kind": "attach", "id": 7, "target": 0, "cards": ["5H", "6H"]}')
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import orjson


def choose(legal: list[str], rng: random.Random) -> str:
    """Draw (or sometimes pick up); lay down a meld or attachment half the time; else discard."""
    if "draw" in legal:
        return "pickup" if "pickup" in legal and rng.random() < 0.1 else "draw"
    plays = [a for a in legal if a.startswith(("meld", "attach"))]
    if plays and rng.random() < 0.5:
        return rng.choice(plays)
    discards = [a for a in legal if a.startswith("discard")]
    return rng.choice(discards) if discards else legal[0]


def action_message(text: str, ident: int) -> str:
    kind, *rest = text.split()
    payload: dict[str, Any] = {"type": "action", "kind": kind, "id": ident}
    if kind == "attach":
        payload["target"] = int(rest.pop(0))
    payload["cards"] = rest
    return json.dumps(payload)


def action_bytes(text: str, ident: int) -> bytes:
    """The same message, encoded by orjson (compact: what the load clients send).

    >>> action_bytes("draw", 3)
    b'{"type":"action","kind":"draw","id":3,"cards":[]}'
    """
    kind, *rest = text.split()
    payload: dict[str, Any] = {"type": "action", "kind": kind, "id": ident}
    if kind == "attach":
        payload["target"] = int(rest.pop(0))
    payload["cards"] = rest
    return orjson.dumps(payload)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    refused: int = 0
    hands: int = 0
    """Hands seen finished, once per table (by the client at seat 0)."""
    bot_latencies: list[float] = field(default_factory=list)
    """The latencies of the human actions at tables where a server-side bot plays the other seat."""
    connect_failures: int = 0
    confirmed: int = 0
    """Actions the server answered with a state (accepted and stored), over the whole run."""
    unconfirmed: int = 0
    """Actions sent whose answer never came because the client dropped its socket meanwhile."""
    server_closes: int = 0
    close_codes: dict[int, int] = field(default_factory=dict)
    """Sockets the server closed while the run went on (each client then reconnects)."""
    reconnects: list[float] = field(default_factory=list)
    """Seconds from each storm drop to the first state after reconnecting."""


class Storm:
    """A reconnect storm: once ``start`` is set, every client drops its socket at a random moment
    within ``window`` seconds and reconnects at once."""

    def __init__(self, window: float = 5.0) -> None:
        self.start = asyncio.Event()
        self.window = window


async def play_client(
    url: str,
    cookie: str,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
    seed: int,
    sockets: list[Any],
    storm: Storm | None = None,
    bot_table: bool = False,
    deltas: bool = True,
) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    dropped_at: float | None = None
    stormed = False
    while not stop.is_set():
        try:
            async with connect(
                url,
                additional_headers={"Cookie": cookie},
                open_timeout=60,
                max_size=2**22,
                ping_interval=None,
                compression=None,
            ) as ws:
                sockets.append(ws)
                drop = None
                dropping: list[float] = []
                if storm is not None and not stormed:
                    drop = asyncio.create_task(_drop_later(ws, storm, rng, dropping))
                session = _Session(ws, stats, stop, think, rng, dropped_at, bot_table, deltas)
                dropped_at = None
                await session.run()
                if drop is not None and dropping:  # the storm closed it: reconnect at once
                    with contextlib.suppress(Exception):
                        await drop
                    stormed, dropped_at = True, dropping[0]
                    stats.unconfirmed += int(session.pending is not None and session.pending_action)
                    continue  # at once
                if drop is not None:
                    drop.cancel()
                if stop.is_set():
                    return
                stats.server_closes += 1  # the server closed it (too slow a reader, a table moved)
                stats.close_codes[ws.close_code or 0] = stats.close_codes.get(ws.close_code or 0, 0) + 1
                if (ws.close_code or 1000) >= 4000:  # refused for good (4404, 4410, ...): no retry
                    return
            await asyncio.sleep(0.1)  # and reconnect
        except Exception:
            if not stop.is_set():
                stats.errors += 1
            return


async def _drop_later(ws: Any, storm: Storm, rng: random.Random, dropping: list[float]) -> None:
    await storm.start.wait()
    await asyncio.sleep(rng.uniform(0, storm.window))
    dropping.append(time.perf_counter())
    await ws.close()


class _Session:
    """One socket's life: answer states with actions until the socket closes or the run stops."""

    def __init__(
        self,
        ws: Any,
        stats: Stats,
        stop: asyncio.Event,
        think: float,
        rng: random.Random,
        dropped_at: float | None,
        bot_table: bool = False,
        deltas: bool = True,
    ) -> None:
        self.ws, self.stats, self.stop, self.think, self.rng = ws, stats, stop, think, rng
        self.deltas = deltas
        """Ask for deltas (as the web page does): each change is then a ``delta`` against version ``v``."""
        self.v = -1
        self.you: int | None = None
        self.status, self.hand_no = "", -1
        self.latencies = stats.bot_latencies if bot_table else stats.latencies
        self.dropped_at = dropped_at
        self.pending: tuple[int, float] | None = None
        self.pending_action = False
        self.ident = 0
        self.last_hand_over = -1

    async def run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        # (a close with a code other than 1000/1001 raises: the caller reads the code, and reconnects
        # after 1012 "table moved" or 1013 "too slow a reader", as the web page does)
        with contextlib.suppress(ConnectionClosed):
            if self.deltas:
                await self._send({"type": "sync", "deltas": True}, False)
            async for raw in self.ws:
                if self.stop.is_set():
                    break
                await self._on(orjson.loads(raw))

    async def _on(self, message: dict[str, Any]) -> None:
        stats = self.stats
        if self.dropped_at is not None:  # the first message after a storm's reconnection
            stats.reconnects.append(time.perf_counter() - self.dropped_at)
            self.dropped_at = None
        if self.pending is not None and message.get("reply_to") == self.pending[0]:
            self.latencies.append(time.perf_counter() - self.pending[1])
            if message["type"] == "error":
                stats.refused += 1
            elif self.pending_action:
                stats.confirmed += 1
            self.pending = None
        if not self._follow(message):
            if message["type"] == "delta":  # a delta on a version this client does not hold
                await self._send({"type": "sync", "deltas": True}, False)
            return
        if self.pending is not None:
            return
        if self.status == "between" and self.you is not None:
            if self.hand_no != self.last_hand_over:
                self.last_hand_over = self.hand_no
                stats.hands += self.you == 0
                await self._send({"type": "ready"}, False)
            return
        legal = message["legal"]
        if not legal:
            return
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
            if self.stop.is_set():
                return
        await self._send_text(action_bytes(choose(legal, self.rng), self.ident + 1), True)

    def _follow(self, message: dict[str, Any]) -> bool:
        """Keep what the policy reads (seat, status, hand, version) from a ``state`` or a ``delta`` on the
        version held; False for any other message, or a delta on another version."""
        kind = message["type"]
        if kind == "state":
            self.you, self.v = message["you"], message.get("v", -1)
            self.status, self.hand_no = message["table"]["status"], message["table"]["hand_no"]
            return True
        if kind != "delta" or message["base"] != self.v:
            return False
        self.v = message["v"]
        table = message["table"]
        self.status, self.hand_no = table.get("status", self.status), table.get("hand_no", self.hand_no)
        return True

    async def _send(self, payload: dict[str, Any], action: bool) -> None:
        await self._send_text(orjson.dumps({**payload, "id": self.ident + 1}), action)

    async def _send_text(self, text: bytes, action: bool) -> None:
        self.ident += 1
        self.pending, self.pending_action = (self.ident, time.perf_counter()), action
        await self.ws.send(text, text=True)  # a text frame, as the web page sends
