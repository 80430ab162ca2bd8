"""Cards, values, deck and notation (docs/rules.md §1, Art. 1)."""

from __future__ import annotations

import pytest

from burraco.core.cards import (
    COPIES,
    DECK_SIZE,
    IS_WILD,
    JOKER,
    NUM_KINDS,
    RANK,
    SUIT,
    TWOS,
    VALUES_25,
    VALUES_30,
    WILD_CARDS,
    card_value,
    check_copies,
    counts_of,
    draw_order_key,
    format_card,
    format_cards,
    full_deck,
    make_card,
    parse_card,
    parse_cards,
    sort_key,
    value_table,
)
from burraco.core.errors import BurracoError, CardParseError

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_card_ids_are_suit_times_13_plus_rank() -> None:
    assert NUM_KINDS == 53 and JOKER == 52
    for suit, letter in enumerate("HDCS"):
        for rank, text in enumerate(RANKS, start=1):
            card = make_card(rank, suit)
            assert card == suit * 13 + rank - 1
            assert (RANK[card], SUIT[card]) == (rank, suit)
            assert format_card(card) == text + letter
    assert (RANK[JOKER], SUIT[JOKER]) == (0, -1)


def test_every_card_round_trips_through_text() -> None:
    for card in range(NUM_KINDS):
        assert parse_card(format_card(card)) == card
    assert parse_cards(format_cards(range(NUM_KINDS))) == tuple(range(NUM_KINDS))


def test_parser_accepts_ten_as_t_lower_case_glyphs_and_commas() -> None:
    assert parse_card("TS") == parse_card("10S") == parse_card("ts") == parse_card("10♠")
    assert [parse_card(g) for g in ("A♥", "A♦", "A♣", "A♠")] == [parse_card(t) for t in ("AH", "AD", "AC", "AS")]
    assert parse_card("jk") == parse_card("JK") == JOKER
    assert parse_cards("7h,7d , 7s") == parse_cards("7H 7D 7S")
    assert parse_cards(["qs", "2c"]) == (make_card(12, 3), make_card(2, 2))
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    ("token", "named"), [("7X", "'7X'"), ("1H", "'1H'"), ("11H", "'11H'"), ("H", "'H'"), ("ZZ", "'ZZ'"), ("0S", "'0S'")]
)
def test_bad_tokens_are_named(token: str, named: str) -> None:
    with pytest.raises(CardParseError) as error:
        parse_cards(f"7H {token} 7S")
    assert named in str(error.value)
    assert isinstance(error.value, BurracoError) and isinstance(error.value, ValueError)


def test_make_card_and_format_card_refuse_out_of_range() -> None:
    with pytest.raises(CardParseError):
        make_card(14, 0)
    with pytest.raises(CardParseError):
        make_card(1, 4)
    with pytest.raises(CardParseError):
        format_card(53)


def test_values() -> None:
    # §1: joker 30 (or 25), any 2 = 20, ace 15, K Q J 10 9 8 = 10, 7 6 5 4 3 = 5.
    expected = {
        "A": 15,
        "2": 20,
        "K": 10,
        "Q": 10,
        "J": 10,
        "10": 10,
        "9": 10,
        "8": 10,
        "7": 5,
        "6": 5,
        "5": 5,
        "4": 5,
        "3": 5,
    }
    for text, value in expected.items():
        for suit in "HDCS":
            assert card_value(parse_card(text + suit)) == value
    assert card_value(JOKER) == 30 and card_value(JOKER, joker_value=25) == 25
    assert value_table(30) == VALUES_30 and value_table(25) == VALUES_25
    assert value_table(40)[JOKER] == 40 and value_table(40)[:52] == VALUES_30[:52]
    # The whole deck: 8 x (15 + 20 + 5 x 5 + 6 x 10) + 4 x 30 = 8 x 120 + 120.
    assert sum(VALUES_30[c] for c in full_deck()) == 1080


def test_wildcards_are_the_jokers_and_the_twos() -> None:
    assert [format_card(c) for c in WILD_CARDS] == ["2H", "2D", "2C", "2S", "JK"]
    assert tuple(parse_card(t) for t in ("2H", "2D", "2C", "2S")) == TWOS
    assert [c for c in range(NUM_KINDS) if IS_WILD[c]] == sorted(WILD_CARDS)


def test_deck_has_108_cards_two_of_each_and_four_jokers() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 108
    counts = counts_of(deck)
    assert counts == list(COPIES)
    assert counts[JOKER] == 4 and set(counts[:52]) == {2}


def test_check_copies() -> None:
    check_copies(parse_cards("7S 7S JK JK JK JK"))
    with pytest.raises(CardParseError, match="a third 7S does not exist"):
        check_copies(parse_cards("7S 7S 7S"))
    with pytest.raises(CardParseError, match="a fifth JK does not exist"):
        check_copies(parse_cards("JK JK JK JK JK"))


def test_sort_key_groups_suits_ace_high_twos_and_jokers_last() -> None:
    hand = parse_cards("JK 2S AH 3H KH 5D 2H QC")
    assert format_cards(sorted(hand, key=sort_key)) == "3H KH AH 5D QC 2H 2S JK"


def test_draw_order() -> None:
    # §1: joker > 2 > A > K > ... > 3; hearts > diamonds > clubs > spades.
    cards = parse_cards("3S 3H KD AS 2S 2H JK 10C")
    ranked = sorted(cards, key=draw_order_key, reverse=True)
    assert format_cards(ranked) == "JK 2H 2S AS KD 10C 3H 3S"
