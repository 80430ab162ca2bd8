"""Finished hands rebuilt from a table's stored events, for replays and hand histories."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.options import Rules
from burraco.web.persistence.repositories.tables import TableRepository


class ReplayRefused(Exception):
    """The hand cannot be opened: ``status`` is the HTTP answer (404 missing, 403 still played)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(slots=True)
class HandReplay:
    """A hand at its deal, and its actions (with their seats) as stored."""

    rules: Rules
    match: Match
    actions: list[str]
    seats: list[int]
    preset: str
    timeout_at: int = -1
    """How many of ``actions`` came before the turn's time-out (Art. 28) was called; -1: none was."""

    @property
    def hand(self) -> Hand:
        hand = self.match.current
        assert hand is not None
        return hand

    def played(self) -> Hand:
        """A copy of the hand with every stored action applied (:class:`ReplayRefused` if unfinished)."""
        probe = self.advance(self.hand.clone(), len(self.actions))
        if not probe.is_over:
            raise ReplayRefused(403, "this hand is still being played: replays open finished hands only")
        return probe

    def advance(self, hand: Hand, step: int) -> Hand:
        """``hand`` after its first ``step`` stored actions (and the time-out, where it was called)."""
        for index, text in enumerate(self.actions[:step]):
            if index == self.timeout_at and not hand.is_over:
                hand.call_time_out()
            hand.apply(Action.parse(text))
        if step == self.timeout_at == len(self.actions) and not hand.is_over:
            hand.call_time_out()
        return hand


def load_hand(tables: TableRepository, table_id: int, upto: int) -> HandReplay:
    """Rebuild a table's match from its events, stopping at the deal of hand ``upto``. Only a
    finished match is opened: its deals would tell the secret seed of the hands still to come."""
    row, evs = tables.for_replay(table_id, upto)
    if row is None:
        raise ReplayRefused(404, f"no table {table_id}")
    if row.status != "over":
        raise ReplayRefused(403, "this match is still being played: replays open when the match is over")
    rules = Rules(**row.rules)
    replay = HandReplay(rules, Match(rules, int(row.seed)), [], [], row.preset)
    hand_no = 0
    for e in evs:
        hand_no = _replay_event(replay, e, hand_no, upto)
    if hand_no < upto or replay.match.current is None:
        raise ReplayRefused(404, f"table {table_id} has no hand {upto}")
    return replay


def _replay_event(replay: HandReplay, e: Any, hand_no: int, upto: int) -> int:
    match = replay.match
    if e.kind == "deal":
        match.start_hand()
        return hand_no + 1
    if hand_no == upto:
        if e.kind == "action":
            replay.actions.append(e.text)
            replay.seats.append(e.seat)
        elif e.kind == "timeout":
            replay.timeout_at = len(replay.actions)
    elif e.kind == "action" and match.current is not None:
        match.current.apply(Action.parse(e.text))
        if match.current.is_over:
            match.finish_hand()
    elif e.kind == "timeout":
        match.time_out()
    return hand_no
