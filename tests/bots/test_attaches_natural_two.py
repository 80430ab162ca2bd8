"""The bots' quick check of a single card's attachment agrees with the validator, with the option
``natural_two_moves`` (docs/rules.md §12) on and off: a card one rank above the gap over a run whose
2 may move up is a card that feeds the run."""

from __future__ import annotations

import pytest

from burraco.bots.lite import attaches_to
from burraco.core.cards import NUM_KINDS, make_card, parse_cards
from burraco.core.melds import Meld, attach_or_reason, make_meld
from burraco.core.options import Rules

RUNS = ["2C 3C 4C", "2H 3H 4H 5H 6H 7H 8H", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "AD 2D 3D", "2H 3H JK 5H", "3C 4C 5C"]


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("moves", [False, True])
def test_attaches_to_is_the_validator_for_one_card(run: str, moves: bool) -> None:
    rules = Rules(natural_two_moves=moves)
    meld = make_meld(parse_cards(run))
    for card in range(NUM_KINDS):
        assert attaches_to(meld, card, rules) == isinstance(attach_or_reason(meld, (card,), rules), Meld), card


def test_the_card_over_the_gap_feeds_the_run_only_with_the_option() -> None:
    run = make_meld(parse_cards("2C 3C 4C"))
    six = make_card(6, 2)
    assert attaches_to(run, six, Rules(natural_two_moves=True))
    assert not attaches_to(run, six, Rules())
