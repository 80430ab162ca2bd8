"""Option ``natural_two_moves`` (docs/rules.md §12): a natural 2 may move up to be its run's wildcard.

Off (``fibur``, ``international``) a 2 lying below the 3 of its own suit's sequence is a plain card and
never moves; on (``portal``, ``home``, ``reale``) it may move up to stand as the sequence's one
wildcard when the attached cards leave a gap only it can fill: ``2C 3C 4C`` + ``6C`` →
``3C 4C 2C=5C 6C``, the run no longer clean. Checked both ways: worked examples, the validator
against the move generator by brute force, the hand engine (listing, verifying, applying), and
seeded random play pinned to a digest — with the option off, the presets play exactly as before.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_digest import play_digest
from test_hand_rules import attach, make_hand, meld, play, refused

from burraco.core.actions import DRAW
from burraco.core.cards import JOKER, counts_of, format_cards, full_deck, make_card, parse_cards
from burraco.core.generate import attachments
from burraco.core.generate_attach import _attach_moving_two, _attach_sequence, attach_window
from burraco.core.melds import Meld, attach_or_reason, make_meld
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.summary import scan

C = parse_cards
OFF = Rules()
ON = Rules(natural_two_moves=True)


def attached(meld: str, cards: str, rules: Rules) -> str:
    """The attachment's result as ``describe()`` shows it, or ``refused: <reason>``."""
    result = attach_or_reason(make_meld(C(meld)), C(cards), rules)
    return result.describe() if isinstance(result, Meld) else f"refused: {result}"


# ----------------------------------------------------------------------------- the presets
def test_each_preset_takes_its_reading() -> None:
    """The federation's code (and the international one) keep the 2 in place; the portal's, the
    house rules and the reale variant let it move (docs/rules.md §12)."""
    moving = {name for name, rules in PRESETS.items() if rules.natural_two_moves}
    assert moving == {"portal", "home", "reale"}
    assert not Rules().natural_two_moves and preset("fibur") == Rules()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_worked_example_in_each_preset(name: str) -> None:
    rules = preset(name)
    result = attached("2C 3C 4C", "6C", rules)
    if rules.natural_two_moves:
        assert result == "3C 4C 2C=5C 6C (sequence, wildcard fixed)"
    else:
        assert result == "refused: the natural 2C stays at its place below the 3: cards on the table never move"


# ----------------------------------------------------------------------------- worked examples, both ways
MOVES = [
    ("2C 3C 4C", "6C", "3C 4C 2C=5C 6C (sequence, wildcard fixed)"),
    ("2C 3C 4C", "6C 7C", "3C 4C 2C=5C 6C 7C (sequence, wildcard fixed)"),
    ("2C 3C 4C", "5C 7C", "3C 4C 5C 2C=6C 7C (sequence, wildcard fixed)"),
    ("2H 3H 4H 5H 6H 7H 8H", "10H", "3H 4H 5H 6H 7H 8H 2H=9H 10H (sequence, wildcard fixed)"),
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "KS AS", "3S 4S 5S 6S 7S 8S 9S 10S JS 2S=QS KS AS (sequence, wildcard fixed)"),
]
SAME_BOTH_WAYS = [
    ("2C 3C 4C", "5C", "2C 3C 4C 5C (sequence)"),  # no gap: the 2 stays natural
    ("2C 3C 4C", "6C JK", "2C 3C 4C JK=5C 6C (sequence, wildcard fixed)"),  # the joker fills the gap
    ("2C 3C 4C", "AC", "AC 2C 3C 4C (sequence)"),
    ("2C 3C 4C", "7C", "refused: there is a gap at 5C and 6C and no wildcard to fill them"),
    ("AC 2C 3C", "5C", "refused: there is a gap at 2C and 4C and no wildcard to fill them"),  # no ace below it
    ("2H 3H JK 5H", "7H", "refused: two wildcards: a sequence holds at most one (JK 2H)"),  # one wildcard already
    ("2C 3C 4C", "6C 2D", "2C 3C 4C 2D=5C 6C (sequence, wildcard fixed)"),  # another 2 is a wildcard
]


@pytest.mark.parametrize(("meld", "cards", "moved"), MOVES)
def test_the_two_moves_up_only_with_the_option(meld: str, cards: str, moved: str) -> None:
    assert attached(meld, cards, ON) == moved
    assert attached(meld, cards, OFF).startswith("refused: the natural 2")
    assert attached(meld, cards, preset("home")) == moved
    assert attached(meld, cards, preset("fibur")).startswith("refused: the natural 2")


@pytest.mark.parametrize(("meld", "cards", "expected"), SAME_BOTH_WAYS)
def test_what_the_option_does_not_change(meld: str, cards: str, expected: str) -> None:
    for rules in (OFF, ON):
        result = attached(meld, cards, rules)
        assert result.split(": ")[0] == expected.split(": ")[0], (rules.natural_two_moves, result)
        if not expected.startswith("refused"):
            assert result == expected


def test_a_clean_burraco_turns_dirty_and_the_two_comes_back_with_its_natural() -> None:
    clean = make_meld(C("2H 3H 4H 5H 6H 7H 8H"))
    assert clean.burraco(ON) == "clean"
    dirty = attach_or_reason(clean, C("10H"), ON)
    assert isinstance(dirty, Meld)
    assert (dirty.burraco(ON), dirty.wild, dirty.wild_rank, dirty.wild_fixed) == ("dirty", make_card(2, 0), 9, True)
    assert dirty.bonus(ON) == 100 and clean.bonus(ON) == 200
    # the natural 9H takes the 2's place back: the 2 rests below the 3 again, the run clean (§4.1)
    again = attach_or_reason(dirty, C("9H"), ON)
    assert isinstance(again, Meld)
    assert again.describe() == "2H 3H 4H 5H 6H 7H 8H 9H 10H (sequence)" and again.burraco(ON) == "clean"
    # once moved it is the run's wildcard: only the 9H displaces it, off or on
    assert isinstance(attach_or_reason(dirty, C("JH"), ON), Meld)  # the run goes on above
    assert (
        attach_or_reason(dirty, C("QH"), ON)
        == "a sequence holds at most one wildcard, so gaps at 9H and JH cannot both be filled"
    )


# ----------------------------------------------------------------------------- the generator against brute force
def _brute(hand: tuple[int, ...], meld: Meld, rules: Rules) -> set[tuple[int, ...]]:
    found = set()
    cards = sorted(hand)
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            if isinstance(attach_or_reason(meld, combo, rules), Meld):
                found.add(combo)
    return found


def _run_with_natural_two(suit: int, top: int) -> Meld:
    return make_meld([make_card(rank, suit) for rank in range(2, top + 1)])


@settings(max_examples=120, deadline=None)
@given(
    suit=st.integers(0, 3),
    top=st.integers(4, 13),
    seed=st.integers(0, 10**9),
    size=st.integers(1, 9),
    moves=st.booleans(),
)
def test_the_generator_lists_exactly_the_legal_attachments(
    suit: int, top: int, seed: int, size: int, moves: bool
) -> None:
    """For a run 2…top of one suit (its 2 natural, no wildcard) and a random hand mostly of that
    suit, the generator lists every legal attachment once and nothing else, the option on or off."""
    rules = Rules(natural_two_moves=moves)
    meld = _run_with_natural_two(suit, top)
    rng = random.Random(seed)
    pool = [c for c in full_deck() if c not in meld.cards or meld.cards.count(c) < 2]
    near = [c for c in pool if c // 13 == suit or c == JOKER or c % 13 == 1]
    hand = tuple(rng.sample(near, min(size, len(near))))
    counts = counts_of(hand)
    listed = [cards for _, cards in attachments(counts, [meld], rules)]
    keys = [tuple(sorted(cards)) for cards in listed]
    assert len(keys) == len(set(keys)), "an attachment is listed twice"
    assert set(keys) == _brute(hand, meld, rules), format_cards(hand)


def test_the_moving_twos_attachments_read_only_the_window() -> None:
    """The memo key (:func:`attach_window`) covers what :func:`_attach_moving_two` reads."""
    rng = random.Random(5)
    for _ in range(300):
        suit, top = rng.randrange(4), rng.randint(4, 13)
        meld = _run_with_natural_two(suit, top)
        hand = [make_card(rank, suit) for rank in range(1, 14) if rng.random() < 0.5]
        whole = scan(counts_of(hand))[0][suit]
        window = attach_window(whole, 2, top, 0)
        lists = []
        for mask in (whole, window):
            found: list[tuple[int, tuple[int, ...]]] = []
            _attach_sequence(found, 0, meld, counts_of(hand), [], ON, mask)
            _attach_moving_two(found, 0, meld, mask)
            lists.append(found)
        assert lists[0] == lists[1]


def test_the_same_meld_object_gives_each_reading_its_own_list() -> None:
    """The generator's memo by meld object keeps the option apart."""
    meld = make_meld(C("2D 3D 4D"))
    counts = counts_of(C("6D 7D"))
    off = {tuple(sorted(c)) for _, c in attachments(counts, [meld], OFF)}
    on = {tuple(sorted(c)) for _, c in attachments(counts, [meld], ON)}
    assert off == set()
    assert on == {tuple(sorted(C("6D"))), tuple(sorted(C("6D 7D")))}
    assert {tuple(sorted(c)) for _, c in attachments(counts, [meld], OFF)} == off


# ----------------------------------------------------------------------------- the hand engine
@pytest.mark.parametrize("moves", [False, True])
def test_the_engine_lists_verifies_and_applies_the_move_only_with_the_option(moves: bool) -> None:
    hand = make_hand(
        ["2C 3C 4C 6C 9S JD KD", "5H 6H 7H 8H 9H 10H JH"], stock="QS", rules=Rules(natural_two_moves=moves)
    )
    play(hand, DRAW, meld("2C 3C 4C"))
    move = attach(0, "6C")
    if not moves:
        refused(hand, move, r"the natural 2C stays at its place below the 3", r"rules §4")
        return
    assert move in hand.legal_actions() and hand.can(move)
    record = hand.apply(move)
    assert (record.kind, record.cards, record.target) == ("attach", C("6C"), 0)
    assert hand.melds[0][0].describe() == "3C 4C 2C=5C 6C (sequence, wildcard fixed)"
    assert hand.card_count() == 108


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_play_with_the_option_off_is_the_play_of_before(players: int) -> None:
    """Random hands of the ``home`` and ``reale`` presets: with ``natural_two_moves`` off they play
    exactly as before the option existed (digests taken then); on, the 2 moves and play differs."""
    for name in ("home", "reale"):
        off = preset(name, players=players, natural_two_moves=False)
        assert play_digest_with(off, players) == OFF_DIGESTS[name, players]
        assert play_digest_with(preset(name, players=players), players) == ON_DIGESTS[name, players]


OFF_DIGESTS = {
    ("home", 2): ("ce6317c6a3c2b8a1f8582a78985ae2cc", 16574),
    ("home", 3): ("bd687636ee65f2e44bae070e02661d9a", 11703),
    ("home", 4): ("bf76c817c0eea887167866acbaaccea1", 10948),
    ("reale", 2): ("6ddaf6bcdd2ef42b7a39285f3fac7805", 16574),
    ("reale", 3): ("91be568023c70e59633448650e51ef1a", 11703),
    ("reale", 4): ("6a17a1a163489cd9d1498827d8baa6b4", 10948),
}
ON_DIGESTS = {
    ("home", 2): ("ea7c58df2cb6bd326c9452f73f772882", 16558),
    ("home", 3): ("8e7ae2877e3e23428f56e635a2a0d2e2", 11688),
    ("home", 4): ("287d63d71c85e5bc0fa982ea7f6e24fc", 10977),
    ("reale", 2): ("2796d2b040656ed502ab226957c673ec", 16558),
    ("reale", 3): ("da8b991eff9260f1f6360e86fc9a754d", 11688),
    ("reale", 4): ("430a91210ae2f5673d84000b9e31922a", 10977),
}


def play_digest_with(rules: Rules, players: int) -> tuple[str, int]:
    return play_digest(players, 60, rules=rules)
