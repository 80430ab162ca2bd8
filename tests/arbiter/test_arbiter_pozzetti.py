"""Art. 13 (wrong melds), 14 (missing or extra cards), 15 (points not counted), and the pozzetti: Art. 20
(fewer than eleven cards), 21 (more), 22 (the previous hand's), 23 (looked at out of turn: a warning,
then 1 VP off the standings)."""

from __future__ import annotations

from burraco.arbiter import rule
from burraco.arbiter.effects import (
    Act,
    Admonition,
    Cards,
    DiscardOrder,
    FirstDiscard,
    Limit,
    PenalisedCards,
    PozzettoAction,
    PozzettoFix,
    SideMayNotClose,
    StandingsPenalty,
    Subject,
    TableAction,
    TurnLimit,
    Validity,
    When,
)

HAND_STANDS = Validity(Subject.HAND_RESULT, True)


def test_art13_a_wrong_meld_stops_the_player_and_the_side_may_not_close() -> None:
    for answer in ("yes", "no"):
        ruling = rule(13, {"penalised_cards": answer})
        assert TurnLimit(Limit.STOP, When.NOW) in ruling.effects and SideMayNotClose() in ruling.effects
    penalised = rule(13, {"penalised_cards": "yes"}).effects
    assert PenalisedCards(Cards.PENALISED, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in penalised


def test_art14_missing_cards_during_the_hand_after_a_meld_the_hand_stands() -> None:
    ruling = rule(14, {"when": "during_hand", "meld_opened": "yes"})
    assert ruling.effects == (HAND_STANDS, TableAction(Act.DECK_REPLACED))
    assert rule(14, {"when": "after_result"}).effects == (HAND_STANDS, TableAction(Act.DECK_REPLACED))


def test_art14_before_any_meld_the_hand_is_dealt_again_a_reading() -> None:
    ruling = rule(14, {"when": "during_hand", "meld_opened": "no"})
    assert TableAction(Act.REDEAL) in ruling.effects and ruling.note is not None


def test_art15_rebuilt_or_an_arbitral_score() -> None:
    assert rule(15, {"reconstructed": "yes"}).effects == (TableAction(Act.RECONSTRUCT_MELDS),)
    assert rule(15, {"reconstructed": "no"}).effects == (TableAction(Act.ARBITRAL_SCORE),)


def test_art20_a_short_pozzetto_is_made_up_from_the_bottom_of_the_stock() -> None:
    assert rule(20, {"played": "no", "other_short": "no"}).effects == (
        PozzettoFix(PozzettoAction.COMPLETE_FROM_STOCK_BOTTOM),
    )
    both = rule(20, {"played": "no", "other_short": "yes"})
    assert PozzettoFix(PozzettoAction.COMPLETE_OTHER_TOO) in both.effects


def test_art20_21_once_a_card_is_played_only_the_other_pozzetto_is_fixed() -> None:
    for number in (20, 21):
        ruling = rule(number, {"played": "yes"})
        assert ruling.article == number
        assert ruling.effects == (HAND_STANDS, PozzettoFix(PozzettoAction.FIX_UNPLAYED_ONE))


def test_art21_the_extra_cards_go_under_the_stock() -> None:
    assert rule(21, {"played": "no"}).effects == (PozzettoFix(PozzettoAction.EXCESS_UNDER_STOCK),)


def test_art22_a_forgotten_pozzetto() -> None:
    ruling = rule(22, {"situation": "left_over", "started": "yes"})
    assert ruling.effects == (HAND_STANDS, PozzettoFix(PozzettoAction.FORGOTTEN_UNUSED))
    before = rule(22, {"situation": "left_over", "started": "no"})
    assert TableAction(Act.REDEAL) in before.effects and before.note is not None
    used = rule(22, {"situation": "used"})
    assert PozzettoFix(PozzettoAction.SECOND_SIDE_SECOND_POZZETTO) in used.effects


def test_art23_a_warning_then_one_vp_without_benefit_to_the_opponents() -> None:
    assert rule(23, {"repeated": "no"}).effects == (Admonition(),)
    penalty = rule(23, {"repeated": "yes"}).effects
    assert penalty == (StandingsPenalty(vp=1, mp_equivalent=True, opponents_gain=False),)
