"""Cards as small integers, the 108-card deck, values and the text notation (docs/rules.md §1).

A *card* is an ``int`` from 0 to 52: ``suit * 13 + (rank - 1)`` for the 52 French cards
(suits ``H D C S`` = 0..3, ranks ``A=1, 2..10, J=11, Q=12, K=13``) and :data:`JOKER` = 52.
The two copies of a card are interchangeable in every rule, so the engine never tells them
apart: a multiset of cards is a tuple of ints or a count vector of length :data:`NUM_KINDS`.

>>> parse_card("10H"), parse_card("th"), parse_card("10♥"), parse_card("jk")
(9, 9, 9, 52)
>>> format_cards(parse_cards("AS 2c JK"))
'AS 2C JK'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from burraco.core.errors import CardParseError

SUITS: Final = "HDCS"
SUIT_NAMES: Final = ("hearts", "diamonds", "clubs", "spades")
SUIT_GLYPHS: Final = "♥♦♣♠"
RANK_TEXT: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER: Final = 52
NUM_KINDS: Final = 53
ACE: Final = 1
TWO: Final = 2
KING: Final = 13
COPIES: Final = tuple([2] * 52 + [4])
"""How many physical copies of each card the 108-card deck holds."""
DECK_SIZE: Final = 108

_RANK_BY_TEXT: Final = {text: rank for rank, text in enumerate(RANK_TEXT) if text}
_RANK_BY_TEXT["T"] = 10
_RANK_BY_TEXT["1"] = 1
_SUIT_BY_TEXT: Final = {**{s: i for i, s in enumerate(SUITS)}, **{g: i for i, g in enumerate(SUIT_GLYPHS)}}
_SUIT_BY_TEXT.update({"♡": 0, "♢": 1, "♧": 2, "♤": 3})


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3).

    >>> make_card(10, 0) == parse_card("10H")
    True
    """
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise CardParseError(f"no card has rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


RANK: Final = tuple([k % 13 + 1 for k in range(52)] + [0])
"""``RANK[card]``: 1..13, or 0 for the joker."""
SUIT: Final = tuple([k // 13 for k in range(52)] + [-1])
"""``SUIT[card]``: 0..3, or -1 for the joker."""
IS_WILD: Final = tuple([RANK[k] == TWO for k in range(52)] + [True])
"""``IS_WILD[card]``: jokers and every 2 are wildcards (a same-suit 2 may stand as natural)."""
TWOS: Final = tuple(make_card(TWO, s) for s in range(4))
WILD_CARDS: Final = (*TWOS, JOKER)


def card_value(card: int, joker_value: int = 30) -> int:
    """Points of a card (§1): joker 30 (or 25), any 2 = 20, ace 15, K..8 = 10, 7..3 = 5.

    >>> [card_value(parse_card(t)) for t in ("JK", "2S", "AH", "KD", "8C", "7C", "3H")]
    [30, 20, 15, 10, 10, 5, 5]
    >>> card_value(JOKER, joker_value=25)
    25
    """
    if card == JOKER:
        return joker_value
    return _VALUE_BY_RANK[RANK[card]]


_VALUE_BY_RANK: Final = (0, 15, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)
VALUES_30: Final = tuple(card_value(k, 30) for k in range(NUM_KINDS))
VALUES_25: Final = tuple(card_value(k, 25) for k in range(NUM_KINDS))


def value_table(joker_value: int) -> tuple[int, ...]:
    """The value of every card kind for a joker value of 30 or 25."""
    if joker_value == 30:
        return VALUES_30
    if joker_value == 25:
        return VALUES_25
    return tuple(card_value(k, joker_value) for k in range(NUM_KINDS))


def format_card(card: int) -> str:
    """Text notation of a card: ``10H``, ``AS``, ``JK``.

    >>> format_card(0), format_card(JOKER), format_card(make_card(10, 3))
    ('AH', 'JK', '10S')
    """
    if card == JOKER:
        return "JK"
    if not 0 <= card < 52:
        raise CardParseError(f"{card!r} is not a card id (0..52)")
    return RANK_TEXT[RANK[card]] + SUITS[SUIT[card]]


def format_cards(cards: Iterable[int]) -> str:
    """Cards separated by single spaces, in the order given."""
    return " ".join(format_card(c) for c in cards)


def parse_card(token: str) -> int:
    """Parse one card in the notation of §1 (case-insensitive; ``T`` for ten; suit glyphs).

    >>> parse_card("QS") == make_card(12, 3)
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    burraco.core.errors.CardParseError: '1H' is not a card: rank '1' is unknown (use A 2..10 J Q K)
    """
    text = token.strip().upper()
    if text in ("JK", "JOKER", "JO", "🃏"):
        return JOKER
    if len(text) < 2:
        raise CardParseError(f"{token!r} is not a card: expected a rank and a suit, like 10H or JK")
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SUIT_BY_TEXT.get(suit_text)
    if suit is None:
        raise CardParseError(f"{token!r} is not a card: suit {suit_text!r} is unknown (use H D C S or ♥ ♦ ♣ ♠)")
    rank = _RANK_BY_TEXT.get(rank_text) if rank_text != "1" else None
    if rank is None:
        raise CardParseError(f"{token!r} is not a card: rank {rank_text!r} is unknown (use A 2..10 J Q K)")
    return make_card(rank, suit)


def parse_cards(text: str | Sequence[str]) -> tuple[int, ...]:
    """Parse cards separated by spaces or commas (or a list of tokens).

    >>> parse_cards("7H, 7D 7S")
    (6, 19, 45)
    >>> parse_cards("7H 7X")
    Traceback (most recent call last):
    ...
    burraco.core.errors.CardParseError: '7X' is not a card: suit 'X' is unknown (use H D C S or ♥ ♦ ♣ ♠)
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(t) for t in tokens)


def counts_of(cards: Iterable[int]) -> list[int]:
    """Count vector (length 53) of a multiset of cards."""
    counts = [0] * NUM_KINDS
    for c in cards:
        counts[c] += 1
    return counts


def check_copies(cards: Sequence[int]) -> None:
    """Raise :class:`CardParseError` if the multiset holds more copies than the deck has.

    >>> check_copies(parse_cards("7S 7S 7S"))
    Traceback (most recent call last):
    ...
    burraco.core.errors.CardParseError: a third 7S does not exist: the deck holds 2 copies
    """
    counts = counts_of(cards)
    for kind, n in enumerate(counts):
        if n > COPIES[kind]:
            ordinal = {3: "third", 4: "fourth", 5: "fifth"}.get(COPIES[kind] + 1, "further")
            raise CardParseError(
                f"a {ordinal} {format_card(kind)} does not exist: the deck holds {COPIES[kind]} copies"
            )


def full_deck() -> tuple[int, ...]:
    """The 108 cards in a fixed order (two copies of each of the 52, then 4 jokers).

    >>> deck = full_deck(); len(deck), deck.count(JOKER), deck.count(parse_card("7S"))
    (108, 4, 2)
    """
    return tuple(k for k in range(NUM_KINDS) for _ in range(COPIES[k]))


_SORT_RANK: Final = (14, 15, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def sort_key(card: int) -> tuple[int, int]:
    """Key for showing a hand: by suit, then rank (ace high), twos and jokers last."""
    if card == JOKER:
        return (5, 0)
    if RANK[card] == TWO:
        return (4, SUIT[card])
    return (SUIT[card], _SORT_RANK[RANK[card] - 1])


def draw_order_key(card: int) -> tuple[int, int]:
    """Order used to draw for seats (§1): joker > 2 > A > K > … > 3; hearts > diamonds > clubs > spades."""
    if card == JOKER:
        return (100, 0)
    rank = RANK[card]
    strength = {TWO: 99, ACE: 98}.get(rank, rank)
    return (strength, 3 - SUIT[card])
