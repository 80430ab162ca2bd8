"""The §8 score sheet (Art. 29): worked examples checked by hand, options, JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.cards import card_value, full_deck, parse_cards
from burraco.core.errors import BurracoError
from burraco.core.melds import Meld, make_meld, meld_or_reason
from burraco.core.options import Rules, preset
from burraco.core.scoring import (
    BONUS_LABELS,
    LABELS,
    BonusName,
    ScoreItem,
    ScoreKind,
    SideScore,
    bonus_name,
    hand_score_to_dict,
    score_side,
)

FIBUR = Rules()


def melds(*texts: str, rules: Rules = FIBUR) -> list[Meld]:
    return [make_meld(parse_cards(t), rules) for t in texts]


def sheet(score: SideScore) -> list[tuple[str, int]]:
    return [(item.label, item.points) for item in score.items]


def test_closing_side_worked_example() -> None:
    side = melds("5H 6H 7H 8H 9H 10H JH", "KS KS KD KC KH KH JK", "AD 2D 3D")
    score = score_side(side, parse_cards("7C QS"), took_pozzetto=True, closed=True, rules=FIBUR)
    assert sheet(score) == [
        ("meld 5H 6H 7H 8H 9H 10H JH (sequence)", 55),  # 5+5+5 + 10+10+10+10
        ("clean burraco 200", 200),
        ("meld KH KH KD KC KS KS JK=K* (combination)", 90),  # 6 kings x 10 + joker 30
        ("dirty burraco 100", 100),
        ("meld AD 2D 3D (sequence)", 40),  # ace 15 + natural 2 still 20 + 5
        ("closing", 100),
        ("cards in hand", -15),  # 7C 5 + QS 10
    ]
    assert score.total == 55 + 200 + 90 + 100 + 40 + 100 - 15 == 570


def test_losing_side_worked_example() -> None:
    score = score_side(melds("7D 7S 2H"), parse_cards("JK AS 3H 3H"), took_pozzetto=False, closed=False, rules=FIBUR)
    assert sheet(score) == [
        ("meld 7D 7S 2H=7* (combination)", 30),  # 5 + 5 + 20
        ("cards in hand", -55),  # 30 + 15 + 5 + 5
        ("pozzetto not taken", -100),
    ]
    assert score.total == -125


def test_pozzetto_taken_but_not_played_counts_as_cards_in_hand() -> None:
    pozzetto = parse_cards("AH AH KD QD JD 10D 9D 8D 2S JK 3C")
    score = score_side(melds("4C 5C 6C"), pozzetto, took_pozzetto=True, closed=False, rules=FIBUR)
    # 15 + 15 + 6 x 10 + 20 + 30 + 5 = 145; no "pozzetto not taken" line.
    assert sheet(score) == [("meld 4C 5C 6C (sequence)", 15), ("cards in hand", -145)]
    assert score.total == -130


def test_empty_hand_still_lists_cards_in_hand() -> None:
    score = score_side(melds("4C 5C 6C"), (), took_pozzetto=True, closed=True, rules=FIBUR)
    assert sheet(score) == [("meld 4C 5C 6C (sequence)", 15), ("closing", 100), ("cards in hand", 0)]


def test_doubled_negatives_for_a_side_that_never_opened() -> None:
    home = preset("home")  # joker 25 and double_negative_if_not_opened (seed 004)
    hand = parse_cards("JK AS 7D")
    never = score_side([], hand, took_pozzetto=False, closed=False, rules=home)
    assert sheet(never) == [
        ("cards in hand", -45),  # 25 + 15 + 5
        ("cards in hand doubled (side never opened)", -45),
        ("pozzetto not taken", -100),
    ]
    assert never.total == -190
    # A side that melded anything counts its hand once.
    opened = score_side(melds("4H 5H 6H", rules=home), hand, took_pozzetto=True, closed=False, rules=home)
    assert sheet(opened) == [("meld 4H 5H 6H (sequence)", 15), ("cards in hand", -45)]
    # Without the option (the federation's code), once, and the joker is 30.
    assert sheet(score_side([], hand, took_pozzetto=True, closed=False, rules=FIBUR)) == [("cards in hand", -50)]
    # Nothing in hand: nothing to double.
    assert sheet(score_side([], (), took_pozzetto=True, closed=False, rules=home)) == [("cards in hand", 0)]


def test_semi_clean_bonus_line() -> None:
    portal = preset("portal")
    score = score_side(melds("AD 2H 3D 4D 5D 6D 7D 8D 9D", rules=portal), (), True, False, portal)
    # 15 + 20 + 5 x 5 (3D..7D) + 10 + 10 = 80
    assert sheet(score) == [
        ("meld AD 2H=2D 3D 4D 5D 6D 7D 8D 9D (sequence, wildcard fixed)", 80),
        ("semi-clean burraco 150", 150),
        ("cards in hand", 0),
    ]
    # The same meld under the federation's code is dirty.
    assert sheet(score_side(melds("AD 2H 3D 4D 5D 6D 7D 8D 9D"), (), True, False, FIBUR))[1] == (
        "dirty burraco 100",
        100,
    )


def test_special_bonus_lines() -> None:
    reale = preset("reale")
    special = Rules(special_burraco_bonuses=True)
    a_to_k = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"  # 15 + 20 + 5 x 5 + 6 x 10 = 120
    super_ = "9S 9S 9D 9D 9H 9H 9C 9C"  # 8 x 10 = 80

    def lines(rules: Rules, *texts: str) -> list[tuple[str, int]]:
        return sheet(score_side(melds(*texts, rules=rules), (), True, False, rules))

    assert lines(special, a_to_k)[:2] == [(f"meld {a_to_k} (sequence)", 120), ("burraco reale 300", 300)]
    assert lines(reale, a_to_k)[1] == ("burraco nobile (A to K) 500", 500)
    assert lines(reale, a_to_k + " AC")[:2] == [
        (f"meld {a_to_k} AC (sequence)", 135),
        ("burraco reale (A to A) 1000", 1000),
    ]
    assert lines(special, super_)[:2] == [
        ("meld 9H 9H 9D 9D 9C 9C 9S 9S (combination)", 80),
        ("super burraco 250", 250),
    ]
    assert lines(FIBUR, super_)[1] == ("clean burraco 200", 200)
    # Only the largest bonus counts: one line per burraco.
    total = score_side(melds(a_to_k, super_, rules=reale), (), True, True, reale).total
    assert total == 120 + 500 + 80 + 250 + 100


def test_bonus_name_follows_changed_bonus_values() -> None:
    rules = Rules(clean_bonus=350, special_burraco_bonuses=True)  # a house rule above the reale 300
    a_to_k = make_meld(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"), rules)
    assert bonus_name(a_to_k, rules) == BonusName.CLEAN
    assert ScoreItem(ScoreKind.BURRACO, a_to_k.bonus(rules), BonusName.CLEAN).label == "clean burraco 350"
    assert bonus_name(make_meld(parse_cards("4C 5C 6C")), rules) is None


def test_changed_closing_and_pozzetto_values() -> None:
    rules = Rules(closing_bonus=150, pozzetto_penalty=200)
    assert sheet(score_side([], (), took_pozzetto=False, closed=False, rules=rules))[-1] == ("pozzetto not taken", -200)
    assert ("closing", 150) in sheet(score_side([], (), took_pozzetto=True, closed=True, rules=rules))


def test_json() -> None:
    a = score_side(melds("5H 6H 7H"), parse_cards("KD"), True, True, FIBUR)
    b = score_side([], parse_cards("2C"), False, False, FIBUR)
    assert a.to_dict() == {
        "total": 105,
        "items": [
            {"kind": "meld", "detail": "5H 6H 7H (sequence)", "label": "meld 5H 6H 7H (sequence)", "points": 15},
            {"kind": "closing", "detail": "", "label": "closing", "points": 100},
            {"kind": "cards_in_hand", "detail": "", "label": "cards in hand", "points": -10},
        ],
    }
    data = hand_score_to_dict([a, b])
    assert data["totals"] == [105, -120]
    assert [side["side"] for side in data["sides"]] == [0, 1]
    assert data["sides"][1]["items"] == [
        {"kind": "cards_in_hand", "detail": "", "label": "cards in hand", "points": -20},
        {"kind": "pozzetto_not_taken", "detail": "", "label": "pozzetto not taken", "points": -100},
    ]
    assert json.loads(json.dumps(data)) == data
    assert [ScoreItem.from_dict(item) for item in data["sides"][1]["items"]] == list(b.items)


def test_points_of_sums_items_by_kind() -> None:
    score = score_side(melds("5H 6H 7H", "8C 9C 10C"), parse_cards("KD"), True, True, FIBUR)
    assert score.points_of(ScoreKind.MELD) == 15 + 30
    assert score.points_of(ScoreKind.CLOSING) == 100
    assert score.points_of(ScoreKind.POZZETTO_NOT_TAKEN) == 0


@st.composite
def sides(draw: st.DrawFn) -> tuple[list[Meld], list[int], Rules]:
    rules = draw(st.sampled_from((FIBUR, preset("portal"), preset("home"), preset("reale"))))
    deck = list(full_deck())
    found: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        suit = draw(st.integers(0, 3))
        low = draw(st.integers(3, 8))
        cards = [suit * 13 + r - 1 for r in range(low, low + draw(st.integers(3, 6)))]
        if draw(st.booleans()):
            cards.append(52)
        if all(cards.count(c) <= deck.count(c) for c in cards):
            result = meld_or_reason(cards, rules)
            if isinstance(result, Meld):
                found.append(result)
                for c in cards:
                    deck.remove(c)
    hand = draw(st.lists(st.sampled_from(deck), max_size=14))
    return found, hand, rules


@settings(max_examples=150, deadline=None, derandomize=True)
@given(side=sides(), took=st.booleans(), closed=st.booleans())
def test_total_is_the_sum_of_the_parts(side: tuple[list[Meld], list[int], Rules], took: bool, closed: bool) -> None:
    found, hand, rules = side
    score = score_side(found, hand, took, closed, rules)
    assert score.total == sum(item.points for item in score.items)
    in_hand = sum(card_value(c, rules.joker_value) for c in hand)
    doubled = rules.double_negative_if_not_opened and not found
    expected = (
        sum(card_value(c, rules.joker_value) for m in found for c in m.cards)
        + sum(m.bonus(rules) for m in found)
        + (rules.closing_bonus if closed else 0)
        - in_hand * (2 if doubled else 1)
        - (0 if took else rules.pozzetto_penalty)
    )
    assert score.total == expected
    burraci = [m for m in found if m.size >= 7]
    assert len(score.items) == len(found) + len(burraci) + closed + 1 + (doubled and in_hand > 0) + (not took)


def every_item() -> list[ScoreItem]:
    """One item of every kind and every bonus, as the sheets write them."""
    plain = [ScoreItem(kind, -5) for kind in LABELS]
    bonuses = [ScoreItem(ScoreKind.BURRACO, 150 + 50 * i, name) for i, name in enumerate(BonusName)]
    return [ScoreItem(ScoreKind.MELD, 30, "KH KD KC (combination)"), *plain, *bonuses]


def test_every_kind_has_an_english_label() -> None:
    assert set(LABELS) | {ScoreKind.MELD, ScoreKind.BURRACO} == set(ScoreKind)
    assert set(BONUS_LABELS) == set(BonusName)


def test_items_round_trip_through_json_and_through_their_label_alone() -> None:
    """A sheet stored before items had kinds (``label`` and ``points`` only) reads back the same."""
    for item in every_item():
        assert ScoreItem.from_dict(json.loads(json.dumps(item.to_dict()))) == item
        assert ScoreItem.from_dict({"label": item.label, "points": item.points}) == item


def test_an_unknown_label_is_refused() -> None:
    with pytest.raises(BurracoError, match="not a score-sheet item"):
        ScoreItem.from_dict({"label": "tip", "points": 5})
