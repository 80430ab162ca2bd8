"""The meld as a value: :class:`Meld`, immutable and validated by :mod:`burraco.core.melds` (docs/rules.md §4).

A meld knows its kind (sequence or combination), its cards in display order and their positions
(1, a low ace, to 14, a high ace; a combination's cards all sit at its rank), its wildcard and what
it stands for, and, from those, its burraco class (§4.3), card points and bonus (§8). Only the
validator of :mod:`burraco.core.melds` builds melds for play (``make_meld``, ``meld_or_reason``,
``attach``), which re-exports this class.

>>> from burraco.core.cards import parse_cards
>>> from burraco.core.melds import make_meld
>>> m = make_meld(parse_cards("3H 4H 5H 6H 7H 8H 9H"))
>>> m.size, m.burraco(), m.card_points(), m.bonus()
(7, 'clean', 45, 200)
"""

from __future__ import annotations

from typing import Final, Literal, final

from burraco.core.cards import ACE, RANK_TEXT, SUITS, TWO, format_card, make_card, value_table
from burraco.core.options import Rules

MeldKind = Literal["sequence", "combination"]
BurracoClass = Literal["clean", "dirty", "semi_clean"]
DEFAULT_RULES: Final = Rules()
HIGH_ACE: Final = 14
MAX_SEQUENCE: Final = 14
MAX_COMBINATION: Final = 9


@final
class Meld:
    """A legal meld. ``cards`` and ``positions`` are in display order (low to high).

    Immutable, compared and hashed by its fields like the frozen dataclass it was (a plain class
    of ``Final`` attributes: compiled, a frozen dataclass is built through an interpreted
    ``__init__``; see :class:`burraco.core.actions.Record`).

    Fields: ``kind``; ``suit`` of a sequence (0..3), -1 for a combination; ``rank`` of a
    combination (1, 3..13), 0 for a sequence; ``cards``; ``positions``; ``wild``, the wildcard
    card (a joker or a 2 standing for another rank), -1 if none; ``wild_rank``, the position the
    wildcard stands for (1..14 in a sequence; the rank in a combination); ``wild_fixed``, True
    when the wildcard fills a gap between two naturals (§4.1); ``natural_pos``, the positions of
    the natural cards when the meld has a wildcard (filled in by the validator).
    """

    __slots__ = ("cards", "kind", "natural_pos", "positions", "rank", "suit", "wild", "wild_fixed", "wild_rank")

    def __init__(
        self,
        kind: MeldKind,
        suit: int,
        rank: int,
        cards: tuple[int, ...],
        positions: tuple[int, ...],
        wild: int = -1,
        wild_rank: int = 0,
        wild_fixed: bool = False,
        natural_pos: tuple[int, ...] = (),
    ) -> None:
        self.kind: Final[MeldKind] = kind
        self.suit: Final = suit
        self.rank: Final = rank
        self.cards: Final = cards
        self.positions: Final = positions
        self.wild: Final = wild
        self.wild_rank: Final = wild_rank
        self.wild_fixed: Final = wild_fixed
        self.natural_pos: Final = natural_pos

    def _fields(self) -> tuple[str, int, int, tuple[int, ...], tuple[int, ...], int, int, bool, tuple[int, ...]]:
        return (
            self.kind,
            self.suit,
            self.rank,
            self.cards,
            self.positions,
            self.wild,
            self.wild_rank,
            self.wild_fixed,
            self.natural_pos,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self._fields() != other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Meld(kind={self.kind!r}, suit={self.suit!r}, rank={self.rank!r}, cards={self.cards!r}, "
            f"positions={self.positions!r}, wild={self.wild!r}, wild_rank={self.wild_rank!r}, "
            f"wild_fixed={self.wild_fixed!r}, natural_pos={self.natural_pos!r})"
        )

    def __reduce__(
        self,
    ) -> tuple[
        type[Meld], tuple[MeldKind, int, int, tuple[int, ...], tuple[int, ...], int, int, bool, tuple[int, ...]]
    ]:
        return (
            Meld,
            (
                self.kind,
                self.suit,
                self.rank,
                self.cards,
                self.positions,
                self.wild,
                self.wild_rank,
                self.wild_fixed,
                self.natural_pos,
            ),
        )

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_sequence(self) -> bool:
        return self.kind == "sequence"

    @property
    def natural_positions(self) -> tuple[int, ...]:
        """Positions held by natural cards (a sequence's ranks, ace as 1 or 14)."""
        if self.wild < 0:
            return self.positions
        if self.natural_pos:
            return self.natural_pos
        return tuple(p for c, p in zip(self.cards, self.positions, strict=True) if not self._is_wild_slot(c, p))

    def _is_wild_slot(self, card: int, position: int) -> bool:
        return card == self.wild and position == self.wild_rank

    @property
    def low(self) -> int:
        return self.positions[0]

    @property
    def high(self) -> int:
        return self.positions[-1]

    @property
    def has_natural_two(self) -> bool:
        """A sequence whose own-suit 2 stands at rank 2 as a natural card (§4.1)."""
        return (
            self.kind == "sequence"
            and make_card(TWO, self.suit) in self.cards
            and any(
                p == TWO and c == make_card(TWO, self.suit) for c, p in zip(self.cards, self.positions, strict=True)
            )
        )

    def burraco(self, rules: Rules = DEFAULT_RULES) -> BurracoClass | None:
        """None (fewer than 7 cards), ``clean``, ``dirty`` or ``semi_clean`` (§4.3)."""
        if len(self.cards) < 7:
            return None
        if self.wild < 0:
            return "clean"
        if rules.semi_clean and self._longest_natural_run() >= 7:
            return "semi_clean"
        return "dirty"

    def _longest_natural_run(self) -> int:
        if self.kind == "combination":
            return len(self.cards) - 1
        if not self.wild_fixed:
            return len(self.cards) - 1
        return max(self.wild_rank - self.low, self.high - self.wild_rank)

    def card_points(self, rules: Rules = DEFAULT_RULES) -> int:
        """The sum of the card values of the meld (§1, §8)."""
        values = value_table(rules.joker_value)
        return sum(values[c] for c in self.cards)

    def bonus(self, rules: Rules = DEFAULT_RULES) -> int:
        """The burraco bonus (§8): the largest that applies, 0 for a meld under 7 cards."""
        kind = self.burraco(rules)
        if kind is None:
            return 0
        base = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi_clean": rules.semi_clean_bonus}[kind]
        return max(base, self.special_bonus(rules))

    def special_bonus(self, rules: Rules = DEFAULT_RULES) -> int:
        """Seed 000's special burraci: reale 300, super 250; house variant 500 and 1000 (§8)."""
        best = 0
        full_run = self.kind == "sequence" and self.wild < 0 and self.low == ACE
        if rules.special_burraco_bonuses:
            if full_run and len(self.cards) >= 13:
                best = 300
            if self.kind == "combination" and self.wild < 0 and len(self.cards) >= 8:
                best = max(best, 250)
        if rules.burraco_reale_variant and full_run:
            if len(self.cards) == 14:
                best = max(best, 1000)
            elif len(self.cards) == 13:
                best = max(best, 500)
        return best

    def describe(self) -> str:
        """Each card in order; a wildcard shows what it stands for (``JK=7C``)."""
        parts = []
        for card, position in zip(self.cards, self.positions, strict=True):
            text = format_card(card)
            if card == self.wild and position == self.wild_rank:
                text += "=" + self.stands_for_text()
            parts.append(text)
        detail: str = self.kind
        if self.wild >= 0 and self.kind == "sequence":
            detail += ", wildcard fixed" if self.wild_fixed else ", wildcard free"
        return f"{' '.join(parts)} ({detail})"

    def stands_for_text(self) -> str:
        """What the wildcard stands for, in card notation (``7C``; ``7*`` in a combination)."""
        if self.wild < 0:
            return ""
        if self.kind == "combination":
            return RANK_TEXT[self.rank] + "*"
        rank = ACE if self.wild_rank == HIGH_ACE else self.wild_rank
        return RANK_TEXT[rank] + SUITS[self.suit]
