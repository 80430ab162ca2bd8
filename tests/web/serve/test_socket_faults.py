"""Clients that hold a table socket without playing, on the server users run (``burraco serve``): each
gets a clear close code, and its seat counts as absent from then on.

* one that answers the transport's pings and sends nothing else: closed with 4008 after
  ``socket_silence`` seconds (5 here; 120 by default, a page pings every 15 s);
* one that floods ping frames: closed with 1008;
* one that goes on sending after many "too many messages" answers: closed with 4029;
* one user's reconnect loop over many tabs: past the per-user socket cap each new one is closed with
  4430, and once the loop stops the user's slots are free again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import pytest
from serve_helpers import served
from test_socket_holds import guest, new_table, open_socket
from websockets.exceptions import ConnectionClosed

from burraco.web.protocol.close_codes import CloseCode
from burraco.web.table.limits import Limits


async def _closed(ws: object, within: float) -> tuple[int | None, float]:
    """Read until the server closes ``ws``: its close code and the seconds it took."""
    started = time.monotonic()
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), within)  # type: ignore[attr-defined]
    return ws.close_code, time.monotonic() - started  # type: ignore[attr-defined]


async def _silent_and_floods(base: str) -> None:
    player = guest(base, "Muto")
    table = new_table(base, player, bots="intermediate")
    silent = await open_socket(base, table, player)
    code, after = await _closed(silent, 30)
    assert code == CloseCode.SILENT and 5 <= after <= 10, (code, after)
    # its seat is absent from then on: the next socket sees it taken back, the hand as it was
    back = await open_socket(base, table, player)
    state = json.loads(await asyncio.wait_for(back.recv(), 10))
    assert state["type"] == "state" and len(state["view"]["hand"]) >= 11
    await back.close()

    pinger = await open_socket(base, table, player)
    with pytest.raises(ConnectionClosed):
        for _ in range(200):
            await pinger.ping()
            await asyncio.sleep(0.005)
    await asyncio.sleep(0.5)
    assert pinger.close_code == 1008, pinger.close_code

    flooder = await open_socket(base, table, player)
    with contextlib.suppress(ConnectionClosed):
        for i in range(2000):
            await flooder.send(json.dumps({"type": "ping", "id": i}))
    code, _ = await _closed(flooder, 10)
    assert code == CloseCode.FLOOD, code


def test_silent_sockets_and_floods_are_closed_with_their_codes(tmp_path: Path) -> None:
    with served(tmp_path, socket_silence="5") as port:
        asyncio.run(_silent_and_floods(f"http://127.0.0.1:{port}"))


async def _many_tabs(base: str) -> None:
    player = guest(base, "Schede")
    table = new_table(base, player, bots="intermediate")
    cap = Limits().max_sockets_per_user
    for _ in range(3):  # a reconnect loop: every tab opens, the extra ones are refused, all close
        tabs = [await open_socket(base, table, player) for _ in range(cap + 3)]
        refused = []
        for ws in tabs[cap:]:
            refused.append((await _closed(ws, 10))[0])
        assert refused == [CloseCode.TOO_MANY_SOCKETS] * 3
        for ws in tabs[:cap]:
            await ws.close()
    await asyncio.sleep(0.5)  # the slots are given back as the sockets end
    again = await open_socket(base, table, player)
    assert json.loads(await asyncio.wait_for(again.recv(), 10))["type"] == "state"
    await again.close()


def test_a_reconnect_loop_over_many_tabs_holds_no_slot(tmp_path: Path) -> None:
    with served(tmp_path) as port:
        asyncio.run(_many_tabs(f"http://127.0.0.1:{port}"))
