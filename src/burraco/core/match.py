"""The match (partita): hands with the dealer rotating, to a target or a fixed number of hands
(docs/rules.md §9, §10, §12). Pure: hands are dealt from seeds derived from the match seed.

With ``redeal_if_no_pozzetto`` (§12) a hand whose stock runs out before anyone took a pozzetto is
void: it is recorded (end ``void hand``, no points) and the same dealer deals again. With
``target_exceeded`` free play ends when a total goes over the target, not when it reaches it.

>>> from burraco.core.options import Rules
>>> m = Match(Rules(players=2, hands_per_turn=1), seed=5)
>>> hand = m.start_hand()
>>> while not hand.is_over:
...     _ = hand.apply(hand.legal_actions()[-1])
>>> result = m.finish_hand()
>>> m.is_over, len(m.results), sum(m.match_points()) == 0
(True, 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from burraco.core.actions import EndReason
from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.rng import SplitMix64
from burraco.core.scoring import SideScore
from burraco.core.vp import victory_points

MAX_EXTRA_HANDS: Final = 50
"""A tie at the target plays another hand; this caps pathological ties."""
MAX_VOID_IN_A_ROW: Final = 10
"""``redeal_if_no_pozzetto``: after this many void hands in a row the next such hand is scored
(a guard, like the turn cap: the match always ends)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: its dealer, each side's seats and breakdown, and points per match entrant."""

    number: int
    dealer: int
    seed: int
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[SideScore, ...]
    points: tuple[int, ...]
    """Points credited to each match entrant (a team for 2 and 4 players, a player for 3)."""
    end_reason: str
    """The hand's end (:class:`~burraco.core.actions.EndReason`); ``void hand`` when it counted for nothing."""

    @property
    def void(self) -> bool:
        """The hand counted for nothing and was dealt again (``redeal_if_no_pozzetto``, §12)."""
        return self.end_reason == EndReason.VOID


class Match:
    """A match of hands. Entrants are the two teams (2 or 4 players) or the three players (3)."""

    def __init__(self, rules: Rules, seed: int = 0, first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        rng = SplitMix64(seed)
        self.first_dealer = rng.below(rules.players) if first_dealer is None else first_dealer
        self.entrants = 3 if rules.players == 3 else 2
        self.totals = [0] * self.entrants
        self.results: list[HandResult] = []
        self.current: Hand | None = None
        self._seeds = rng
        self._current_seed = -1
        self.timed_out = False
        """Art. 28: the turn's time ran out; no hand is dealt after the current one."""

    def clone(self) -> Match:
        """An independent copy: the current hand cloned, totals and results copied, the deal seed
        stream at the same point (so both deal the same next hands).

        >>> match = Match(Rules(players=2), seed=3)
        >>> copy = match.clone()
        >>> match.start_hand().hands == copy.start_hand().hands
        True
        """
        new = Match(self.rules, self.seed, self.first_dealer)
        new.totals = list(self.totals)
        new.results = list(self.results)
        new.current = self.current.clone() if self.current is not None else None
        new._seeds = self._seeds.clone()
        new._current_seed = self._current_seed
        new.timed_out = self.timed_out
        return new

    @property
    def hands_played(self) -> int:
        """The hands that counted: every finished hand but the void ones (§12)."""
        return sum(1 for r in self.results if not r.void)

    @property
    def dealer(self) -> int:
        """The dealer of the next (or current) hand: rotates clockwise (§2); a void hand is dealt
        again by the same dealer (§12)."""
        return (self.first_dealer + self.hands_played) % self.rules.players

    @property
    def is_over(self) -> bool:
        if self.current is not None:
            return False
        played = self.hands_played
        if self.timed_out:
            return True
        if self.rules.hands_per_turn is not None:
            return played >= self.rules.hands_per_turn
        if played == 0:
            return False
        best = max(self.totals)
        if best < self.rules.target or (best == self.rules.target and self.rules.target_exceeded):
            return False
        tied = self.totals.count(best) > 1
        return not tied or played >= MAX_EXTRA_HANDS * 10

    def start_hand(self) -> Hand:
        """Deal the next hand (three 11-card pozzetti once a 3-player total reaches 1000, §9)."""
        if self.current is not None:
            raise IllegalActionError("finish the current hand before dealing the next")
        if self.is_over:
            raise IllegalActionError("the match is over")
        seed = self._seeds.next64() >> 1
        sizes = None
        if self.rules.players == 3 and max(self.totals) >= self.rules.three_player_switch_at:
            sizes = (11, 11, 11)
        self.current = Hand.deal(self.rules.players, seed, self.dealer, self.rules, sizes)
        self._current_seed = seed
        return self.current

    def finish_hand(self) -> HandResult:
        """Score the finished current hand and add it to the totals (a void hand adds nothing, §12)."""
        hand = self.current
        if hand is None or not hand.is_over:
            raise IllegalActionError("no finished hand to score")
        scores = tuple(hand.scores())
        sides = tuple(tuple(hand.seats_of_side(s)) for s in range(hand.num_sides))
        void = self._is_void(hand)
        points = (0,) * self.entrants if void else self._credit(hand, scores, sides)
        end = EndReason.VOID if void else hand.end_reason
        result = HandResult(len(self.results) + 1, hand.dealer, self._current_seed, sides, scores, points, end)
        self.results.append(result)
        for i, p in enumerate(points):
            self.totals[i] += p
        self.current = None
        return result

    def _is_void(self, hand: Hand) -> bool:
        """§12, ``redeal_if_no_pozzetto``: the stock ran out and nobody took a pozzetto. Not after a
        time-out (no hand is dealt again then), nor after :data:`MAX_VOID_IN_A_ROW` void hands."""
        if not self.rules.redeal_if_no_pozzetto or self.timed_out:
            return False
        if hand.end_reason != EndReason.STOCK_EXHAUSTED or hand.pozzetto_of_side:
            return False
        last = self.results[-MAX_VOID_IN_A_ROW:]
        return len(last) < MAX_VOID_IN_A_ROW or not all(r.void for r in last)

    def _credit(self, hand: Hand, scores: tuple[SideScore, ...], sides: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        if self.rules.players != 3:
            return tuple(s.total for s in scores)
        points = [0, 0, 0]
        for side, seats in enumerate(sides):
            total = scores[side].total
            share = total if len(seats) == 1 or self.rules.three_player_pair_share == "full" else _half(total)
            for seat in seats:
                points[seat] += share
        return tuple(points)

    def time_out(self) -> None:
        """§10 / Art. 28: the turn's time ran out (an explicit event; no clock in the core). A hand in
        progress ends by the time-out procedure (one dealt but not yet played gets one whole round);
        the hands not yet dealt are not played: the match ends with the current hand.

        >>> m = Match(Rules(players=4, hands_per_turn=3), seed=1)
        >>> m.time_out()  # between hands (here: before the first): no hand is dealt any more
        >>> m.is_over, len(m.results)
        (True, 0)
        """
        if self.timed_out:
            raise IllegalActionError("time-out has already been called in this match")
        if self.current is not None:
            self.current.call_time_out()
        elif self.is_over:
            raise IllegalActionError("the match is over")
        self.timed_out = True

    def winner(self) -> int | None:
        """The entrant with the highest total once the match is over (None while tied or running)."""
        if not self.is_over:
            return None
        best = max(self.totals)
        return self.totals.index(best) if self.totals.count(best) == 1 else None

    def match_points(self) -> tuple[int, ...]:
        """MP (2 entrants): the difference of the totals, positive for the leader (§10)."""
        if self.entrants != 2:
            raise IllegalActionError("match points compare two sides; a 3-player match has three totals")
        diff = self.totals[0] - self.totals[1]
        return (diff, -diff)

    def victory_points(self) -> tuple[int, int]:
        """VP by the rules' table (§10, Art. 30: one table whatever the number of hands)."""
        return victory_points(self.match_points()[0], self.rules.vp_table)


def _half(total: int) -> int:
    """Half of a pair's score, rounded to the 5 points scores are counted in."""
    return round(total / 10.0) * 5
