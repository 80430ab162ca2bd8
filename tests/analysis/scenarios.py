"""Hands built to hold one known blunder each (2 players, fibur rules, explicit deals).

Each scenario gives a history whose last action is the blunder, and the step of that action.
The stock is the cards named (top first) followed by every other card left, in card-id order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from burraco.core.cards import full_deck, parse_cards
from burraco.core.history import Deal, HandHistory, Step, replay
from burraco.core.options import Rules


@dataclass(frozen=True)
class Scenario:
    history: HandHistory
    step: int
    seat: int


def _deal(hands: list[str], pozzetti: list[str], pile: str, stock_top: str) -> Deal:
    named = [parse_cards(text) for text in (*hands, *pozzetti, pile, stock_top)]
    left = Counter(full_deck())
    for cards in named:
        left.subtract(cards)
    assert all(n >= 0 for n in left.values()), f"a card named too often: {[c for c, n in left.items() if n < 0]}"
    rest = [card for card in sorted(left) for _ in range(left[card])]
    return Deal.of(
        (parse_cards(h) for h in hands),
        (parse_cards(p) for p in pozzetti),
        parse_cards(pile),
        (*parse_cards(stock_top), *rest),
    )


def _scenario(deal: Deal, actions: list[str], seat: int) -> Scenario:
    steps = tuple(Step.parse(line) for line in actions)
    history = HandHistory(Rules().replace(players=2), dealer=1, deal=deal, steps=steps)
    replay(history)  # every action is legal
    return Scenario(history, len(steps) - 1, seat)


_POZZETTO_1 = "2H 6S 2D AD 2S 3D AC QH JK QD 5S"


def missed_close() -> Scenario:
    """Seat 0 can meld JC QC KC and close by discarding 4D (a won hand); it discards 4D and keeps the
    three cards (docs/hand-history.md's example, one action changed)."""
    deal = _deal(
        ["3H 4H 5H 6H 7H 8H 9H KD KC QS KS", "QH KH AH 6D 8D 10D JD 6C 9C 4S 2C"],
        ["AS AD AC 7S 8S 9S 10S JC QC KC 4D", _POZZETTO_1],
        "9D",
        "10H 5S JH",
    )
    actions = [
        "0 draw",
        "0 meld 3H 4H 5H 6H 7H 8H 9H 10H",
        "0 discard QS",
        "1 draw",
        "1 discard 5S",
        "0 draw",
        "0 attach 0 JH",
        "0 meld KD KC KS",
        "0 meld AD AC AS",
        "0 meld 7S 8S 9S 10S",
        "0 discard 4D",
    ]
    return _scenario(deal, actions, 0)


def lets_close() -> Scenario:
    """Seat 0 holds one card, with a burraco and its pozzetto; seat 1 picks the pile up, then throws
    QH, which seat 0 picks up alone, attaches to its hearts and closes with its last card."""
    deal = _deal(
        ["3H 4H 5H 6H 7H 8H 9H KD KC QS KS", "QH 5C 6C 8C 10D JD 6D 9C 4C 3C 3D"],
        ["AS AD AC AH 7S 8S 9S 10S JS 4D 9D", _POZZETTO_1],
        "KH",
        "10H 5S JH",
    )
    actions = [
        "0 draw",
        "0 meld 3H 4H 5H 6H 7H 8H 9H 10H",
        "0 discard QS",
        "1 draw",
        "1 discard 5S",
        "0 draw",
        "0 attach 0 JH",
        "0 meld KD KC KS",
        "0 meld AD AC AS AH",
        "0 meld 7S 8S 9S 10S JS",
        "0 discard 9D",
        "1 pickup",
        "1 discard QH",
    ]
    return _scenario(deal, actions, 1)


def feed() -> Scenario:
    """Seat 1 has 4S…9S on the table; seat 0 throws 10S, which makes it a clean burraco."""
    deal = _deal(
        ["3H 5D 7C 9H JD KS 4C 6D 8C QD 10S", "4S 5S 6S 7S 8S 9S 3D 6C JH QC KH"],
        ["AS AD AC 7S 8S 9S 10C JC QC KC 4D", _POZZETTO_1],
        "9D",
        "5H 8D 3C",
    )
    actions = [
        "0 draw",
        "0 discard 3H",
        "1 draw",
        "1 meld 4S 5S 6S 7S 8S 9S",
        "1 discard 3D",
        "0 draw",
        "0 discard 10S",
    ]
    return _scenario(deal, actions, 0)


def wildcard() -> Scenario:
    """Seat 0 throws its joker, which would make its own 3H…8H a burraco, while naturals could go."""
    deal = _deal(
        ["3H 4H 5H 6H 7H 8H JK 9C JD KS 4C", "4S 5S 6S 7S 8S 9S 3D 6C JH QC KH"],
        ["AS AD AC 7S 8S 9S 10C JC QC KC 4D", _POZZETTO_1],
        "9D",
        "5D 8D 3C",
    )
    actions = [
        "0 draw",
        "0 meld 3H 4H 5H 6H 7H 8H",
        "0 discard 5D",
        "1 draw",
        "1 meld 4S 5S 6S 7S 8S 9S",
        "1 discard 3D",
        "0 draw",
        "0 discard JK",
    ]
    return _scenario(deal, actions, 0)
