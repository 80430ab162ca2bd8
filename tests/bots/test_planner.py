"""Card tracking, whole-turn planning, the planner bot and the difficulty levels."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from burraco.arena.ladder import BEGIN, END, LadderConfig, ladder_page, pairings, run_pairing, strength_markdown
from burraco.bots import make_bot
from burraco.bots.evaluation import Evaluator
from burraco.bots.levels import LEVELS, display_name, level_of
from burraco.bots.planner import Planner
from burraco.bots.planner_bot import PlannerBot
from burraco.bots.searcher import ChampionBot
from burraco.bots.sharp import SharpBot
from burraco.bots.tracking import Tracker
from burraco.core.actions import DRAW, Action
from burraco.core.cards import IS_WILD, counts_of, full_deck, parse_cards
from burraco.core.hand import Hand
from burraco.core.melds import make_meld
from burraco.core.options import preset
from burraco.core.view import observe


def _play_table(mine: str, my_melds: list[str], opp_melds: list[str], took_pozzetto: bool) -> Hand:
    """A 2-player hand, seat 0 in the play phase holding ``mine``, melds laid as given."""
    rules = preset("fibur").replace(players=2)
    held = list(parse_cards(mine))
    laid = [list(parse_cards(m)) for m in my_melds + opp_melds]
    rest = list(full_deck())
    for c in held + [c for m in laid for c in m]:
        rest.remove(c)
    hand = Hand(
        rules, 1, [held + [c for m in laid for c in m], rest[:11]], [rest[11:22], rest[22:33]], [rest[33]], rest[34:]
    )
    hand.hands[0] = counts_of(held)
    hand.hand_sizes[0] = len(held)
    hand.melds[0] = [make_meld(m, rules) for m in laid[: len(my_melds)]]
    hand.melds[1] = [make_meld(m, rules) for m in laid[len(my_melds) :]]
    if took_pozzetto:
        hand.pozzetto_of_side = {0: 0}
        hand.next_pozzetto = 1
        hand.stock = hand.pozzetti[0] + hand.stock  # its cards went into seat 0's hand earlier
    hand.first_turn_done = [True, True]
    hand.phase = "play"
    hand.to_play = 0
    return hand


def test_tracker_remembers_discards_refusals_and_pickups() -> None:
    hand = Hand.deal(players=2, seed=5)
    first = hand.to_play
    hand.apply(DRAW)
    thrown = next(a for a in hand.legal_actions() if a.kind == "discard")
    hand.apply(thrown)
    hand.apply(DRAW)  # the second seat refuses the pile
    second = hand.to_play
    tracker = Tracker.from_view(observe(hand, first))
    assert tracker.discarded[first] == {thrown.cards[0]}
    assert tracker.refused[second] == {thrown.cards[0]}
    assert tracker.safe_for(second, thrown.cards[0])
    assert sum(tracker.unseen) == 108 - 11 - len(hand.discard_pile)


def test_planner_finds_a_close_that_needs_two_plays() -> None:
    hand = _play_table("3C 4C 5C 9D 9S 9H KD", ["3H 4H 5H 6H 7H 8H 9H"], [], took_pozzetto=True)
    plan = Planner(Evaluator(hand.rules)).best(hand)
    assert plan.closes and plan.diff > 0
    assert [a.kind for a in plan.actions] == ["meld", "meld", "discard"]
    bot = PlannerBot(seed=1, samples=2)
    moves = []
    while not hand.is_over:
        action = bot.choose(observe(hand, 0), hand.legal_actions())
        moves.append(action.kind)
        hand.apply(action)
    assert moves == ["meld", "meld", "discard"] and hand.closed_by == 0


def test_planner_prefers_a_safe_discard_to_feeding() -> None:
    hand = _play_table("8S QH KD KC 4D", [], ["5S 6S 7S"], took_pozzetto=False)
    bot = PlannerBot(seed=2, samples=2)
    action = bot.choose(observe(hand, 0), hand.legal_actions())
    assert action != Action("discard", parse_cards("8S"))


def test_planner_keeps_its_wildcards_when_another_discard_exists() -> None:
    for mine in ("JK 4D 9C KS", "2C 5H 10S", "JK 2D QS"):
        hand = _play_table(mine, [], [], took_pozzetto=False)
        legal = hand.legal_actions()
        action = PlannerBot(seed=3, samples=2).choose(observe(hand, 0), legal)
        if action.kind == "discard":
            assert not IS_WILD[action.cards[0]]


def test_levels_are_registered_with_italian_names() -> None:
    assert [display_name(level) for level in LEVELS] == ["principiante", "intermedio", "esperto", "campione"]
    assert level_of("ESPERTO") == "expert"
    for level in LEVELS:
        assert make_bot(level, seed=1).name == level
    assert make_bot("campione:ms=50,samples=2", seed=1).name == "champion:ms=50,samples=2"
    champion = make_bot("champion", seed=0)
    assert isinstance(champion, ChampionBot) and champion.seconds is not None and 0 < champion.seconds <= 1.0
    assert isinstance(make_bot("esperto", seed=0), SharpBot)
    fixed = make_bot("champion:iterations=20", seed=0)
    assert isinstance(fixed, ChampionBot) and fixed.iterations == 20 and fixed.seconds is None
    for name in ("easy", "normal", "hard"):
        assert make_bot(name, seed=0).name != name  # the older levels are unchanged
    with pytest.raises(KeyError):
        level_of("grandmaster")


def test_planner_bot_is_seeded_and_sees_only_its_view() -> None:
    def run(seed: int) -> list[str]:
        moves: list[str] = []
        from burraco.bots.base import play_hand

        play_hand(
            Hand.deal(players=2, seed=3),
            [make_bot("planner:samples=1", seed), make_bot("expert", seed)],
            lambda _seat, action: moves.append(str(action)),
        )
        return moves

    assert run(4) == run(4)


@pytest.mark.parametrize("name", ["expert", "champion:ms=5"])
def test_levels_close_in_two_plays_keep_wildcards_and_do_not_feed(name: str) -> None:
    hand = _play_table("3C 4C 5C 9D 9S 9H KD", ["3H 4H 5H 6H 7H 8H 9H"], [], took_pozzetto=True)
    bot = make_bot(name, seed=1)
    moves = []
    while not hand.is_over:
        action = bot.choose(observe(hand, 0), hand.legal_actions())
        moves.append(action.kind)
        hand.apply(action)
    assert moves == ["meld", "meld", "discard"] and hand.closed_by == 0
    fed = _play_table("8S QH KD KC 4D", [], ["5S 6S 7S"], took_pozzetto=False)
    assert bot.choose(observe(fed, 0), fed.legal_actions()) != Action("discard", parse_cards("8S"))
    for mine in ("JK 4D 9C KS", "2C 5H 10S", "JK 2D QS"):
        wild = _play_table(mine, [], [], took_pozzetto=False)
        action = bot.choose(observe(wild, 0), wild.legal_actions())
        assert action.kind != "discard" or not IS_WILD[action.cards[0]]


def test_a_tiny_ladder_reports_every_pairing(tmp_path: Path) -> None:
    config = LadderConfig(hands=2, budget_ms=5, seed=3)
    report = run_pairing(config, *pairings(config)[2])
    assert report["hands"] == 2 and len(report["blunders"]) == 2
    assert 0.0 <= report["blunders"][0]["feed_rate"] <= 1.0
    page = strength_markdown(config, [report], "abc1234")
    assert "abc1234" in page and "| champion:ms=5 | expert |" in page
    mine = f"# Strength\n\nWritten by hand.\n\n{BEGIN}\nan older table\n{END}\n\nAlso by hand.\n"
    spliced = ladder_page(mine, config, [report], "abc1234")
    assert spliced.startswith("# Strength\n\nWritten by hand.\n") and spliced.endswith("\nAlso by hand.\n")
    assert "| champion:ms=5 | expert |" in spliced and "an older table" not in spliced
    (tmp_path / "strength.md").write_text(f"# Bot strength ladder\n\nKept.\n\n{BEGIN}\nold\n{END}\n", encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "burraco.cli.app",
            "arena",
            "--ladder",
            "--hands",
            "2",
            "--budget-ms",
            "5",
            "--json",
            "--write",
            str(tmp_path / "strength.md"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)["pairings"]) == len(pairings(LadderConfig(hands=2, budget_ms=5)))
    written = (tmp_path / "strength.md").read_text(encoding="utf-8")
    assert written.startswith("# Bot strength ladder\n\nKept.\n") and "\nold\n" not in written
    assert written.count(BEGIN) == written.count(END) == 1 and "| champion:ms=5 | expert |" in written


def test_a_ladder_of_matches_plays_and_reports_matches(tmp_path: Path) -> None:
    """--ladder --matches: each pairing plays duplicate matches to --target (several hands each); the
    table and the page say so, and the progress counts matches."""
    config = LadderConfig(matches=2, target=300, budget_ms=5, seed=4)
    report = run_pairing(config, "intermediate", "beginner")
    assert report["mode"] == "matches" and report["games"] == 2 and report["hands"] >= 2
    page = strength_markdown(config, [report], "abc1234")
    assert "--matches 2 --target 300" in page and "duplicate matches to 300" in page
    assert f"| intermediate | beginner | 2 ({report['hands']} hands) |" in page
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "burraco.cli.app",
            "arena",
            "--ladder",
            "--matches",
            "1",
            "--target",
            "200",
            "--iterations",
            "5",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert printed["mode"] == "matches" and printed["games"] == 1
    assert all(p["games"] == 1 and p["hands"] >= 1 for p in printed["pairings"])
    both = subprocess.run(
        [sys.executable, "-m", "burraco.cli.app", "arena", "--ladder", "--matches", "1", "--hands", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert both.returncode == 2 and "not both" in both.stderr and "Traceback" not in both.stderr


def test_arena_reports_blunders_on_request() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "burraco.cli.app",
            "arena",
            "heuristic",
            "random",
            "--hands",
            "2",
            "--workers",
            "1",
            "--blunders",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    rates = json.loads(out.stdout)["blunders"]
    assert len(rates) == 2 and rates[1]["discards"] > 0 and 0.0 <= rates[1]["feed_rate"] <= 1.0
