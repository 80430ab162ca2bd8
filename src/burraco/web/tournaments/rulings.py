"""The arbiter called to a paper table ("Chiama l'arbitro"): a ruling of the arbiter's code
(:mod:`burraco.arbiter`, Art. 12–23) recorded on a hand of a table of a tournament turn, from the
director's console or the table's score terminal (its code for the turn is the key).

The ruling is always computed here by :func:`burraco.arbiter.rule` from the article and the answers the
arbiter gave (the page's own ruling is never trusted); bad answers are refused with the arbiter's
Italian and English words and nothing is stored. The director sees every ruling of the event and, per
line (pair), the warnings ("ammonizione" effects) counted across the event and the VP penalties in the
rulings' effects (Art. 23's repeated infringement), which the director applies to the standings. A
ruling is ``linked`` once the hand it names was entered at the table's terminal following it.
Blocking (database): call it from a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from fastapi import HTTPException

from burraco.web.accounts.auth import User
from burraco.web.persistence.repositories.rulings import RulingRepository, RulingRow
from burraco.web.persistence.repositories.terminals import TerminalRepository
from burraco.web.tournaments.refusals import own
from burraco.web.tournaments.service import TournamentService, run_step
from burraco.web.tournaments.terminals import lines_of, refusal

if TYPE_CHECKING:
    from burraco.tournament.director import Tournament

WARNING: Final = "warning"
"""The ``kind`` of an admonition effect (:class:`burraco.arbiter.effects.Admonition`)."""
PENALTY: Final = "standings_penalty"
"""The ``kind`` of a standings penalty (:class:`burraco.arbiter.effects.StandingsPenalty`)."""
REPEATED_ARTICLE: Final = 23
"""The article whose warning makes a second infringement cost victory points."""


class Source(StrEnum):
    """Who recorded a ruling."""

    DIRECTOR = "director"
    TERMINAL = "terminal"


@dataclass(frozen=True, slots=True)
class Call:
    """What the arbiter answered: the article, its answers, the hand and the guilty side if told."""

    article: int
    answers: dict[str, str]
    hand: int
    side: str | None
    lang: str = "it"


def computed(call: Call) -> dict[str, Any]:
    """The ruling of ``call`` as JSON, or a 422 with the arbiter's words (``arbiter.invalid``: the
    message in the call's language, ``params`` in both)."""
    from burraco.arbiter import ArbiterError, rule

    try:
        return rule(call.article, call.answers).to_dict()
    except ArbiterError as error:
        words = error.text.to_dict()
        text = words.get(call.lang, error.text.it)
        detail = {"code": "arbiter.invalid", "message": text, "params": {**words, "text": text}}
        raise HTTPException(422, detail) from None


def kinds(ruling: dict[str, Any]) -> list[str]:
    return [str(e.get("kind")) for e in ruling.get("effects", [])]


def line_of(t: Tournament, turn: int, table: int, side: str | None) -> str | None:
    """The guilty side's entrants as a key (``3`` a pair, ``5:1`` a team's first line)."""
    if side is None:
        return None
    x = t.table(turn, table)
    ids, line = (x.ns, x.ns_line) if side == "ns" else (x.ew, x.ew_line)
    key = ",".join(str(i) for i in ids)
    return f"{key}:{line}" if line else key


class Rulings:
    """The rulings of the stored tournaments."""

    def __init__(self, svc: TournamentService, repo: RulingRepository, terminals: TerminalRepository) -> None:
        self.svc = svc
        self.repo = repo
        self.terminals = terminals

    def _owned(self, tournament_id: int, user: User | None) -> Tournament:
        director = self.svc.require_director(user)
        row, t = self.svc.load(tournament_id)
        if row.owner_id != director.id:
            raise own(403, "not_owner", owner=row.owner)
        return t

    def _hand(self, t: Tournament, call: Call) -> None:
        if not 1 <= call.hand <= t.config.hands:
            raise refusal(422, "bad_hand", hand=call.hand, hands=t.config.hands)

    def _store(self, t: Tournament, tournament_id: int, turn: int, table: int, call: Call, source: Source) -> None:
        self._hand(t, call)
        ruling = computed(call)
        row = RulingRow(
            0,
            tournament_id,
            turn,
            table,
            call.hand,
            call.article,
            dict(call.answers),
            ruling,
            call.side,
            line_of(t, turn, table, call.side),
            source.value,
            self.svc.now(),
        )
        self.repo.add(row)

    # ------------------------------------------------------------------ the director
    def record(self, tournament_id: int, user: User | None, turn: int, table: int, call: Call) -> dict[str, Any]:
        """Record the director's ruling on ``table`` of ``turn``; the event's rulings."""
        t = self._owned(tournament_id, user)
        run_step(t, lambda x: x.table(turn, table), turn=turn, table=table)
        self._store(t, tournament_id, turn, table, call, Source.DIRECTOR)
        return self.listing(tournament_id, user)

    def listing(self, tournament_id: int, user: User | None) -> dict[str, Any]:
        """Every ruling of the event, and the warnings and penalties per line (the director's only)."""
        t = self._owned(tournament_id, user)
        rows = self.repo.of_tournament(tournament_id)
        linked = self._linked(tournament_id, rows)
        return {"rulings": [self._item(t, r, linked) for r in rows], "lines": self._lines(t, rows)}

    # ------------------------------------------------------------------ the table's phone
    def _load(self, code: str) -> tuple[int, int, int, Tournament]:
        found = self.terminals.code(code) if 8 <= len(code) <= 32 else None
        if found is None:
            raise refusal(404, "bad_code")
        _row, t = self.svc.load(found.tournament_id)
        if t.paired_turns != found.turn:
            raise refusal(410, "expired", turn=found.turn)
        return found.tournament_id, found.turn, found.table, t

    def record_at_table(self, code: str, call: Call) -> dict[str, Any]:
        """Record a ruling from the table's terminal; the table's rulings."""
        tournament_id, turn, table, t = self._load(code)
        self._store(t, tournament_id, turn, table, call, Source.TERMINAL)
        return self.of_table(code)

    def of_table(self, code: str) -> dict[str, Any]:
        """The rulings recorded on the code's table in its turn."""
        tournament_id, turn, table, t = self._load(code)
        rows = self.repo.of_table(tournament_id, turn, table)
        linked = self._linked(tournament_id, rows)
        return {"rulings": [self._item(t, r, linked) for r in rows]}

    # ------------------------------------------------------------------ the JSON
    @staticmethod
    def _label(t: Tournament, r: RulingRow) -> str | None:
        if r.side is None:
            return None
        return t.side_label(t.table(r.turn, r.table), "ns" if r.side == "ns" else "ew")

    def _linked(self, tournament_id: int, rows: list[RulingRow]) -> set[int]:
        """The ids of the rulings that a hand entered at a table's terminal follows."""
        linked: set[int] = set()
        tables = {(r.turn, r.table) for r in rows}
        for turn in {turn for turn, _table in tables}:
            for code in self.terminals.codes(tournament_id, turn):
                if (turn, code.table) in tables:
                    for line in lines_of(self.terminals.entries(code.code)):
                        linked.update(int(i) for i in line.entry.get("rulings") or ())
        return linked

    def _item(self, t: Tournament, r: RulingRow, linked: set[int]) -> dict[str, Any]:
        from burraco.arbiter import article

        return {
            "id": r.id,
            "turn": r.turn,
            "table": r.table,
            "hand": r.hand,
            "article": r.article,
            "title": article(r.article).title.to_dict(),
            "answers": r.answers,
            "ruling": r.ruling,
            "side": r.side,
            "line": r.line,
            "label": self._label(t, r),
            "source": r.source,
            "at": r.created_at,
            "linked": r.id in linked,
        }

    def _lines(self, t: Tournament, rows: list[RulingRow]) -> list[dict[str, Any]]:
        """Per guilty line: warnings across the event, Art. 23 warnings, and the VP its rulings take off."""
        lines: dict[str, dict[str, Any]] = {}
        for r in rows:
            if r.line is None:
                continue
            entry = lines.setdefault(
                r.line, {"line": r.line, "label": self._label(t, r), "warnings": 0, "repeat_warned": 0, "vp": 0}
            )
            effects = r.ruling.get("effects", [])
            warned = sum(1 for k in kinds(r.ruling) if k == WARNING)
            entry["warnings"] += warned
            if r.article == REPEATED_ARTICLE:
                entry["repeat_warned"] += warned
            entry["vp"] += sum(int(e.get("vp", 0)) for e in effects if e.get("kind") == PENALTY)
        for entry in lines.values():
            # Art. 23: once warned, the line's next such infringement costs 1 VP in the overall standings
            entry["next_costs_vp"] = entry["repeat_warned"] > 0
        return sorted(lines.values(), key=lambda x: (-x["warnings"], str(x["label"])))
