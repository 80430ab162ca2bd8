"""Properties of the hand state machine over thousands of random legal hands (docs/rules.md §1, §3, §5).

Seeded loops (reproducible: hand ``i`` is ``Hand.deal(seed=i)`` played by ``random.Random(i)``) and
a few hypothesis tests check, after every action: the 108 cards are all accounted for (the multiset
of card kinds, not only the count); every listed legal action verifies and applies; actions not
in the list are refused and change nothing; the hand terminates; a seat's view does not depend on
any card it cannot see; clones are independent.

The file plays about 1,700 random hands; the costly checks run on a sample of the positions so the
whole file stays well under a minute on a loaded two-core machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco.bench.engine import random_position
from burraco.core.actions import Action
from burraco.core.cards import JOKER, NUM_KINDS, counts_of, full_deck
from burraco.core.errors import IllegalActionError
from burraco.core.hand import STATE_FIELDS, Hand
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.view import observe

DECK = counts_of(full_deck())
PRESET_NAMES = sorted(PRESETS)
ActionKey = tuple[str, tuple[int, ...], int]


# ----------------------------------------------------------------------------- helpers
def state(hand: Hand) -> dict[str, object]:
    """Every field of the hand, lists turned into tuples (records and melds are immutable)."""
    return {name: _frozen(getattr(hand, name)) for name in STATE_FIELDS}


def _frozen(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def card_multiset(hand: Hand) -> list[int]:
    """The count of each card kind over every zone, computed from the raw zones."""
    counts = [sum(held) for held in zip(*hand.hands, strict=True)]
    for zone in (hand.stock, hand.discard_pile, *hand.pozzetti[hand.next_pozzetto :]):
        for card in zone:
            counts[card] += 1
    for side in hand.melds:
        for meld in side:
            for card in meld.cards:
                counts[card] += 1
    return counts


def check_cards(hand: Hand) -> None:
    assert card_multiset(hand) == DECK, "the 108 cards are not each accounted for exactly once (docs/rules.md §1)"
    assert hand.card_count() == 108
    assert all(sum(hand.hands[s]) == hand.hand_size(s) for s in range(hand.players))


def key(action: Action) -> ActionKey:
    return action.kind, tuple(sorted(action.cards)), action.target


def random_rules(rng: random.Random, players: int) -> Rules:
    return preset(rng.choice(PRESET_NAMES), players=players, leftover_pozzetto_to_stock=rng.random() < 0.25)


def deal(seed: int, players: int, rng: random.Random) -> Hand:
    sizes = (11, 11, 11) if players == 3 and rng.random() < 0.3 else None
    return Hand.deal(players, seed, seed % players, random_rules(rng, players), sizes)


def random_foreign_action(hand: Hand, rng: random.Random) -> Action:
    """A random action built from the seat's cards or any cards: usually illegal."""
    kind = rng.choice(["draw", "pickup", "meld", "attach", "discard", "discard"])
    if kind in ("draw", "pickup"):
        return Action(kind)  # type: ignore[arg-type]
    own = hand.hand_cards(hand.to_play) if hand.players else []
    pool = own if own and rng.random() < 0.8 else list(range(NUM_KINDS))
    if kind == "discard":
        return Action("discard", (rng.choice(pool),))
    size = rng.randint(1 if kind == "attach" else 3, 5)
    cards = tuple(rng.choice(pool) for _ in range(size))
    melds = len(hand.melds[hand.side(hand.to_play)])
    target = rng.randint(-1, melds + 1) if kind == "attach" else -1
    return Action(kind, cards, target)  # type: ignore[arg-type]


def hidden_perturbations(hand: Hand, seat: int | None, rng: random.Random) -> Iterator[Hand]:
    """Copies of ``hand`` that differ only in cards ``seat`` cannot see (each copy one change)."""
    others = [s for s in range(hand.players) if s != seat]
    for other in others:  # swap a card of another hand (not publicly known there) with a stock card
        counts = hand.hands[other]
        hidden = [k for k in range(NUM_KINDS) if counts[k] > hand.known[other][k]]
        if not hidden or not hand.stock:
            continue
        card = rng.choice(hidden)
        index = rng.randrange(len(hand.stock))
        if hand.stock[index] == card:
            continue
        copy = hand.clone()
        copy.hands[other][card] -= 1
        copy.hands[other][copy.stock[index]] += 1
        copy.stock[index] = card
        yield copy
    if len(hand.stock) >= 2:  # reorder the stock
        copy = hand.clone()
        copy.stock.reverse()
        yield copy
    untaken = list(range(hand.next_pozzetto, len(hand.pozzetti)))
    if untaken and hand.stock:  # swap a card of an untaken pozzetto with a stock card
        copy = hand.clone()
        copy.pozzetti = [list(p) for p in hand.pozzetti]  # the engine shares pozzetti between clones
        p = rng.choice(untaken)
        i, j = rng.randrange(len(copy.pozzetti[p])), rng.randrange(len(copy.stock))
        copy.pozzetti[p][i], copy.stock[j] = copy.stock[j], copy.pozzetti[p][i]
        yield copy
    if len(untaken) >= 2:  # swap cards between two untaken pozzetti (same sizes kept)
        copy = hand.clone()
        copy.pozzetti = [list(p) for p in hand.pozzetti]
        a, b = untaken[0], untaken[1]
        copy.pozzetti[a][0], copy.pozzetti[b][-1] = copy.pozzetti[b][-1], copy.pozzetti[a][0]
        yield copy


def check_views(hand: Hand, rng: random.Random) -> None:
    for seat in [*range(hand.players), None]:
        view = observe(hand, seat)
        for changed in hidden_perturbations(hand, seat, rng):
            assert card_multiset(changed) == DECK
            assert observe(changed, seat) == view, f"seat {seat}'s view depends on a card it cannot see"
        if seat is None:
            assert view.hand == ()
            assert all(not r.cards for r in view.log if r.private), "a spectator sees a private card"
        else:
            assert list(view.hand) == hand.hand_cards(seat)
            assert all(not r.cards for r in view.log if r.private and r.seat != seat)


def check_foreign_actions(hand: Hand, legal: list[Action], rng: random.Random, tries: int) -> None:
    listed = {key(a) for a in legal}
    before = state(hand)
    for _ in range(tries):
        action = random_foreign_action(hand, rng)
        if key(action) in listed:
            continue
        assert not hand.can(action), f"{action} verifies but legal_actions() does not list it"
        with pytest.raises(IllegalActionError):
            hand.apply(action)
        assert state(hand) == before, f"the refused action {action} changed the hand"


def play_hand(hand: Hand, rng: random.Random, sample: float, foreign: int = 0, views: bool = False) -> int:
    """Play ``hand`` to the end at random with the checks; the costly ones at a ``sample`` of positions."""
    actions = 0
    bound = hand.rules.max_turns * 112
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, f"seat {hand.to_play} has no legal action in phase {hand.phase}"
        if rng.random() < sample:
            assert len({key(a) for a in legal}) == len(legal), "an action is listed twice"
            for action in legal:
                hand.verify(action)
            if foreign:
                check_foreign_actions(hand, legal, rng, foreign)
            if views:
                check_views(hand, rng)
        hand.apply(legal[rng.randrange(len(legal))])
        check_cards(hand)
        actions += 1
        assert actions <= bound and hand.turns <= hand.rules.max_turns
    assert hand.legal_actions() == []
    assert hand.end_reason in ("closed", "stock exhausted", "turn cap reached")
    return actions


# ----------------------------------------------------------------------------- seeded loops
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_hands_keep_every_card_list_verifiable_actions_and_terminate(players: int) -> None:
    ends: dict[str, int] = {}
    hands = {2: 350, 3: 450, 4: 450}[players]  # a 2-player hand is longer (63 cards in stock)
    for i in range(hands):
        seed = players * 100_000 + i
        rng = random.Random(seed)
        hand = deal(seed, players, rng)
        play_hand(hand, rng, sample=0.06)
        ends[hand.end_reason] = ends.get(hand.end_reason, 0) + 1
    assert ends.get("stock exhausted", 0) > 0 and ends.get("closed", 0) + ends["stock exhausted"] == hands


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_action_applies_and_foreign_actions_are_refused(players: int) -> None:
    for i in range(25):
        seed = players * 1000 + i
        rng = random.Random(seed)
        hand = deal(seed, players, rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            if rng.random() < 0.15:
                for action in legal:  # every listed action applies on a copy
                    copy = hand.clone()
                    copy.apply(action)
                    check_cards(copy)
                check_foreign_actions(hand, legal, rng, 12)
            hand.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_do_not_depend_on_hidden_cards(players: int) -> None:
    for i in range(25):
        seed = players * 7000 + i
        rng = random.Random(seed)
        play_hand(deal(seed, players, rng), rng, sample=0.05, views=True)


def test_greedy_hands_reach_pozzetti_closings_and_pairs() -> None:
    """Random play that prefers melding and picking up reaches the rarer paths: pozzetti, closes, pairs."""
    seen: dict[str, int] = {"closed": 0, "pozzetto": 0, "pair": 0}
    for i in range(150):
        players = 2 + i % 3
        rng = random.Random(i)
        hand = deal(50_000 + i, players, rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            plays = [a for a in legal if a.kind in ("meld", "attach", "pickup")]
            action = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(legal)
            before = hand.next_pozzetto
            hand.apply(action)
            check_cards(hand)
            seen["pozzetto"] += hand.next_pozzetto > before
        if i % 10 == 0:
            check_views(hand, rng)
        seen["closed"] += hand.end_reason == "closed"
        seen["pair"] += hand.solo_seat >= 0
        assert hand.turns <= hand.rules.max_turns
    assert seen["closed"] >= 20 and seen["pozzetto"] >= 100 and seen["pair"] >= 5, seen


def test_clones_are_independent() -> None:
    for i in range(20):
        rng = random.Random(i)
        hand = deal(i, 2 + i % 3, rng)
        for _ in range(rng.randrange(150)):
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        before = state(hand)
        copy = hand.clone()
        assert state(copy) == before
        twin_rng = random.Random(i + 1)
        while not copy.is_over:
            legal = copy.legal_actions()
            copy.apply(legal[twin_rng.randrange(len(legal))])
        assert state(hand) == before, "playing a clone changed the original"


def test_turn_cap_terminates_hands_with_a_tiny_cap() -> None:
    for i in range(60):
        rng = random.Random(i)
        players = 2 + i % 3
        hand = Hand.deal(players, i, 0, Rules(players=players, max_turns=10))
        play_hand(hand, rng, sample=0.0)
        assert hand.turns <= 10
        assert hand.end_reason in ("closed", "turn cap reached")


# ----------------------------------------------------------------------------- hypothesis
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.sampled_from([2, 3, 4]),
    name=st.sampled_from(PRESET_NAMES),
    choices=st.lists(st.integers(0, 2**16), min_size=50, max_size=400),
    stall=st.integers(1, 3),
)
def test_any_seed_and_choices_keep_the_invariants(
    seed: int, players: int, name: str, choices: list[int], stall: int
) -> None:
    hand = Hand.deal(players, seed, seed % players, preset(name, players=players, stall_rounds=stall))
    rng = random.Random(seed)
    for choice in choices:
        if hand.is_over:
            break
        legal = hand.legal_actions()
        action = legal[choice % len(legal)]
        hand.verify(action)
        hand.apply(action)
        check_cards(hand)
        if choice % 17 == 0:
            check_foreign_actions(hand, hand.legal_actions(), rng, 4)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    steps=st.integers(0, 300),
    card=st.integers(0, NUM_KINDS - 1),
    target=st.integers(-3, 12),
)
def test_arbitrary_actions_are_refused_or_listed(seed: int, players: int, steps: int, card: int, target: int) -> None:
    hand = random_position(Hand.deal(players, seed), random.Random(seed), steps)
    listed = {key(a) for a in hand.legal_actions()}
    candidates = [
        Action("discard", (card,)),
        Action("attach", (card,), target),
        Action("meld", (card, card, JOKER)),
        Action("meld", (card, card, card)),
        Action("draw"),
        Action("pickup"),
    ]
    before = state(hand)
    for action in candidates:
        if key(action) in listed:
            assert hand.can(action)
        else:
            assert not hand.can(action)
            with pytest.raises(IllegalActionError):
                hand.apply(action)
            assert state(hand) == before
