"""Bot tournaments: the TablePlayer protocol, the engine hook and the simulator."""

from __future__ import annotations

import random
import sys
import types

import pytest

from burraco.tournament import TournamentConfigError
from burraco.tournament.demo import SkillSimulator, default_player, demo_json, engine_player, run_demo


def test_simulator_is_seeded_and_plausible() -> None:
    sim = SkillSimulator(3)
    draws = [sim(1, 2, 3, random.Random(k)) for k in range(200)]
    assert draws == [SkillSimulator(3)(1, 2, 3, random.Random(k)) for k in range(200)]
    points = [p for pair in draws for p in pair]
    assert all(p % 5 == 0 for p in points)
    assert 500 < sum(points) / len(points) < 1300  # about 300 a hand over three hands
    assert sim.strength(1) == SkillSimulator(3).strength(1) != SkillSimulator(4).strength(1)


def test_a_custom_table_player_plays_every_table() -> None:
    calls: list[tuple[int, int, int]] = []

    def north_south_always_win(ns: int, ew: int, hands: int, rng: random.Random) -> tuple[int, int]:
        calls.append((ns, ew, hands))
        return 1000, 0

    t = run_demo(6, 3, "mitchell", 4, seed=1, player=north_south_always_win)
    assert len(calls) == 9 and {hands for _, _, hands in calls} == {4}
    data = demo_json(t)
    # 1000 MP is 17-3 (Art. 30's table, four-hand turns too); the three N-S pairs lead with 51 VP each.
    assert {table["vp_ns"] for turn in data["turns"] for table in turn["tables"]} == {17}
    assert [s["vp"] for s in data["standings"]] == [51, 51, 51, 9, 9, 9]


def test_the_engine_is_used_when_it_offers_play_bot_match(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("burraco.arena.matchplay")
    seen: list[tuple[int, int]] = []

    def play_bot_match(hands: int, seed: int) -> tuple[int, int]:
        seen.append((hands, seed))
        return 500, 300

    fake.play_bot_match = play_bot_match  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "burraco.arena.matchplay", fake)
    player = engine_player()
    assert player is not None and player(1, 2, 3, random.Random(0)) == (500, 300)
    t = run_demo(4, 2, "danish-pure", 3, seed=2, player=default_player(2, "auto"))
    assert len(seen) == 1 + 4 and all(
        table.result and table.result.mp_ns == 200 for turn in t.turns for table in turn.tables
    )


def test_without_the_engine_the_simulator_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "burraco.arena.matchplay", types.ModuleType("burraco.arena.matchplay"))
    assert engine_player() is None
    assert isinstance(default_player(1), SkillSimulator)
    with pytest.raises(TournamentConfigError, match="play_bot_match"):
        default_player(1, "engine")
    with pytest.raises(TournamentConfigError, match="unknown table player"):
        default_player(1, "human")
    assert isinstance(default_player(1, "sim"), SkillSimulator)


def test_the_real_engine_plays_the_tables_deterministically() -> None:
    from burraco.arena.matchplay import play_bot_match

    first = play_bot_match(1, 42)
    assert first == play_bot_match(1, 42)
    assert all(points % 5 == 0 for points in first)
    assert first != (0, 0)
