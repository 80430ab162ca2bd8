"""The hand entry (burraco.tournament.hand_entry) scores as the engine does (docs/rules.md §8): hands the
engine plays and scores, turned into entries, give the same totals; melds built for each kind give the
engine's bonus; and every impossible entry is refused with its code, in Italian and English."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco.bots.base import play_hand
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.random_bot import RandomBot
from burraco.core.cards import ACE, parse_cards, value_table
from burraco.core.hand import Hand
from burraco.core.melds import Meld, make_meld
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.scoring import score_side
from burraco.tournament.hand_entry import (
    BurracoKind,
    EntryError,
    HandEntry,
    SideEntry,
    TotalsEntry,
    bonus,
    kinds,
    score_entry,
    score_totals,
)

PRESET_NAMES = sorted(PRESETS)


def kind_of(meld: Meld, rules: Rules) -> BurracoKind | None:
    """The entry's kind of a real meld: its class, or the special it earns under ``rules``."""
    cls = meld.burraco(rules)
    if cls is None:
        return None
    base = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi_clean": rules.semi_clean_bonus}[cls]
    if meld.bonus(rules) > base:
        if meld.kind == "combination":
            return BurracoKind.SUPER
        assert meld.low == ACE
        return BurracoKind.ACE_TO_ACE if meld.size == 14 else BurracoKind.ACE_TO_KING
    return BurracoKind(cls)


def entry_of(hand: Hand) -> HandEntry:
    """What the players of a finished hand would type on the terminal."""
    values = value_table(hand.rules.joker_value)
    sides = []
    for side in range(hand.num_sides):
        seats = hand.seats_of_side(side)
        burraci: dict[BurracoKind, int] = {}
        for meld in hand.melds[side]:
            kind = kind_of(meld, hand.rules)
            if kind is not None:
                burraci[kind] = burraci.get(kind, 0) + 1
        sides.append(
            SideEntry(
                burraci=burraci,
                table_points=sum(m.card_points(hand.rules) for m in hand.melds[side]),
                hand_points=sum(values[c] for s in seats for c in hand.hand_cards(s)),
                took_pozzetto=hand.side_took_pozzetto(side),
                closed=hand.closed_by in seats,
            )
        )
    return HandEntry(tuple(sides))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 4]),
    name=st.sampled_from(PRESET_NAMES),
    bot=st.sampled_from(["heuristic", "random"]),
)
def test_any_hand_the_engine_plays_scores_the_same_as_its_entry(seed: int, players: int, name: str, bot: str) -> None:
    rules = preset(name, players=players)
    hand = Hand.deal(players, seed, seed % players, rules)
    bots = [HeuristicBot() if bot == "heuristic" else RandomBot(seed=seed + k) for k in range(players)]
    play_hand(hand, bots)
    engine = [score.total for score in hand.scores()]
    assert [score.total for score in score_entry(entry_of(hand), rules)] == engine


def test_the_bots_hands_hold_burraci_and_closes() -> None:
    """The property above is not only about empty hands: seeded heuristic hands close with burraci."""
    closed = burraci = 0
    for seed in range(6):
        hand = play_hand(Hand.deal(4, seed, 0, preset("portal")), [HeuristicBot() for _ in range(4)])
        entry = entry_of(hand)
        closed += any(s.closed for s in entry.sides)
        burraci += sum(sum(s.burraci.values()) for s in entry.sides)
    assert closed >= 2 and burraci >= 6


MELDS = {
    BurracoKind.CLEAN: "3D 4D 5D 6D 7D 8D 9D",
    BurracoKind.DIRTY: "7H 8H 9H 2S JH QH KH",
    BurracoKind.SEMI_CLEAN: "AD 2H 3D 4D 5D 6D 7D 8D 9D",
    BurracoKind.SUPER: "9S 9S 9D 9D 9H 9H 9C 9C",
    BurracoKind.ACE_TO_KING: "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    BurracoKind.ACE_TO_ACE: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
}


@pytest.mark.parametrize("name", PRESET_NAMES)
@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_built_melds_of_every_kind_score_as_the_engine(name: str, data: st.DataObject) -> None:
    """Real melds of each kind the preset knows (specials too), scored by the core, against their entry."""
    rules = preset(name)
    chosen = data.draw(st.lists(st.sampled_from(kinds(rules)), max_size=3, unique=True))
    melds = [make_meld(parse_cards(MELDS[k]), rules) for k in chosen]
    extra = data.draw(st.sampled_from(["", "KH KD KC", "5S 6S 7S"]))
    if extra:
        melds.append(make_meld(parse_cards(extra), rules))
    hand = parse_cards(data.draw(st.sampled_from(["", "3C", "JK AS", "2D 10H"])))
    took = data.draw(st.booleans())
    closed = bool(chosen) and took and data.draw(st.booleans())
    if closed and rules.clean_burraco_to_close and not {BurracoKind.CLEAN, BurracoKind.SUPER} & set(chosen):
        closed = "ace" in "".join(chosen)
    core = score_side(melds, hand, took_pozzetto=took, closed=closed, rules=rules)
    values = value_table(rules.joker_value)
    side = SideEntry(
        burraci={k: 1 for k in chosen},
        table_points=sum(m.card_points(rules) for m in melds),
        hand_points=sum(values[c] for c in hand),
        took_pozzetto=took,
        closed=closed,
    )
    other = SideEntry(table_points=0, hand_points=0)
    assert score_entry(HandEntry((side, other)), rules)[0].total == core.total
    assert {bonus(k, rules) for k in chosen} <= {m.bonus(rules) for m in melds}


def refused(entry: HandEntry | TotalsEntry, rules: Rules | None = None) -> EntryError:
    with pytest.raises(EntryError) as caught:
        if isinstance(entry, TotalsEntry):
            score_totals(entry, rules or Rules())
        else:
            score_entry(entry, rules or Rules())
    assert caught.value.it and caught.value.en and caught.value.it != caught.value.en
    return caught.value


def two(ns: SideEntry, ew: SideEntry | None = None) -> HandEntry:
    return HandEntry((ns, ew or SideEntry(table_points=60, hand_points=20)))


CLEAN1 = {BurracoKind.CLEAN: 1}


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (two(SideEntry(table_points=183)), "not_five"),
        (two(SideEntry(hand_points=-5)), "negative"),
        (two(SideEntry(burraci={BurracoKind.DIRTY: -1}, table_points=100)), "negative"),
        (
            two(SideEntry(burraci=CLEAN1, table_points=200, closed=True), SideEntry(CLEAN1, 200, closed=True)),
            "both_closed",
        ),
        (two(SideEntry(table_points=200, closed=True)), "close_without_burraco"),
        (two(SideEntry(burraci=CLEAN1, table_points=200, closed=True, took_pozzetto=False)), "close_without_pozzetto"),
        (two(SideEntry(burraci={BurracoKind.CLEAN: 16}, table_points=900)), "too_many_burraci"),
        (
            two(
                SideEntry(burraci={BurracoKind.CLEAN: 8}, table_points=600),
                SideEntry(CLEAN1 | {BurracoKind.DIRTY: 7}, 900),
            ),
            "too_many_burraci",
        ),
        (two(SideEntry(burraci={BurracoKind.DIRTY: 13}, table_points=900)), "too_many_burraci"),
        (two(SideEntry(burraci={BurracoKind.CLEAN: 2}, table_points=60)), "table_too_low"),
        (two(SideEntry(burraci={BurracoKind.SEMI_CLEAN: 1}, table_points=200)), "kind_not_in_rules"),
        (two(SideEntry(table_points=1000, hand_points=100)), "too_many_points"),
        (HandEntry((SideEntry(),)), "two_sides"),
    ],
)
def test_each_refusal(entry: HandEntry, code: str) -> None:
    assert refused(entry).code == code


def test_refusals_of_the_variants_and_of_totals() -> None:
    dirty_close = two(SideEntry(burraci={BurracoKind.DIRTY: 1}, table_points=100, closed=True))
    assert refused(dirty_close, preset("international")).code == "close_without_clean"
    assert score_entry(dirty_close, preset("fibur"))[0].total == 300
    aces = SideEntry(burraci={BurracoKind.ACE_TO_ACE: 3}, table_points=500)
    assert refused(two(aces, SideEntry({BurracoKind.ACE_TO_KING: 3}, 400)), preset("reale")).code == "too_many_burraci"
    assert refused(TotalsEntry((470, -123))).code == "not_five"
    assert refused(TotalsEntry((100_000, 0))).code == "total_too_big"
    assert refused(TotalsEntry((1, 2, 3))).code == "two_sides"
    assert score_totals(TotalsEntry((-190, 1255)), Rules()) == (-190, 1255)
    error = refused(two(SideEntry(table_points=200, closed=True)))
    assert error.it == "N-S non può chiudere senza un burraco"
    assert error.to_dict()["en"] == "N-S cannot close without a burraco"


def test_a_side_that_never_opened_counts_double_at_home() -> None:
    entry = two(SideEntry(hand_points=45, took_pozzetto=False))
    assert score_entry(entry, preset("home"))[0].total == -190
    assert score_entry(entry, preset("fibur"))[0].total == -145


def test_random_valid_entries_never_crash() -> None:
    rng = random.Random(5)
    for _ in range(300):
        side = SideEntry(
            {BurracoKind.CLEAN: rng.randint(0, 3), BurracoKind.DIRTY: rng.randint(0, 3)},
            5 * rng.randint(0, 150),
            5 * rng.randint(0, 30),
            rng.random() < 0.8,
            rng.random() < 0.3,
        )
        try:
            score_entry(two(side), Rules())
        except EntryError as error:
            assert error.code in {"table_too_low", "close_without_burraco", "close_without_pozzetto", "too_many_points"}
