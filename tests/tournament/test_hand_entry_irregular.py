"""An irregular hand typed at the terminal (burraco.tournament.hand_entry_irregular) scores as the core
scores the same hand on real melds (docs/rules.md §8, "An irregular hand"): real melds of every kind
with void burraci, frozen melds' wrong cards, penalised cards held and a closing that needs a valid
burraco, scored by ``score_side`` with the equivalent ``Irregularities``, give the same total and the
same irregular items as their aggregate entry; a ruling of Art. 12 gives the same through the
arbiter's bridge; and every irregular fact that cannot be is refused with its code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hand_entry import kind_of

from burraco.arbiter import irregularities, rule
from burraco.core.cards import parse_cards, value_table
from burraco.core.irregular import FrozenMeld, Irregularities
from burraco.core.melds import Meld, make_meld
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.scoring import ScoreKind, score_side
from burraco.tournament.hand_entry import (
    NO_IRREGULAR,
    BurracoKind,
    EntryError,
    HandEntry,
    IrregularEntry,
    SideEntry,
    kinds,
    model_meld,
    score_entry,
    score_side_entry,
)

PRESET_NAMES = sorted(PRESETS)
POOL = {
    BurracoKind.CLEAN: ["3D 4D 5D 6D 7D 8D 9D", "QC QC QD QH QS QS QD", "8S 9S 10S JS QS KS AS"],
    BurracoKind.DIRTY: ["7H 8H 9H 2S JH QH KH", "5C 5D 5H 5S JK 5C 5D", "4C 5C 6C JK 8C 9C 10C"],
    BurracoKind.SEMI_CLEAN: ["AD 2H 3D 4D 5D 6D 7D 8D 9D", "3H 4H 5H 6H 7H 8H 9H JK"],
    BurracoKind.SUPER: ["9S 9S 9D 9D 9H 9H 9C 9C"],
    BurracoKind.ACE_TO_KING: ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"],
    BurracoKind.ACE_TO_ACE: ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"],
}
PLAIN = ["KH KD KC", "5S 6S 7S", "JK 8D 8C", "10H JH QH KH"]
CARDS = ["", "3C", "JK AS", "2D 10H", "7C 8C", "QS QS QH"]


def counted(melds: list[Meld], rules: Rules) -> dict[BurracoKind, int]:
    found: dict[BurracoKind, int] = {}
    for meld in melds:
        kind = kind_of(meld, rules)
        if kind is not None:
            found[kind] = found.get(kind, 0) + 1
    return found


IRREGULAR_KINDS = (
    ScoreKind.VOID_BURRACO,
    ScoreKind.WRONG_CARDS,
    ScoreKind.CLOSING_ANNULLED,
    ScoreKind.PENALISED_CARDS,
    ScoreKind.CLOSING,
    ScoreKind.CARDS_IN_HAND,
)


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
@settings(max_examples=40, deadline=None)
def test_an_irregular_entry_scores_as_the_core_on_real_melds(name: str, data: st.DataObject) -> None:
    rules = preset(name)
    values = value_table(rules.joker_value)
    chosen = data.draw(st.lists(st.sampled_from(kinds(rules)), max_size=3))
    melds = [make_meld(parse_cards(data.draw(st.sampled_from(POOL[k]))), rules) for k in chosen]
    melds += [make_meld(parse_cards(m), rules) for m in data.draw(st.lists(st.sampled_from(PLAIN), max_size=2))]
    burraci = [i for i, m in enumerate(melds) if kind_of(m, rules) is not None]
    void = data.draw(st.lists(st.sampled_from(burraci), unique=True)) if burraci else []
    frozen = []
    for at in data.draw(st.lists(st.sampled_from([None, *range(len(melds))]), max_size=2)):
        wrong = parse_cards(data.draw(st.sampled_from(CARDS[1:])))
        frozen.append(FrozenMeld(0, at, wrong))
    held = parse_cards(data.draw(st.sampled_from(CARDS)))
    penalised = parse_cards(data.draw(st.sampled_from(CARDS)))
    took = data.draw(st.booleans())
    needs_valid = data.draw(st.booleans())
    kinds_held = counted(melds, rules)
    clean = {BurracoKind.CLEAN, BurracoKind.SUPER, BurracoKind.ACE_TO_KING, BurracoKind.ACE_TO_ACE}
    may_close = bool(kinds_held) and took and (not rules.clean_burraco_to_close or bool(clean & set(kinds_held)))
    closed = may_close and data.draw(st.booleans())

    # the core, on the real melds, with the hand's Irregularities (seat 1's penalty is the other side's)
    hand_irr = Irregularities(
        frozen=(*frozen, FrozenMeld(1, None, parse_cards("4S"))),
        void_burraci=tuple((0, i) for i in void),
        penalised=((2, penalised), (1, parse_cards("KS"))),
        closing_needs_valid_burraco=(0,) if needs_valid else (),
    )
    core = score_side(melds, held, took, closed, rules, hand_irr.of_side(0, (0, 2)))

    # the aggregate the table types
    side = SideEntry(
        burraci=kinds_held,
        table_points=sum(m.card_points(rules) for m in melds),
        hand_points=sum(values[c] for c in held),
        took_pozzetto=took,
        closed=closed,
        irregular=IrregularEntry(
            void=counted([melds[i] for i in void], rules),
            wrong_points=sum(values[c] for f in frozen for c in f.wrong),
            penalised_points=sum(values[c] for c in penalised),
            closing_needs_valid_burraco=needs_valid,
        ),
    )
    typed = score_entry(HandEntry((side, SideEntry())), rules)[0]
    assert typed.total == core.total
    for kind in IRREGULAR_KINDS:
        assert typed.points_of(kind) == core.points_of(kind), kind
        if kind != ScoreKind.WRONG_CARDS:  # the table types one sum of every frozen meld's wrong cards
            assert sum(i.kind == kind for i in typed.items) == sum(i.kind == kind for i in core.items), kind


def test_an_art_12_ruling_through_the_arbiter_scores_as_its_entry() -> None:
    """§8's example: 3-4-5 frozen with 7 and 8 wrong (−15); the clean burraco laid on the error is void, so
    the closing it allowed is annulled; 10 points of penalised cards still held."""
    rules = Rules()
    later = rule(12, {"situation": "wrong_play", "noticed": "later", "valid_part": "yes", "burraco": "yes"})
    melds = [make_meld(parse_cards("3H 4H 5H 6H 7H 8H 9H"), rules), make_meld(parse_cards("KS KD KC"), rules)]
    irr = irregularities(later, side=0, meld=0, wrong=parse_cards("7S 8S"))
    art_13 = rule(13, {"penalised_cards": "yes"})
    irr = irr.plus(irregularities(art_13, side=0, seat=2, penalised=parse_cards("QD")))
    core = score_side(melds, parse_cards("5C"), True, True, rules, irr.of_side(0, (0, 2)))
    side = SideEntry(
        {BurracoKind.CLEAN: 1},
        table_points=sum(m.card_points(rules) for m in melds),
        hand_points=5,
        closed=True,
        irregular=IrregularEntry({BurracoKind.CLEAN: 1}, 15, 10, closing_needs_valid_burraco=True),
    )
    typed = score_side_entry(side, rules)
    assert typed.total == core.total == 75 - 15 - 5 - 10
    assert [i.kind for i in typed.items] == [
        ScoreKind.TABLE_POINTS,
        ScoreKind.VOID_BURRACO,
        ScoreKind.WRONG_CARDS,
        ScoreKind.CLOSING_ANNULLED,
        ScoreKind.CARDS_IN_HAND,
        ScoreKind.PENALISED_CARDS,
    ]


def test_a_valid_burraco_left_keeps_the_closing() -> None:
    two = SideEntry({BurracoKind.CLEAN: 1, BurracoKind.DIRTY: 1}, 200, 0, closed=True)
    void = IrregularEntry({BurracoKind.DIRTY: 1}, closing_needs_valid_burraco=True)
    kept = score_side_entry(SideEntry(two.burraci, 200, 0, True, True, void), Rules())
    assert kept.points_of(ScoreKind.CLOSING) == 100 and kept.total == 200 + 200 + 100
    only = IrregularEntry({BurracoKind.CLEAN: 1, BurracoKind.DIRTY: 1}, closing_needs_valid_burraco=True)
    annulled = score_side_entry(SideEntry(two.burraci, 200, 0, True, True, only), Rules())
    assert annulled.total == 200 and annulled.points_of(ScoreKind.CLOSING_ANNULLED) == 0
    assert score_side_entry(two, Rules()).total == 600  # no irregularity: as before


def test_penalised_cards_double_with_the_hand_of_a_side_that_never_opened() -> None:
    side = SideEntry(hand_points=45, took_pozzetto=False, irregular=IrregularEntry(penalised_points=10))
    assert score_side_entry(side, preset("home")).total == -55 * 2 - 100
    assert score_side_entry(side, preset("fibur")).total == -55 - 100


def test_the_model_melds_score_each_kind_as_its_bonus() -> None:
    for name in PRESET_NAMES:
        rules = preset(name)
        for kind in kinds(rules):
            meld = model_meld(kind, rules)
            assert kind_of(meld, rules) == kind, (name, kind)


def refused(ns: SideEntry, ew: SideEntry | None = None, rules: Rules | None = None) -> EntryError:
    with pytest.raises(EntryError) as caught:
        score_entry(HandEntry((ns, ew or SideEntry(table_points=60, hand_points=20))), rules or Rules())
    assert caught.value.it and caught.value.en and caught.value.it != caught.value.en
    return caught.value


CLEAN1 = {BurracoKind.CLEAN: 1}


@pytest.mark.parametrize(
    ("side", "code"),
    [
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry({BurracoKind.CLEAN: 2})), "void_too_many"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry({BurracoKind.DIRTY: 1})), "void_too_many"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry({BurracoKind.CLEAN: -1})), "negative"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry(wrong_points=12)), "not_five"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry(wrong_points=-5)), "negative"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry(penalised_points=7)), "not_five"),
        (SideEntry(CLEAN1, 200, irregular=IrregularEntry(penalised_points=-10)), "negative"),
        (
            SideEntry(table_points=800, irregular=IrregularEntry(wrong_points=300, penalised_points=300)),
            "too_many_points",
        ),
    ],
)
def test_each_irregular_refusal(side: SideEntry, code: str) -> None:
    assert refused(side).code == code


def test_the_void_refusal_names_the_side_and_kind() -> None:
    ew = SideEntry(CLEAN1, 200, irregular=IrregularEntry({BurracoKind.CLEAN: 2}))
    error = refused(SideEntry(table_points=60), ew)
    assert error.params == {"side": 1, "kind": "clean", "void": 2, "count": 1}
    assert error.it == "E-O: i burraci non validi (2, pulito) sono più di quelli segnati (1)"
    assert error.en == "E-W: more void burraci (2, clean) than reported (1)"


def test_no_irregularity_is_none_given() -> None:
    assert not NO_IRREGULAR.given and not IrregularEntry({BurracoKind.CLEAN: 0}).given
    assert IrregularEntry(closing_needs_valid_burraco=True).given
