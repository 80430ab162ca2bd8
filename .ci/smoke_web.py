"""CI smoke test of the README's first command: the page is the game, and a dealt hand arrives.

Run with the Python of the venv the first command made, while its ``burraco serve`` runs:
``python .ci/smoke_web.py http://127.0.0.1:8000``. It waits for the page, checks that it is the
Burraco web app, becomes a guest, opens a table against a computer opponent, opens the table's
WebSocket and waits for the first deal: 11 cards in its own hand. Exit 0 on success, 1 with one
line saying what failed otherwise.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.error
import urllib.request
from typing import Any

from websockets.asyncio.client import connect

WAIT_FOR_PAGE_S = 60.0
WAIT_FOR_DEAL_S = 30.0


def fail(message: str) -> None:
    print(f"smoke: FAILED: {message}", file=sys.stderr)
    raise SystemExit(1)


def wait_for_page(base: str) -> str:
    deadline = time.monotonic() + WAIT_FOR_PAGE_S
    while True:
        try:
            with urllib.request.urlopen(f"{base}/", timeout=5) as response:
                return str(response.read().decode("utf-8"))
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                fail(f"no page at {base}/ after {WAIT_FOR_PAGE_S:.0f} s")
            time.sleep(0.5)


def post(base: str, path: str, body: dict[str, Any], cookie: str = "") -> tuple[dict[str, Any], str]:
    headers = {"content-type": "application/json", "origin": base}
    if cookie:
        headers["cookie"] = cookie
    request = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            set_cookie = response.headers.get("set-cookie", "")
            return json.loads(response.read()), set_cookie.split(";", 1)[0]
    except urllib.error.HTTPError as error:
        fail(f"POST {path} answered {error.code}: {error.read()[:300]!r}")
        raise


async def first_deal(base: str, table_id: int, cookie: str) -> list[str]:
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    async with connect(url, additional_headers={"cookie": cookie, "origin": base}) as socket:
        while True:
            message = json.loads(await socket.recv())
            view = message.get("view") if message.get("type") == "state" else None
            if view and view.get("hand"):
                return list(view["hand"])


def main(base: str) -> None:
    page = wait_for_page(base)
    if "Burraco" not in page or "app.js" not in page:
        fail("the page at / is not the Burraco web app")
    _, cookie = post(base, "/api/guest", {"nickname": "ci"})
    if not cookie:
        fail("POST /api/guest set no session cookie")
    created, _ = post(base, "/api/tables", {"players": 2, "sit": True, "bots": "normal"}, cookie)
    table_id = int(created["table"]["id"])
    try:
        hand = asyncio.run(asyncio.wait_for(first_deal(base, table_id, cookie), WAIT_FOR_DEAL_S))
    except TimeoutError:
        fail(f"no dealt hand on table {table_id} within {WAIT_FOR_DEAL_S:.0f} s")
    if len(hand) != 11:
        fail(f"the first deal gave {len(hand)} cards, not 11: {hand}")
    print(f"smoke: the web app at {base} dealt table {table_id}: {' '.join(hand)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
