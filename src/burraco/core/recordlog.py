"""The hand's log: an append-only sequence of records that a hand, its clones and its
observations share (docs/rules.md §5 decides what each seat sees; :mod:`burraco.core.hand` does).

A :class:`RecordLog` reads like a tuple of :class:`~burraco.core.actions.Record` (length,
indexing, slicing to a list, iteration, equality with any list or tuple of records); only the
hand appends to it. :meth:`RecordLog.share` gives a second log over the same records in O(1):
each log keeps the shared list and its own length. The list is only ever appended to — its
first ``len(log)`` records never change — so a log whose length is the list's appends in place,
and a log that finds the list longer (another sharer appended first) copies its own prefix once
and goes on alone (copy on divergence). Cloning a hand or observing it copies no record.

>>> from burraco.core.actions import Record
>>> a = RecordLog([Record(0, 1, "draw", (7,), private=True)])
>>> b = a.share()
>>> a.append(Record(1, 1, "discard", (7,)))
>>> b.append(Record(1, 1, "discard", (9,)))
>>> len(a), len(b), a[1].cards, b[-1].cards, a[:1] == b[:1], a == b
(2, 2, (7,), (9,), True, False)
>>> a.secret_seats  # seats whose private cards the log shows (bit per seat)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import overload

from burraco.core.actions import Record


class RecordLog:
    """An append-only log of records, shared with its copies until one of them diverges."""

    __slots__ = ("_items", "_secrets", "_size")

    def __init__(self, records: Iterable[Record] = (), share_of: RecordLog | None = None) -> None:
        """A log holding ``records`` (copied), or — ``share_of`` — the same records as that log."""
        if share_of is not None:
            self._items: list[Record] = share_of._items
            self._size: int = share_of._size
            self._secrets: int = share_of._secrets
            return
        self._items = []
        self._size = 0
        self._secrets = 0
        for record in records:
            self.append(record)

    def share(self) -> RecordLog:
        """An independent log with the same records, copying none of them."""
        return RecordLog((), self)

    def append(self, record: Record) -> None:
        """Add ``record`` at the end (only the hand calls this)."""
        items = self._items
        if len(items) != self._size:
            items = self._items = items[: self._size]  # another sharer appended first: diverge
        items.append(record)
        self._size += 1
        if record.private and record.cards:
            self._secrets |= 1 << record.seat

    @property
    def secret_seats(self) -> int:
        """Bit ``1 << seat`` for every seat whose private cards this log shows (a draw's card, a
        pozzetto's cards): a log showing nobody's but ``seat``'s is already ``seat``'s view."""
        return self._secrets

    def records(self) -> list[Record]:
        """The records as a new list."""
        return self._items[: self._size]

    def __len__(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return self._size > 0

    @overload
    def __getitem__(self, index: int) -> Record: ...

    @overload
    def __getitem__(self, index: slice) -> list[Record]: ...

    def __getitem__(self, index: int | slice) -> Record | list[Record]:
        if isinstance(index, slice):
            return self._items[: self._size][index]
        size = self._size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[Record]:
        return islice(self._items, self._size)

    def __reversed__(self) -> Iterator[Record]:
        return reversed(self._items[: self._size])

    def __contains__(self, record: object) -> bool:
        return record in self._items[: self._size]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RecordLog):
            if self._size != other._size:
                return False
            if self._items is other._items:
                return True
            return self._items[: self._size] == other._items[: other._size]
        if isinstance(other, list | tuple):
            return len(other) == self._size and self._items[: self._size] == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._items[: self._size]))

    def __repr__(self) -> str:
        return f"RecordLog({self._items[: self._size]!r})"


Sequence.register(RecordLog)
