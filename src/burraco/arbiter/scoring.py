"""From a ruling to the hand's score: the effects that bear on the score, with the concrete cards the
arbiter saw, as the core's :class:`~burraco.core.irregular.Irregularities`
(``HandState.scores(irregularities)`` then scores the hand the arbiter ruled on).

What counts (docs/rules.md §8, "An irregular hand"):

- ``counted_against`` (Art. 12, an error noticed too late): the ``wrong`` cards count against the side;
  with ``extra_cards`` the valid part is the side's meld ``meld``, with ``all_meld_cards`` no part is.
- ``validity`` of a ``burraco``, false (Art. 12, Art. 18): the side's meld ``meld`` earns no bonus.
- ``validity`` of the ``closing_on_that_burraco``, false: the side's closing stands only if a valid
  burraco is left.
- ``penalised_cards`` (Art. 12, 13, 17, 18): the ``penalised`` cards ``seat`` still holds at the end
  count as cards in hand (none if all were discarded).

The other effects act on the play, not on the score (a warning, a pozzetto made right, 1 VP off the
standings, which the tournament enters apart). A ruling with an arbitral score is not scored here.

>>> from burraco.arbiter.code import rule
>>> from burraco.core.cards import parse_cards as p
>>> later = rule(12, {"situation": "wrong_play", "noticed": "later", "valid_part": "yes", "burraco": "yes"})
>>> irr = irregularities(later, side=0, meld=1, wrong=p("3H 4H"))
>>> irr.frozen[0].index, irr.void_burraci, irr.closing_needs_valid_burraco
(1, ((0, 1),), (0,))
"""

from __future__ import annotations

from collections.abc import Sequence

from burraco.arbiter.effects import (
    Act,
    Cards,
    CountedAgainst,
    Effect,
    PenalisedCards,
    Subject,
    TableAction,
    Validity,
)
from burraco.arbiter.text import ArbiterError, Text
from burraco.arbiter.tree import Ruling
from burraco.core.irregular import FrozenMeld, Irregularities


class ScoringInputError(ArbiterError):
    """The facts given do not fit the ruling: a meld, a seat or cards it needs are missing, or cards it
    does not name are given."""


def irregularities(
    ruling: Ruling | Sequence[Effect],
    *,
    side: int,
    meld: int | None = None,
    wrong: Sequence[int] = (),
    seat: int | None = None,
    penalised: Sequence[int] = (),
) -> Irregularities:
    """The scoring input of one ruling against ``side`` (the guilty side).

    ``meld`` is the index, among the side's melds on the table, of the meld the ruling names (the
    frozen meld's valid part, the void burraco); ``wrong`` the cards counted against the side;
    ``seat`` and ``penalised`` the guilty player and the penalised cards he still holds at the end.

    >>> from burraco.arbiter.code import rule
    >>> none_valid = rule(12, {"situation": "wrong_play", "noticed": "later", "valid_part": "no"})
    >>> irregularities(none_valid, side=1, wrong=(3, 4, 20, 21)).frozen
    (FrozenMeld(side=1, index=None, wrong=(3, 4, 20, 21)),)
    >>> irregularities(none_valid, side=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    burraco.arbiter.scoring.ScoringInputError: la decisione conta in negativo ... name them (wrong)
    """
    effects = ruling.effects if isinstance(ruling, Ruling) else tuple(ruling)
    frozen: list[FrozenMeld] = []
    void: list[tuple[int, int]] = []
    held: list[tuple[int, tuple[int, ...]]] = []
    closing: list[int] = []
    for effect in effects:
        if isinstance(effect, CountedAgainst):
            frozen.append(FrozenMeld(side, _meld(meld) if effect.cards is Cards.EXTRA_CARDS else None, _wrong(wrong)))
        elif isinstance(effect, Validity) and not effect.valid and effect.subject is Subject.BURRACO:
            void.append((side, _meld(meld)))
        elif isinstance(effect, Validity) and not effect.valid and effect.subject is Subject.CLOSING_ON_THAT_BURRACO:
            closing.append(side)
        elif isinstance(effect, PenalisedCards) and penalised:
            held.append((_seat(seat), tuple(penalised)))
        elif isinstance(effect, TableAction) and effect.act is Act.ARBITRAL_SCORE:
            raise ScoringInputError(
                Text(
                    "la decisione assegna un punteggio arbitrale: la mano non si conta",
                    "the ruling awards an arbitral score: the hand is not counted",
                )
            )
    _unused(effects, wrong, penalised)
    return Irregularities(tuple(frozen), tuple(void), tuple(held), tuple(closing))


def _meld(meld: int | None) -> int:
    if meld is None:
        raise ScoringInputError(
            Text(
                "la decisione riguarda un gioco sul tavolo: indica quale (meld)",
                "the ruling names a meld on the table: say which one (meld)",
            )
        )
    return meld


def _wrong(wrong: Sequence[int]) -> tuple[int, ...]:
    if not wrong:
        raise ScoringInputError(
            Text(
                "la decisione conta in negativo delle carte: indica quali (wrong)",
                "the ruling counts cards against the side: name them (wrong)",
            )
        )
    return tuple(wrong)


def _seat(seat: int | None) -> int:
    if seat is None:
        raise ScoringInputError(
            Text(
                "carte penalizzate: indica il giocatore che le tiene (seat)",
                "penalised cards: say which player holds them (seat)",
            )
        )
    return seat


def _unused(effects: Sequence[Effect], wrong: Sequence[int], penalised: Sequence[int]) -> None:
    """Refuse cards the ruling has no use for."""
    if wrong and not any(isinstance(e, CountedAgainst) for e in effects):
        raise ScoringInputError(
            Text(
                "la decisione non conta carte in negativo (wrong)",
                "the ruling counts no cards against the side (wrong)",
            )
        )
    if penalised and not any(isinstance(e, PenalisedCards) for e in effects):
        raise ScoringInputError(
            Text("la decisione non assegna carte penalizzate", "the ruling assigns no penalised cards")
        )
