"""The facts the arbiter's questions ask about, read from real cards with the engine's meld rules
(docs/rules.md §4), so that each worked example of the code is answered from its cards, not by hand."""

from __future__ import annotations

from itertools import combinations

from burraco.core.cards import parse_cards
from burraco.core.melds import Meld, attach_or_reason, meld_or_reason


def _subsets(cards: tuple[int, ...], *, least: int = 1) -> list[tuple[int, ...]]:
    return [s for n in range(least, len(cards) + 1) for s in combinations(cards, n)]


def is_meld(cards: tuple[int, ...]) -> bool:
    return len(cards) >= 3 and isinstance(meld_or_reason(cards), Meld)


def some_fit(meld: str, attached: str) -> bool:
    """Does some of the ``attached`` cards (not all: then there would be no error) attach to ``meld``?"""
    base = meld_or_reason(parse_cards(meld))
    assert isinstance(base, Meld), base
    cards = parse_cards(attached)
    assert isinstance(attach_or_reason(base, cards), str), "no error: the whole attachment is legal"
    return any(isinstance(attach_or_reason(base, s), Meld) for s in _subsets(cards) if len(s) < len(cards))


def own_meld(attached: str) -> bool:
    """Do the cards attached in error form a legal meld of their own?"""
    return is_meld(parse_cards(attached))


def heal(laid: str, hand: str) -> str:
    """``all``: cards of ``hand`` make every laid card a legal meld; ``part``: only some of the laid cards
    can be kept in a legal meld (with or without cards of the hand); ``none``: no part can."""
    cards, held = parse_cards(laid), parse_cards(hand)
    assert not is_meld(cards), "no error: the laid cards are a legal meld"
    if any(is_meld(cards + h) for h in _subsets(held)):
        return "all"
    kept = [s for s in _subsets(cards) if len(s) < len(cards)]
    if any(is_meld(s + h) for s in kept for h in [(), *_subsets(held)]):
        return "part"
    return "none"


def valid_part(laid: str) -> tuple[int, ...]:
    """The largest part of a faulty meld that is a legal meld (empty when none is)."""
    cards = parse_cards(laid)
    parts = [s for s in _subsets(cards, least=3) if is_meld(s)]
    return max(parts, key=len, default=())


def extra_cards(laid: str) -> tuple[int, ...]:
    """The cards of a faulty meld outside its valid part (all of them when it has none)."""
    part = list(valid_part(laid))
    extra = []
    for card in parse_cards(laid):
        if card in part:
            part.remove(card)
        else:
            extra.append(card)
    return tuple(extra)
