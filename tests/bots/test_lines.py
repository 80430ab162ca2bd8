"""The champion's whole-turn lines (``bots/lines.py``) and its race over them."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.bots.heuristic import attaches_to
from burraco.bots.levels import make_level
from burraco.bots.lines import turn_lines
from burraco.bots.lite import lite_turn
from burraco.bots.searcher import PLANS, ChampionBot
from burraco.bots.sharp import SharpBot
from burraco.core.actions import DRAW
from burraco.core.cards import IS_WILD
from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.view import observe


def _play_decision(seed: int, turns: int, players: int = 2) -> Hand | None:
    """A hand ``turns`` greedy turns in, its seat to play just after drawing (None if it ended)."""
    hand = Hand.deal(players=players, seed=seed)
    for _ in range(turns):
        lite_turn(hand)
        if hand.is_over:
            return None
    hand.apply(DRAW)
    return None if hand.is_over or hand.phase != "play" else hand


def _play_decisions(seeds: range, turns: int) -> Iterator[Hand]:
    """The play decisions of :func:`_play_decision` for ``seeds`` (the hands that have not ended)."""
    for seed in seeds:
        hand = _play_decision(seed, turns)
        if hand is not None:
            yield hand


def _sharp_line_plays(hand: Hand, seat: int) -> list[str]:
    """The sharp bot's greedy plays from ``hand`` (played on a copy)."""
    sharp = SharpBot()
    after = hand.clone()
    plays: list[str] = []
    while (play := sharp.best_play(observe(after, seat), after.legal_actions())) is not None:
        after.apply(play)
        plays.append(str(play))
    return plays


def _disciplined_discard(hand: Hand, card: int) -> bool:
    """Discarding ``card`` now (``hand`` after the line's plays) is no wildcard while a natural may
    go and feeds no opponent meld while a safe natural may go."""
    seat = hand.to_play
    side = hand.side_of[seat]
    held = [c for c, count in enumerate(hand.hands[seat]) for _ in range(count)]
    opp = [m for s, ms in enumerate(hand.melds) if s != side for m in ms]
    if IS_WILD[card] and any(not IS_WILD[c] for c in held):
        return False
    feeds = any(attaches_to(m, card, hand.rules) for m in opp)
    safe = [c for c in held if not any(attaches_to(m, c, hand.rules) for m in opp) and not IS_WILD[c]]
    return not feeds or not safe


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 14), players=st.sampled_from([2, 4]))
def test_every_line_is_legal_in_every_world_of_the_view(seed: int, turns: int, players: int) -> None:
    hand = _play_decision(seed, turns, players)
    if hand is None:
        return
    seat = hand.to_play
    view = observe(hand, seat)
    lines = turn_lines(view, hand.rules, SharpBot(seed=seed), random.Random(seed))
    if lines is None:
        return
    assert 1 <= len(lines) <= PLANS
    assert len({line[:-1] for line in lines[2:]}) == len(lines[2:])  # the planner's plays differ
    worlds = [hand] + [determinize(hand, seat, random.Random(seed + k)) for k in range(3)]
    for line in lines:
        assert line[-1].kind == "discard" and all(a.kind != "discard" for a in line[:-1])
        for world in worlds:
            after = world.clone()
            for action in line[:-1]:
                after.apply(action)  # verified: raises if illegal
            assert _disciplined_discard(after, line[-1].cards[0])
            after.apply(line[-1])
            assert not after.is_over  # no line closes
            assert after.to_play != seat


def test_the_first_line_is_the_sharp_bots_plays() -> None:
    checked = 0
    for hand in _play_decisions(range(40), 8):
        seat = hand.to_play
        lines = turn_lines(observe(hand, seat), hand.rules, SharpBot(), random.Random(1))
        if lines is None:
            continue
        assert [str(a) for a in lines[0][:-1]] == _sharp_line_plays(hand, seat)
        checked += 1
    assert checked >= 20


def test_the_champion_plays_its_line_to_the_discard() -> None:
    raced = 0
    for number, hand in enumerate(_play_decisions(range(30), 6)):
        seat = hand.to_play
        bot = ChampionBot(seed=number, iterations=60, plans=PLANS)
        first = bot.choose(observe(hand, seat), hand.legal_actions())
        hand.apply(first)
        _, rest = bot._line
        if not rest:
            continue
        raced += 1
        while hand.to_play == seat and not hand.is_over:
            expected = rest[0]
            action = bot.choose(observe(hand, seat), hand.legal_actions())
            assert action == expected  # the rest of the raced line, action by action
            hand.apply(action)
            _, rest = bot._line
        assert "discard" in [r.kind for r in hand.log[-2:]]  # (a pozzetto taken on the discard may follow)
    assert raced >= 5


def test_plans_is_a_champion_option_off_by_default() -> None:
    default = make_level("champion", seed=0)
    on = make_level("champion", seed=0, options={"plans": 6})
    assert isinstance(default, ChampionBot) and default.plans == 0
    assert isinstance(on, ChampionBot) and on.plans == PLANS
    hand = _play_decision(4, 6)
    assert hand is not None
    bot = make_level("champion", seed=0, options={"iterations": 40})
    assert isinstance(bot, ChampionBot)
    bot.choose(observe(hand, hand.to_play), hand.legal_actions())
    assert bot._line == (-1, ())  # without lines no line is followed
