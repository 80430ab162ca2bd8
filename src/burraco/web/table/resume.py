"""Run a coroutine up to its first wait in the caller, and the rest of it later, elsewhere.

A table's work starts in its asker's task and, if it waits, goes on in the table's task
(``actor.py``); a message goes out on its socket at once and, if the socket makes it wait, its
send is finished by the socket's sender task (``connection.py``). :class:`Rest` is what is left of
such a coroutine: awaiting it goes on from where it stopped.

>>> import asyncio
>>> async def twice(n: int) -> int:
...     await asyncio.sleep(0)
...     return 2 * n
>>> coro = as_coroutine(twice(21))
>>> waiting_on = coro.send(None)  # (it stopped at its first wait)
>>> async def finish() -> int:
...     return await Rest(coro, waiting_on)
>>> asyncio.run(finish())
42
"""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Rest(Generic[T]):
    """The rest of a coroutine already run up to its first wait: awaiting this goes on from there."""

    __slots__ = ("_coro", "_waiting_on")

    def __init__(self, coro: Coroutine[Any, Any, T], waiting_on: Any) -> None:
        self._coro, self._waiting_on = coro, waiting_on

    def __await__(self) -> Generator[Any, Any, T]:
        coro, waiting_on = self._coro, self._waiting_on
        while True:  # what ``yield from coro`` does, from the middle of it
            try:
                sent = yield waiting_on
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as error:  # cancellation reaches the work where it waits
                try:
                    waiting_on = coro.throw(error)
                except StopIteration as stop:
                    return stop.value  # type: ignore[no-any-return]
            else:
                try:
                    waiting_on = coro.send(sent)
                except StopIteration as stop:
                    return stop.value  # type: ignore[no-any-return]


def as_coroutine(awaitable: Awaitable[T]) -> Coroutine[Any, Any, T]:
    if isinstance(awaitable, Coroutine):
        return awaitable
    return _await(awaitable)


async def _await(awaitable: Awaitable[T]) -> T:
    return await awaitable
