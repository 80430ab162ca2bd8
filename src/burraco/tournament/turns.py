"""Building a tournament's next turn: seating turn 1, then pairing each later turn by its movement (§11).

:class:`TurnBuilder` is the director's pairing step (:meth:`~burraco.tournament.director.Tournament.pair_next`
checks that the turn may be paired, builds it here, and records it). Turn 1 seats the entrants in
registration order, by lot (seeded) or in the director's order; later turns follow the movement:
Danish (by standings, §11's pure, modified and strict rematch rules), Mitchell or round robin.
Individual tournaments pair players into changing partnerships.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from burraco.core.vp import REST_MP, REST_VP
from burraco.tournament import pairing as pm
from burraco.tournament.errors import PairingError, TournamentConfigError
from burraco.tournament.model import SCHEDULED, Config, Movement, Rest, State, Table, Turn
from burraco.tournament.standings import meetings, partnerships, rest_counts, standings


class TurnBuilder:
    """The tables and rests of a turn, from the tournament's ``state`` (turn 1 also fixes
    ``state.positions``, the seats the scheduled movements rotate). ``resolve`` turns an entrant's
    id or name into its id; ``unit_word`` names an entrant in messages (pair, player, team)."""

    def __init__(self, state: State, resolve: Callable[[int | str], int], unit_word: str) -> None:
        self.state = state
        self.resolve = resolve
        self.unit_word = unit_word

    @property
    def config(self) -> Config:
        return self.state.config

    def _seating_order(self, order: Sequence[int | str] | None) -> list[int]:
        active = [e.id for e in self.state.entrants if e.active_in(1)]
        minimum = 4 if self.config.kind == "individual" else 2
        if len(active) < minimum:
            raise PairingError(f"at least {minimum} {self.unit_word}s must be registered, not {len(active)}")
        if order is not None:
            chosen = [self.resolve(ref) for ref in order]
            if sorted(chosen) != sorted(active):
                raise PairingError("the seating order must list every registered entrant exactly once")
            return chosen
        if self.config.seating == "director":
            raise PairingError("seating by the director: give the turn-1 order (pair --order 3,1,2,...)")
        if self.config.seating == "lot":
            random.Random(self.config.seed).shuffle(active)
        return active

    def first(self, order: Sequence[int | str] | None) -> Turn:
        seats = self._seating_order(order)
        movement = self.config.movements[0]
        if self.config.kind == "individual":
            self.state.positions = list(seats)
            return self._individual_turn(1, movement, *pm.individual_seating(seats))
        positions: list[int | None] = list(seats)
        if len(positions) % 2:
            positions.append(None)
        self.state.positions = positions
        return self._unit_turn(1, movement, pm.seating_pairing(positions))

    def later(self, number: int) -> Turn:
        movement = self.config.movements[number - 1]
        active = [e.id for e in self.state.entrants if e.active_in(number)]
        ranked = [s.entrant for s in standings(self.state, number - 1) if s.entrant in active]
        counts = rest_counts(self.state.turns)
        if len(active) < (4 if self.config.kind == "individual" else 2):
            raise PairingError(f"only {len(active)} {self.unit_word}s still playing")
        if self.config.kind == "individual":
            partners = partnerships(self.state.turns)
            tables, rests = pm.individual_danish(ranked, counts, lambda a, b: frozenset((a, b)) in partners)
            return self._individual_turn(number, movement, tables, rests)
        if movement in SCHEDULED:
            slots = self._slots(movement, number)
            met = meetings(self.state.turns)
            pairing = pm.scheduled(
                slots, self.state.positions, frozenset(active), ranked, counts, lambda a, b: frozenset((a, b)) in met
            )
        else:
            pairing = pm.danish(ranked, counts, self._forbidden(movement, number))
        return self._unit_turn(number, movement, pairing)

    def _slots(self, movement: Movement, number: int) -> list[tuple[int, int]]:
        """The seat pairs of a scheduled movement's round; turn 1 is round 0 of every movement."""
        round_ = sum(1 for s in range(1, number) if s == 1 or self.config.movements[s - 1] == movement)
        size = len(self.state.positions)
        if movement == "roundrobin":
            return pm.roundrobin_slots(size, round_)
        tables = size // 2
        if tables > 1 and self.config.jump % tables == 0:
            raise TournamentConfigError(f"a jump of {self.config.jump} on {tables} tables never moves the E-W lines")
        return pm.mitchell_slots(tables, self.config.jump, round_)

    def _forbidden(self, movement: Movement, number: int) -> pm.Forbidden:
        """§11: pure allows rematches; modified forbids the previous turn's opponents except in the
        last turn; strict forbids every rematch. The matching breaks them only when unavoidable."""
        met = meetings(self.state.turns)
        if movement == "danish-strict":
            return lambda a, b: frozenset((a, b)) in met
        if movement == "danish-modified" and number < self.config.turns:
            return lambda a, b: number - 1 in met.get(frozenset((a, b)), [])
        return pm.never

    def tables_for(self, match: pm.Match) -> list[Table]:
        """Pairs: one table. Teams: two, crosswise — home pair 1 (N-S) against away pair 2, and
        away pair 1 (N-S) against home pair 2."""
        if self.config.kind != "teams":
            return [Table(match.number, (match.ns,), (match.ew,))]
        first = 2 * match.number - 1
        return [Table(first, (match.ns,), (match.ew,), 1, 2), Table(first + 1, (match.ew,), (match.ns,), 1, 2)]

    def _unit_turn(self, number: int, movement: Movement, pairing: pm.Pairing) -> Turn:
        tables = [table for match in pairing.matches for table in self.tables_for(match)]
        rests = [Rest(unit, self.config.rest_vp, self.config.rest_mp) for unit in pairing.rests]
        return Turn(number, movement, tables, rests)

    def _individual_turn(
        self, number: int, movement: Movement, tables: list[tuple[tuple[int, int], tuple[int, int]]], rests: list[int]
    ) -> Turn:
        return Turn(
            number,
            movement,
            [Table(k, ns, ew) for k, (ns, ew) in enumerate(tables, 1)],
            [Rest(player, REST_VP, REST_MP) for player in rests],
        )
