"""Absent players, handled as the portals do and said out loud.

A turn whose timer runs out is finished by the computer for the player (the table's ``timer``
event); every table record played that way is marked, so the log can say "played for the absent
player". After :data:`MAX_TIMEOUTS` timeouts in a row the computer takes the seat over (a ``standin``
event, shown as such) until the player takes it back (the ``back`` message) or reconnects.

:class:`Absence` is a value (each change returns a new one), so a rolled-back step restores it.

>>> a = Absence.empty(2).timed_out(1).timed_out(1)
>>> a.timeouts, a.take_over(1)
((0, 2), False)
>>> a.timed_out(1).take_over(1), a.moved(1).timeouts
(True, (0, 0))
>>> a.played_for(1, range(4, 6)).auto
((4, 1), (5, 1))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

MAX_TIMEOUTS: Final = 3
"""Timeouts in a row after which the computer takes the seat over."""


@dataclass(frozen=True, slots=True)
class Absence:
    """Timeouts in a row per seat, and the current hand's records played for an absent player."""

    timeouts: tuple[int, ...]
    auto: tuple[tuple[int, int], ...] = ()

    @classmethod
    def empty(cls, players: int) -> Absence:
        return cls((0,) * players)

    def timed_out(self, seat: int) -> Absence:
        counts = list(self.timeouts)
        counts[seat] += 1
        return replace(self, timeouts=tuple(counts))

    def moved(self, seat: int) -> Absence:
        """The player moved by themself: the count starts again."""
        if self.timeouts[seat] == 0:
            return self
        counts = list(self.timeouts)
        counts[seat] = 0
        return replace(self, timeouts=tuple(counts))

    def take_over(self, seat: int) -> bool:
        return self.timeouts[seat] >= MAX_TIMEOUTS

    def played_for(self, seat: int, records: Iterable[int]) -> Absence:
        return replace(self, auto=self.auto + tuple((i, seat) for i in records))

    def new_hand(self) -> Absence:
        return replace(self, auto=())

    def to_dict(self) -> dict[str, Any]:
        """``{"timeouts": [...], "max_timeouts": n, "auto": [[record index, seat], ...]}`` for the page."""
        return {"timeouts": list(self.timeouts), "max_timeouts": MAX_TIMEOUTS, "auto": [list(a) for a in self.auto]}
