"""What an arbiter's ruling changes in a hand's score (docs/rules.md §8, "An irregular hand").

The engine plays only legal moves, so a hand that held an irregularity is scored with the facts
the arbiter established given apart: :class:`Irregularities` names them for the whole hand and
:meth:`Irregularities.of_side` gives one side's share (:class:`SideIrregularities`), which
:func:`burraco.core.scoring.score_side` applies. ``NO_IRREGULARITIES`` changes nothing.

- A **frozen meld** (:class:`FrozenMeld`, Art. 12, an error noticed too late): its valid part is
  the side's meld ``index`` on the table and scores as usual; its ``wrong`` cards count against the
  side. With no valid part (``index`` None) every card of the meld is wrong.
- A **void burraco** (Art. 12, Art. 18): the side's meld ``index`` scores its cards but no bonus.
- A **closing that needs a valid burraco** (Art. 12): the side's closing stands only if a burraco
  that is not void is left on its table.
- **Penalised cards** still held by a seat at the hand's end (Art. 13, Art. 17): they count as
  cards in hand.

>>> from burraco.core.cards import parse_cards as p
>>> irr = Irregularities(frozen=(FrozenMeld(0, 2, p("3H 4H")),), void_burraci=((0, 2),), penalised=((1, p("7C")),))
>>> north_south = irr.of_side(0, (0, 2))
>>> north_south.wrong == ((2, p("3H 4H")),), north_south.void_burraci, north_south.penalised
(True, (2,), ())
>>> irr.of_side(1, (1, 3)).penalised == p("7C")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class FrozenMeld:
    """A meld frozen by an error noticed too late: the valid part is the side's meld ``index``
    (None when no part is valid), ``wrong`` the cards outside it, counted against the side."""

    side: int
    index: int | None
    wrong: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SideIrregularities:
    """One side's irregularities: the wrong cards of its frozen melds (by meld index, None for a meld
    with no valid part), the indexes of its void burraci, the penalised cards its players still hold,
    and whether its closing stands only with a valid burraco left."""

    wrong: tuple[tuple[int | None, tuple[int, ...]], ...] = ()
    void_burraci: tuple[int, ...] = ()
    penalised: tuple[int, ...] = ()
    closing_needs_valid_burraco: bool = False


@dataclass(frozen=True, slots=True)
class Irregularities:
    """The irregularities of a hand: frozen melds, void burraci ``(side, meld index)``, penalised
    cards ``(seat, cards)`` still held at the end, and the sides whose closing needs a valid burraco."""

    frozen: tuple[FrozenMeld, ...] = ()
    void_burraci: tuple[tuple[int, int], ...] = ()
    penalised: tuple[tuple[int, tuple[int, ...]], ...] = ()
    closing_needs_valid_burraco: tuple[int, ...] = ()

    def of_side(self, side: int, seats: Sequence[int]) -> SideIrregularities:
        """The share of the side whose players sit at ``seats``."""
        if not (self.frozen or self.void_burraci or self.penalised or self.closing_needs_valid_burraco):
            return NO_SIDE_IRREGULARITIES
        return SideIrregularities(
            wrong=tuple((f.index, f.wrong) for f in self.frozen if f.side == side),
            void_burraci=tuple(index for s, index in self.void_burraci if s == side),
            penalised=tuple(card for seat, cards in self.penalised if seat in seats for card in cards),
            closing_needs_valid_burraco=side in self.closing_needs_valid_burraco,
        )

    def plus(self, other: Irregularities) -> Irregularities:
        """Both sets of irregularities (two rulings in one hand).

        >>> a = Irregularities(void_burraci=((0, 1),))
        >>> a.plus(Irregularities(closing_needs_valid_burraco=(0,))).closing_needs_valid_burraco
        (0,)
        """
        return Irregularities(
            self.frozen + other.frozen,
            self.void_burraci + other.void_burraci,
            self.penalised + other.penalised,
            self.closing_needs_valid_burraco + other.closing_needs_valid_burraco,
        )


NO_IRREGULARITIES: Final = Irregularities()
NO_SIDE_IRREGULARITIES: Final = SideIrregularities()
