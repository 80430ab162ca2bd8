"""The champion compares its root candidates on common worlds (``PairedRace``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.bots.test_early_stop import searched_decision

from burraco.bots.ismcts import Node
from burraco.bots.paired import PairedRace
from burraco.bots.searcher import ChampionBot
from burraco.core.actions import Action
from burraco.core.hand import Hand


def test_a_candidate_beaten_in_every_world_leaves_the_race() -> None:
    race = PairedRace(["good", "bad"], z=3.0, first=16, every=8)
    rng = random.Random(1)
    while not race.over:
        luck = rng.random()  # the world's luck moves both rewards alike
        race.record([luck * 0.8 + 0.2, luck * 0.8 + 0.15])
    assert race.live == ["good"]
    assert race.worlds == 16  # the first check already sees it: the difference never varies
    assert race.leader() == "good"


def test_candidates_level_on_average_stay_in_the_race() -> None:
    race = PairedRace(["a", "b"], z=3.0)
    rng = random.Random(2)
    for _ in range(400):
        race.record([rng.random(), rng.random()])
    assert race.live == ["a", "b"]


def test_a_race_refuses_a_world_with_the_wrong_number_of_rewards() -> None:
    race = PairedRace(["a", "b"])
    with pytest.raises(ValueError, match="2 live candidates, 1 rewards"):
        race.record([0.5])
    assert race.worlds == 0
    with pytest.raises(ValueError, match="at least one candidate"):
        PairedRace([])


@settings(deadline=None)  # pure logic; a starved machine once took 276 ms for one example
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=60))
def test_the_leader_has_the_best_mean_and_is_never_dropped(worlds: list[tuple[float, float, float]]) -> None:
    race = PairedRace(["a", "b", "c"], z=1.0, first=2, every=1)
    for world in worlds:
        by_name = dict(zip(["a", "b", "c"], world, strict=True))
        race.record([by_name[c] for c in race.live])
    leader = race.leader()
    assert leader in race.live
    assert all(race.mean(leader) >= race.mean(c) for c in race.live)


class RecordingChampion(ChampionBot):
    """The champion, noting the world each candidate is played in."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.played: list[tuple[Action, tuple[tuple[int, ...], ...], tuple[int, ...]]] = []

    def descend(self, hand: Hand, seat: int, node: Node, action: Action) -> float:
        self.played.append((action, tuple(tuple(c) for c in hand.hands), tuple(hand.stock)))
        return super().descend(hand, seat, node, action)


def test_every_live_candidate_is_played_in_the_same_world() -> None:
    view, legal = searched_decision(3)
    bot = RecordingChampion(seed=3, iterations=120)
    choice = bot.search(view, list(legal))
    assert choice in legal
    assert 0 < bot.last_iterations <= 120
    assert len(bot.played) == bot.last_iterations
    worlds = 0
    index = 0
    while index < len(bot.played):
        first = bot.played[index]
        same = [p for p in bot.played[index : index + len(legal)] if p[1:] == first[1:]]
        assert len({p[0] for p in same}) == len(same)  # each candidate once in a world
        index += len(same)
        worlds += 1
    assert worlds >= 2
    assert worlds < len(bot.played)  # worlds were shared


def test_the_race_is_reproducible_and_the_reference_search_remains() -> None:
    view, legal = searched_decision(5)
    first = ChampionBot(seed=9, iterations=300).search(view, list(legal))
    again = ChampionBot(seed=9, iterations=300).search(view, list(legal))
    assert first == again
    unpaired = ChampionBot(seed=9, iterations=300, paired=False)
    assert unpaired.search(view, list(legal)) in legal
    assert unpaired.last_iterations == 300  # the tree search counts its iterations as before


def test_the_race_is_the_champions_default_and_an_option() -> None:
    from burraco.bots.registry import make_bot

    default, tree = make_bot("champion", seed=0), make_bot("campione:paired=0", seed=0)
    assert isinstance(default, ChampionBot) and default.paired
    assert isinstance(tree, ChampionBot) and not tree.paired
