"""The real page applies the server's deltas exactly (static/delta.js; docs/web.md "WebSocket protocol").

A player plays turns of a 4-player hand against bots in Chromium. After every message the page handles,
the state it holds (``app.wire``) is recorded; the test rebuilds the same messages with
``protocol/delta.py``'s :func:`apply_delta` (shown equal to full states at every step by
tests/web/table/test_deltas.py) and the two agree at every step; at the end a full state (``sync``)
equals what the deltas built.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from test_browser import as_guest, browser, play_turns, practice_table, server, shot  # noqa: F401

from burraco.web.protocol.delta import apply_delta

# every state the page takes in (each assignment to app.wire, ui.js's app), as JSON
RECORD_WIRES = """
window.__wires = [];
import('/static/ui.js').then(({ app }) => {
  let wire = app.wire;
  Object.defineProperty(app, 'wire', {
    get: () => wire,
    set: (value) => { wire = value; if (value) window.__wires.push(JSON.stringify(value)); },
  });
});
"""
KEYS = ("v", "you", "table", "view", "legal")


def mirror(state: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """What the page holds after ``message``, as static/table.js merges a state and delta.js a delta."""
    kind = message["type"]
    if kind == "watchers" and state is not None:
        return {**state, "table": {**state["table"], "watchers": message["count"]}}
    if kind == "delta":
        return apply_delta(state, message) or state  # (a mismatch: the page asks sync and keeps its state)
    if kind != "state":
        return state
    table = {**(state["table"] if state else {}), **message["table"]}
    view = message["view"]
    if view is not None and view["log_from"] > 0:
        known = state["view"]["log"] if state and state["view"] else []
        view = {**view, "log": known[: view["log_from"]] + view["log"]}
    return {**message, "table": table, "view": view}


def settle(page: Any, sockets: list[list[dict[str, Any]]]) -> None:
    """Wait until no message has come for half a second (and the page has handled the last ones)."""
    for _ in range(100):
        count = sum(map(len, sockets))
        page.wait_for_timeout(500)
        if sum(map(len, sockets)) == count:
            return
    raise AssertionError("the messages never stopped")


def test_the_page_rebuilds_every_state_from_deltas(server: str, tmp_path: Path) -> None:  # noqa: F811
    sockets: list[list[dict[str, Any]]] = []  # each table socket the page opened: what it received

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        received: list[dict[str, Any]] = []
        sockets.append(received)

        def from_server(message: str | bytes) -> None:
            received.append(json.loads(message))
            ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(lambda message: upstream.send(message))

    with browser(tmp_path, {"width": 1280, "height": 900}) as (page, errors):
        page.add_init_script(RECORD_WIRES)
        page.route_web_socket(re.compile(r".*/ws/tables/\d+$"), route)
        as_guest(page, server, "Delta")
        table = practice_table(page, 4, seed=31)
        page.goto(f"{server}/#/table/{table}")
        play_turns(page, 6)
        page.wait_for_function(
            "() => document.querySelector('#btn-draw') && !document.querySelector('#btn-draw').disabled"
        )
        settle(page, sockets)  # the bots have played: the player's turn again
        count = page.evaluate("() => window.__wires.length")
        page.evaluate("async () => (await import('/static/socket.js')).send({ type: 'sync' })")
        page.wait_for_function("(n) => window.__wires.length > n", arg=count)
        settle(page, sockets)
        shot(page, "desktop-deltas")
        wires = [json.loads(w) for w in page.evaluate("() => window.__wires")]
    assert errors == [] and len(sockets) == 1
    received = sockets[0]
    kinds = [m["type"] for m in received]
    assert kinds.count("delta") > 20 and kinds[-1] == "state"
    state: dict[str, Any] | None = None
    built = []  # the state after each message that gives the page a new one (a state, a delta that applies)
    for message in received:
        after = mirror(state, message)
        if message["type"] == "state" or (message["type"] == "delta" and after is not state):
            built.append(after)
        state = after
    assert len(built) == len(wires) > 20
    for step, (expected, wire) in enumerate(zip(built, wires, strict=True)):
        assert expected is not None
        assert {k: wire[k] for k in KEYS} == {k: expected[k] for k in KEYS}, step
    before, full = wires[-2], wires[-1]
    assert {**before, "v": 0} == {**full, "v": 0}  # the deltas had built the very full state
