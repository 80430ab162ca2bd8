"""Scripted hands for each rule of the hand state machine (docs/rules.md §2, §3, §5, §6, §7, §9).

Every scenario is an explicit deal: the cards each seat holds, the pozzetti, the first discard and
the top of the stock are written in card notation; the rest of the 108 cards fill the stock under
the given top cards (in the deck's fixed order), so each test controls every card it relies on.
Refused actions are checked with :func:`refused`: the engine raises, cites the rules page (rules §N), lists the
action nowhere in ``legal_actions()``, and every field of the hand is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from burraco.core.actions import DRAW, PICKUP, Action
from burraco.core.cards import COPIES, NUM_KINDS, card_value, full_deck, parse_card, parse_cards
from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand
from burraco.core.history import snapshot as history_snapshot
from burraco.core.options import Rules, preset
from burraco.core.scoring import ScoreKind

C = parse_cards


def make_hand(
    hands: Sequence[str],
    pozzetti: Sequence[str] | None = None,
    pile: str = "KD",
    stock: str = "",
    rules: Rules | None = None,
    first: int = 0,
    sizes: Sequence[int] = (11, 11),
) -> Hand:
    """An explicit deal. ``first`` is the seat to play first (the dealer sits to its right).

    ``pozzetti`` default to pozzetti of ``sizes`` cards taken from the cards no zone names; ``stock``
    is the top of the stock, top first, and every card left over goes under it in the deck's order.
    """
    players = len(hands)
    rules = (rules or Rules()).replace(players=players)
    left = list(COPIES)
    named = [C(h) for h in hands] + [C(p) for p in pozzetti or ()] + [C(pile), C(stock)]
    for zone in named:
        for card in zone:
            left[card] -= 1
            assert left[card] >= 0, f"the scenario uses too many copies of card {card}"
    rest = [k for k in range(NUM_KINDS) for _ in range(left[k])]
    if pozzetti is None:
        pozzetto_cards = []
        for size in sizes:
            pozzetto_cards.append(rest[:size])
            rest = rest[size:]
    else:
        pozzetto_cards = [list(C(p)) for p in pozzetti]
    hand = Hand(
        rules, (first - 1) % players, [list(C(h)) for h in hands], pozzetto_cards, list(C(pile)), list(C(stock)) + rest
    )
    assert hand.to_play == first
    return hand


def snapshot(hand: Hand) -> dict[str, object]:
    """Every field of the hand as immutable values (the engine lists them all in ``STATE_FIELDS``)."""
    return history_snapshot(hand)


def refused(hand: Hand, action: Action, *patterns: str) -> str:
    """Assert ``action`` is refused with a message matching every pattern, and changes nothing."""
    before = snapshot(hand)
    legal = hand.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    message = str(caught.value)
    for pattern in patterns:
        assert re.search(pattern, message), f"{message!r} does not match {pattern!r}"
    assert snapshot(hand) == before, "a refused action changed the hand"
    assert not hand.can(action)
    assert _key(action) not in {_key(a) for a in legal}
    assert hand.legal_actions() == legal
    return message


def _key(action: Action) -> tuple[str, tuple[int, ...], int]:
    return action.kind, tuple(sorted(action.cards)), action.target


def meld(text: str) -> Action:
    return Action("meld", C(text))


def attach(target: int, text: str) -> Action:
    return Action("attach", C(text), target)


def discard(text: str) -> Action:
    return Action("discard", C(text))


def play(hand: Hand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def held(hand: Hand, seat: int) -> list[int]:
    return hand.hand_cards(seat)


# ----------------------------------------------------------------------------- the deal (§2)
def deck_for(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[int]],
    pozzetti: Sequence[Sequence[int]],
    pile: Sequence[int],
    stock: Sequence[int],
) -> list[int]:
    """The inverse of the §2 procedure: the deck (top first) that deals exactly these zones."""
    size = 11 * players + 1 + len(stock) + sum(map(len, pozzetti))
    deck = [-1] * size
    top = 0
    for step in range(11):
        for k in range(1, players + 1):
            deck[top] = hands[(dealer + k) % players][step]
            top += 1
    deck[top] = pile[0]
    deck[top + 1 : top + 1 + len(stock)] = stock
    bottom = size - 1
    for step in range(max(map(len, pozzetti))):
        for pozzetto in pozzetti:
            if step < len(pozzetto):
                deck[bottom] = pozzetto[step]
                bottom -= 1
    assert bottom == top + len(stock)
    return deck


def test_the_deal_procedure_of_section_2() -> None:
    hand = Hand.deal(players=4, seed=123, dealer=2)
    assert [hand.hand_size(s) for s in range(4)] == [11] * 4
    assert [len(p) for p in hand.pozzetti] == [11, 11]
    assert len(hand.discard_pile) == 1 and len(hand.stock) == 41  # §2: 41 in stock with 4 players
    assert hand.to_play == 3  # the player left of the dealer plays first
    assert len(Hand.deal(players=2, seed=123).stock) == 63
    three = Hand.deal(players=3, seed=123)
    assert [len(p) for p in three.pozzetti] == [18, 11] and len(three.stock) == 108 - 33 - 29 - 1
    # the same seed deals the same hand; another seed another
    again = Hand.deal(players=4, seed=123, dealer=2)
    assert (again.hands, again.pozzetti, again.stock, again.discard_pile) == (
        hand.hands,
        hand.pozzetti,
        hand.stock,
        hand.discard_pile,
    )
    assert Hand.deal(players=4, seed=124, dealer=2).hands != hand.hands


def test_from_deck_deals_one_card_at_a_time_from_the_dealers_left_and_pozzetti_from_the_bottom() -> None:
    deck = list(full_deck())
    hands = [deck[0:11], deck[11:22], deck[22:33]]
    pozzetti = [deck[33:44], deck[44:55], deck[55:66]]
    pile, stock = [deck[66]], deck[67:]
    hand = Hand.from_deck(
        deck_for(3, 1, hands, pozzetti, pile, stock), preset("fibur", players=3), 1, pozzetto_sizes=(11, 11, 11)
    )
    assert [hand.hand_cards(s) for s in range(3)] == [sorted(h) for h in hands]
    assert hand.pozzetti == pozzetti and hand.discard_pile == pile
    assert list(reversed(hand.stock)) == stock  # the engine keeps the top of the stock at the end


def test_an_explicit_deal_must_hold_the_108_cards() -> None:
    with pytest.raises(IllegalActionError, match=r"exactly the 108 cards of two decks \(rules §1\)"):
        Hand(Rules(players=2), 0, [list(C("AH AH AH")), []], [], [], [])


# ----------------------------------------------------------------------------- take, play, discard (§3)
def test_a_turn_is_take_then_play_then_discard() -> None:
    hand = make_hand(["7H 8H KS QS", "3C 4C 5C 6S"], stock="9H 10S")
    assert hand.legal_actions() == [DRAW, PICKUP]
    refused(hand, meld("7H 8H KS"), r"first draw from the stock or pick up the discard pile", r"rules §3")
    refused(hand, discard("KS"), r"rules §3")
    play(hand, DRAW)
    assert hand.phase == "play" and parse_card("9H") in held(hand, 0)
    refused(hand, DRAW, r"already taken this turn", r"rules §3")
    refused(hand, PICKUP, r"already taken this turn")
    play(hand, meld("7H 8H 9H"), discard("KS"))
    assert (hand.to_play, hand.phase, hand.discard_pile) == (1, "take", [*C("KD KS")])
    play(hand, PICKUP)
    assert hand.discard_pile == [] and held(hand, 1) == sorted(C("3C 4C 5C 6S KD KS"))
    refused(hand, PICKUP, r"already taken")


def test_cards_on_the_table_never_come_back_and_melds_belong_to_the_side() -> None:
    hand = make_hand(["7H 8H KS QS", "3C 4C 5C 6S 9H"], stock="2S 10S")
    play(hand, DRAW, meld("7H 8H 2S"), discard("KS"))
    play(hand, DRAW)
    # seat 1 may not attach to seat 0's meld: in 2 players every seat is its own side
    refused(hand, attach(0, "9H"), r"no meld number 0", r"own side's melds \(rules §3\)")
    play(hand, meld("3C 4C 5C"))
    assert [m.cards for m in hand.melds[1]] == [C("3C 4C 5C")]


def test_one_card_pile_cannot_be_discarded_in_the_same_turn() -> None:
    hand = make_hand(["7H 8H KS QS", "3C 4C 5C 6S"], stock="9C")
    play(hand, PICKUP)  # the pile is the one card KD; seat 0 holds no KD
    message = refused(hand, discard("KD"), r"picked up KD alone", r"rules §3, Art\. 19")
    assert "KD" in message
    assert all(a != discard("KD") for a in hand.legal_actions())
    play(hand, discard("QS"))  # any other card is fine


def test_one_card_pile_may_be_discarded_when_an_identical_copy_was_already_in_hand() -> None:
    hand = make_hand(["7H 8H KD QS", "3C 4C 5C 6S"])
    play(hand, PICKUP)
    assert discard("KD") in hand.legal_actions()
    play(hand, discard("KD"))
    assert hand.discard_pile == [*C("KD")]


def test_a_card_from_a_larger_pile_may_be_discarded_at_once() -> None:
    hand = make_hand(["7H 8H QS JS", "3C 4C 5C 6S"], stock="9C")
    play(hand, DRAW, discard("9C"))
    play(hand, PICKUP)  # seat 1 takes KD 9C
    assert hand.one_card_pick == (-1, False)
    play(hand, discard("KD"))


def test_duplicate_combination_of_a_rank_is_refused_art_18() -> None:
    hand = make_hand(["7H 7D 7C 7S 7S 2D QS KS", "3C 4C 5C 6S"], stock="9C")
    play(hand, DRAW, meld("7H 7D 7C"))
    refused(hand, meld("7S 7S 2D"), r"two combinations of 7s", r"Art\. 18")
    play(hand, attach(0, "7S 7S"))  # further 7s are attached to the existing combination
    assert len(hand.melds[0][0].cards) == 5


def test_two_sequences_of_one_suit_are_allowed_and_opponents_have_their_own_combinations() -> None:
    hand = make_hand(["3H 4H 5H 9H 10H JH QS KS", "7C 7D 7S 6S"], stock="9C 8D")
    play(hand, DRAW, meld("3H 4H 5H"), meld("9H 10H JH"), discard("9C"))
    assert len(hand.melds[0]) == 2
    play(hand, DRAW, meld("7C 7D 7S"))  # seat 1's side has no combination of 7s yet


def test_an_empty_hand_is_refused_once_the_side_has_its_pozzetto() -> None:
    # seat 0 takes its pozzetto on the fly; it may never empty its hand again except by closing
    hand = make_hand(["7H 8H", "3C 4C 5C 6S"], pozzetti=["JC QC KC", "AS AS AD 5S"], stock="9H")
    play(hand, DRAW, meld("7H 8H 9H"))
    refused(hand, meld("JC QC KC"), r"you must keep a card to discard", r"rules §3, §6")
    hand = make_hand(["7H 8H", "3C 4C 5C 6S"], pozzetti=["10H JH", "AS AS AD 5S"], stock="9H")
    play(hand, DRAW, meld("7H 8H 9H"))
    refused(hand, attach(0, "10H JH"), r"you must keep a card to discard")
    assert hand.can(attach(0, "10H")) is False  # it would leave JH, and a close needs a burraco (§6.2)
    assert {str(a) for a in hand.legal_actions()} == {"discard 10H", "discard JH"}


def test_partners_share_one_pozzetto_so_the_second_cannot_empty_the_hand() -> None:
    hand = make_hand(
        ["7H 8H", "3C 4C 5C 6S", "JC QC", "4S 5S 6S 8D"],
        pozzetti=["AS AS AD 5S 6D", "10D 10S 10C QD QS"],
        stock="9H 9C KC",
    )
    play(hand, DRAW, meld("7H 8H 9H"), discard("6D"))  # seat 0 takes pozzetto 0 for side 0
    play(hand, DRAW, discard("9C"))
    play(hand, DRAW)  # seat 2, seat 0's partner, holds JC QC KC
    refused(hand, meld("JC QC KC"), r"must keep a card", r"already taken its pozzetto")
    assert {a.kind for a in hand.legal_actions()} == {"discard"}


# ----------------------------------------------------------------------------- the pozzetto (§5)
def test_pozzetto_on_the_fly_is_taken_at_once_and_the_turn_goes_on() -> None:
    hand = make_hand(["7H 8H", "3C 4C 5C 6S"], pozzetti=["JC QC KC 5D 6D", "AS AS AD 5S"], stock="9H")
    play(hand, DRAW, meld("7H 8H 9H"))
    assert held(hand, 0) == sorted(C("JC QC KC 5D 6D"))
    assert (hand.to_play, hand.phase, hand.pozzetto_of_side, hand.next_pozzetto) == (0, "play", {0: 0}, 1)
    record = hand.log[-1]
    assert (record.kind, record.detail, record.seat, record.private) == ("pozzetto", "on the fly", 0, True)
    play(hand, meld("JC QC KC"))  # the player goes on playing and still ends with a discard
    play(hand, discard("5D"))
    assert hand.to_play == 1 and not hand.is_over


def test_pozzetto_with_the_discard_goes_to_the_hand_at_once_and_is_played_next_turn() -> None:
    hand = make_hand(["7H 8H 9H", "3C 4C 5C 6S"], pozzetti=["JC QC KC 5D 6D", "AS AS AD 5S"], stock="KS 10S")
    play(hand, DRAW, meld("7H 8H 9H"))
    assert held(hand, 0) == [*C("KS")]
    play(hand, discard("KS"))
    assert held(hand, 0) == sorted(C("JC QC KC 5D 6D"))  # in hand at once (it counts there, §8)
    assert hand.to_play == 1 and hand.phase == "take"
    assert hand.log[-1].kind == "pozzetto" and hand.log[-1].detail == "with the discard"
    assert hand.scores()[0].points_of(ScoreKind.CARDS_IN_HAND) == -(10 + 10 + 10 + 5 + 5)


def test_a_wildcard_may_be_discarded_to_take_the_pozzetto_art_11() -> None:
    hand = make_hand(["7H 8H 9H", "3C 4C 5C 6S"], stock="JK")
    play(hand, DRAW, meld("7H 8H 9H"), discard("JK"))
    assert hand.side_took_pozzetto(0)


def test_the_first_side_to_take_a_pozzetto_gets_the_top_one_and_each_side_takes_one() -> None:
    hand = make_hand(["QS KS JS", "7H 8H"], pozzetti=["JC QC KC 5D 6D", "AS AS AD 5S"], stock="3D 9H 4D")
    play(hand, DRAW, discard("3D"))
    play(hand, DRAW, meld("7H 8H 9H"))  # seat 1 is the first: the top pozzetto
    assert hand.pozzetto_of_side == {1: 0} and held(hand, 1) == sorted(C("JC QC KC 5D 6D"))
    play(hand, discard("6D"))
    play(hand, DRAW, meld("QS KS JS"), discard("4D"))  # seat 0 empties with the discard: the other one
    assert hand.pozzetto_of_side == {1: 0, 0: 1} and held(hand, 0) == sorted(C("AS AS AD 5S"))
    assert not hand.pozzetto_available(0) and not hand.pozzetto_available(1)


def test_in_two_players_each_player_takes_one_and_in_four_each_side_one() -> None:
    two = Hand.deal(players=2, seed=5)
    four = Hand.deal(players=4, seed=5)
    assert two.num_sides == 2 and len(two.pozzetti) == 2
    assert four.num_sides == 2 and four.seats_of_side(0) == [0, 2] and four.seats_of_side(1) == [1, 3]


# ----------------------------------------------------------------------------- closing (§6)
CLOSER = ["3H 4H 5H 6H 7H 8H 9H", "3C 4C 5C 6S QS"]
"""Seat 0 draws 10H, lays a clean burraco 3H..10H and takes pozzetto 0 on the fly."""


def _closer(pozzetto: str, rules: Rules | None = None, stock: str = "10H 9S 9D", pile: str = "KD") -> Hand:
    hand = make_hand(CLOSER, pozzetti=[pozzetto, "AS AS AD 5S"], stock=stock, rules=rules, pile=pile)
    play(hand, DRAW, meld("3H 4H 5H 6H 7H 8H 9H 10H"))
    assert hand.side_took_pozzetto(0) and hand.melds[0][0].burraco() == "clean"
    return hand


def test_closing_allowed_scores_the_closing_bonus_and_ends_the_hand() -> None:
    hand = _closer("KC KD KS 5C")
    play(hand, meld("KC KD KS"))
    assert discard("5C") in hand.legal_actions()
    play(hand, discard("5C"))
    assert (hand.is_over, hand.end_reason, hand.closed_by) == (True, "closed", 0)
    assert hand.log[-1].kind == "close"
    assert hand.scores()[0].points_of(ScoreKind.CLOSING) == 100 and hand.scores()[1].points_of(ScoreKind.CLOSING) == 0
    assert hand.legal_actions() == []
    refused(hand, DRAW, r"the hand is over")


def test_closing_refused_without_the_pozzetto() -> None:
    # a deal with a single pozzetto, taken by the opponent: seat 0's side can never take one
    hand = make_hand(["3S 4S 5S 6S 7S 8S 9S JD", "7H 8H"], pozzetti=["JC QC KC 5D 6D"], stock="3D 9H 10S")
    play(hand, DRAW, meld("3S 4S 5S 6S 7S 8S 9S"), discard("3D"))  # a clean burraco for seat 0
    play(hand, DRAW, meld("7H 8H 9H"), discard("6D"))  # seat 1 takes the only pozzetto
    play(hand, DRAW)  # seat 0: JD 10S
    assert not hand.pozzetto_available(0)
    refused(
        hand,
        attach(0, "10S"),
        r"one card you could not discard",
        r"you cannot close before your side has taken its pozzetto \(rules §6\.1\)",
    )


def test_closing_refused_without_a_burraco() -> None:
    hand = make_hand(["7H 8H", "3C 4C 5C 6S QS"], pozzetti=["KC KD KS 5C", "AS AS AD 5S"], stock="9H")
    play(hand, DRAW, meld("7H 8H 9H"))
    refused(hand, meld("KC KD KS"), r"you cannot close without a burraco on your side \(rules §6\.2\)")
    assert discard("5C") in hand.legal_actions()


@pytest.mark.parametrize(("name", "allowed"), [("fibur", True), ("international", False)])
def test_international_rule_needs_a_clean_burraco(name: str, allowed: bool) -> None:
    hand = make_hand(
        ["3H 4H 5H 6H 7H 8H", "3C 4C 5C 6S QS"], pozzetti=["KC KD KS 5C", "AS AS AD 5S"], stock="JK", rules=preset(name)
    )
    play(hand, DRAW, meld("3H 4H 5H 6H 7H 8H JK"))
    assert hand.melds[0][0].burraco() == "dirty"
    if allowed:
        play(hand, meld("KC KD KS"), discard("5C"))
        assert hand.end_reason == "closed"
    else:
        refused(hand, meld("KC KD KS"), r"without a clean burraco on your side \(rules §6\.2\)")


def test_closing_refused_with_a_wildcard_discard() -> None:
    hand = _closer("KC KD KS 2C")
    refused(
        hand,
        meld("KC KD KS"),
        r"one card you could not discard",
        r"by discarding a wildcard \(2C\) \(rules §6\.4, Art\. 11\)",
    )
    play(hand, attach(0, "2C"))  # the 2 may go on the burraco instead (it becomes dirty)
    assert hand.melds[0][0].burraco() == "dirty"


@pytest.mark.parametrize("copy_in_hand", [False, True])
def test_closing_with_the_card_just_picked_up_alone(copy_in_hand: bool) -> None:
    # seat 0 discards 9S and keeps QD QH and QC (or QS); seat 1 discards QS; seat 0 picks it up alone
    hand = _closer("QD QH QS 9S" if copy_in_hand else "QD QH QC 9S")
    play(hand, discard("9S"))
    play(hand, PICKUP, discard("QS"))  # seat 1 takes KD 9S and leaves QS alone on the pile
    play(hand, PICKUP)
    assert hand.one_card_pick == (parse_card("QS"), copy_in_hand)
    if copy_in_hand:  # Art. 19's exception: the hand already held an identical QS
        play(hand, meld("QD QH QS"), discard("QS"))
        assert hand.end_reason == "closed"
    else:
        refused(hand, meld("QD QH QC"), r"only QS, picked up alone from the discard pile", r"rules §3, Art\. 19")


@pytest.mark.parametrize(("name", "allowed"), [("fibur", True), ("portal", False)])
def test_portal_rule_every_opponent_must_have_played(name: str, allowed: bool) -> None:
    hand = _closer("KC KD KS 5C", rules=preset(name))  # the first turn of the hand: seat 1 has not played
    if allowed:
        play(hand, meld("KC KD KS"), discard("5C"))
        assert hand.end_reason == "closed"
        return
    refused(hand, meld("KC KD KS"), r"before every opponent has played a turn \(rules §6\.6\)")
    play(hand, discard("5C"))
    play(hand, DRAW, discard("9S"))  # seat 1 plays its first turn
    play(hand, DRAW, meld("KC KD KS"), discard("9D"))  # now seat 0 may close
    assert hand.end_reason == "closed"


# ----------------------------------------------------------------------------- end of the stock (§7)
def _draw_and_discard(hand: Hand) -> int:
    """The seat to play draws and discards the card it drew; return that seat."""
    seat = hand.to_play
    play(hand, DRAW)
    play(hand, Action("discard", (hand.log[-1].cards[0],)))
    return seat


def test_the_stock_is_exhausted_at_two_cards_and_the_drawers_discard_ends_the_hand() -> None:
    hand = Hand.deal(players=2, seed=11)
    while len(hand.stock) > 3:
        _draw_and_discard(hand)
    pile = len(hand.discard_pile)
    seat = hand.to_play
    play(hand, DRAW)  # the third-to-last card: two remain
    assert len(hand.stock) == 2 and not hand.is_over and hand.phase == "play"
    assert any(a.kind == "discard" for a in hand.legal_actions())  # the turn is played normally
    play(hand, Action("discard", (hand.log[-1].cards[0],)))
    assert (hand.is_over, hand.end_reason, hand.closed_by) == (True, "stock exhausted", -1)
    assert hand.log[-1].kind == "end" and hand.log[-1].seat == seat
    assert len(hand.stock) == 2 and len(hand.discard_pile) == pile + 1  # the pile never becomes a stock
    for score in hand.scores():
        assert score.points_of(ScoreKind.CLOSING) == 0 and score.points_of(ScoreKind.POZZETTO_NOT_TAKEN) == -100


def test_a_pickup_does_not_exhaust_the_stock() -> None:
    hand = Hand.deal(players=2, seed=11)
    while len(hand.stock) > 3:
        _draw_and_discard(hand)
    hand.apply(PICKUP)
    hand.apply(hand.legal_actions()[-1])
    assert not hand.is_over and len(hand.stock) == 3


def test_leftover_pozzetto_to_stock_option() -> None:
    hand = Hand.deal(players=2, seed=11, rules=Rules(leftover_pozzetto_to_stock=True))
    for moved in (0, 1):
        while len(hand.stock) > 3:
            _draw_and_discard(hand)
        remaining_top_first = list(reversed(hand.stock))[1:]
        _draw_and_discard(hand)
        assert not hand.is_over
        record = hand.log[-1]
        assert (record.kind, record.seat, record.target, record.detail) == ("pozzetto", -1, moved, "to the stock")
        # the pozzetto goes under the two cards left: they are drawn first, then the pozzetto in order
        assert list(reversed(hand.stock)) == remaining_top_first + hand.pozzetti[moved]
        assert hand.next_pozzetto == moved + 1 and hand.card_count() == 108
    assert not hand.pozzetto_available(0) and not hand.pozzetto_available(1)
    while not hand.is_over:
        _draw_and_discard(hand)
    assert hand.end_reason == "stock exhausted" and len(hand.stock) == 2
    assert [s.points_of(ScoreKind.POZZETTO_NOT_TAKEN) for s in hand.scores()] == [-100, -100]


def test_without_the_option_an_untaken_pozzetto_stays_aside() -> None:
    hand = Hand.deal(players=2, seed=11)
    while not hand.is_over:
        _draw_and_discard(hand)
    assert hand.next_pozzetto == 0 and len(hand.stock) == 2


# ----------------------------------------------------------------------------- stall rule and turn cap (§3)
STALL_HANDS = {
    2: ["3H 5H 7H 9H JH KH 4S 6S", "3C 5C 7C 9C JC KC 4D 6D"],
    4: ["3H 5H 7H 9H JH KH", "3C 5C 7C 9C JC KC", "3D 5D 7D 9D JD QD", "3S 5S 7S 9S JS QS"],
}


def _pick_up_and_discard(hand: Hand) -> None:
    """A one-card pick-up, then the seat's first card that is not the one just picked up."""
    picked = hand.discard_pile[-1]
    play(hand, PICKUP)
    card = next(c for c in hand.hand_cards(hand.to_play) if c != picked)
    play(hand, Action("discard", (card,)))


@pytest.mark.parametrize("players", [2, 4])
def test_stall_rule_the_streak_starter_must_draw_after_three_full_rounds(players: int) -> None:
    hand = make_hand(STALL_HANDS[players], first=1)
    starter = hand.to_play
    for _ in range(3 * players - 1):
        _pick_up_and_discard(hand)
        assert not hand.must_draw
    _pick_up_and_discard(hand)  # the third full round is complete
    assert hand.to_play == starter and hand.must_draw
    assert hand.legal_actions() == [DRAW]
    refused(
        hand,
        PICKUP,
        r"nobody drew from the stock for 3 full rounds",
        r"must draw from the stock",
        r"rules §3, stall rule",
    )
    play(hand, DRAW)
    assert not hand.must_draw and hand.turns_without_stock == 0
    play(hand, Action("discard", (hand.log[-1].cards[0],)))
    assert hand.can_pickup()


def test_a_draw_restarts_the_stall_count() -> None:
    hand = make_hand(STALL_HANDS[2])
    _pick_up_and_discard(hand)
    _pick_up_and_discard(hand)
    _draw_and_discard(hand)  # seat 0 draws: the streak is broken
    for _ in range(5):
        _pick_up_and_discard(hand)
        assert not hand.must_draw
    _pick_up_and_discard(hand)
    assert hand.must_draw and hand.to_play == 1  # seat 1 began the new streak


def test_stall_rounds_option() -> None:
    hand = make_hand(STALL_HANDS[2], rules=Rules(stall_rounds=1))
    _pick_up_and_discard(hand)
    _pick_up_and_discard(hand)
    assert hand.must_draw and hand.to_play == 0


def test_turn_cap_ends_the_hand() -> None:
    hand = Hand.deal(players=2, seed=3, rules=Rules(max_turns=10))
    while not hand.is_over:
        _draw_and_discard(hand)
    assert (hand.turns, hand.end_reason) == (10, "turn cap reached")
    assert hand.log[-1].kind == "end" and hand.log[-1].detail == "turn cap reached"
    assert len(hand.stock) == 63 - 10


# ----------------------------------------------------------------------------- three players (§9)
def test_three_players_the_first_to_empty_takes_18_and_the_other_two_pair_up() -> None:
    hand = make_hand(["7H 8H 10S", "5S 6S 7S 9D", "JD QD KD 4S 6C"], stock="3D 4H 5H 9H 10D 8C", sizes=(18, 11))
    assert hand.num_sides == 3 and [len(p) for p in hand.pozzetti] == [18, 11]
    play(hand, DRAW, discard("3D"))
    play(hand, DRAW, meld("5S 6S 7S"), discard("4H"))
    play(hand, DRAW, meld("JD QD KD"), discard("5H"))
    play(hand, DRAW, meld("7H 8H 9H"), discard("10S"))  # seat 0 empties first (with the discard)
    assert hand.solo_seat == 0 and hand.side_of == [0, 1, 1] and hand.num_sides == 2
    assert held(hand, 0) == sorted(hand.pozzetti[0]) and len(held(hand, 0)) == 18
    assert hand.pozzetto_of_side == {0: 0} and hand.next_pozzetto == 1
    assert [[m.cards for m in side] for side in hand.melds] == [[C("7H 8H 9H")], [C("5S 6S 7S"), C("JD QD KD")]]
    play(hand, DRAW)  # seat 1 holds 9D 10D and attaches both to its partner's meld: empty, the 11-card pozzetto
    play(hand, attach(1, "9D 10D"))
    assert hand.pozzetto_of_side == {0: 0, 1: 1} and held(hand, 1) == sorted(hand.pozzetti[1])
    assert not hand.pozzetto_available(1)
    scores = hand.scores()
    assert len(scores) == 2 and hand.seats_of_side(1) == [1, 2]
    # the pair is scored as one side: both players' hand cards count for it (seat 2 still holds 4S 6C)
    assert held(hand, 2) == sorted(C("4S 6C"))
    pair_hand = held(hand, 1) + held(hand, 2)
    assert scores[1].points_of(ScoreKind.CARDS_IN_HAND) == -sum(card_value(c) for c in pair_hand)
    assert scores[0].points_of(ScoreKind.CARDS_IN_HAND) == -sum(card_value(c) for c in hand.pozzetti[0])
    assert [m.describe() for m in hand.melds[1]][1].startswith("9D 10D JD QD KD")


def test_three_players_with_three_11_card_pozzetti_everyone_plays_alone() -> None:
    hand = make_hand(["7H 8H", "5S 6S", "JD QD"], stock="9H 7S KD", sizes=(11, 11, 11))
    for seat, cards in enumerate(["7H 8H 9H", "5S 6S 7S", "JD QD KD"]):
        play(hand, DRAW, meld(cards))  # each player in turn empties the hand: the next 11-card pozzetto
        assert hand.pozzetto_of_side[seat] == seat and held(hand, seat) == sorted(hand.pozzetti[seat])
        play(hand, Action("discard", (held(hand, seat)[0],)))
    assert hand.side_of == [0, 1, 2] and hand.solo_seat == -1 and hand.num_sides == 3
    assert len(hand.scores()) == 3
    dealt = Hand.deal(players=3, seed=9, pozzetto_sizes=(11, 11, 11))
    assert [len(p) for p in dealt.pozzetti] == [11, 11, 11] and len(dealt.stock) == 108 - 33 - 33 - 1


# ----------------------------------------------------------------------------- a 4-player hand scored (§8)
def test_four_player_hand_scored_per_side_checked_by_hand() -> None:
    hand = make_hand(
        ["3H 4H 5H 6H 7H 8H 9H", "JS QS KS 4D 4C", "JH 6D 6S 6C AH JK", "AS 2S 9C"],
        pozzetti=["KC KD KS 5C", "10D 10C 10S"],
        pile="KH",
        stock="10H 7D 8S 9D QH",
    )
    play(hand, DRAW, meld("3H 4H 5H 6H 7H 8H 9H 10H"), discard("5C"))  # pozzetto on the fly; keeps KC KD KS
    play(hand, DRAW, meld("JS QS KS"), discard("4D"))  # seat 1 keeps 4C 7D
    play(hand, DRAW, attach(0, "JH"), meld("6D 6S 6C"), discard("8S"))  # partner seat 2 keeps AH JK
    play(hand, DRAW, discard("9D"))  # seat 3 keeps AS 2S 9C
    play(hand, DRAW, meld("KC KD KS"), discard("QH"))  # seat 0 closes
    assert hand.end_reason == "closed" and hand.closed_by == 0
    north_south, east_west = hand.scores()
    assert [(i.label, i.points) for i in north_south.items] == [
        ("meld 3H 4H 5H 6H 7H 8H 9H 10H JH (sequence)", 65),  # 3..7: 5 x 5 = 25; 8 9 10 J: 4 x 10 = 40
        ("clean burraco 200", 200),
        ("meld 6D 6C 6S (combination)", 15),
        ("meld KD KC KS (combination)", 30),
        ("closing", 100),
        ("cards in hand", -45),  # seat 2: AH 15 + JK 30
    ]
    assert north_south.total == 365
    assert [(i.label, i.points) for i in east_west.items] == [
        ("meld JS QS KS (sequence)", 30),
        ("cards in hand", -55),  # seat 1: 4C 5 + 7D 5; seat 3: AS 15 + 2S 20 + 9C 10
        ("pozzetto not taken", -100),
    ]
    assert east_west.total == -125


# ----------------------------------------------------------------------------- time-out (§10, Art. 28)
def test_time_out_the_player_on_the_right_plays_the_last_turn() -> None:
    hand = Hand.deal(players=4, seed=2, dealer=0)
    _draw_and_discard(hand)  # seat 1
    hand.call_time_out()  # during seat 2's turn: seats 2, 3, 0 play, then seat 1 (on seat 2's right) last
    assert [_draw_and_discard(hand) for _ in range(4)] == [2, 3, 0, 1]
    assert hand.is_over and hand.end_reason == "time-out"
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.call_time_out()


# ----------------------------------------------------------------------------- typed errors
def test_refusals_are_typed_value_errors_citing_the_rules() -> None:
    hand = make_hand(["7H 8H KS QS", "3C 4C 5C 6S"], stock="9H")
    play(hand, DRAW)
    cases = [meld("7H 8H KS"), meld("7H 8H 9H 9H"), attach(3, "9H"), discard("AS"), Action("meld", (99,))]
    for action in cases:
        with pytest.raises(IllegalActionError) as caught:
            hand.apply(action)
        assert isinstance(caught.value, ValueError)
    assert "(rules §4)" in refused(hand, meld("7H 8H KS"))
    assert "(rules §3)" in refused(hand, attach(3, "9H"))
    assert refused(hand, discard("AS")) == "AS is not in your hand"
    assert refused(hand, meld("7H 8H 9H 9H")) == "you hold only 1 9H"
