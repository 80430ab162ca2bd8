"""A two-player match of short hands stored as a table's events (as a live table stores them), and the
analysis API's calls."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from burraco.bots.base import play_hand
from burraco.bots.heuristic import HeuristicBot
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.persistence import db, schema

MAX_TURNS = 10
"""Turns a hand lasts at most: a short hand, reviewed in a fraction of a second at a small budget."""


def user_of(client: TestClient, cookie: str) -> int:
    return int(client.get("/api/me", headers={"cookie": cookie}).json()["user"]["id"])


def stored_match(
    client: TestClient, seats: list[int], hands: int, over: bool, seed: int = 11, open_hand: bool = False
) -> int:
    """A table where ``seats`` (user ids) played ``hands`` finished hands (bots chose their moves);
    ``over``: its match is over; ``open_hand``: one more hand is being played (two moves made). Its id."""
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    rules = Rules(players=len(seats), max_turns=MAX_TURNS)
    match = Match(rules, seed)
    events: list[dict[str, Any]] = []

    def add(hand: int, kind: str, seat: int, text: str, user_id: int | None = None) -> None:
        events.append({"seq": len(events), "hand": hand, "kind": kind, "seat": seat, "text": text, "user_id": user_id})

    for seat, user in enumerate(seats):
        add(0, "sit", seat, f"player {user}", user)
    for number in range(1, hands + 1):
        hand = match.start_hand()
        add(number, "deal", hand.dealer, "")
        play_hand(
            hand, [HeuristicBot() for _ in seats], lambda seat, action, n=number: add(n, "action", seat, str(action))
        )
        match.finish_hand()
    if open_hand:
        hand = match.start_hand()
        add(hands + 1, "deal", hand.dealer, "")
        for _ in range(2):
            seat = hand.to_play
            action = HeuristicBot().choose(observe(hand, seat), hand.legal_actions())
            hand.apply(action)
            add(hands + 1, "action", seat, str(action))
    row = {
        "name": "analysed",
        "preset": "fibur",
        "rules": rules.to_dict(),
        "seed": seed,
        "turn_timer": 60.0,
        "grace": 0.0,
        "status": "over" if over else "playing",
        "created_by": seats[0],
        "created_at": time.time(),
    }

    def write(c: Any) -> int:
        table_id = db.new_id(c.execute(schema.tables.insert().values(**row)))
        c.execute(schema.events.insert(), [{**e, "table_id": table_id, "at": 0.0} for e in events])
        return table_id

    return store.write(write).result()


def set_status(client: TestClient, table_id: int, status: str) -> None:
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    store.write(
        lambda c: c.execute(schema.tables.update().where(schema.tables.c.id == table_id).values(status=status))
    ).result()


def rows(client: TestClient) -> list[tuple[int, int, int, str, int]]:
    """Every stored analysis: (table, hand, seat, state, attempts)."""
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    t = schema.hand_analyses.c
    return store.read(
        lambda c: [tuple(r) for r in c.execute(select(t.table_id, t.hand, t.seat, t.state, t.attempts).order_by(t.id))]
    )


def ask(client: TestClient, cookie: str, table_id: int, hand: int, seat: int | None = None) -> Any:
    body = {} if seat is None else {"seat": seat}
    return client.post(f"/api/tables/{table_id}/hands/{hand}/analysis", json=body, headers={"cookie": cookie})


def look(client: TestClient, cookie: str | None, table_id: int, hand: int) -> Any:
    headers = {"cookie": cookie} if cookie else {}
    return client.get(f"/api/tables/{table_id}/hands/{hand}/analysis", headers=headers)


def wait_done(client: TestClient, cookie: str, table_id: int, hand: int, seconds: float = 60.0) -> dict[str, Any]:
    """Poll the analysis (as the page does) until no job is queued or running."""
    deadline = time.monotonic() + seconds
    while True:
        answer = look(client, cookie, table_id, hand).json()
        if answer["jobs"] and all(job["state"] in ("done", "failed") for job in answer["jobs"]):
            return answer  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, answer
        time.sleep(0.1)
