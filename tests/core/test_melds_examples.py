"""Every worked example about melds in docs/rules.md §4 and the seeds (002, 003, 001 Art. 7-10, 18).

Each test names its source. Seed 002 writes suits in Italian: C = cuori (hearts), Q = quadri
(diamonds), F = fiori (clubs), P = picche (spades); where the seed's own text uses "C" for clubs
(its 2C 5C 6C example) the cards are copied as written, since only the shape matters.
"""

from __future__ import annotations

import pytest
from naive_melds import readings

from burraco.core.cards import parse_cards
from burraco.core.errors import IllegalMeldError
from burraco.core.melds import Meld, attach, attach_or_reason, combination_conflict, make_meld, meld_or_reason
from burraco.core.options import Rules, preset

FIBUR = Rules()
PORTAL = preset("portal")  # semi_clean on
REALE = preset("reale")  # special bonuses, the burraco-reale house variant, semi_clean on
SPECIAL_ONLY = Rules(special_burraco_bonuses=True)


def meld(text: str, rules: Rules = FIBUR) -> Meld:
    return make_meld(parse_cards(text), rules)


def describe(text: str, rules: Rules = FIBUR) -> str:
    return meld(text, rules).describe()


def refused(text: str, rules: Rules = FIBUR) -> str:
    result = meld_or_reason(parse_cards(text), rules)
    assert isinstance(result, str), f"{text} should be illegal, got {result}"
    assert readings(parse_cards(text), rules) == [], "the reference agrees it is illegal"
    return result


def attached(base: str, extra: str, rules: Rules = FIBUR) -> str:
    return attach(meld(base, rules), parse_cards(extra), rules).describe()


def attach_refused(base: str, extra: str, rules: Rules = FIBUR) -> str:
    result = attach_or_reason(meld(base, rules), parse_cards(extra), rules)
    assert isinstance(result, str), f"{base} + {extra} should be illegal, got {result}"
    return result


# ----------------------------------------------------------------- §4.1 sequences


def test_sequence_three_cards_of_one_suit_in_order() -> None:
    assert describe("5C 6C 7C") == "5C 6C 7C (sequence)"  # seed 002 (5F, 6F, 7F): F = fiori = clubs
    assert describe("7C 5C 6C") == "5C 6C 7C (sequence)"  # order given does not matter
    assert "suit" in refused("5C 6C 7D")
    assert refused("5C 6C") == "a meld needs at least 3 cards, not 2"
    assert "gap at 7C" in refused("5C 6C 8C")


def test_ace_is_single_low_or_high_never_both() -> None:
    # RULES §4.1; seed 002 "4-3-2-1" and "1-K-Q-J"; Art. 8 "l'Asso ... legato al 2 o al K".
    assert describe("AS 2S 3S 4S") == "AS 2S 3S 4S (sequence)"
    assert describe("JS QS KS AS") == "JS QS KS AS (sequence)"
    assert meld("QS KS AS").positions == (12, 13, 14)
    assert meld("AS 2S 3S").positions == (1, 2, 3)
    assert "K-A-2" in refused("KS AS 2S 3S")
    assert "K-A-2" in refused("QS KS AS 2S 3S")
    assert "ace" in refused("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    # K A 2: the 2 is then not natural (it is not below a 3) but the wildcard, standing for Q.
    assert describe("KC AC 2C") == "2C=QC KC AC (sequence, wildcard free)"


def test_at_most_fourteen_cards() -> None:
    # RULES §4.1, Art. 8: A-2-...-K plus one wildcard.
    full = meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK")
    assert full.size == 14
    assert full.describe().endswith("KC JK=AC (sequence, wildcard free)")
    assert "at most" in refused("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK 2H")
    assert isinstance(attach_or_reason(full, parse_cards("2H")), str)


def test_natural_two() -> None:
    # RULES §4.1 and Art. 8: the suit's own 2 below the 3 is natural; then one more wildcard fits.
    clean = meld("2C 3C 4C")
    assert clean.wild == -1 and clean.has_natural_two
    assert describe("AC 2C 3C 2S 5C") == "AC 2C 3C 2S=4C 5C (sequence, wildcard fixed)"  # seed 002
    # Any other 2 is a wildcard: another suit's 2, or the own 2 away from rank 2.
    assert describe("2H 3C 4C") == "2H=2C 3C 4C (sequence, wildcard free)"
    assert describe("2C 4C 5C") == "2C=3C 4C 5C (sequence, wildcard free)"
    assert describe("2C 2C 3C") == "2C=AC 2C 3C (sequence, wildcard free)"
    # A 7-card run with a natural 2 is a clean burraco (Art. 10: the natural 2 is no wildcard).
    assert meld("2C 3C 4C 5C 6C 7C 8C").burraco() == "clean"


def test_at_most_one_wildcard() -> None:
    assert "two wildcards" in refused("5C JK 2H 8C")
    assert "two wildcards" in refused("5C 6C JK 2H")
    assert "one wildcard" in refused("5C JK 8C")  # two gaps, one wildcard


def test_wildcard_fixed_or_free() -> None:
    assert describe("6C JK 8C") == "6C JK=7C 8C (sequence, wildcard fixed)"
    assert describe("5C 6C JK") == "JK=4C 5C 6C (sequence, wildcard free)"  # free: at the bottom
    assert describe("AC 2C JK") == "AC 2C JK=3C (sequence, wildcard free)"  # bottom is an ace: on top
    assert describe("QC KC JK") == "JK=JC QC KC (sequence, wildcard free)"


def test_seed_002_free_wildcard_moves_up_for_the_eight() -> None:
    # "nella combinazione 2C, 5C, 6C è ammesso attaccare l'8C ... ottenendo 5C, 6C, 2C, 8C"
    assert describe("2C 5C 6C") == "2C=4C 5C 6C (sequence, wildcard free)"
    assert attached("2C 5C 6C", "8C") == "5C 6C 2C=7C 8C (sequence, wildcard fixed)"


def test_seed_002_fixed_joker_refuses_ten_but_takes_seven_and_ten() -> None:
    # "nella sequenza (6C, Jolly, 8C), non è possibile attaccare il 10C. Però è possibile attaccare
    # il 10C ed il 7C contemporaneamente ottenendo la sequenza 6C,7C,8C,Jolly,10C"
    assert "one wildcard" in attach_refused("6C JK 8C", "10C")
    assert attached("6C JK 8C", "7C 10C") == "6C 7C 8C JK=9C 10C (sequence, wildcard fixed)"
    # Other cards leave the fixed joker where it is.
    assert attached("6C JK 8C", "5C") == "5C 6C JK=7C 8C (sequence, wildcard fixed)"
    assert attached("6C JK 8C", "9C 10C") == "6C JK=7C 8C 9C 10C (sequence, wildcard fixed)"
    # Only the 7C displaces it; freed, it goes to the bottom.
    assert attached("6C JK 8C", "7C") == "JK=5C 6C 7C 8C (sequence, wildcard free)"


def test_seed_002_dirty_burraco_becomes_clean() -> None:
    # "l'aggiunta di un 4C al Burraco sporco (3C, 2C, 5C, 6C, 7C, 8C, 9C) lo trasformerebbe in un
    # Burraco pulito (2C, 3C, 4C, 5C, 6C, 7C, 8C, 9C)"
    dirty = meld("3C 2C 5C 6C 7C 8C 9C")
    assert dirty.describe() == "3C 2C=4C 5C 6C 7C 8C 9C (sequence, wildcard fixed)"
    assert (dirty.burraco(), dirty.bonus()) == ("dirty", 100)
    clean = attach(dirty, parse_cards("4C"))
    assert clean.describe() == "2C 3C 4C 5C 6C 7C 8C 9C (sequence)"
    assert (clean.burraco(), clean.bonus(), clean.wild) == ("clean", 200, -1)


def test_seed_003_substitution_turns_the_two_into_a_seven() -> None:
    # "se una pinella fa le veci di un 8 su una scala 8-9-10 e viene sostituita dall'8 a seme di
    # quella scala, la pinella rimarrà nella combinazione e assumerà valore 7"
    assert describe("2H 9C 10C") == "2H=8C 9C 10C (sequence, wildcard free)"
    assert attached("2H 9C 10C", "8C") == "2H=7C 8C 9C 10C (sequence, wildcard free)"
    # The same with the 2 fixed between two naturals: displaced by its natural card only.
    assert attached("7C 2H 9C 10C", "8C") == "2H=6C 7C 8C 9C 10C (sequence, wildcard free)"
    assert attach_refused("7C 2H 9C", "JK").startswith("two wildcards")


def test_cards_on_the_table_never_move() -> None:
    # RULES §4.1: a natural 2 stays natural; an ace keeps its end; a fixed wildcard keeps its rank.
    assert "stays at its place" in attach_refused("2H 3H 4H", "6H")
    assert attached("QC KC AC", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC") == (
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC (sequence)"
    )
    assert attached("AC 2C 3C", "4C 5C 6C 7C 8C 9C 10C JC QC KC") == (
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC (sequence)"
    )
    assert "only that natural card" in attach_refused("3C 2C 5C", "JK")  # 2C for 4C: not moved by a joker


def test_two_sequences_of_a_suit_are_allowed() -> None:
    # RULES §4.1, Art. 18 "Si possono aprire due sequenze uguali".
    first = meld("5C 6C 7C")
    assert combination_conflict(meld("5C 6C 7C"), [first]) is None
    assert combination_conflict(meld("9C 10C JC"), [first]) is None


def test_attach_keeps_kind_and_suit() -> None:
    assert attach_refused("5C 6C 7C", "8D").startswith("neither a sequence (5C and 8D differ in suit)")
    assert attach_refused("7H 7D 7S", "8H").startswith("neither a sequence")
    assert attach_refused("7H 7D 7S", "") == "nothing to attach"


# ----------------------------------------------------------------- §4.2 combinations


def test_combination_examples() -> None:
    assert describe("4C 4C 4D") == "4D 4C 4C (combination)"  # RULES §4.2: identical copies allowed
    assert describe("JK 8H 8D") == "8H 8D JK=8* (combination)"  # seed 002 (Jolly, 8C, 8Q)
    assert describe("2H 6S 6S") == "6S 6S 2H=6* (combination)"  # seed 002 (2C, 6P, 6P)
    assert describe("4S 4H 4D") == "4H 4D 4S (combination)"  # seed 002 (4P, 4C, 4Q)
    assert meld("AH AD AS 2C").rank == 1  # aces combine


def test_no_combinations_of_wildcards() -> None:
    # RULES §4.2, Art. 9 "Non sono ammesse combinazioni di matte"; seed 003.
    for text in ("2H 2D 2C", "JK JK JK", "2H 2H JK", "2S 2S 2D 2D"):
        assert "no combinations of wildcards" in refused(text)


def test_combination_at_most_one_wildcard_and_nine_cards() -> None:
    nine = meld("7H 7H 7D 7D 7C 7C 7S 7S 2H")  # Art. 9: at most 9 cards, wildcard included
    assert nine.size == 9 and nine.describe().endswith("2H=7* (combination)")
    assert "two wildcards" in refused("7H 7D JK 2S")
    assert "two wildcards" in refused("7H 7H 7D 7D 7C 7C 7S 7S JK 2H")
    assert "at most" in attach_refused("7H 7H 7D 7D 7C 7C 7S 7S 2H", "JK")


def test_a_third_seven_of_spades_does_not_exist() -> None:
    assert refused("7S 7S 7S") == "a third 7S does not exist"
    assert refused("7H 7H 7D 7D 7C 7C 7S 7S 7S") == "a third 7S does not exist"
    assert refused("JK JK JK JK JK 5C 6C") == "a fifth JK does not exist"
    assert attach_refused("7S 7S 7H", "7S") == "a third 7S does not exist"


def test_art_18_two_combinations_of_the_same_rank() -> None:
    # Art. 18 "Non si possono aprire due combinazioni uguali"; seed 002's example: two sets of jacks.
    table = [meld("JH JD JS"), meld("5H 6H 7H")]
    reason = combination_conflict(meld("JC JC 2D"), table)
    assert reason is not None and "two combinations of Js" in reason and "Art. 18" in reason
    assert combination_conflict(meld("7S 7H 7D"), table) is None  # a 7 sequence is no combination of 7s
    assert combination_conflict(meld("QH QD QS"), table) is None
    # The jacks go onto the existing combination instead.
    assert attached("JH JD JS", "JC JC 2D") == "JH JD JC JC JS 2D=J* (combination)"


# ----------------------------------------------------------------- §4.3 burraco classes


def test_burraco_needs_seven_cards() -> None:
    assert meld("3H 4H 5H 6H 7H 8H").burraco() is None
    assert meld("3H 4H 5H 6H 7H 8H").bonus() == 0
    assert meld("3H 4H 5H 6H 7H 8H 9H").burraco() == "clean"
    assert meld("3H 4H 5H 6H 7H 8H JK").burraco() == "dirty"
    assert meld("QH QH QD QD QS QS QC").burraco() == "clean"


def test_clean_burraco_becomes_dirty_with_a_wildcard() -> None:
    clean = meld("5H 6H 7H 8H 9H 10H JH")
    assert (clean.burraco(), clean.bonus()) == ("clean", 200)
    dirty = attach(clean, parse_cards("JK"))
    assert (dirty.burraco(), dirty.bonus()) == ("dirty", 100)
    assert dirty.describe() == "JK=4H 5H 6H 7H 8H 9H 10H JH (sequence, wildcard free)"


def test_semi_clean_examples() -> None:
    # RULES §4.3: "A♦ 2♥ 3♦…9♦ is semi-clean through 3♦…9♦; 7 8 9 2♥ J Q K is not".
    semi = meld("AD 2H 3D 4D 5D 6D 7D 8D 9D", PORTAL)
    assert semi.describe() == "AD 2H=2D 3D 4D 5D 6D 7D 8D 9D (sequence, wildcard fixed)"
    assert (semi.burraco(PORTAL), semi.bonus(PORTAL)) == ("semi_clean", 150)
    broken = meld("7D 8D 9D 2H JD QD KD", PORTAL)
    assert (broken.burraco(PORTAL), broken.bonus(PORTAL)) == ("dirty", 100)
    # Without the option there is no semi-clean class (the federation's code, Art. 10).
    assert (semi.burraco(FIBUR), semi.bonus(FIBUR)) == ("dirty", 100)
    # A free wildcard is outside the run: 7 naturals and a wildcard on either end.
    assert meld("3D 4D 5D 6D 7D 8D 9D JK", PORTAL).burraco(PORTAL) == "semi_clean"
    assert meld("3D 4D 5D 6D 7D 8D JK", PORTAL).burraco(PORTAL) == "dirty"  # only 6 naturals
    # Combination: 8 or more cards including the wildcard (seed 002 "almeno otto carte").
    assert meld("9S 9S 9D 9D 9H 9H 9C JK", PORTAL).burraco(PORTAL) == "semi_clean"
    assert meld("9S 9S 9D 9D 9H 9H JK", PORTAL).burraco(PORTAL) == "dirty"


# ----------------------------------------------------------------- §8 special bonuses, §1 joker value


def test_special_bonuses_under_reale() -> None:
    a_to_k = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    assert meld(a_to_k, SPECIAL_ONLY).bonus(SPECIAL_ONLY) == 300  # seed 000 burraco reale
    assert meld(a_to_k, REALE).bonus(REALE) == 500  # house variant: A-K 13 cards
    assert meld(a_to_k).bonus() == 200  # plain clean burraco by default
    a_to_a = meld(a_to_k + " AC", REALE)  # the one-ace rule is lifted for A...K-A only
    assert (a_to_a.size, a_to_a.bonus(REALE)) == (14, 1000)
    assert attached(a_to_k, "AC", REALE).endswith("KC AC (sequence)")
    assert "ace" in refused("AC 2C 3C AC", REALE)
    assert "ace" in refused(a_to_k.replace("7C", "JK") + " AC", REALE)  # A..A only when all natural
    super_ = meld("9S 9S 9D 9D 9H 9H 9C 9C", REALE)
    assert (super_.bonus(REALE), super_.bonus(SPECIAL_ONLY), super_.bonus()) == (250, 250, 200)
    dirty_nine = meld("9S 9S 9D 9D 9H 9H 9C 9C 2D", REALE)
    assert (dirty_nine.burraco(REALE), dirty_nine.bonus(REALE)) == ("semi_clean", 150)  # not super
    # The reale bonus needs the natural 2 (a 2 of another suit in its place is a wildcard).
    with_wild_two = meld(a_to_k.replace("2C", "2H"), SPECIAL_ONLY)
    assert (with_wild_two.burraco(SPECIAL_ONLY), with_wild_two.bonus(SPECIAL_ONLY)) == ("dirty", 100)


def test_joker_value() -> None:
    home = preset("home")
    assert (home.joker_value, meld("7H 7D JK").card_points(home), meld("7H 7D JK").card_points()) == (25, 35, 40)
    assert meld("AH 2H 3H JK", home).card_points(home) == 15 + 20 + 5 + 25


def test_make_meld_and_attach_raise_with_the_reason() -> None:
    with pytest.raises(IllegalMeldError, match="no combinations of wildcards"):
        make_meld(parse_cards("2H 2D JK"))
    with pytest.raises(IllegalMeldError, match="one wildcard"):
        attach(meld("6C JK 8C"), parse_cards("10C"))
