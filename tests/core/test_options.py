"""Rules options and presets (docs/rules.md: every option it names, with its default)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from burraco.core.errors import BurracoError, RulesOptionError, UnknownPresetError
from burraco.core.options import PRESETS, TARGETS, Rules, preset


def test_defaults_are_the_federation_code() -> None:
    rules = Rules()
    assert (rules.players, rules.joker_value, rules.target, rules.vp_table) == (4, 30, 2005, "fibur")
    assert (rules.clean_bonus, rules.dirty_bonus, rules.semi_clean_bonus) == (200, 100, 150)
    assert (rules.closing_bonus, rules.pozzetto_penalty, rules.stall_rounds) == (100, 100, 3)
    assert not any(
        [
            rules.semi_clean,
            rules.clean_burraco_to_close,
            rules.opponent_must_have_played,
            rules.double_negative_if_not_opened,
            rules.special_burraco_bonuses,
            rules.burraco_reale_variant,
            rules.leftover_pozzetto_to_stock,
            rules.natural_two_moves,
            rules.redeal_if_no_pozzetto,
            rules.target_exceeded,
        ]
    )
    assert rules.three_player_pair_share == "half" and rules.three_player_switch_at == 1000
    assert rules.hands_per_turn is None
    assert preset("fibur") == rules
    assert TARGETS == (505, 1005, 2005, 3005, 5005)


def test_presets() -> None:
    assert list(PRESETS) == ["fibur", "international", "portal", "home", "reale"]
    assert preset("international").clean_burraco_to_close
    portal = preset("portal")
    assert portal.semi_clean and portal.opponent_must_have_played and portal.vp_table == "portal"
    home = preset("home")
    assert (home.joker_value, home.double_negative_if_not_opened, home.target) == (25, True, 2000)
    assert home.target_exceeded and home.redeal_if_no_pozzetto and home.natural_two_moves
    reale = preset("reale")
    assert reale.special_burraco_bonuses and reale.burraco_reale_variant and reale.semi_clean
    assert preset("  Portal ") == portal


def test_preset_with_changes() -> None:
    rules = preset("portal", players=2, target=505)
    assert (rules.players, rules.target, rules.semi_clean) == (2, 505, True)
    assert preset("portal").players == 4, "presets are not modified"


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(UnknownPresetError, match="unknown rules preset 'nope'; known presets: fibur, international"):
        preset("nope")
    assert issubclass(UnknownPresetError, BurracoError)


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 5},
        {"players": 1},
        {"joker_value": 0},
        {"three_player_pair_share": "third"},
        {"vp_table": "other"},
        {"target": 0},
        {"hands_per_turn": 0},
        {"stall_rounds": 0},
        {"max_turns": 5},
        {"three_player_switch_at": 0},
        {"clean_bonus": -1},
        {"dirty_bonus": -1},
        {"semi_clean_bonus": -1},
        {"closing_bonus": -1},
        {"pozzetto_penalty": -1},
    ],
)
def test_invalid_values_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(RulesOptionError):
        Rules(**changes)  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError):
        Rules().replace(**changes)


def test_replace_refuses_unknown_names() -> None:
    with pytest.raises(RulesOptionError, match="unknown rules option"):
        Rules().replace(jokers=3)
    assert Rules().replace(semi_clean=True).semi_clean


def test_rules_are_frozen_hashable_and_serialisable() -> None:
    rules = preset("home")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 2  # type: ignore[misc]
    assert len({Rules(), preset("fibur"), preset("home")}) == 2
    data = rules.to_dict()
    assert Rules(**json.loads(json.dumps(data))) == rules


def test_num_sides() -> None:
    assert [Rules(players=n).num_sides for n in (2, 3, 4)] == [2, 3, 2]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("pozzetto_penalty", "x"),
        ("target", True),
        ("semi_clean", 1),
        ("vp_table", 7),
        ("hands_per_turn", "3"),
        ("three_player_switch_at", 2.5),
    ],
)
def test_replace_refuses_a_value_of_the_wrong_type_naming_the_option(name: str, value: object) -> None:
    with pytest.raises(RulesOptionError, match=f"^{name} must be"):
        Rules().replace(**{name: value})


def test_hands_per_turn_may_be_none_again() -> None:
    assert Rules(hands_per_turn=3).replace(hands_per_turn=None).hands_per_turn is None
