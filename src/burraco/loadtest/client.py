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

from burraco.web.protocol.close_codes import CloseCode


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
    confirmed_ids: set[tuple[int, int]] = field(default_factory=set)
    """(table, id) of every action the server answered with a state: each must be stored once."""
    resent: int = 0
    """Actions sent again, with their id, after a reconnect: their answer never came on the old socket."""
    server_closes: int = 0
    close_codes: dict[int, int] = field(default_factory=dict)
    """Sockets the server closed while the run went on (each client then reconnects)."""
    reconnects: list[float] = field(default_factory=list)
    """Seconds from each drop (a storm's, or a server's close) to the first state after reconnecting."""
    socket_seconds: float = 0.0
    """Seconds the clients' sockets were open, summed (the soak's unexpected closes are per socket-hour)."""


class Storm:
    """A reconnect storm: once ``start`` is set, every client drops its socket at a random moment
    within ``window`` seconds and reconnects at once."""

    def __init__(self, window: float = 5.0) -> None:
        self.start = asyncio.Event()
        self.window = window


@dataclass(frozen=True)
class Style:
    """How a client plays: ``think`` seconds on average before each action; with probability ``pause`` a
    player's long thought of 20–40 s instead; a ``ping`` message after ``ping_every`` quiet seconds, as
    the web page sends (0: never); ``watch``: a spectator, who only reads and pings."""

    think: float = 1.0
    pause: float = 0.0
    ping_every: float = 0.0
    watch: bool = False

    PAUSE_S = (20.0, 40.0)


@dataclass
class _Carry:
    """What a client keeps from one socket to the next: its next action id (unique for the run, as the
    page's are) and the action whose answer its last socket did not bring."""

    ident: int
    unanswered: tuple[int, bytes] | None = None


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
    style: Style | None = None,
) -> None:
    """Play (or watch) one seat over a socket until ``stop``; a socket the server closes is opened again,
    unless it refuses for good, and the action left unanswered is sent again with its id."""
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    style = style or Style(think)
    carry = _Carry(ident=(seed + 1) << 32)
    table_id = int(url.rsplit("/", 1)[1])
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
                opened = time.perf_counter()
                drop = None
                dropping: list[float] = []
                if storm is not None and not stormed:
                    drop = asyncio.create_task(_drop_later(ws, storm, rng, dropping))
                session = _Session(ws, stats, stop, style, rng, dropped_at, carry, table_id, bot_table, deltas)
                dropped_at = None
                try:
                    await session.run()
                finally:
                    stats.socket_seconds += time.perf_counter() - opened
                    session.hand_over_unanswered()
                if drop is not None and dropping:  # the storm closed it: reconnect at once
                    with contextlib.suppress(Exception):
                        await drop
                    stormed, dropped_at = True, dropping[0]
                    continue  # at once
                if drop is not None:
                    drop.cancel()
                if stop.is_set():
                    return
                stats.server_closes += 1  # the server closed it (too slow a reader, a table moved)
                stats.close_codes[ws.close_code or 0] = stats.close_codes.get(ws.close_code or 0, 0) + 1
                if not retried(ws.close_code):  # refused for good (4404, 4410, ...): no retry
                    return
                dropped_at = time.perf_counter()
            await asyncio.sleep(0.1)  # and reconnect
        except Exception:
            if not stop.is_set():
                stats.errors += 1
            return


def retried(code: int | None) -> bool:
    """Whether a client reconnects after the server closed its socket with ``code`` (``close_codes.py``)."""
    try:
        return CloseCode(code or 1000).retry
    except ValueError:  # the transport's own (1006, 1011, ...): reconnect
        return True


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
        style: Style,
        rng: random.Random,
        dropped_at: float | None,
        carry: _Carry,
        table_id: int,
        bot_table: bool = False,
        deltas: bool = True,
    ) -> None:
        self.ws, self.stats, self.stop, self.style, self.rng = ws, stats, stop, style, rng
        self.carry, self.table_id = carry, table_id
        self.deltas = deltas
        """Ask for deltas (as the web page does): each change is then a ``delta`` against version ``v``."""
        self.v = -1
        self.you: int | None = None
        self.status, self.hand_no = "", -1
        self.latencies = stats.bot_latencies if bot_table else stats.latencies
        self.dropped_at = dropped_at
        self.pending: tuple[int, float] | None = None
        self.pending_text: bytes | None = None
        """The action awaiting its answer (None: the pending message is not an action)."""
        self.last_sent = time.perf_counter()
        self.last_hand_over = -1
        self.acting: asyncio.Task[None] | None = None
        """The player thinking, then sending an action (the socket is read meanwhile)."""

    async def run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        # (a close with a code other than 1000/1001 raises: the caller reads the code, and reconnects
        # after 1012 "table moved" or 1013 "too slow a reader", as the web page does)
        pinger = asyncio.create_task(self._ping()) if self.style.ping_every > 0 else None
        try:
            with contextlib.suppress(ConnectionClosed):
                if self.deltas:
                    await self._sync()
                if self.carry.unanswered is not None:  # sent again with its id: the server applies it once
                    ident, text = self.carry.unanswered
                    self.carry.unanswered = None
                    self.stats.resent += 1
                    await self._send_text(text, ident, action=True)
                async for raw in self.ws:
                    if self.stop.is_set():
                        break
                    await self._on(orjson.loads(raw))
        finally:
            for task in (pinger, self.acting):
                if task is not None:
                    task.cancel()

    def hand_over_unanswered(self) -> None:
        """The socket is gone: the action it did not see answered goes to the next one."""
        if self.pending is not None and self.pending_text is not None:
            self.carry.unanswered = (self.pending[0], self.pending_text)

    async def _ping(self) -> None:
        """A ``ping`` message after ``ping_every`` quiet seconds, as the web page sends."""
        every = self.style.ping_every
        while True:
            await asyncio.sleep(max(0.5, every - (time.perf_counter() - self.last_sent)))
            if time.perf_counter() - self.last_sent >= every:
                self.last_sent = time.perf_counter()
                await self.ws.send(b'{"type":"ping"}', text=True)

    async def _on(self, message: dict[str, Any]) -> None:
        stats = self.stats
        if self.dropped_at is not None and message["type"] == "state":  # the first state after a drop
            stats.reconnects.append(time.perf_counter() - self.dropped_at)
            self.dropped_at = None
        if self.pending is not None and message.get("reply_to") == self.pending[0]:
            self.latencies.append(time.perf_counter() - self.pending[1])
            if message["type"] == "error":
                stats.refused += 1
            elif self.pending_text is not None:
                stats.confirmed += 1
                stats.confirmed_ids.add((self.table_id, self.pending[0]))
            self.pending, self.pending_text = None, None
        if not self._follow(message):
            if message["type"] == "delta":  # a delta on a version this client does not hold
                await self._sync()
            return
        if self.pending is not None or self.style.watch:
            return
        if self.status == "between" and self.you is not None:
            if self.hand_no != self.last_hand_over:
                self.last_hand_over = self.hand_no
                stats.hands += self.you == 0
                await self._send({"type": "ready"})
            return
        legal = message["legal"]
        if legal and (self.acting is None or self.acting.done()):  # think while the socket is read on
            self.acting = asyncio.create_task(self._act(legal))

    async def _act(self, legal: list[str]) -> None:
        from websockets.exceptions import ConnectionClosed

        await self._think()
        if self.stop.is_set() or self.pending is not None:
            return
        ident = self._next_id()
        with contextlib.suppress(ConnectionClosed):  # (the reader sees the close)
            await self._send_text(action_bytes(choose(legal, self.rng), ident), ident, action=True)

    async def _think(self) -> None:
        style = self.style
        if style.pause > 0 and self.rng.random() < style.pause:
            await asyncio.sleep(self.rng.uniform(*Style.PAUSE_S))
        elif style.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5 * style.think, 1.5 * style.think))

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

    def _next_id(self) -> int:
        self.carry.ident += 1
        return self.carry.ident

    async def _sync(self) -> None:
        """Ask for the whole state (not awaited as an answer: an action's answer may still come first)."""
        self.last_sent = time.perf_counter()
        await self.ws.send(orjson.dumps({"type": "sync", "deltas": True, "id": self._next_id()}), text=True)

    async def _send(self, payload: dict[str, Any]) -> None:
        ident = self._next_id()
        await self._send_text(orjson.dumps({**payload, "id": ident}), ident, action=False)

    async def _send_text(self, text: bytes, ident: int, action: bool) -> None:
        self.pending, self.pending_text = (ident, time.perf_counter()), text if action else None
        self.last_sent = time.perf_counter()
        await self.ws.send(text, text=True)  # a text frame, as the web page sends
