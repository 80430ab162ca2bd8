"""Score terminals: a phone at each table of a paper turn enters the hands as they end, and the table's
confirmed result enters the turn as the director's typed score card does.

The director issues one unguessable code per table of a turn (no account needed to use it; valid
while that turn is the last one paired). N-S enter each hand (scored by
:mod:`burraco.tournament.hand_entry` through ``terminal_entry.py``: the page never scores); E-W
confirm the totals on the same phone or on their own. Every submission carries the phone's client
id and is stored once (a queue replayed after the connection came back changes nothing). Two phones
that entered different scores for one hand are a disagreement the director settles (the table's
confirmation is refused until one phone enters the hand again). A confirmed result is
:meth:`Tournament.enter_result` with both sides' game points, through ``online.save_online``.

The arbiter's rulings recorded on the table ("Chiama l'arbitro", ``rulings.py``) are shown with the
hand they name; an irregular hand's entry gives the arbiter's facts per side and the ids of the
rulings it follows (rulings of that table, turn and hand only), and its line is marked irregular.
Blocking (database): call it from a worker thread.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from fastapi import HTTPException

from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories.rulings import RulingRepository, RulingRow
from burraco.web.persistence.repositories.terminals import CodeRow, EntryRow, TerminalRepository
from burraco.web.table.tournament_clock import turn_minutes
from burraco.web.tournaments.online import online_of, save_online
from burraco.web.tournaments.refusals import own
from burraco.web.tournaments.service import TournamentService, run_step
from burraco.web.tournaments.terminal_entry import EntryIn, constants, irregular, score

if TYPE_CHECKING:
    from burraco.core.options import Rules
    from burraco.tournament.director import Tournament

CODE_BYTES: Final = 12
"""A code is 16 URL-safe characters: 96 random bits."""
CONFIRM: Final = 0
"""The ``hand`` of a confirmation."""


class Status(StrEnum):
    """Where a table's terminal stands."""

    WAITING = "waiting"
    """No hand entered yet."""
    ENTERING = "entering"
    TO_CONFIRM = "to_confirm"
    """Every hand of the turn entered; E-W have not confirmed."""
    DISAGREEMENT = "disagreement"
    CONFIRMED = "confirmed"
    FINISHED = "finished"
    """The table has a result that did not come from its terminal (the director's card)."""


def refusal(status: int, code: str, **params: Any) -> HTTPException:
    return HTTPException(status, {"code": f"score.{code}", "message": code.replace("_", " "), "params": params})


@dataclass(frozen=True, slots=True)
class Line:
    """One hand as the table has it: the latest entry of each phone; ``disagree`` when they differ."""

    hand: int
    ns: int
    ew: int
    entry: dict[str, Any]
    disagree: bool


def rules_of(t: Tournament) -> Rules:
    """A paper table of the event plays the preset of its VP table, for its hands (as online tables)."""
    from burraco.core.options import preset

    return preset(t.config.vp_table, hands_per_turn=t.config.hands)


def ruling_json(r: RulingRow) -> dict[str, Any]:
    """A ruling as the table's phone and the console show it beside its hand."""
    from burraco.arbiter import article

    return {
        "id": r.id,
        "hand": r.hand,
        "article": r.article,
        "title": article(r.article).title.to_dict(),
        "side": r.side,
        "words": r.ruling.get("words"),
        "effects": r.ruling.get("effects", []),
    }


def line_json(x: Line, rulings: list[RulingRow]) -> dict[str, Any]:
    """A hand's line: its points, whether it is irregular, and the rulings on it (``linked`` if its entry
    follows them)."""
    linked = set(x.entry.get("rulings") or ())
    return {
        "hand": x.hand,
        "ns": x.ns,
        "ew": x.ew,
        "entry": x.entry,
        "disagree": x.disagree,
        "irregular": irregular(EntryIn.model_validate(x.entry)),
        "rulings": [{"id": r.id, "article": r.article, "linked": r.id in linked} for r in rulings if r.hand == x.hand],
    }


def lines_of(entries: list[EntryRow]) -> list[Line]:
    """Each entered hand, in order: each phone's latest entry for it."""
    latest: dict[tuple[int, str], EntryRow] = {}
    for e in entries:
        if e.hand != CONFIRM:
            latest[(e.hand, e.device)] = e
    by_hand: dict[int, list[EntryRow]] = {}
    for (hand, _device), e in sorted(latest.items(), key=lambda item: item[1].id):
        by_hand.setdefault(hand, []).append(e)
    lines = []
    for hand in sorted(by_hand):
        rows = by_hand[hand]
        last = rows[-1]
        lines.append(Line(hand, last.ns, last.ew, last.entry, len({(r.ns, r.ew) for r in rows}) > 1))
    return lines


class Terminals:
    """The score terminals of the stored tournaments."""

    def __init__(self, svc: TournamentService, repo: TerminalRepository) -> None:
        self.svc = svc
        self.repo = repo
        self.rulings = RulingRepository(repo.store)

    # ------------------------------------------------------------------ the director
    def _owned(self, tournament_id: int, user: User | None) -> Tournament:
        director = self.svc.require_director(user)
        row, t = self.svc.load(tournament_id)
        if row.owner_id != director.id:
            raise own(403, "not_owner", owner=row.owner)
        return t

    def issue(self, tournament_id: int, user: User | None, turn: int) -> list[CodeRow]:
        """A code for every table of ``turn`` that has none yet; every table's code."""
        t = self._owned(tournament_id, user)
        tables = run_step(t, lambda x: x.turn(turn).tables, turn=turn)
        have = {c.table for c in self.repo.codes(tournament_id, turn)}
        now = self.svc.now()
        new = [
            CodeRow(secrets.token_urlsafe(CODE_BYTES), tournament_id, turn, table.number, now)
            for table in tables
            if table.number not in have
        ]
        if new:
            self.repo.add_codes(new)
        return self.repo.codes(tournament_id, turn)

    def board(self, tournament_id: int, user: User | None, turn: int) -> tuple[Tournament, list[dict[str, Any]]]:
        """Every table of ``turn`` with its code and where its terminal stands (the director's only)."""
        t = self._owned(tournament_id, user)
        run_step(t, lambda x: x.turn(turn), turn=turn)
        return t, [self._state(t, code) for code in self.repo.codes(tournament_id, turn)]

    # ------------------------------------------------------------------ the table's phone
    def _load(self, code: str) -> tuple[CodeRow, Tournament]:
        found = self.repo.code(code) if 8 <= len(code) <= 32 else None
        if found is None:
            raise refusal(404, "bad_code")
        _row, t = self.svc.load(found.tournament_id)
        if t.paired_turns != found.turn:
            raise refusal(410, "expired", turn=found.turn)
        return found, t

    def state(self, code: str) -> dict[str, Any]:
        found, t = self._load(code)
        return self._state(t, found)

    def _state(self, t: Tournament, found: CodeRow) -> dict[str, Any]:
        from burraco.core.vp import victory_points

        table = t.table(found.turn, found.table)
        entries = self.repo.entries(found.code)
        rulings = self.rulings.of_table(found.tournament_id, found.turn, found.table)
        lines = lines_of(entries)
        ns, ew = sum(x.ns for x in lines), sum(x.ew for x in lines)
        confirms = [e for e in entries if e.hand == CONFIRM]
        rules = rules_of(t)
        status = self._status(t, found, lines, confirms)
        result = table.result
        deadline = found.created_at + 60.0 * turn_minutes(t.config.hands)
        online_deadline = online_of(self.svc.row(found.tournament_id))["turns"].get(str(found.turn), {}).get("deadline")
        if online_deadline is not None:
            deadline = float(online_deadline)
        return {
            "code": found.code,
            "tournament": {"id": found.tournament_id, "name": t.config.name},
            "turn": found.turn,
            "table": found.table,
            "hands": t.config.hands,
            "ns": t.side_label(table, "ns"),
            "ew": t.side_label(table, "ew"),
            "kinds": constants(rules)["kinds"],
            "lines": [line_json(x, rulings) for x in lines],
            "rulings": [ruling_json(r) for r in rulings],
            "totals": [ns, ew],
            "mp": ns - ew,
            "vp": list(victory_points(ns - ew, table=t.config.vp_table)),
            "status": status.value,
            "late": result is None and self.svc.now() > deadline,
            "result": None
            if result is None
            else {
                "ns": result.ns_points,
                "ew": result.ew_points,
                "vp": [result.vp_ns, result.vp_ew],
                "mp": result.mp_ns,
            },
        }

    @staticmethod
    def _status(t: Tournament, found: CodeRow, lines: list[Line], confirms: list[EntryRow]) -> Status:
        result = t.table(found.turn, found.table).result
        if result is not None:
            confirmed = any((c.ns, c.ew) == (result.ns_points, result.ew_points) for c in confirms)
            return Status.CONFIRMED if confirmed else Status.FINISHED
        if any(x.disagree for x in lines):
            return Status.DISAGREEMENT
        if not lines:
            return Status.WAITING
        return Status.TO_CONFIRM if len(lines) >= t.config.hands else Status.ENTERING

    def preview(self, code: str, body: EntryIn) -> dict[str, Any]:
        """A hand's score, not stored (the page shows it before it is sent)."""
        _found, t = self._load(code)
        return score(body, rules_of(t))

    def enter_hand(self, code: str, client_id: str, device: str, hand: int, body: EntryIn) -> dict[str, Any]:
        """Store a phone's hand (once per client id); the table's state."""
        found, t = self._load(code)
        if any(e.client_id == client_id for e in self.repo.entries(code)):
            return self._state(t, found)
        if t.table(found.turn, found.table).result is not None:
            raise refusal(409, "finished", table=found.table)
        if not 1 <= hand <= t.config.hands:
            raise refusal(422, "bad_hand", hand=hand, hands=t.config.hands)
        on_hand = {r.id for r in self.rulings.of_table(found.tournament_id, found.turn, found.table) if r.hand == hand}
        for ruling in body.rulings:
            if ruling not in on_hand:
                raise refusal(422, "bad_ruling", ruling=ruling, hand=hand)
        scored = score(body, rules_of(t))
        ns, ew = scored["totals"]
        self.repo.add_entry(code, client_id, device, hand, body.model_dump(), ns, ew, self.svc.now())
        return self._state(t, found)

    def confirm(self, code: str, client_id: str, device: str, totals: list[int]) -> dict[str, Any]:
        """E-W confirm the totals they read: stored, then the table's result enters the turn."""
        found, t = self._load(code)
        entries = self.repo.entries(code)
        if any(e.client_id == client_id for e in entries):
            return self._state(t, found)
        lines = lines_of(entries)
        if t.table(found.turn, found.table).result is not None:
            raise refusal(409, "finished", table=found.table)
        if not lines:
            raise refusal(422, "no_hands")
        if any(x.disagree for x in lines):
            raise refusal(409, "disagreement", hands=[x.hand for x in lines if x.disagree])
        missing = sorted(set(range(1, t.config.hands + 1)) - {x.hand for x in lines})
        if missing:  # (a turn cut short by its time: the director enters the table's result)
            raise refusal(422, "hands_missing", missing=", ".join(map(str, missing)))
        ns, ew = sum(x.ns for x in lines), sum(x.ew for x in lines)
        if list(totals) != [ns, ew]:
            raise refusal(409, "mismatch", ns=ns, ew=ew)
        self.repo.add_entry(code, client_id, device, CONFIRM, {"totals": [ns, ew]}, ns, ew, self.svc.now())

        def step(tt: Tournament, _online: dict[str, Any]) -> None:
            if tt.table(found.turn, found.table).result is None:
                tt.enter_result(found.turn, found.table, ns=ns, ew=ew)

        save_online(self.svc, found.tournament_id, None, None, step, director=False)
        _row, t = self.svc.load(found.tournament_id)
        return self._state(t, found)
