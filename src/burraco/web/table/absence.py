"""Absent players, handled as the portals do and said out loud.

A turn whose timer runs out gets the minimum turn (the table's ``timer`` event; ``timeout_turn.py``:
the computer draws from the stock if the player had not drawn, then discards, and never melds for them);
every table record played that way is marked, so the log can say "played for the absent player". After
:data:`MAX_TIMEOUTS` timeouts in a row, an absence longer than the grace period or a turn left without a
move for the idle limit, the computer takes the seat over (a ``standin`` event, shown as such) until the
player takes it back (the ``back`` message) or reconnects.

What the computer did in the seat is kept for the rest of the match (:class:`StandIn`): the hand and
the totals when it first took the seat, how many hands it played there, whether it plays now. A seat
it played for more than :data:`ABANDON_AFTER_HANDS` hands counts the match as abandoned by its player
(``results.py``: the same rule as a player who left).

:class:`Absence` is a value (each change returns a new one), so a rolled-back step restores it, and it
changes only through the table's events (``events.py``), so a restart rebuilds it exactly.

>>> a = Absence.empty(2).timed_out(1).timed_out(1)
>>> a.timeouts, a.take_over(1)
((0, 2), False)
>>> a.timed_out(1).take_over(1), a.moved(1).timeouts
(True, (0, 0))
>>> a.played_for(1, range(4, 6)).auto
((4, 1), (5, 1))
>>> s = a.took_seat(1, 2, (120, 300)).standin_played(1, 2).standin_played(1, 2).new_hand().standin_played(1, 3)
>>> s.standins[1].to_dict(), s.abandoned(1), s.gave_back(1).standins[1].active
({'from_hand': 2, 'from_totals': [120, 300], 'hands': 2, 'active': True}, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

MAX_TIMEOUTS: Final = 3
"""Timeouts in a row after which the computer takes the seat over."""
ABANDON_AFTER_HANDS: Final = 1
"""A seat the computer played for more hands than this counts the match as abandoned by its player."""


@dataclass(frozen=True, slots=True)
class StandIn:
    """What the computer did in one seat during the match."""

    from_hand: int
    """The hand being played when it first took the seat."""
    from_totals: tuple[int, ...]
    """The match totals then (one per entrant)."""
    hands: int = 0
    """Hands it played at least one record of for the seat."""
    active: bool = True
    """Whether it plays the seat now."""
    last_hand: int = 0
    """The last hand counted in ``hands``."""

    def played(self, hand_no: int) -> StandIn:
        if self.last_hand == hand_no:
            return self
        return replace(self, hands=self.hands + 1, last_hand=hand_no)

    def to_dict(self) -> dict[str, Any]:
        totals = list(self.from_totals)
        return {"from_hand": self.from_hand, "from_totals": totals, "hands": self.hands, "active": self.active}


@dataclass(frozen=True, slots=True)
class Absence:
    """Timeouts in a row per seat, the current hand's records played for an absent player, and what the
    computer did in each seat it took over."""

    timeouts: tuple[int, ...]
    auto: tuple[tuple[int, int], ...] = ()
    standins: tuple[StandIn | None, ...] = ()

    @classmethod
    def empty(cls, players: int) -> Absence:
        return cls((0,) * players, (), (None,) * players)

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

    def took_seat(self, seat: int, hand_no: int, totals: Iterable[int]) -> Absence:
        """The computer takes ``seat`` (during hand ``hand_no``, the match standing at ``totals``); a seat
        it had before keeps its first hand, totals and count."""
        old = self.standins[seat]
        new = StandIn(hand_no, tuple(totals)) if old is None else replace(old, active=True)
        return self._with(seat, new)

    def gave_back(self, seat: int) -> Absence:
        """The player took the seat back."""
        old = self.standins[seat]
        return self if old is None else self._with(seat, replace(old, active=False))

    def standin_played(self, seat: int, hand_no: int) -> Absence:
        """The computer played a record of hand ``hand_no`` in the seat it took."""
        old = self.standins[seat]
        return self if old is None else self._with(seat, old.played(hand_no))

    def abandoned(self, seat: int) -> bool:
        """Whether the computer played ``seat`` for more than :data:`ABANDON_AFTER_HANDS` hands."""
        record = self.standins[seat]
        return record is not None and record.hands > ABANDON_AFTER_HANDS

    def _with(self, seat: int, record: StandIn) -> Absence:
        standins = list(self.standins)
        standins[seat] = record
        return replace(self, standins=tuple(standins))

    def to_dict(self) -> dict[str, Any]:
        """``{"timeouts": [...], "max_timeouts": n, "auto": [[record index, seat], ...], "standin": [null |
        {"from_hand", "from_totals", "hands", "active"}, ...]}`` for the page."""
        return {
            "timeouts": list(self.timeouts),
            "max_timeouts": MAX_TIMEOUTS,
            "auto": [list(a) for a in self.auto],
            "standin": [None if s is None else s.to_dict() for s in self.standins],
        }
