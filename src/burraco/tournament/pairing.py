"""Pairing algorithms on abstract units (pairs, teams, or players' partnerships): docs/rules.md §11.

Pure functions: they take rankings and histories and return who meets whom; the director turns
that into tables. Units are entrant ids; a ranking lists them best first.

* Danish system (Art. 2): 1st against 2nd, 3rd against 4th, … computed as a maximum-weight
  perfect matching (networkx): first as few forbidden rematches as possible, then the smallest
  sum of squared rank gaps, which is exactly 1–2, 3–4, … whenever that is allowed.
* Mitchell (Art. 2): N-S stay, E-W move ``jump`` tables each turn.
* Round robin (all-play-all, circle method): n units meet each other once in n - 1 turns.
* Rests (Art. 33): Danish — the lowest-ranked unit that has not rested; scheduled movements —
  the unit whose scheduled opponent is missing.

>>> danish([1, 2, 3, 4, 5], {}, lambda a, b: False)
Pairing(matches=(Match(number=1, ns=1, ew=2), Match(number=2, ns=3, ew=4)), rests=(5,))
>>> danish([1, 2, 3, 4], {}, lambda a, b: {a, b} == {1, 2}).matches
(Match(number=1, ns=1, ew=3), Match(number=2, ns=2, ew=4))
>>> mitchell_slots(tables=3, jump=1, round_=1)
[(0, 5), (2, 1), (4, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import gcd

import networkx as nx  # type: ignore[import-untyped]

from burraco.tournament.errors import PairingError

Forbidden = Callable[[int, int], bool]
"""Whether two units should not meet (a rematch the Danish strength forbids)."""


@dataclass(frozen=True, slots=True)
class Match:
    number: int
    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Pairing:
    matches: tuple[Match, ...]
    rests: tuple[int, ...]


def never(a: int, b: int) -> bool:
    """No rematch is forbidden (Danish pure)."""
    return False


def rank_matching(ranked: Sequence[int], forbidden: Forbidden) -> list[tuple[int, int]]:
    """Pair an even ranked list: fewest forbidden pairs, then smallest sum of squared rank gaps.

    Each pair is (better, worse); the pairs come sorted by their better unit.

    >>> rank_matching([7, 3, 9, 1], never)
    [(7, 3), (9, 1)]
    """
    n = len(ranked)
    if n % 2:
        raise PairingError(f"cannot pair an odd number ({n}) of units")
    spread = n * n + 1
    allowed_bonus = spread * (n // 2 + 1)
    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for j in range(i + 1, n):
            b = ranked[j]
            weight = spread - (j - i) ** 2 + (0 if forbidden(a, b) else allowed_bonus)
            graph.add_edge(a, b, weight=weight)
    mates: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    index = {unit: i for i, unit in enumerate(ranked)}
    pairs = [(u, v) if index[u] < index[v] else (v, u) for u, v in mates]
    if 2 * len(pairs) != n:
        raise PairingError("no complete pairing exists")
    return sorted(pairs, key=lambda pair: index[pair[0]])


def choose_rests(ranked: Sequence[int], rest_counts: Mapping[int, int], count: int) -> list[int]:
    """Art. 33 (Danish): the lowest-ranked units that have not rested; if too few are left, those
    that rested least (the rule "at most once" cannot hold any more).

    >>> choose_rests([1, 2, 3, 4, 5], {5: 1}, 1)
    [4]
    """
    index = {unit: i for i, unit in enumerate(ranked)}
    order = sorted(ranked, key=lambda unit: (rest_counts.get(unit, 0), -index[unit]))
    return order[:count]


def danish(ranked: Sequence[int], rest_counts: Mapping[int, int], forbidden: Forbidden) -> Pairing:
    """One Danish turn: a rest if the field is odd, then the ranked matching; table 1 is the top."""
    rests = choose_rests(ranked, rest_counts, len(ranked) % 2)
    playing = [unit for unit in ranked if unit not in rests]
    pairs = rank_matching(playing, forbidden)
    matches = tuple(Match(number, ns, ew) for number, (ns, ew) in enumerate(pairs, 1))
    return Pairing(matches, tuple(rests))


def seating_pairing(positions: Sequence[int | None]) -> Pairing:
    """Turn 1 from the seats: table k has seat 2k-1 at N-S and seat 2k at E-W; alone, a unit rests.

    >>> seating_pairing([4, 2, 9, None]).rests
    (9,)
    """
    matches: list[Match] = []
    rests: list[int] = []
    for i in range(0, len(positions), 2):
        seated = [unit for unit in positions[i : i + 2] if unit is not None]
        if len(seated) == 2:
            matches.append(Match(i // 2 + 1, seated[0], seated[1]))
        elif seated:
            rests.append(seated[0])
    return Pairing(tuple(matches), tuple(rests))


def mitchell_slots(tables: int, jump: int, round_: int) -> list[tuple[int, int]]:
    """Seat pairs (N-S seat, E-W seat) per table in a Mitchell round.

    N-S of table i keeps seat 2i; the E-W line that started at table j is at table j + round·jump.
    """
    return [(2 * i, 2 * ((i - round_ * jump) % tables) + 1) for i in range(tables)]


def mitchell_cycle(tables: int, jump: int) -> int:
    """Turns before an E-W line meets an N-S line again: T / gcd(k, T) (§11).

    >>> mitchell_cycle(4, 1), mitchell_cycle(4, 2), mitchell_cycle(5, 2)
    (4, 2, 5)
    """
    return tables // gcd(jump, tables)


def roundrobin_slots(size: int, round_: int) -> list[tuple[int, int]]:
    """Seat pairs of round ``round_`` of an all-play-all on ``size`` (even) seats.

    The circle method, relabelled so that round 0 is the turn-1 seating (0, 1), (2, 3), …; over
    ``size - 1`` rounds every seat meets every other exactly once.

    >>> roundrobin_slots(4, 0), roundrobin_slots(4, 1), roundrobin_slots(4, 2)
    ([(0, 1), (2, 3)], [(0, 3), (1, 2)], [(0, 2), (1, 3)])
    """
    last = size - 1
    label = {}
    for k in range(size // 2):
        label[k], label[last - k] = 2 * k, 2 * k + 1
    r = round_ % last
    circle = [(r, last)] + [((r + k) % last, (r - k) % last) for k in range(1, size // 2)]
    seats = [(min(label[a], label[b]), max(label[a], label[b])) for a, b in circle]
    return sorted(seats)


@dataclass(frozen=True, slots=True)
class _Orphan:
    unit: int
    number: int
    ns: bool


def scheduled(
    slots: Sequence[tuple[int, int]],
    positions: Sequence[int | None],
    active: frozenset[int],
    ranked: Sequence[int],
    rest_counts: Mapping[int, int],
    forbidden: Forbidden,
) -> Pairing:
    """A turn of a fixed movement. A unit whose scheduled opponent is missing (an empty seat, or a
    withdrawn entrant) rests: Art. 33 gives the rest to "the pair that should have met the missing
    pair", Art. 32 to "every pair that has to rest after the abandonment".

    A unit rests at most once (Art. 33): orphans that have rested already meet each other instead
    (ranked matching, fewest rematches); if one is left over, it meets the best-ranked orphan that
    has not rested, or else the lowest-ranked unit that has not rested gives up its match to rest.
    """
    matches: dict[int, Match] = {}
    orphans: list[_Orphan] = []
    for number, (seat_a, seat_b) in enumerate(slots, 1):
        a, b = (_present(positions, seat, active) for seat in (seat_a, seat_b))
        if a is not None and b is not None:
            matches[number] = Match(number, a, b)
        elif a is not None:
            orphans.append(_Orphan(a, number, True))
        elif b is not None:
            orphans.append(_Orphan(b, number, False))
    index = {unit: i for i, unit in enumerate(ranked)}
    orphans.sort(key=lambda o: index[o.unit])
    fresh = [o for o in orphans if rest_counts.get(o.unit, 0) == 0]
    rested = [o for o in orphans if rest_counts.get(o.unit, 0) > 0]
    if len(rested) % 2:
        _complete(rested, fresh, matches, ranked, rest_counts)
    by_unit = {orphan.unit: orphan for orphan in rested}
    for a, b in rank_matching(sorted(by_unit, key=index.__getitem__), forbidden):
        first, second = by_unit[a], by_unit[b]
        home, away = (second, first) if second.ns and not first.ns else (first, second)
        matches[home.number] = Match(home.number, home.unit, away.unit)
    rests = tuple(o.unit for o in sorted(fresh, key=lambda o: index[o.unit]))
    return Pairing(tuple(matches[n] for n in sorted(matches)), rests)


def _present(positions: Sequence[int | None], seat: int, active: frozenset[int]) -> int | None:
    unit = positions[seat] if seat < len(positions) else None
    return unit if unit is not None and unit in active else None


def _complete(
    rested: list[_Orphan],
    fresh: list[_Orphan],
    matches: dict[int, Match],
    ranked: Sequence[int],
    rest_counts: Mapping[int, int],
) -> None:
    """Make ``rested`` even (in place): take the best fresh orphan, or break the match of the
    lowest-ranked unit that has not rested (it rests), or let the last orphan rest again."""
    if fresh:
        rested.append(fresh.pop(0))
        return
    in_match = {m.ns: m for m in matches.values()} | {m.ew: m for m in matches.values()}
    for unit in reversed(ranked):
        if unit in in_match and rest_counts.get(unit, 0) == 0:
            match = matches.pop(in_match[unit].number)
            other, other_ns = (match.ew, False) if match.ns == unit else (match.ns, True)
            rested.append(_Orphan(other, match.number, other_ns))
            fresh.append(_Orphan(unit, match.number, not other_ns))
            return
    fresh.append(rested.pop())


def individual_seating(order: Sequence[int]) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], list[int]]:
    """Turn 1 of an individual tournament: four seats a table in the order N, E, S, W; the last
    ``len % 4`` players rest.

    >>> individual_seating([1, 2, 3, 4, 5])
    ([((1, 3), (2, 4))], [5])
    """
    playing = len(order) - len(order) % 4
    tables = [((order[i], order[i + 2]), (order[i + 1], order[i + 3])) for i in range(0, playing, 4)]
    return tables, list(order[playing:])


def individual_danish(
    ranked: Sequence[int], rest_counts: Mapping[int, int], partnered: Forbidden
) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], list[int]]:
    """A later turn of an individual tournament: rests (Art. 33), then new partnerships — nobody
    partners the same player twice where possible, and partners are close in the ranking — then
    the partnerships, ranked by their members' ranks, meet Danish-style (1st-2nd, 3rd-4th, …).
    """
    rests = choose_rests(ranked, rest_counts, len(ranked) % 4)
    playing = [unit for unit in ranked if unit not in rests]
    index = {unit: i for i, unit in enumerate(playing)}
    partnerships = sorted(rank_matching(playing, partnered), key=lambda p: (index[p[0]] + index[p[1]], index[p[0]]))
    tables = [(partnerships[i], partnerships[i + 1]) for i in range(0, len(partnerships), 2)]
    return tables, rests
