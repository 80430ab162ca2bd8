"""Blunder counters: replay a played hand and count, per side, the mistakes an observer can prove.

* ``feeds``: a discard that attaches to a meld of another side while a legal discard that
  attaches to none existed (and the discard did not close the hand);
* ``wild_discards``: a wildcard discarded while a natural card could have been, without closing;
* ``missed_closes``: a turn at which the side could have closed — gone out, §6 — and won the hand
  (found by the whole-turn planner on the true cards, exact §8 scores) and did not close; a turn
  whose every discard ends the hand on the exhausted stock (§7) offers no close to miss;
* ``discards`` and ``closes``, the counts the rates are taken over.

>>> from burraco.bots.base import play_hand
>>> from burraco.bots.heuristic import HeuristicBot
>>> from burraco.core.hand import Hand
>>> actions = []
>>> _ = play_hand(Hand.deal(players=2, seed=3), [HeuristicBot(), HeuristicBot()], lambda s, a: actions.append((s, a)))
>>> counts = count_blunders(Hand.deal(players=2, seed=3), actions)
>>> sorted(counts[0]), counts[0]["discards"] > 0
(['closes', 'discards', 'feeds', 'missed_closes', 'wild_discards'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.bots.evaluation import Evaluator
from burraco.bots.heuristic import attaches_to
from burraco.bots.planner import Planner
from burraco.core.actions import Action
from burraco.core.cards import IS_WILD
from burraco.core.hand import Hand

KEYS: Final = ("discards", "feeds", "wild_discards", "closes", "missed_closes")


def count_blunders(hand: Hand, actions: Sequence[tuple[int, Action]]) -> list[dict[str, int]]:
    """Replay ``actions`` from the freshly dealt ``hand`` (changed in place); counters per side."""
    counts = [dict.fromkeys(KEYS, 0) for _ in range(hand.num_sides)]
    could_close = False
    for seat, action in actions:
        side = hand.side_of[seat]
        if action.kind in ("draw", "pickup"):
            hand.apply(action)
            could_close = winning_close_exists(hand) if hand.phase == "play" and hand.to_play == seat else False
            continue
        if action.kind == "discard":
            _judge_discard(hand, seat, action.cards[0], counts[side])
            hand.apply(action)
            if hand.is_over and hand.closed_by == seat:
                counts[side]["closes"] += 1
            elif could_close:
                counts[side]["missed_closes"] += 1
            could_close = False
            continue
        hand.apply(action)
    return counts


def _judge_discard(hand: Hand, seat: int, card: int, counts: dict[str, int]) -> None:
    counts["discards"] += 1
    trial = hand.clone()
    trial.apply(Action("discard", (card,)))
    if trial.is_over and trial.closed_by == seat:
        return
    legal = [a.cards[0] for a in hand.legal_actions() if a.kind == "discard"]
    side = hand.side_of[seat]
    if feeds(hand, side, card) and any(not feeds(hand, side, c) for c in legal):
        counts["feeds"] += 1
    if IS_WILD[card] and any(not IS_WILD[c] for c in legal):
        counts["wild_discards"] += 1


def feeds(hand: Hand, side: int, card: int) -> bool:
    """Would discarding ``card`` let an opponent of ``side`` attach it to one of their melds?"""
    rules = hand.rules
    return any(attaches_to(m, card, rules) for s, melds in enumerate(hand.melds) if s != side for m in melds)


def winning_close_exists(hand: Hand) -> bool:
    """Could the seat to play close this turn and win the hand? (Only checked near a close.)"""
    seat = hand.to_play
    side = hand.side_of[seat]
    if not hand.side_took_pozzetto(side) or hand.hand_sizes[seat] > 9:
        return False
    planner = Planner(Evaluator(hand.rules), max_nodes=80, width=6)
    return any(p.goes_out and p.diff > 0 for p in planner.plans(hand))
