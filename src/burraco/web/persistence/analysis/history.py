"""A finished hand of a table as a core hand history (docs/hand-history.md), for its analysis.

Unlike a replay (``persistence/replay.py``), the match may still be going on: the history stays on the
server, where only a worker reads it, and a seat's review uses only what that seat saw. The hand
itself must be over.
"""

from __future__ import annotations

from burraco.core.hand import Hand
from burraco.core.history import write_history
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.web.persistence.replay import HandReplay, ReplayRefused, _replay_event
from burraco.web.persistence.repositories.tables import TableRepository


def finished_hand(tables: TableRepository, table_id: int, number: int) -> tuple[str, int, bool]:
    """The history text of hand ``number``, its number of players, and whether the match is over.
    Raises :class:`ReplayRefused` (404: no such table or hand; 403: the hand is still being played)."""
    replay, played, over = _played(tables, table_id, number)
    return write_history(played, preset=replay.preset), played.players, over


def hand_over(tables: TableRepository, table_id: int, number: int) -> tuple[int, bool]:
    """Hand ``number``'s number of players and whether the match is over, as :func:`finished_hand`
    checks them (without writing the history)."""
    _replay, played, over = _played(tables, table_id, number)
    return played.players, over


def _played(tables: TableRepository, table_id: int, number: int) -> tuple[HandReplay, Hand, bool]:
    row, evs = tables.for_replay(table_id, number)
    if row is None:
        raise ReplayRefused(404, f"no table {table_id}")
    rules = Rules(**row.rules)
    replay = HandReplay(rules, Match(rules, int(row.seed)), [], [], row.preset)
    hand_no = 0
    for e in evs:
        hand_no = _replay_event(replay, e, hand_no, number)
    if hand_no < number or replay.match.current is None:
        raise ReplayRefused(404, f"table {table_id} has no hand {number}")
    return replay, replay.played(), row.status == "over"
