"""From a ruling to the hand's score: Art. 12's "errore non rilevato" examples walked through the tree with
the facts read from their cards, turned into the core's scoring input with those same cards, and scored
by the table's own code; penalised cards held at the end (Art. 17); facts that do not fit the ruling."""

from __future__ import annotations

import random

import pytest
from arbiter_facts import extra_cards, valid_part
from test_arbiter_art12 import later

from burraco.arbiter import ScoringInputError, irregularities, rule
from burraco.core.cards import card_value, parse_cards
from burraco.core.hand import Hand
from burraco.core.irregular import Irregularities
from burraco.core.melds import make_meld
from burraco.core.options import Rules
from burraco.core.scoring import score_side

FIBUR = Rules()
KINGS = make_meld(parse_cards("KS KD KC"))


def scored(laid: str, *, burraco: bool, closed: bool = False) -> tuple[int, int, list[str]]:
    """The side's total without and with the ruling on ``laid``, and the ruled sheet's labels."""
    ruling = rule(12, later(laid, burraco=burraco))
    valid = valid_part(laid)
    table = [make_meld(valid), KINGS] if valid else [KINGS]
    irr = irregularities(ruling, side=0, meld=0 if valid else None, wrong=extra_cards(laid))
    plain = score_side(table, (), True, closed, FIBUR)
    ruled = score_side(table, (), True, closed, FIBUR, irr.of_side(0, (0, 2)))
    return plain.total, ruled.total, [item.label for item in ruled.items]


def test_example_1_only_the_excess_cards_count_against() -> None:
    plain, ruled, labels = scored("3H 4H 5H 7H 8H", burraco=False)
    assert ruled - plain == -sum(card_value(c) for c in parse_cards("7H 8H")) == -15
    assert labels[:2] == ["meld 3H 4H 5H (sequence)", "wrong cards of a frozen meld"]


def test_example_2_every_card_counts_against() -> None:
    plain, ruled, labels = scored("3H 4H 7H 8H", burraco=False)
    assert ruled - plain == -sum(card_value(c) for c in parse_cards("3H 4H 7H 8H")) == -25
    assert "wrong cards of a frozen meld" in labels


def test_nb_the_burraco_is_void_and_the_closing_on_it_annulled() -> None:
    plain, ruled, labels = scored("3H 4H 6H 7H 8H 9H 10H", burraco=True, closed=True)
    assert ruled - plain == -10 - FIBUR.closing_bonus  # 3 and 4 against, no closing bonus
    assert "burraco not valid" in labels and "closing annulled" in labels and "closing" not in labels


def test_art18_void_burraco_on_the_first_combination() -> None:
    answers = {"melds": "two_combinations", "noticed": "before_discard", "outcome": "pozzetto"}
    ruling = rule(18, answers | {"wildcards": "no", "burraco": "yes"})
    table = [make_meld(parse_cards("QS QS QD QD QH QH QC")), KINGS]
    irr = irregularities(ruling, side=1, meld=0)
    plain = score_side(table, (), True, False, FIBUR)
    ruled = score_side(table, (), True, False, FIBUR, irr.of_side(1, (1, 3)))
    assert ruled.total - plain.total == -FIBUR.clean_bonus


def played(seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(players=4, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        plays = [a for a in legal if a.kind in ("meld", "attach", "pickup")]
        hand.apply(rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal))
    return hand


def test_a_played_hand_scored_with_two_rulings() -> None:
    """The director's case: a hand played out, then Art. 12 (a meld found faulty) and Art. 17 (penalised
    cards the guilty seat still holds) applied to its score through ``HandState.scores``."""
    hand = next(h for h in map(played, range(50)) if h.melds[0] and h.melds[1])
    frozen = irregularities(
        rule(12, later("3H 4H 5H 7H 8H", burraco=False)), side=1, meld=0, wrong=parse_cards("7H 8H")
    )
    art17 = rule(17, {"situation": "played", "next_played": "no"})
    penalised = irregularities(art17, side=0, seat=2, penalised=parse_cards("9C 9C JK"))
    before, after = hand.scores(), hand.scores(frozen.plus(penalised))
    assert after[1].total == before[1].total - 15
    assert after[0].total == before[0].total - 50
    assert ("penalised cards", -50) in [(i.label, i.points) for i in after[0].items]


def test_penalised_cards_all_discarded_change_nothing() -> None:
    art17 = rule(17, {"situation": "played", "next_played": "no"})
    assert irregularities(art17, side=0, seat=0) == Irregularities()


@pytest.mark.parametrize(
    ("answers", "facts", "words"),
    [
        (later("3H 4H 5H 7H 8H", burraco=False), {"wrong": (3, 4)}, "say which one"),
        (later("3H 4H 5H 7H 8H", burraco=False), {"meld": 0}, "name them"),
        ({"situation": "played", "next_played": "no"}, {"penalised": (3,)}, "which player"),
        ({"situation": "played", "next_played": "no"}, {"seat": 0, "penalised": (3,), "wrong": (4,)}, "no cards"),
    ],
)
def test_facts_that_do_not_fit_the_ruling_are_refused(
    answers: dict[str, str], facts: dict[str, object], words: str
) -> None:
    article = 17 if "next_played" in answers else 12
    with pytest.raises(ScoringInputError, match=words):
        irregularities(rule(article, answers), side=0, **facts)  # type: ignore[arg-type]


def test_an_arbitral_score_is_not_counted() -> None:
    from burraco.arbiter.effects import Act, TableAction

    with pytest.raises(ScoringInputError, match="arbitral score"):
        irregularities([TableAction(Act.ARBITRAL_SCORE)], side=0)
