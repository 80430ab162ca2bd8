"""The tournament director: registration, pairing, results, corrections (docs/rules.md §11).

>>> t = Tournament.create("Club night", turns=2, movement="danish-modified")
>>> for name in ("Ada-Bo", "Cy-Di", "Ed-Fa", "Gu-Ha", "Io-Lu"):
...     _ = t.register(name)
>>> [(x.number, x.ns, x.ew) for x in t.pair_next().tables], [r.entrant for r in t.turns[0].rests]
([(1, (1,), (2,)), (2, (3,), (4,))], [5])
>>> t.enter_result(1, 1, ns=900, ew=600).result.vp_ns  # 300 MP: 13-7
13
>>> _ = t.enter_result(1, 2, mp=-1600)  # over 1500: 0-20
>>> [(s.entrant, s.vp, s.mp) for s in t.standings()][:3]
[(4, 20, 1600), (5, 14, 355), (1, 13, 300)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from burraco.core.vp import REST_MP, REST_VP, victory_points
from burraco.tournament import pairing as pm
from burraco.tournament.errors import (
    CorrectionRefusedError,
    PairingError,
    RegistrationError,
    ResultError,
    TournamentConfigError,
    UnknownEntrantError,
    UnknownTableError,
)
from burraco.tournament.model import (
    VP_TABLES,
    Config,
    Entrant,
    Penalty,
    Result,
    State,
    Table,
    Turn,
    is_kind,
    is_seating,
    is_vp_table,
    parse_movements,
)
from burraco.tournament.standings import Standing, standings
from burraco.tournament.turns import TurnBuilder

Side = Literal["ns", "ew"]
CorrectionKind = Literal["arithmetic", "swapped"]


class Tournament:
    """A tournament's state plus the operations a director performs on it, in order."""

    def __init__(self, state: State) -> None:
        self.state = state

    @classmethod
    def create(
        cls,
        name: str,
        *,
        kind: str = "pairs",
        turns: int = 4,
        hands: int = 3,
        movement: str | Sequence[str] = "danish-modified",
        vp_table: str = "fibur",
        jump: int = 1,
        seating: str = "order",
        seed: int = 0,
    ) -> Tournament:
        """A new tournament; ``movement`` is one name, ``"mitchell*3,danish-modified"``, or a list."""
        if not is_kind(kind):
            raise TournamentConfigError(f"unknown tournament kind {kind!r}; known: pairs, individual, teams")
        if not is_seating(seating):
            raise TournamentConfigError(f"unknown seating {seating!r}; known: order, lot, director")
        if not is_vp_table(vp_table):
            raise TournamentConfigError(f"unknown VP table {vp_table!r}; known: {', '.join(VP_TABLES)}")
        spec = movement if isinstance(movement, str) else ",".join(movement)
        movements = parse_movements(spec, turns) if turns >= 1 else ()
        config = Config(name, kind, turns, hands, movements, vp_table, jump, seating, seed)
        return cls(State(config))

    # --- look-ups -------------------------------------------------------------------------------

    @property
    def config(self) -> Config:
        return self.state.config

    @property
    def turns(self) -> list[Turn]:
        return self.state.turns

    @property
    def paired_turns(self) -> int:
        return len(self.state.turns)

    def entrant(self, ref: int | str) -> Entrant:
        """An entrant by id (``3`` or ``"3"``) or by name (case-insensitive)."""
        text = str(ref).strip()
        for e in self.state.entrants:
            if (text.isdigit() and e.id == int(text)) or e.name.casefold() == text.casefold():
                return e
        raise UnknownEntrantError(f"no {self._unit_word()} {ref!r} is registered")

    def name(self, entrant_id: int) -> str:
        return self.entrant(entrant_id).name

    def turn(self, number: int) -> Turn:
        if not 1 <= number <= self.paired_turns:
            raise UnknownTableError(f"turn {number} is not paired yet ({self.paired_turns} turns paired)")
        return self.state.turns[number - 1]

    def table(self, turn: int, number: int) -> Table:
        for table in self.turn(turn).tables:
            if table.number == number:
                return table
        known = ", ".join(str(t.number) for t in self.turn(turn).tables) or "none"
        raise UnknownTableError(f"turn {turn} has no table {number} (tables: {known})")

    def side_label(self, table: Table, side: Side) -> str:
        """``3 Rossi-Bianchi`` (pairs), ``Ann & Bob`` (individuals), ``Lions pair 1`` (teams)."""
        ids, line = (table.ns, table.ns_line) if side == "ns" else (table.ew, table.ew_line)
        if self.config.kind == "individual":
            return " & ".join(self.name(i) for i in ids)
        label = " / ".join(f"{i} {self.name(i)}" for i in ids)
        return f"{label} pair {line}" if line else label

    def standings(self, after: int | None = None) -> list[Standing]:
        """Provisional standings after turn ``after`` (default: all paired turns)."""
        if after is not None and not 0 <= after <= self.paired_turns:
            raise UnknownTableError(f"turn {after} is not paired yet ({self.paired_turns} turns paired)")
        return standings(self.state, after)

    def _unit_word(self) -> str:
        return {"pairs": "pair", "individual": "player", "teams": "team"}[self.config.kind]

    def _builder(self) -> TurnBuilder:
        return TurnBuilder(self.state, lambda ref: self.entrant(ref).id, self._unit_word())

    def _log(self, line: str) -> None:
        self.state.log.append(line)

    # --- registration (Art. 2, Art. 33) ---------------------------------------------------------

    def register(self, name: str) -> Entrant:
        """Register an entrant; after turn 1 is paired this is a late arrival (Art. 33)."""
        name = " ".join(name.split())
        if not name:
            raise RegistrationError("a name cannot be empty")
        if name.isdigit():
            raise RegistrationError(f"a name cannot be only digits ({name!r}): digits refer to ids")
        if any(e.name.casefold() == name.casefold() for e in self.state.entrants):
            raise RegistrationError(f"{name!r} is already registered")
        entrant = Entrant(len(self.state.entrants) + 1, name)
        if self.paired_turns == 0:
            self.state.entrants.append(entrant)
            self._log(f"registered {entrant.id} {name}")
            return entrant
        if self.paired_turns > 1:
            raise RegistrationError(
                f"Art. 33: turn {self.paired_turns} is already paired; a late {self._unit_word()} "
                "may join only during turn 1"
            )
        entrant.late = True
        self._seat_late(entrant)
        return entrant

    def _seat_late(self, entrant: Entrant) -> None:
        first = self.state.turns[0]
        resting = [r.entrant for r in first.rests]
        if self.config.kind == "individual":
            if len(resting) != 3:
                raise RegistrationError("Art. 33: a late player may only complete a table of three resting players")
            number = max((t.number for t in first.tables), default=0) + 1
            new = [Table(number, (resting[0], resting[2]), (resting[1], entrant.id))]
            self.state.positions.append(entrant.id)
        else:
            seat = self.state.positions.index(None) if None in self.state.positions else -1
            if len(resting) != 1 or seat < 0 or self.state.positions[seat ^ 1] != resting[0]:
                raise RegistrationError(
                    f"Art. 33: turn 1 has no incomplete table, so a late {self._unit_word()} cannot join"
                )
            self.state.positions[seat] = entrant.id
            home, away = (resting[0], entrant.id) if seat % 2 else (entrant.id, resting[0])
            new = self._builder().tables_for(pm.Match(seat // 2 + 1, home, away))
        self.state.entrants.append(entrant)
        first.rests = []
        first.tables = sorted(first.tables + new, key=lambda t: t.number)
        self._log(f"late arrival {entrant.id} {entrant.name} seated in turn 1 (Art. 33)")

    # --- pairing (Art. 2, §11) -------------------------------------------------------------------

    def pair_next(self, order: Sequence[int | str] | None = None) -> Turn:
        """Pair the next turn. ``order`` seats turn 1 explicitly (the director's seating)."""
        number = self.paired_turns + 1
        if number > self.config.turns:
            raise PairingError(f"all {self.config.turns} turns are already paired")
        if number > 1:
            if order is not None:
                raise PairingError("a seating order applies to turn 1 only")
            waiting = [t.number for t in self.state.turns[-1].tables if t.result is None]
            if waiting:
                tables = ", ".join(map(str, waiting))
                raise PairingError(f"turn {number - 1} still waits for results at tables {tables}")
        builder = self._builder()
        turn = builder.first(order) if number == 1 else builder.later(number)
        self.state.turns.append(turn)
        self._log(f"paired turn {number} ({turn.movement})")
        return turn

    # --- results (Art. 30, 31, 32, 23) -----------------------------------------------------------

    def _scored(self, ns: int | None, ew: int | None, mp: int | None) -> Result:
        if mp is None:
            if ns is None or ew is None:
                raise ResultError("give both sides' game points (ns and ew), or the match points (mp)")
            _check_fives(ns, ew)
            kind: Literal["played", "mp"] = "played"
            mp = ns - ew
        else:
            if ns is not None or ew is not None:
                raise ResultError("give either both sides' game points or the match points, not both")
            _check_fives(mp)
            kind = "mp"
        vp_ns, vp_ew = victory_points(mp, table=self.config.vp_table)
        return Result(kind, vp_ns, vp_ew, mp, -mp, ns, ew)

    def enter_result(
        self, turn: int, table: int, ns: int | None = None, ew: int | None = None, mp: int | None = None
    ) -> Table:
        """A table's scorecard: both sides' game points, or N-S's match points (Art. 30)."""
        target = self.table(turn, table)
        if target.result is not None:
            raise ResultError(f"turn {turn} table {table} already has a result; use a correction (Art. 31)")
        target.result = self._scored(ns, ew, mp)
        self._log(f"turn {turn} table {table}: {_describe(target.result)}")
        return target

    def correct(
        self,
        turn: int,
        table: int,
        kind: str,
        *,
        ns: int | None = None,
        ew: int | None = None,
        mp: int | None = None,
        agreed: bool = False,
    ) -> Table:
        """Art. 31: an arithmetic error, only before the next turn is paired; swapped scores at any
        time, when the whole table acknowledges the error (``agreed``)."""
        target = self.table(turn, table)
        old = target.result
        if old is None:
            raise ResultError(f"turn {turn} table {table} has no result to correct yet")
        if kind == "arithmetic":
            if turn < self.paired_turns:
                raise CorrectionRefusedError(
                    f"Art. 31: an arithmetic error in turn {turn} can be corrected only before turn "
                    f"{turn + 1} is paired, and turn {turn + 1} is already paired"
                )
            if old.kind not in ("played", "mp"):
                raise CorrectionRefusedError(f"Art. 31: turn {turn} table {table} holds an arbitral score, not a score")
            target.result = self._scored(ns, ew, mp)
        elif kind == "swapped":
            if not agreed:
                raise CorrectionRefusedError(
                    "Art. 31: swapped scores are corrected only when the whole table acknowledges the error (agreed)"
                )
            target.result = Result(
                old.kind, old.vp_ew, old.vp_ns, old.mp_ew, old.mp_ns, old.ew_points, old.ns_points, old.absent
            )
        else:
            raise CorrectionRefusedError(f"Art. 31 allows arithmetic and swapped corrections, not {kind!r}")
        self._log(f"turn {turn} table {table}: {kind} correction {_describe(old)} -> {_describe(target.result)}")
        return target

    def penalize(self, ref: int | str, turn: int, vp: int = 1, reason: str = "") -> Penalty:
        """Art. 23: ``vp`` VP off the entrant's standings; its opponents gain nothing."""
        entrant = self.entrant(ref)
        self.turn(turn)
        if vp < 1:
            raise ResultError(f"a penalty removes at least 1 VP, not {vp}")
        penalty = Penalty(turn, entrant.id, vp, reason)
        self.state.penalties.append(penalty)
        self._log(f"turn {turn}: penalty of {vp} VP to {entrant.id} {entrant.name} {reason}".rstrip())
        return penalty

    def abandon(self, turn: int, table: int, guilty: str, ns: int = 0, ew: int = 0) -> Table:
        """Art. 32, unjustified abandonment: the innocent side keeps what it earned (game points so
        far, ``ns``/``ew``) but at least the arbitral 14-6 and 355 MP; the guilty side gets the rest
        of the 20 VP and the opposite MP."""
        target = self.table(turn, table)
        if guilty not in ("ns", "ew"):
            raise ResultError(f"the guilty side is ns or ew, not {guilty!r}")
        if target.result is not None:
            raise ResultError(f"turn {turn} table {table} already has a result; use a correction (Art. 31)")
        _check_fives(ns, ew)
        earned = ew - ns if guilty == "ns" else ns - ew
        earned_vp = victory_points(earned, table=self.config.vp_table)[0]
        vp, mp = max(earned_vp, REST_VP), max(earned, REST_MP)
        if guilty == "ns":
            target.result = Result("arbitral", 20 - vp, vp, -mp, mp, ns, ew)
        else:
            target.result = Result("arbitral", vp, 20 - vp, mp, -mp, ns, ew)
        self._log(f"turn {turn} table {table}: abandonment by {guilty}, arbitral {_describe(target.result)}")
        return target

    def withdraw(self, ref: int | str) -> Entrant:
        """The entrant plays no more turns. At a table of the current turn still without a result,
        the others get the forced-rest score (Art. 32) and the leaver nothing."""
        entrant = self.entrant(ref)
        if entrant.withdrawn_from is not None:
            raise RegistrationError(f"{entrant.id} {entrant.name} has already withdrawn")
        entrant.withdrawn_from = self.paired_turns + 1
        if self.state.turns:
            for table in self.state.turns[-1].tables:
                if entrant.id in table.entrants:
                    self._force(table, entrant.id)
        self._log(f"withdrawn {entrant.id} {entrant.name} from turn {entrant.withdrawn_from}")
        return entrant

    @staticmethod
    def _force(table: Table, leaver: int) -> None:
        """A forced result: each side that is still there gets the forced rest, a side whose
        members all left gets nothing (``absent`` also zeroes a single leaving player)."""
        if table.result is None:
            absent: tuple[int, ...] = (leaver,)
        elif table.result.kind == "forced":
            absent = tuple(sorted({*table.result.absent, leaver}))
        else:
            return
        ns_left, ew_left = (all(e in absent for e in side) for side in (table.ns, table.ew))
        ns_vp, ns_mp = (0, 0) if ns_left else (REST_VP, REST_MP)
        ew_vp, ew_mp = (0, 0) if ew_left else (REST_VP, REST_MP)
        table.result = Result("forced", ns_vp, ew_vp, ns_mp, ew_mp, absent=absent)


def _check_fives(*points: int) -> None:
    for value in points:
        if value % 5:
            raise ResultError(f"game points and match points are multiples of 5, not {value}")


def _describe(result: Result) -> str:
    if result.kind == "played":
        return f"{result.ns_points}-{result.ew_points} ({result.mp_ns:+d} MP, {result.vp_ns}-{result.vp_ew} VP)"
    return f"{result.kind} {result.mp_ns:+d} MP, {result.vp_ns}-{result.vp_ew} VP"
