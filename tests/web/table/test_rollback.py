"""A step whose write fails leaves the table exactly as the step found it (``table/durability.py``).

The rollback copies the match only every few steps and replays the events stored since: bots play whole
hands on a live table whose store fails at chosen steps; after every failed step the table (its whole
hand, match, seats and fields) equals what it was before that step, and at the end it equals a table
that was given only the steps that were stored.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.core.history_step import snapshot as hand_state
from burraco.core.options import Rules
from burraco.web.persistence import db
from burraco.web.protocol.messages import ErrorCode
from burraco.web.table.durability import CHECKPOINT_EVERY, SNAPSHOT_FIELDS
from burraco.web.table.events import TableEvent
from burraco.web.table.live import Runtime, Table, TableConfig, TableError
from burraco.web.table.model import Status
from burraco.web.table.seats import Seat


class FailingTable(Table):
    """A live table whose store fails the steps numbered in ``failing`` (counted from 0)."""

    def __init__(self, seed: int, players: int, failing: set[int]) -> None:
        runtime = Runtime(db.Store("sqlite://"), clock=lambda: 100.0, wallclock=lambda: 1.8e9)  # (no time passes)
        super().__init__(1, TableConfig("rollback", "classic", Rules(players=players, target=1005), seed), runtime)
        self.failing, self.steps, self.armed = failing, 0, False

    async def _store(self, rows: list[dict[str, Any]], status: str | None) -> None:
        if not self.armed:  # (the seats are taken whatever happens)
            return
        step, self.steps = self.steps, self.steps + 1
        if step in self.failing:
            raise TableError("the store failed", ErrorCode.STORE_FAILED)


def state(table: Table) -> tuple[Any, ...]:
    """Everything a step may change, as comparable values."""
    hand, match = table.match.current, table.match
    return (
        hand_state(hand) if hand is not None else None,
        (list(match.totals), [repr(r) for r in match.results], match.timed_out, match.dealer),
        [(s.user_id, s.name, s.bot, s.ready, s.left, s.standin) for s in table.seats],
        {name: repr(getattr(table, name)) for name in SNAPSHOT_FIELDS if name != "last_hand"},
        hand_state(table.last_hand) if table.last_hand is not None else None,
    )


async def run(seed: int, players: int, failing: set[int], steps: int) -> tuple[FailingTable, Table, int]:
    """Play ``steps`` steps of random legal moves (and deals) on a table whose store fails at ``failing``,
    and the same stored steps on a table that never fails; the two tables and the failures seen."""
    rng = random.Random(seed)
    table, reference = FailingTable(seed, players, failing), FailingTable(seed, players, set())
    failures = 0
    for t in (table, reference):
        for seat in range(players):
            await t.event(TableEvent.bot(seat, "easy", f"Bot {seat}", 1000 + seat))
        t.armed = True
    await reference.maybe_start()
    while table.status == Status.WAITING:
        try:
            await table.maybe_start()
        except TableError:
            failures += 1
    for _ in range(steps):
        if table.status == Status.OVER:
            break
        before = state(table)
        hand = table.match.current
        try:
            if table.status == Status.BETWEEN:
                await table.maybe_deal(force=True)
                stored = None
            else:
                assert hand is not None
                stored = rng.choice(hand.legal_actions())
                await table.act(hand.to_play, stored)
        except TableError as error:
            assert error.code == ErrorCode.STORE_FAILED
            failures += 1
            assert state(table) == before  # exactly as the step found it
            continue
        if stored is None:
            await reference.maybe_deal(force=True)
        else:
            assert reference.match.current is not None
            await reference.act(reference.match.current.to_play, stored)
        assert state(table) == state(reference)
    return table, reference, failures


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 4]),
    failing=st.sets(st.integers(0, 3 * CHECKPOINT_EVERY), max_size=20),
)
def test_a_failed_step_leaves_the_table_as_it_found_it(seed: int, players: int, failing: set[int]) -> None:
    table, reference, _failures = asyncio.run(run(seed, players, failing, 3 * CHECKPOINT_EVERY))
    assert state(table) == state(reference)


def test_rollbacks_across_checkpoints_hands_and_the_match_end() -> None:
    """Every fifth step fails, over a whole short match: rollbacks replay across checkpoints and deals."""
    failing = set(range(3, 5000, 5))
    table, reference, failures = asyncio.run(run(7, 2, failing, 4000))
    assert failures > 100 and table.hand_no >= 2
    assert state(table) == state(reference) and table.seq == reference.seq


def test_a_refused_move_changes_nothing_and_replays_nothing() -> None:
    """The engine refuses before it changes anything: the step puts back only its seats and fields (the
    match is the same object, not a replayed copy) and the next move plays on."""

    async def scenario() -> None:
        table, _reference, _failures = await run(3, 2, set(), 10)
        hand = table.match.current
        assert hand is not None and table.status == Status.PLAYING
        before, match = state(table), table.match
        with pytest.raises(IllegalActionError):
            await table.act(hand.to_play, Action("attach", (0,), 99))  # (no meld 99: illegal in any phase)
        assert state(table) == before and table.match is match
        seq, played = table.seq, len(hand.log)
        await table.act(hand.to_play, hand.legal_actions()[0])
        assert table.seq == seq + 1 and len(hand.log) == played + 1

    asyncio.run(scenario())


def test_a_seat_copy_holds_every_field_and_is_its_own() -> None:
    """A step keeps copies of the seats to go back to: a copy equals its seat in every field (a field
    added to :class:`Seat` and forgotten by :meth:`Seat.copy` fails here) and changes apart from it."""
    values = {"user_id": 7, "name": "Ada", "bot": "expert", "left": True, "standin": True}
    values |= {"connections": 3, "absent_since": 12.5, "ready": True, "back_asked": True}
    assert set(values) == {f.name for f in dataclasses.fields(Seat)}
    seat = Seat(**values)  # type: ignore[arg-type]
    copy = seat.copy()
    assert copy == seat and copy is not seat
    copy.connections = 0
    assert seat.connections == 3
