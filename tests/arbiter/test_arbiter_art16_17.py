"""Art. 16 (its three worked examples and every other case it names) and Art. 17 (points A and B, the
pozzetto taken on the fly then a draw, a play without drawing, the next player's play, a forgotten card)."""

from __future__ import annotations

import pytest

from burraco.arbiter import Lang, rule
from burraco.arbiter.effects import (
    Act,
    Admonition,
    Cards,
    CardToStock,
    DiscardOrder,
    FirstDiscard,
    Forbid,
    Forbidden,
    Limit,
    PenalisedCards,
    SideMayNotClose,
    Subject,
    TableAction,
    TurnLimit,
    Validity,
    When,
)

STOP = TurnLimit(Limit.STOP, When.NOW)
NO_CLOSE = SideMayNotClose()


def test_art16_example_1_a_straightened_sequence_does_not_get_its_card() -> None:
    # 3-5-2-6-7 laid out of order; a 4 is discarded; the partner straightens the sequence in his turn.
    ruling = rule(16, {"situation": "fixed_sequence"})
    assert ruling.effects == (Forbidden(Forbid.PILE_CARD_PLACED),)


def test_art16_example_2_a_card_pointed_out_in_the_pile_is_not_picked_up() -> None:
    ruling = rule(16, {"situation": "pointed_to_pile"})
    assert Forbidden(Forbid.PILE_PICKUP) in ruling.effects and STOP in ruling.effects


def test_art16_example_3_a_suggested_play_may_not_be_made() -> None:
    ruling = rule(16, {"situation": "suggested_play"})
    assert Forbidden(Forbid.SUGGESTED_PLAY) in ruling.effects and STOP in ruling.effects


def test_art16_a_play_without_drawing_noticed_before_the_discard() -> None:
    ruling = rule(16, {"situation": "played_without_drawing", "before_discard": "yes"})
    assert TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.NOW) in ruling.effects
    assert Validity(Subject.PLAYS_BEFORE_NOTICE, True) in ruling.effects  # earlier melds stand
    assert NO_CLOSE in ruling.effects  # "il compagno non potrà chiudere essendo la linea in penalità"
    assert "monte degli scarti" in ruling.words(Lang.IT)  # may not pick up the pile


def test_art16_a_play_without_drawing_found_after_the_discard_goes_on() -> None:
    ruling = rule(16, {"situation": "played_without_drawing", "before_discard": "no"})
    assert ruling.effects == (TableAction(Act.PLAY_CONTINUES),)


def test_art16_a_turn_that_was_only_a_discard() -> None:
    ruling = rule(16, {"situation": "discard_only", "next_started": "no"})
    assert ruling.effects == (TurnLimit(Limit.DRAW_NOW_DISCARD_NEXT_TURN, When.NOW),)
    late = rule(16, {"situation": "discard_only", "next_started": "yes"})
    assert late.effects == (TableAction(Act.PLAY_CONTINUES),) and late.note is not None


def test_art16_an_invitation_to_draw_is_treated_as_not_drawing() -> None:
    ruling = rule(16, {"situation": "invited_to_draw"})
    assert TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.NOW) in ruling.effects


def test_art16_asking_the_number_of_cards_earns_a_warning() -> None:
    assert rule(16, {"situation": "asked_card_count"}).effects == (Admonition(),)


POINT_B = (
    STOP,
    PenalisedCards(Cards.LAST_MELD, FirstDiscard.NEXT_TURN_WITHOUT_DRAWING, DiscardOrder.LOWEST_FIRST),
    NO_CLOSE,
)


def test_art17_a_draw_out_of_turn_without_a_play_goes_back_on_the_stock() -> None:
    answers = {"situation": "drew", "next_played": "no", "made_play": "no", "took": "draw", "remembers": "yes"}
    ruling = rule(17, answers)
    assert CardToStock(Cards.DRAWN_CARD, next_player_chooses=True) in ruling.effects
    assert TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.OWN_NEXT_TURN) in ruling.effects
    assert NO_CLOSE in ruling.effects


def test_art17_a_forgotten_card_the_highest_card_goes_back() -> None:
    answers = {"situation": "drew", "next_played": "no", "made_play": "no", "took": "draw", "remembers": "no"}
    assert CardToStock(Cards.HIGHEST_IN_HAND) in rule(17, answers).effects


def test_art17_a_pickup_out_of_turn_without_a_play_restores_the_pile() -> None:
    ruling = rule(17, {"situation": "drew", "next_played": "no", "made_play": "no", "took": "pickup"})
    assert TableAction(Act.PILE_RESTORED) in ruling.effects
    assert TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.OWN_NEXT_TURN) in ruling.effects


@pytest.mark.parametrize(
    "answers",
    [
        {"situation": "drew", "next_played": "no", "made_play": "yes"},
        {"situation": "pozzetto_then_drew", "next_played": "no", "made_play": "yes"},
        {"situation": "played", "next_played": "no"},  # "ci si comporta come al precedente punto B"
    ],
)
def test_art17_point_b_the_last_play_is_penalised_lowest_first(answers: dict[str, str]) -> None:
    assert rule(17, answers).effects == POINT_B


def test_art17_the_pozzetto_on_the_fly_then_a_draw_only_a_pozzetto_card_is_discarded() -> None:
    for took, undo in (("pickup", TableAction(Act.PILE_RESTORED)), ("draw", CardToStock(Cards.DRAWN_CARD))):
        answers = {"situation": "pozzetto_then_drew", "next_played": "no", "made_play": "no", "took": took}
        ruling = rule(17, answers | ({"remembers": "yes"} if took == "draw" else {}))
        assert undo in ruling.effects
        assert TurnLimit(Limit.DISCARD_FROM_POZZETTO, When.NOW) in ruling.effects and NO_CLOSE in ruling.effects


@pytest.mark.parametrize("situation", ["drew", "pozzetto_then_drew", "played"])
def test_art17_once_the_next_player_has_played_the_irregularity_is_overcome(situation: str) -> None:
    ruling = rule(17, {"situation": situation, "next_played": "yes"})
    assert ruling.key == "overcome" and ruling.effects == (TableAction(Act.PLAY_CONTINUES),)
