"""Art. 12: every worked example of the code — the ten of "carta legata erroneamente" (an error noticed at
once), the two of "errore non rilevato" and the N.B. — walked through the tree with the facts read from
the example's cards (arbiter_facts, on the engine's meld rules), then the exposed and stuck cards."""

from __future__ import annotations

import pytest
from arbiter_facts import extra_cards, heal, own_meld, some_fit, valid_part

from burraco.arbiter import Lang, rule
from burraco.arbiter.effects import (
    Act,
    Cards,
    CountedAgainst,
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
from burraco.core.cards import format_cards

STOP = TurnLimit(Limit.STOP, When.NOW)
AT_ONCE = {"situation": "wrong_play", "noticed": "at_once"}


def attached(meld: str, cards: str, *, took_pozzetto: bool = False) -> dict[str, str]:
    """The answers for ``cards`` attached in error to ``meld``, noticed at once."""
    answers = {**AT_ONCE, "error": "attached", "some_fit": "yes" if some_fit(meld, cards) else "no"}
    if answers["some_fit"] == "no":
        answers["own_meld"] = "yes" if own_meld(cards) else "no"
        if answers["own_meld"] == "yes":
            answers["took_pozzetto"] = "yes" if took_pozzetto else "no"
    return answers


def new_meld(laid: str, hand: str) -> dict[str, str]:
    """The answers for a faulty new meld ``laid``, the player holding ``hand``, noticed at once."""
    return {**AT_ONCE, "error": "new_meld", "heal": heal(laid, hand)}


def later(laid: str, *, burraco: bool) -> dict[str, str]:
    """The answers for a faulty meld nobody noticed at the time."""
    answers = {"situation": "wrong_play", "noticed": "later", "valid_part": "yes" if valid_part(laid) else "no"}
    if valid_part(laid):
        answers["burraco"] = "yes" if burraco else "no"
    return answers


DISCARD_WRONG = PenalisedCards(Cards.WRONG_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY)


@pytest.mark.parametrize(
    ("example", "meld", "cards"),
    [
        (1, "4C 4D 4S 4H", "3S"),  # a 3 on a combination of 4s (even with a combination of 3s on the table)
        (2, "4C 4D 4S 4H", "3S 3D"),  # two 3s on a combination of 4s
        (3, "5H 6H JK", "2C"),  # a wildcard where there is one already
        (4, "4H 5H 6H", "8H 9H"),  # 8-9 on a 4-5-6
    ],
)
def test_examples_1_to_4_the_attached_cards_are_discarded(example: int, meld: str, cards: str) -> None:
    ruling = rule(12, attached(meld, cards))
    assert ruling.key == "attached-discard", example
    assert DISCARD_WRONG in ruling.effects and STOP in ruling.effects
    # "anche se a terra vi era una combinazione di 3": the 3s may not move to the meld they would fit.
    assert Forbidden(Forbid.MOVE_TO_ANOTHER_MELD) in ruling.effects
    assert SideMayNotClose() in ruling.effects and 13 in ruling.also
    assert "scartat" in ruling.words(Lang.IT) and "discarded" in ruling.words(Lang.EN)


def test_example_5_the_cards_that_fit_stay_and_the_burraco_stands() -> None:
    # 7-8-9 attached to 3-4-5-6-7: the 8 and the 9 stay, the 7 is penalised, the burraco made stands.
    ruling = rule(12, attached("3H 4H 5H 6H 7H", "7D 8H 9H"))
    assert ruling.key == "attached-partly"
    assert TableAction(Act.FITTING_CARDS_STAY) in ruling.effects
    assert PenalisedCards(Cards.UNFITTING_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in ruling.effects
    assert Validity(Subject.BURRACO, True) in ruling.effects and STOP in ruling.effects


def test_example_6_the_meld_is_healed_from_the_hand() -> None:
    # 3-J-6-7 laid; the player holds the 4 (or the 5) and heals everything.
    for hand in ("4H 9C", "5H KD"):
        ruling = rule(12, new_meld("3H JK 6H 7H", hand))
        assert ruling.key == "new-meld-healed"
        assert TableAction(Act.HEAL_FROM_HAND) in ruling.effects and STOP in ruling.effects
        assert not any(isinstance(e, PenalisedCards) for e in ruling.effects)
        assert SideMayNotClose() in ruling.effects  # the partner may not close for a full round


def test_example_7_healed_but_for_the_3_which_is_discarded_at_once() -> None:
    # 3-J-6-7 laid; with the 8 (or the 9) the joker moves and all is healed but the 3.
    for hand in ("8H", "9H"):
        ruling = rule(12, new_meld("3H JK 6H 7H", hand))
        assert ruling.key == "new-meld-part"
        penalty = PenalisedCards(Cards.UNHEALED_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY)
        assert penalty in ruling.effects  # "penalizzato e quindi subito scartato"
        assert Forbidden(Forbid.PENALISED_ON_EXISTING_MELDS) in ruling.effects


@pytest.mark.parametrize(
    "hand",
    [
        "5H",  # 4H 5H 6H: the 5D is penalised
        "JK",  # 4H JK 6H: likewise
        "2C",  # a pinella as the wildcard
        "4S 4C",  # two 4s: a combination of 4s, the others penalised
        "5S 5C",  # two 5s
        "6S 6C",  # two 6s
        "3D 4D",  # a sequence with the 5D
    ],
)
def test_example_8_healed_in_one_part_the_rest_penalised(hand: str) -> None:
    ruling = rule(12, new_meld("4H 5D 6H", hand))
    assert ruling.key == "new-meld-part"
    assert PenalisedCards(Cards.UNHEALED_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in ruling.effects


@pytest.mark.parametrize("hand", ["AC", "JK", "KC KD"])  # in the aces (an ace or a joker) or in the kings
def test_example_9_a_combination_a_a_k_healed_in_the_aces_or_the_kings(hand: str) -> None:
    ruling = rule(12, new_meld("AH AD KS", hand))
    assert ruling.key == "new-meld-part"
    assert PenalisedCards(Cards.UNHEALED_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in ruling.effects


def test_a_faulty_meld_the_hand_cannot_heal_is_penalised_whole() -> None:
    ruling = rule(12, new_meld("AH AD KS", "5C 9D"))
    assert ruling.key == "new-meld-unhealed"
    assert PenalisedCards(Cards.ALL_MELD_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY) in ruling.effects


def test_example_10_a_meld_of_its_own_is_laid_separately_and_play_stops() -> None:
    # 8-9-10 attached to 4-5-6: neither a joker nor the 7 heals it; laid separately, play stops.
    ruling = rule(12, attached("4H 5H 6H", "8H 9H 10H"))
    assert ruling.key == "attached-own-meld"
    assert TableAction(Act.MELD_SEPARATELY) in ruling.effects and STOP in ruling.effects
    assert not any(isinstance(e, PenalisedCards) for e in ruling.effects)
    # "Se ciò ha comportato la presa del pozzetto, potrà giocarlo solo il giro successivo."
    with_pozzetto = rule(12, attached("4H 5H 6H", "8H 9H 10H", took_pozzetto=True))
    assert PozzettoFix(PozzettoAction.PLAY_NEXT_ROUND) in with_pozzetto.effects
    assert PozzettoFix(PozzettoAction.PLAY_NEXT_ROUND) not in ruling.effects


def test_not_noticed_example_1_the_valid_part_frozen_the_rest_negative() -> None:
    # 3-4-5-7-8: freeze 3-4-5, count 7-8 against the side.
    assert format_cards(valid_part("3H 4H 5H 7H 8H")) == "3H 4H 5H"
    assert format_cards(extra_cards("3H 4H 5H 7H 8H")) == "7H 8H"
    ruling = rule(12, later("3H 4H 5H 7H 8H", burraco=False))
    assert ruling.key == "later-frozen"
    assert ruling.effects == (MeldFrozen(Meld.VALID_PART), CountedAgainst(Cards.EXTRA_CARDS))


def test_not_noticed_example_2_every_card_negative() -> None:
    # 3-4-7-8: no valid part, all count against the side.
    ruling = rule(12, later("3H 4H 7H 8H", burraco=False))
    assert ruling.key == "later-all-negative"
    assert CountedAgainst(Cards.ALL_MELD_CARDS) in ruling.effects


def test_not_noticed_nb_the_burraco_is_void_the_pozzetto_kept_the_closing_annulled() -> None:
    # 3-4-6-7 laid, the partner attaches 8-9-10 for a "burraco"; found a round later:
    # 6-7-8-9-10 frozen, no burraco, 3-4 negative; the pozzetto stays, a closing on that burraco is void.
    laid = "3H 4H 6H 7H 8H 9H 10H"
    assert format_cards(valid_part(laid)) == "6H 7H 8H 9H 10H"
    assert format_cards(extra_cards(laid)) == "3H 4H"
    ruling = rule(12, later(laid, burraco=True))
    assert ruling.key == "later-burraco"
    assert MeldFrozen(Meld.VALID_PART) in ruling.effects
    assert Validity(Subject.BURRACO, False) in ruling.effects
    assert CountedAgainst(Cards.EXTRA_CARDS) in ruling.effects
    assert Validity(Subject.POZZETTO_TAKEN, True) in ruling.effects
    assert Validity(Subject.CLOSING_ON_THAT_BURRACO, False) in ruling.effects


def test_an_exposed_card_in_the_own_turn_is_played_or_discarded_at_once() -> None:
    ruling = rule(12, {"situation": "exposed", "turn": "own_turn"})
    assert TurnLimit(Limit.PLAY_OR_DISCARD_EXPOSED, When.NOW) in ruling.effects
    assert Forbidden(Forbid.EXPOSED_ON_PARTNERS_LAST_PLAYS) in ruling.effects


def test_an_exposed_card_out_of_turn_waits_for_the_players_turn() -> None:
    ruling = rule(12, {"situation": "exposed", "turn": "out_of_turn"})
    assert TurnLimit(Limit.PLAY_OR_DISCARD_EXPOSED, When.OWN_NEXT_TURN) in ruling.effects


def test_a_stuck_card_goes_back_unless_seen_then_it_is_a_dropped_card() -> None:
    assert rule(12, {"situation": "stuck", "seen": "no"}).effects == (TableAction(Act.RETURN_TO_HAND),)
    seen = rule(12, {"situation": "stuck", "seen": "yes", "turn": "own_turn"})
    assert seen == rule(12, {"situation": "exposed", "turn": "own_turn"})
