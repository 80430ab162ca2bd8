"""The table actor (``table_actor.py``): one task runs a table's work, in order, one piece at a time."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.web.table.actor import TableActor


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(sleeps=st.lists(st.integers(0, 3), min_size=1, max_size=12))
def test_work_runs_in_the_order_asked_never_two_at_once(sleeps: list[int]) -> None:
    async def main() -> tuple[list[int], list[int]]:
        actor = TableActor()
        seen: list[int] = []
        running = [0]

        async def work(n: int) -> int:
            running[0] += 1
            assert running[0] == 1
            for _ in range(sleeps[n]):
                await asyncio.sleep(0)
            seen.append(n)
            running[0] -= 1
            return n * 10

        results = await asyncio.gather(*(actor.run(lambda n=n: work(n)) for n in range(len(sleeps))))
        assert not actor.busy  # the task ended with the mailbox empty
        return seen, list(results)

    seen, results = run(main())  # type: ignore[misc]
    assert seen == list(range(len(sleeps)))
    assert results == [n * 10 for n in range(len(sleeps))]


def test_work_asked_of_an_idle_table_starts_in_the_same_turn_and_waits_in_the_tables_task() -> None:
    async def main() -> tuple[list[str], set[object]]:
        actor = TableActor()
        order: list[str] = []
        tasks: set[object] = set()

        async def step() -> str:
            order.append("step starts")
            tasks.add(asyncio.current_task())
            await asyncio.sleep(0)  # the store
            tasks.add(asyncio.current_task())
            order.append("step ends")
            return "done"

        async def later() -> None:
            tasks.add(asyncio.current_task())
            order.append("queued piece")

        asyncio.get_running_loop().call_soon(order.append, "other callback")
        queued = asyncio.create_task(actor.run(later))  # asks once the step has started
        asker = asyncio.current_task()
        assert await actor.run(step) == "done"
        await queued
        assert not actor.busy
        tasks.discard(asker)
        return order, tasks

    order, tasks = run(main())  # type: ignore[misc]
    # the step began before a callback that was ready first (no extra turn of the loop), and the
    # piece asked while it waited ran after it, in the same task as the step's rest
    assert order.index("step starts") < order.index("other callback")
    assert order.index("step ends") < order.index("queued piece")
    assert len(tasks) == 1  # the asker ran the step's start, the table's task its rest and the queued piece


def test_work_that_never_waits_costs_no_task() -> None:
    async def main() -> tuple[int, int, bool]:
        actor = TableActor()
        before = len(asyncio.all_tasks())

        async def instant() -> int:
            return 5

        result = await actor.run(instant)
        return result, len(asyncio.all_tasks()) - before, actor.busy

    assert run(main()) == (5, 0, False)


def test_work_told_while_a_piece_starts_runs_after_it() -> None:
    async def main() -> list[str]:
        actor = TableActor()
        order: list[str] = []

        async def told() -> None:
            order.append("told")

        async def instant() -> None:
            actor.tell(told)
            order.append("instant")

        await actor.run(instant)
        await actor.run(lambda: asyncio.sleep(0))
        return order

    assert run(main()) == ["instant", "told"]


def test_an_error_reaches_its_asker_and_the_actor_goes_on() -> None:
    async def main() -> list[object]:
        actor = TableActor()

        async def fail() -> int:
            raise ValueError("refused")

        async def fine() -> int:
            return 7

        return await asyncio.gather(actor.run(fail), actor.run(fine), return_exceptions=True)

    first, second = run(main())  # type: ignore[misc]
    assert isinstance(first, ValueError) and str(first) == "refused" and second == 7


def test_started_work_ends_even_if_its_asker_goes_and_waiting_work_is_skipped() -> None:
    async def main() -> list[str]:
        actor = TableActor()
        done: list[str] = []
        gate = asyncio.Event()

        async def slow() -> None:
            await gate.wait()
            done.append("slow")

        async def skipped() -> None:
            done.append("skipped")

        asker = asyncio.create_task(actor.run(slow))
        waiter = asyncio.create_task(actor.run(skipped))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        asker.cancel()
        waiter.cancel()
        await asyncio.sleep(0)
        gate.set()
        await actor.run(lambda: asyncio.sleep(0))  # everything before it is settled
        with pytest.raises(asyncio.CancelledError):
            await asker
        return done

    assert run(main()) == ["slow"]


def test_work_asked_from_inside_the_actor_runs_at_once() -> None:
    async def main() -> list[str]:
        actor = TableActor()
        order: list[str] = []

        async def inner() -> None:
            order.append("inner")

        async def outer() -> None:
            order.append("outer")
            await actor.run(inner)  # would wait for ever behind itself if it were queued
            order.append("outer again")

        await asyncio.wait_for(actor.run(outer), 1.0)
        return order

    assert run(main()) == ["outer", "inner", "outer again"]


def test_work_told_runs_even_when_its_teller_is_being_cancelled() -> None:
    async def main() -> list[str]:
        actor = TableActor()
        done: list[str] = []

        async def clean_up() -> None:
            done.append("cleaned")

        async def handler() -> None:
            try:
                await asyncio.sleep(10)
            finally:  # torn down: every await here would be cancelled again (anyio's cancel scopes)
                actor.tell(clean_up)

        task = asyncio.create_task(handler())
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await actor.run(lambda: asyncio.sleep(0))
        return done

    assert run(main()) == ["cleaned"]
