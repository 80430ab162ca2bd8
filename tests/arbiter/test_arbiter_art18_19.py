"""Art. 18 (two equal sequences, two equal combinations before and after the discard, with wildcards, a
closing, a pozzetto, a burraco) and Art. 19 (each way of picking up the discard pile wrongly)."""

from __future__ import annotations

import pytest

from burraco.arbiter import rule
from burraco.arbiter.effects import (
    Act,
    Cards,
    Discard,
    DiscardOrder,
    FirstDiscard,
    Forbid,
    Forbidden,
    Limit,
    Meld,
    MeldFrozen,
    PenalisedCards,
    PozzettoAction,
    PozzettoFix,
    SideMayNotClose,
    Subject,
    TableAction,
    TurnLimit,
    Validity,
    When,
)

STOP = TurnLimit(Limit.STOP, When.NOW)
BEFORE = {"melds": "two_combinations", "noticed": "before_discard"}


def test_two_equal_sequences_are_allowed() -> None:
    assert rule(18, {"melds": "two_sequences"}).effects == (TableAction(Act.PLAY_CONTINUES),)


def test_two_combinations_the_second_laid_on_the_first_and_frozen() -> None:
    ruling = rule(18, BEFORE | {"outcome": "neither", "wildcards": "no", "burraco": "no"})
    assert TableAction(Act.LAY_ON_FIRST_COMBINATION) in ruling.effects
    assert MeldFrozen(Meld.FIRST_COMBINATION) in ruling.effects and STOP in ruling.effects
    assert Forbidden(Forbid.NEW_COMBINATION_SAME_RANK) in ruling.effects
    assert not any(isinstance(e, PenalisedCards) for e in ruling.effects)


def test_both_with_a_wildcard_the_second_wildcard_is_discarded() -> None:
    ruling = rule(18, BEFORE | {"outcome": "neither", "wildcards": "yes", "burraco": "no"})
    assert PenalisedCards(Cards.SECOND_WILDCARD, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in ruling.effects


def test_a_closing_made_so_is_taken_back_and_made_next_turn() -> None:
    ruling = rule(18, BEFORE | {"outcome": "closed"})
    assert TableAction(Act.TAKE_BACK_LAST_MELD) in ruling.effects
    assert TableAction(Act.CLOSE_NEXT_TURN) in ruling.effects and SideMayNotClose() in ruling.effects


@pytest.mark.parametrize("wildcards", ["yes", "no"])
def test_a_pozzetto_taken_so_is_played_next_turn(wildcards: str) -> None:
    ruling = rule(18, BEFORE | {"outcome": "pozzetto", "wildcards": wildcards, "burraco": "no"})
    assert PozzettoFix(PozzettoAction.PLAY_NEXT_ROUND) in ruling.effects and STOP in ruling.effects


def test_a_burraco_made_by_laying_the_second_on_the_first_is_void() -> None:
    ruling = rule(18, BEFORE | {"outcome": "pozzetto", "wildcards": "no", "burraco": "yes"})
    assert Validity(Subject.BURRACO, False) in ruling.effects
    assert (
        Validity(Subject.BURRACO, False)
        not in rule(18, BEFORE | {"outcome": "pozzetto", "wildcards": "no", "burraco": "no"}).effects
    )


def test_noticed_after_the_discard_the_turn_is_draw_and_discard() -> None:
    answers = {"melds": "two_combinations", "noticed": "after_discard", "wildcards": "yes", "burraco": "no"}
    ruling = rule(18, answers)
    assert TableAction(Act.LAY_ON_FIRST_COMBINATION) in ruling.effects
    assert MeldFrozen(Meld.FIRST_COMBINATION) in ruling.effects
    assert TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.OWN_NEXT_TURN) in ruling.effects
    assert PenalisedCards(Cards.SECOND_WILDCARD, FirstDiscard.LATER_TURNS, DiscardOrder.ANY) in ruling.effects
    assert ruling.note is not None  # the reading of the two discards of that turn
    assert Forbidden(Forbid.NEW_COMBINATION_SAME_RANK) in ruling.effects


def test_art19_one_card_left_is_the_discard() -> None:
    ruling = rule(19, {"situation": "left_one", "made_play": "no"})
    assert Discard(Cards.CARD_LEFT_ON_PILE) in ruling.effects and STOP in ruling.effects


def test_art19_one_card_left_and_a_play_made_is_art17_point_b() -> None:
    ruling = rule(19, {"situation": "left_one", "made_play": "yes"})
    assert ruling.effects == rule(17, {"situation": "played", "next_played": "no"}).effects
    assert ruling.also == (17,)


def test_art19_cards_left_face_up_the_lowest_picked_up_is_discarded() -> None:
    ruling = rule(19, {"situation": "left_face_up"})
    assert Discard(Cards.LOWEST_PICKED_UP) in ruling.effects and STOP in ruling.effects


def test_art19_lifted_cards_must_be_taken() -> None:
    assert rule(19, {"situation": "lifted_pile_card"}).effects == (TableAction(Act.TAKE_WHOLE_PILE),)
    assert rule(19, {"situation": "lifted_stock_card"}).effects == (TableAction(Act.TAKE_LIFTED_CARD),)


def test_art19_a_one_card_pile_is_not_discarded_at_once_unless_its_twin_is_held() -> None:
    no_twin = rule(19, {"situation": "single_card_pile", "holds_same": "no"})
    assert no_twin.effects == (Forbidden(Forbid.DISCARD_TAKEN_CARD_AT_ONCE),)
    twin = rule(19, {"situation": "single_card_pile", "holds_same": "yes"})
    assert twin.effects == (TableAction(Act.SHOW_SAME_CARD_IF_ASKED),)
