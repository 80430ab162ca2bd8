"""The one function that builds what a seat may see (docs/rules.md §5: hidden cards never leave it).

:func:`observe` is the only way bots, the terminal, the web server and the RL environment see a
hand. A seat sees its own hand, the sizes of the others, every meld, the discard pile, the stock
size, which pozzetti were taken and by whom, the cards it itself received from a pozzetto, the
public log (a draw's card only for the drawer) and the cards each seat is publicly known to hold
(picked up from the discard pile and not played since). ``seat=None`` is a spectator.

>>> from burraco.core.hand import Hand
>>> h = Hand.deal(players=2, seed=3)
>>> v = observe(h, 0)
>>> len(v.hand), v.hand_sizes, v.stock_size, v.pozzetto_sizes
(11, (11, 11), 63, (11, 11))
>>> observe(h, None).hand
()
"""

from __future__ import annotations

from dataclasses import dataclass

from burraco.core.cards import NUM_KINDS
from burraco.core.hand import Hand, Phase
from burraco.core.melds import Meld
from burraco.core.recordlog import RecordLog


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of a hand. Every field is public or belongs to ``seat``."""

    seat: int | None
    players: int
    dealer: int
    to_play: int
    phase: Phase
    hand: tuple[int, ...]
    """The seat's own cards, sorted by card id (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    side_of: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    """Melds by side, in the order they were laid (attach targets are these indexes)."""
    discard_pile: tuple[int, ...]
    """Bottom first; the last card is the top."""
    stock_size: int
    pozzetto_sizes: tuple[int, ...]
    """Sizes of the pozzetti not yet taken, the next one first."""
    pozzetto_of_side: tuple[tuple[int, int], ...]
    """(side, pozzetto index) for every pozzetto taken."""
    known_cards: tuple[tuple[int, ...], ...]
    """Per seat, cards everyone knows it holds (picked up from the pile, not played since)."""
    log: RecordLog
    """The log with other seats' private cards removed: a read-only sequence of records that
    shares the hand's (taken in O(1); it equals any list or tuple of the same records)."""
    must_draw: bool
    one_card_pick: int
    """The card this seat picked up alone this turn and may not discard (-1 if none)."""
    end_reason: str

    @property
    def my_side(self) -> int | None:
        return None if self.seat is None else self.side_of[self.seat]


def observe(hand: Hand, seat: int | None) -> Observation:
    """Build ``seat``'s observation of ``hand`` (``None`` for a spectator)."""
    own = tuple(hand.hand_cards(seat)) if seat is not None else ()
    log = hand.visible_logs[-1 if seat is None else seat].share()
    known = tuple(_cards_of(counts) for counts in hand.known)
    picked = hand.one_card_pick[0] if seat == hand.to_play and not hand.one_card_pick[1] else -1
    return Observation(
        seat=seat,
        players=hand.players,
        dealer=hand.dealer,
        to_play=hand.to_play,
        phase=hand.phase,
        hand=own,
        hand_sizes=tuple(hand.hand_sizes),
        side_of=tuple(hand.side_of),
        melds=tuple(tuple(side) for side in hand.melds),
        discard_pile=tuple(hand.discard_pile),
        stock_size=len(hand.stock),
        pozzetto_sizes=tuple(len(p) for p in hand.pozzetti[hand.next_pozzetto :]),
        pozzetto_of_side=tuple(sorted(hand.pozzetto_of_side.items())),
        known_cards=known,
        log=log,
        must_draw=hand.must_draw,
        one_card_pick=picked,
        end_reason=hand.end_reason,
    )


def _cards_of(counts: list[int]) -> tuple[int, ...]:
    if not any(counts):
        return ()
    return tuple(k for k in range(NUM_KINDS) for _ in range(counts[k]))
