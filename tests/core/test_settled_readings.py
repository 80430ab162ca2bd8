"""The readings of docs/rules.md §12 that end a hand or a match, each both ways.

- **Nobody took a pozzetto** when the stock runs out: scored, −100 a side (default); void and
  dealt again by the same dealer with ``redeal_if_no_pozzetto`` (on in ``home``).
- **A target reached or exceeded**: a match ends when a total reaches the target (default); with
  ``target_exceeded`` (on in ``home``, target 2000) only when a total goes over it.
- **The last discard on an exhausted stock empties the hand**: the pozzetto is taken with that
  discard and the hand ends at once; its cards count against the side as a pozzetto taken but not
  played, not as the −100 of a pozzetto not taken.
"""

from __future__ import annotations

import pytest

from burraco.core.actions import DRAW, Action, EndReason
from burraco.core.cards import card_value, full_deck, parse_cards
from burraco.core.hand import Hand
from burraco.core.match import MAX_VOID_IN_A_ROW, HandResult, Match
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.scoring import ScoreKind

C = parse_cards


def draw_and_discard_to_the_end(hand: Hand) -> None:
    """Every seat draws and discards the card it drew: nobody ever empties a hand, so the stock
    runs out with no pozzetto taken."""
    while not hand.is_over:
        hand.apply(DRAW)
        hand.apply(Action("discard", (hand.log[-1].cards[0],)))


def greedy_to_the_end(hand: Hand) -> None:
    """Lay down the most cards a play allows, else draw, else discard the first card listed."""
    while not hand.is_over:
        legal = hand.legal_actions()
        plays = [a for a in legal if a.kind in ("meld", "attach")]
        if plays:
            hand.apply(max(plays, key=lambda a: len(a.cards)))
        else:
            hand.apply(DRAW if DRAW in legal else legal[0])


# ----------------------------------------------------------------------------- nobody took a pozzetto
def test_the_presets_take_their_readings() -> None:
    void = {name for name, rules in PRESETS.items() if rules.redeal_if_no_pozzetto}
    exceeded = {name for name, rules in PRESETS.items() if rules.target_exceeded}
    assert void == exceeded == {"home"}
    assert (preset("home").target, Rules().target) == (2000, 2005)


def test_by_default_a_hand_without_a_pozzetto_taken_is_scored() -> None:
    match = Match(Rules(players=2), seed=3)
    dealer = match.dealer
    draw_and_discard_to_the_end(match.start_hand())
    result = match.finish_hand()
    assert (result.void, result.end_reason) == (False, "stock exhausted")
    assert [s.points_of(ScoreKind.POZZETTO_NOT_TAKEN) for s in result.scores] == [-100, -100]
    assert list(result.points) == [s.total for s in result.scores] == match.totals
    assert match.dealer == (dealer + 1) % 2 and match.hands_played == 1


def test_with_the_option_such_a_hand_is_void_and_the_same_dealer_deals_again() -> None:
    match = Match(Rules(players=2, redeal_if_no_pozzetto=True), seed=3)
    dealer = match.dealer
    hand = match.start_hand()
    draw_and_discard_to_the_end(hand)
    assert hand.end_reason == "stock exhausted" and not hand.pozzetto_of_side
    result = match.finish_hand()
    assert result.void and result.end_reason == EndReason.VOID == "void hand"
    assert result.points == (0, 0) and match.totals == [0, 0]
    assert [s.points_of(ScoreKind.POZZETTO_NOT_TAKEN) for s in result.scores] == [-100, -100]  # shown, not counted
    assert (match.dealer, match.hands_played, len(match.results), match.is_over) == (dealer, 0, 1, False)
    again = match.start_hand()
    assert again.dealer == dealer and again.hands != hand.hands  # dealt again, a new deal


def test_a_hand_where_a_pozzetto_was_taken_is_scored_even_with_the_option() -> None:
    for seed in range(60):
        match = Match(preset("home", players=2), seed=seed)
        hand = match.start_hand()
        greedy_to_the_end(hand)
        if hand.end_reason == "stock exhausted" and hand.pozzetto_of_side:
            result = match.finish_hand()
            assert not result.void and result.end_reason == "stock exhausted"
            assert list(result.points) == [s.total for s in result.scores] == match.totals
            return
    pytest.fail("no seeded hand ran the stock out after a pozzetto was taken")


def test_void_hands_do_not_count_as_hands_of_a_turn_and_the_guard_ends_them() -> None:
    """A turn of one hand goes on after a void hand; after ten void hands in a row the next one is
    scored (the match always ends)."""
    match = Match(Rules(players=2, redeal_if_no_pozzetto=True, hands_per_turn=1), seed=8)
    for number in range(1, MAX_VOID_IN_A_ROW + 2):
        draw_and_discard_to_the_end(match.start_hand())
        result = match.finish_hand()
        assert result.number == number
        assert result.void == (number <= MAX_VOID_IN_A_ROW)
        assert match.is_over == (number > MAX_VOID_IN_A_ROW)
    assert match.hands_played == 1 and match.totals == list(match.results[-1].points)
    assert len({r.dealer for r in match.results}) == 1


def test_a_void_hand_is_not_dealt_again_after_a_time_out() -> None:
    match = Match(Rules(players=2, redeal_if_no_pozzetto=True, hands_per_turn=3), seed=8)
    hand = match.start_hand()
    while len(hand.stock) > 3:
        hand.apply(DRAW)
        hand.apply(Action("discard", (hand.log[-1].cards[0],)))
    match.time_out()
    draw_and_discard_to_the_end(hand)
    result = match.finish_hand()
    assert not result.void and match.is_over and result.points != (0, 0)


# ----------------------------------------------------------------------------- a target reached or exceeded
def _first_hand_total(seed: int) -> int:
    match = Match(Rules(players=2), seed=seed)
    greedy_to_the_end(match.start_hand())
    return max(match.finish_hand().points)


@pytest.mark.parametrize("exceeded", [False, True])
def test_a_total_equal_to_the_target_ends_the_match_only_when_reaching_is_enough(exceeded: bool) -> None:
    seed = next(s for s in range(40) if _first_hand_total(s) > 0)
    total = _first_hand_total(seed)
    for target, over in ((total, not exceeded), (total - 5, True), (total + 5, False)):
        match = Match(Rules(players=2, target=target, target_exceeded=exceeded), seed=seed)
        greedy_to_the_end(match.start_hand())
        match.finish_hand()
        assert max(match.totals) == total
        assert match.is_over == over, (target, exceeded)
        assert (match.winner() is not None) == over


@pytest.mark.parametrize(("name", "totals", "over"), [("home", (2000, 1500), False), ("home", (2005, 1500), True)])
def test_the_home_game_goes_past_2000(name: str, totals: tuple[int, int], over: bool) -> None:
    """Seed 004's house game ends when a player goes over 2000; the federation's 2000 target (or
    its usual 2005) ends when a total reaches it."""
    for rules, expected in ((preset(name, players=2), over), (Rules(players=2, target=2000), True)):
        match = Match(rules, seed=1)
        match.results = [HandResult(1, 0, 1, ((0,), (1,)), (), totals, "closed")]
        match.totals = list(totals)
        assert match.is_over == expected and (match.winner() == 0) == expected


# ----------------------------------------------------------------------------- the last discard empties the hand
def exhausted_stock_hand(players: int) -> Hand:
    """Seat 0 holds 5H 6H 7H 9S and draws 8H, the third-to-last card of the stock; every card not
    dealt lies in the discard pile (sizes are free in an explicit deal)."""
    hands = [C("5H 6H 7H 9S"), C("KS KD 4C"), C("QS QD"), C("3C 3C")][:players]
    pozzetti = [list(C("AH AH KH KH QH QH JH JH 10H 10H 9H")), list(C("AD AD KD QD JD JD 10D 10D 9D 9D 8D"))]
    stock = C("8H 3D 3S")
    used = [c for zone in (*hands, *pozzetti, stock) for c in zone]
    pile = list(full_deck())
    for card in used:
        pile.remove(card)
    return Hand(Rules(players=players), players - 1, [list(h) for h in hands], pozzetti, pile, list(stock))


@pytest.mark.parametrize("players", [2, 4])
def test_the_last_discard_on_an_exhausted_stock_takes_the_pozzetto_and_ends_the_hand(players: int) -> None:
    hand = exhausted_stock_hand(players)
    hand.apply(DRAW)
    assert len(hand.stock) == 2
    hand.apply(Action("meld", C("5H 6H 7H 8H")))
    hand.apply(Action("discard", C("9S")))
    assert [r.kind for r in hand.log[-3:]] == ["discard", "pozzetto", "end"]
    assert hand.log[-2].detail == "with the discard" and hand.log[-1].detail == "stock exhausted"
    assert hand.is_over and hand.pozzetto_of_side == {0: 0} and hand.hand_size(0) == 11
    ours, theirs = hand.scores()
    pozzetto_points = sum(card_value(c) for c in hand.pozzetti[0])
    assert ours.points_of(ScoreKind.POZZETTO_NOT_TAKEN) == 0
    others = sum(card_value(c) for s in hand.seats_of_side(0) if s != 0 for c in hand.hand_cards(s))
    assert ours.points_of(ScoreKind.CARDS_IN_HAND) == -(pozzetto_points + others)
    assert ours.total == 25 - pozzetto_points - others
    assert theirs.points_of(ScoreKind.POZZETTO_NOT_TAKEN) == -100
