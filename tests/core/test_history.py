"""Hand histories (docs/hand-history.md): round trips to the identical state, malformed input, replay errors."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from burraco.core.actions import Action
from burraco.core.cards import format_card, parse_card, parse_cards
from burraco.core.errors import HistoryError, IllegalActionError
from burraco.core.hand import STATE_FIELDS, Hand
from burraco.core.history import (
    Deal,
    HandHistory,
    HistoryLineError,
    ReplayError,
    Step,
    initial_deal,
    nearest_preset,
    read_history,
    replay,
    steps_from_log,
    write_history,
)
from burraco.core.options import PRESETS, Rules, preset

DOC = Path(__file__).resolve().parents[2] / "docs" / "hand-history.md"


def play_random(hand: Hand, rng: random.Random, limit: int | None = None, time_out_at: int = -1) -> Hand:
    count = 0
    while not hand.is_over and (limit is None or count < limit):
        if count == time_out_at:
            hand.call_time_out()
        legal = hand.legal_actions()
        plays = [a for a in legal if a.kind in ("meld", "attach", "pickup")]
        hand.apply(rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal))
        count += 1
    return hand


def assert_same_state(a: Hand, b: Hand) -> None:
    """The zones, melds, log and scores compared one by one (not merely the text)."""
    assert a.rules == b.rules and a.dealer == b.dealer and a.players == b.players
    assert [a.hand_cards(s) for s in range(a.players)] == [b.hand_cards(s) for s in range(b.players)]
    assert a.melds == b.melds
    assert a.stock == b.stock and a.discard_pile == b.discard_pile
    assert a.pozzetti == b.pozzetti and a.pozzetto_of_side == b.pozzetto_of_side
    assert a.next_pozzetto == b.next_pozzetto and a.side_of == b.side_of
    assert (a.to_play, a.phase, a.end_reason, a.closed_by, a.turns) == (
        b.to_play,
        b.phase,
        b.end_reason,
        b.closed_by,
        b.turns,
    )
    assert a.log == b.log and a.visible_logs == b.visible_logs
    assert [s.to_dict() for s in a.scores()] == [s.to_dict() for s in b.scores()]
    for name in STATE_FIELDS:  # and every other field
        assert getattr(a, name) == getattr(b, name), name


# ----------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_hands_round_trip_through_text_to_the_identical_state(players: int) -> None:
    for i in range(24):
        rng = random.Random(i)
        name = sorted(PRESETS)[i % len(PRESETS)]
        rules = preset(name, players=players, leftover_pozzetto_to_stock=i % 3 == 0)
        sizes = (11, 11, 11) if players == 3 and i % 2 else None
        hand = Hand.deal(players, 900 + i, i % players, rules, sizes)
        play_random(hand, rng, limit=None if i % 4 else rng.randrange(1, 120), time_out_at=80 if i % 5 == 0 else -1)
        for seed in (900 + i, None):
            text = write_history(hand, seed=seed)
            history = read_history(text)
            assert (history.seed, history.preset, history.players) == (seed, name, players)
            assert_same_state(replay(history), hand)
            assert history.to_text() == text  # writing what was read gives the same text back
            assert read_history(history.to_text(annotate=False)) == history


def test_explicit_and_seeded_histories_of_one_hand_replay_alike() -> None:
    hand = play_random(Hand.deal(players=4, seed=77, dealer=2), random.Random(77))
    seeded = HandHistory.from_hand(hand, seed=77)
    explicit = HandHistory.from_hand(hand)
    assert seeded.deal is None and explicit.seed is None and explicit.deal is not None
    assert seeded.steps == explicit.steps == steps_from_log(hand.log)
    assert explicit.deal == Deal.of_fresh_hand(Hand.deal(players=4, seed=77, dealer=2))
    assert_same_state(seeded.replay(), explicit.replay())


def test_initial_deal_undoes_the_log_through_pozzetti_pairs_and_leftover_stock() -> None:
    for i in range(30):
        players = 2 + i % 3
        rules = Rules(players=players, leftover_pozzetto_to_stock=i % 2 == 0)
        fresh = Hand.deal(players, i, 0, rules)
        deal = Deal.of_fresh_hand(fresh)
        hand = play_random(fresh.clone(), random.Random(i))
        assert initial_deal(hand) == deal


def test_an_explicitly_constructed_hand_writes_its_zones() -> None:
    hand = Hand.deal(players=2, seed=5)
    explicit = Hand(
        hand.rules,
        hand.dealer,
        [hand.hand_cards(0), hand.hand_cards(1)],
        [list(p) for p in hand.pozzetti],
        list(hand.discard_pile),
        list(reversed(hand.stock)),
    )
    text = write_history(explicit)
    assert "seed" not in text and re.search(r"^stock ", text, re.M) and re.search(r"^pozzetto 1 ", text, re.M)
    assert_same_state(replay(read_history(text)), explicit)


def test_options_names_and_pozzetto_sizes_round_trip() -> None:
    rules = preset(
        "portal",
        players=3,
        joker_value=25,
        three_player_pair_share="full",
        hands_per_turn=3,
        semi_clean=False,
        max_turns=500,
    )
    history = HandHistory(
        rules, 1, seed=12, preset="portal", pozzetto_sizes=(11, 11, 11), names=("Anna Maria", "Bruno", "Carla")
    )
    text = history.to_text()
    for line in (
        "rules portal",
        "option joker_value 25",
        "option semi_clean false",
        "option hands_per_turn 3",
        "option three_player_pair_share full",
        "option max_turns 500",
        "pozzetti 11 11 11",
        "name 0 Anna Maria",
        "players 3",
        "dealer 1",
        "seed 12",
    ):
        assert re.search(f"^{line}$", text, re.M), line
    assert "option opponent_must_have_played" not in text  # the same as the preset: not written
    assert read_history(text) == history
    assert (
        read_history(text.replace("option three_player_pair_share full", "OPTION Three_Player_Pair_Share FULL"))
        == history
    )
    assert [len(p) for p in history.new_hand().pozzetti] == [11, 11, 11]
    assert (
        read_history(text.replace("option hands_per_turn 3", "option hands_per_turn none")).rules.hands_per_turn is None
    )


def test_nearest_preset_is_written_when_none_is_named() -> None:
    hand = Hand.deal(players=2, seed=1, rules=preset("home", players=2, target=505))
    text = write_history(hand, seed=1)
    assert "rules home" in text and "option target 505" in text
    assert nearest_preset(preset("international", players=4)) == "international"
    assert "rules fibur" in write_history(hand, seed=1, preset="fibur")


def test_drawn_and_picked_up_cards_are_written_and_optional() -> None:
    hand = Hand.deal(players=2, seed=7)
    hand.apply(Action("draw"))
    drawn = hand.log[-1].cards[0]
    text = write_history(hand, seed=7)
    assert f"1 draw {format_card(drawn)}" in text
    bare = read_history(text.replace(text.splitlines()[-1], "1 draw"))
    assert bare.steps == (Step(1, "draw"),)
    assert_same_state(replay(bare), hand)


def test_the_documentation_examples_parse_and_replay() -> None:
    blocks = re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    closed = replay(read_history(blocks[0]))
    assert (closed.end_reason, closed.closed_by) == ("closed", 0)
    assert [s.total for s in closed.scores()] == [505, -210]
    seeded = read_history(blocks[1])
    assert seeded.names == ("Anna", "Bruno", "Carla", "Dario") and seeded.seed == 2024
    unfinished = replay(seeded)
    assert not unfinished.is_over and len(seeded.steps) == 9
    # the explicit example is exactly what the writer produces for the hand it describes
    assert write_history(closed) == blocks[0]


# ----------------------------------------------------------------------------- malformed input
GOOD = "burraco-history 1\nrules fibur\nplayers 2\ndealer 0\nseed 3\nactions\n1 draw\n"


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", 0, r"empty history"),
        ("# only a comment\n\n", 0, r"empty history"),
        ("burraco 1\n", 1, r"not a burraco hand history"),
        ("burraco-history 2\n", 1, r"unsupported history version '2'"),
        (GOOD.replace("rules fibur", "rules nope"), 2, r"unknown rules preset 'nope'"),
        (GOOD.replace("rules fibur", "rulez fibur"), 2, r"unknown field 'rulez'"),
        (GOOD.replace("players 2", "players 5"), 3, r"players must be 2, 3 or 4, not '5'"),
        (GOOD.replace("players 2\n", ""), 0, r"how many players"),
        (GOOD.replace("dealer 0", "dealer 2"), 4, r"dealer must be a seat from 0 to 1, not 2"),
        (GOOD.replace("dealer 0", "dealer x"), 4, r"dealer must be a whole number"),
        (GOOD.replace("dealer 0\n", ""), 0, r"does not name the dealer"),
        (GOOD.replace("seed 3", "seed -3"), 5, r"seed must not be negative"),
        (GOOD.replace("seed 3\n", ""), 0, r"has no deal"),
        (GOOD.replace("seed 3", "seed 3\nseed 4"), 6, r"'seed' is given twice \(first on line 5\)"),
        (GOOD.replace("seed 3", "seed 3\npozzetti 40 40 40"), 6, r"leave -35 cards in the stock"),
        (GOOD.replace("seed 3", "seed 3\npozzetti 11 x"), 6, r"a pozzetto size must be a whole number"),
        (GOOD.replace("seed 3", "seed 3\nstock AH"), 6, r"either a seed or an explicit deal"),
        (GOOD.replace("rules fibur", "rules fibur\noption jokers 25"), 3, r"unknown rules option 'jokers'"),
        (GOOD.replace("rules fibur", "rules fibur\noption semi_clean maybe"), 3, r"true or false"),
        (GOOD.replace("rules fibur", "rules fibur\noption joker_value -5"), 3, r"joker_value must be positive"),
        (GOOD.replace("rules fibur", "rules fibur\noption players 4"), 3, r"the 'players' line"),
        (GOOD.replace("rules fibur", "rules fibur\noption semi_clean"), 3, r"expected 'option NAME VALUE'"),
        (GOOD.replace("rules fibur", "rules fibur\nname x Anna"), 3, r"expected 'name NUMBER"),
        (GOOD.replace("rules fibur", "rules fibur\nname 3 Anna"), 3, r"no seat 3 in a 2-player hand"),
        (GOOD.replace("actions\n1 draw\n", "1 draw\n"), 6, r"an action line before the 'actions' line"),
        (GOOD.replace("actions\n1 draw\n", ""), 5, r"no 'actions' line"),
        (GOOD.replace("actions", "actions now"), 6, r"takes nothing after it"),
        (GOOD + "draw\n", 8, r"expected an action line 'SEAT KIND"),
        (GOOD + "0 fold\n", 8, r"unknown action 'fold'"),
        (GOOD + "0 meld 7H 7X 7S\n", 8, r"'7X' is not a card"),
        (GOOD + "0 attach 7H\n", 8, r"attach needs a meld number"),
        (GOOD + "0 discard 7H 8H\n", 8, r"discard exactly one card"),
        (GOOD + "0 draw 7H 8H\n", 8, r"write at most one card"),
        (GOOD + "0 timeout now\n", 8, r"timeout takes no arguments"),
        (GOOD + "2 discard 7H\n", 8, r"no seat 2 in a 2-player hand"),
    ],
)
def test_malformed_histories_name_the_line_and_the_problem(text: str, line: int, reason: str) -> None:
    with pytest.raises(HistoryLineError) as caught:
        read_history(text)
    error = caught.value
    assert isinstance(error, HistoryError) and isinstance(error, ValueError)
    assert error.line == line, str(error)
    assert re.search(reason, error.reason), str(error)
    assert str(error) == (f"line {line}: {error.reason}" if line else error.reason)


def _explicit_text() -> str:
    return write_history(Hand.deal(players=2, seed=4), annotate=False)


def test_explicit_deal_errors() -> None:
    text = _explicit_text()
    lines = text.splitlines()
    hand_line = next(i for i, line in enumerate(lines) if line.startswith("hand 1")) + 1
    with pytest.raises(HistoryLineError, match=r"no 'hand 1' line"):
        read_history("\n".join(line for line in lines if not line.startswith("hand 1")))
    with pytest.raises(HistoryLineError, match=rf"^line {hand_line + 1}: hand 1 is given twice"):
        read_history(text.replace(lines[hand_line - 1], lines[hand_line - 1] + "\n" + lines[hand_line - 1]))
    with pytest.raises(HistoryLineError, match=r"no 'stock' line"):
        read_history("\n".join(line for line in lines if not line.startswith("stock")))
    with pytest.raises(HistoryLineError, match=r"'pozzetto 0', 'pozzetto 1', \.\.\. lines numbered from 0"):
        read_history(text.replace("pozzetto 0", "pozzetto 5"))
    with pytest.raises(HistoryLineError, match=r"'pozzetti' sizes go with a seed"):
        read_history(text.replace("actions", "pozzetti 11 11\nactions"))
    with pytest.raises(HistoryLineError, match=r"no seat 2 in a 2-player hand"):
        read_history(text.replace("actions", "hand 2 AH\nactions"))
    stock = next(line for line in lines if line.startswith("stock"))
    first = stock.split()[1]
    with pytest.raises(
        HistoryLineError,
        match=rf"holds 107 cards, not exactly the 108 of two decks \(rules §1\): "
        rf"missing: {first}",
    ):
        read_history(text.replace(stock, "stock " + " ".join(stock.split()[2:])))
    with pytest.raises(HistoryLineError, match=r"too many copies: JK x5; missing: "):
        read_history(text.replace(stock, "stock JK " + " ".join(stock.split()[2:])))
    with pytest.raises(HistoryLineError, match=r"'QX' is not a card"):
        read_history(text.replace(stock, stock + " QX"))


# ----------------------------------------------------------------------------- replay errors
def test_an_illegal_action_stops_the_replay_with_its_index_and_the_engines_reason() -> None:
    hand = Hand.deal(players=2, seed=3)
    hand.apply(Action("draw"))
    absent = next(c for c in range(52) if hand.hands[1][c] == 0)
    history = read_history(GOOD + f"1 discard {format_card(absent)}\n0 draw\n")
    with pytest.raises(ReplayError) as caught:
        replay(history)
    error = caught.value
    assert isinstance(error, IllegalActionError)
    assert error.index == 1 and error.step.line == 8 and str(error.step).startswith("1 discard")
    assert error.reason.endswith("is not in your hand")
    assert str(error) == f"action 1 (line 8) '{error.step}' is illegal: {error.reason}"
    assert len(error.hand.log) == 1 and error.hand.phase == "play"  # the state before the failing action
    assert len(history.replay(stop=1).log) == 1


@pytest.mark.parametrize(
    ("actions", "index", "reason"),
    [
        ("0 draw", 0, r"it is seat 1's turn, not seat 0's \(rules §3\)"),
        ("1 draw\n1 draw", 1, r"already taken this turn"),
        ("1 pickup 7H 7H", 0, r"the history says the pile held 7H 7H, but it holds "),
        ("1 meld 7H 8H 9H", 0, r"first draw from the stock"),
        ("1 timeout\n1 timeout", 1, r"time-out has already been called"),
    ],
)
def test_replay_refusals(actions: str, index: int, reason: str) -> None:
    history = read_history(GOOD.replace("1 draw\n", actions + "\n"))
    with pytest.raises(ReplayError) as caught:
        replay(history)
    assert caught.value.index == index
    assert re.search(reason, caught.value.reason), caught.value.reason


def test_a_drawn_card_that_disagrees_with_the_deal_is_refused() -> None:
    top = Hand.deal(players=2, seed=3).stock[-1]
    other = next(c for c in range(52) if c != top)
    text = GOOD.replace("1 draw", "1 draw " + format_card(other))
    with pytest.raises(ReplayError, match=r"the history says .* was drawn, but the stock's top card is"):
        replay(read_history(text))


def test_actions_after_the_end_are_refused() -> None:
    hand = play_random(Hand.deal(players=2, seed=8, rules=Rules(max_turns=10)), random.Random(8))
    history = HandHistory.from_hand(hand, seed=8)
    extra = history.with_steps([*history.steps, Step(hand.to_play, "draw")])
    with pytest.raises(ReplayError, match=r"the hand is over \(turn cap reached\)") as caught:
        replay(extra)
    assert caught.value.index == len(history.steps)
    text = extra.to_text()  # a history with an illegal action is still written whole
    assert text.splitlines()[-1] == f"{hand.to_play} draw"
    assert text.splitlines()[-2].startswith("# side 1")  # the scores follow the last legal action


def test_from_hand_refuses_a_seed_that_does_not_deal_the_hand() -> None:
    hand = Hand.deal(players=2, seed=1)
    with pytest.raises(HistoryError, match="seed 2 with dealer 0 does not deal this hand"):
        HandHistory.from_hand(hand, seed=2)
    with pytest.raises(HistoryError, match="the hand has been played"):
        hand.apply(Action("draw"))
        Deal.of_fresh_hand(hand)


def test_a_history_needs_exactly_one_deal() -> None:
    with pytest.raises(HistoryError, match="exactly one of a seed and an explicit deal"):
        HandHistory(Rules(players=2), 0).new_hand()
    deal = Deal.of_fresh_hand(Hand.deal(players=2, seed=1))
    with pytest.raises(HistoryError, match="exactly one of a seed and an explicit deal"):
        HandHistory(Rules(players=2), 0, seed=1, deal=deal).new_hand()
    broken = Deal(deal.hands, deal.pozzetti, deal.pile, deal.stock[1:])
    with pytest.raises(HistoryError, match=r"the deal is not valid: .*108 cards"):
        replay(HandHistory(Rules(players=2), 0, deal=broken))


def test_step_text_round_trips() -> None:
    for text in (
        "0 draw",
        "1 draw 10H",
        "2 pickup KD 9C",
        "3 meld 7H 8H 9H",
        "0 attach 12 JK 2C",
        "1 discard AS",
        "2 timeout",
    ):
        assert str(Step.parse(text)) == text
    assert Step.parse("1 MELD th jh qh") == Step(1, "meld", parse_cards("10H JH QH"))
    assert Step.parse("0 discard 7h").action() == Action("discard", (parse_card("7H"),))
