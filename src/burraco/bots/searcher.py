"""The ``champion`` searcher: ISMCTS under a per-move budget in milliseconds, steered by the sharp bot.

:class:`ChampionBot` is an :class:`~burraco.bots.ismcts.IsmctsBot` (the fixed reference search,
reused unchanged) whose root is steered by :class:`~burraco.bots.sharp.SharpBot`:

* a close worth playing — found by the whole-turn planner on belief determinizations, plays
  first — is played without searching (no winning close is missed);
* melds and attachments are the sharp bot's;
* the discards searched are the sharp bot's best ``candidates`` (its cost counts what the whole
  pile gives the next opponent), never a wildcard while a natural can go, never a card that
  feeds an opponent meld while a safe one exists;
* each iteration's world is dealt from the card tracker's belief (``belief``: the probability that
  an opponent's unseen card of a kind it discarded or refused is swapped for a stock card;
  0 deals uniformly, as the reference ISMCTS does) and, with ``meldfree``, holds no meld or
  attachment another seat could have laid at its last turn (:mod:`~burraco.bots.meldfree`);
* each played-out world is scored by the playout policy's reward (:func:`~burraco.bots.lite.reward`)
  or, with ``rich_leaf``, by the whole-turn planner's evaluation (readiness to close, the
  pozzetto, the hand's promise; docs/strength.md: more points a hand, not more hands won);
* the budget is ``ms`` milliseconds of search per take or discard decision, or, for runs that
  must not depend on the machine's load, a number of ``iterations``.

>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=2)
>>> bot = ChampionBot(seed=1, ms=20)
>>> bot.choose(observe(hand, hand.to_play), hand.legal_actions()) in hand.legal_actions()
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from burraco.bots.evaluation import Evaluator
from burraco.bots.heuristic import attaches_to
from burraco.bots.ismcts import REWARD_SCALE, IsmctsBot, Node
from burraco.bots.lite import squash
from burraco.bots.meldfree import settled_seats, unmeld
from burraco.bots.paired import PairedRace
from burraco.bots.sharp import SharpBot
from burraco.bots.tracking import AVOID, Tracker, reshape
from burraco.core.actions import Action
from burraco.core.cards import IS_WILD
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

CANDIDATES: Final = 4
"""How many of the sharp bot's best discards the champion searches."""
DEPTH: Final = 8
"""Turns an iteration plays (in the tree, then by the greedy policy) before it is scored."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ChampionBot(IsmctsBot):
    """ISMCTS over take and discard with the sharp bot's closes, plays and discard candidates."""

    def __init__(self, seed: int = 0, rules: Rules | None = None, ms: float = 300.0, samples: int = 2,
                 depth: int = DEPTH, candidates: int = CANDIDATES, name: str = "champion",
                 iterations: int | None = None, belief: float = AVOID, paired: bool = True,
                 scale: float = REWARD_SCALE, meldfree: bool = True, rich_leaf: bool = False) -> None:
        seconds = None if iterations else max(ms, 1.0) / 1000.0
        super().__init__(seed=seed, rules=rules, iterations=iterations or None, seconds=seconds, depth=depth,
                         candidates=candidates, scale=scale, name=name)
        self.sharp = SharpBot(seed=seed, rules=self.rules, samples=samples)
        self.heuristic = self.sharp
        self.belief = belief
        self.paired = paired
        self.meldfree = meldfree
        self.evaluator = Evaluator(self.rules) if rich_leaf else None
        self._tracker: Tracker | None = None

    def search(self, view: Observation, candidates: list[Action]) -> Action:
        believes = self.belief > 0.0 or self.meldfree
        self._tracker = Tracker.from_view(view) if believes and len(candidates) > 1 else None
        if not self.paired or len(candidates) == 1:
            return super().search(view, candidates)
        return self._race(view, candidates)

    def _race(self, view: Observation, candidates: list[Action]) -> Action:
        """Every candidate still in the race played in each world (:class:`PairedRace`), each with
        its own tree below; the best mean reward wins. ``iterations`` counts rollouts."""
        seat, template, root = self.prepare(view, candidates)
        race = PairedRace(candidates)
        clock = time.perf_counter
        start = clock()
        deadline, limit = self.budget(start)
        done = 0
        while not race.over and done + len(race.live) <= limit and (race.worlds < 2 or clock() < deadline):
            world = self.determinize(template, seat)
            race.record([self.descend(world.clone(), seat, root, a) for a in race.live])
            done += len(race.live)
        self.last_iterations = done
        self.last_seconds = clock() - start
        return race.leader()

    def settled(self, root: Node, done: int, limit: int, left: float, spent: float) -> bool:
        """Stop once no root candidate can overtake the most visited one with the iterations the
        budget still allows (the choice is then what the full budget would have chosen)."""
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        remaining = limit - done
        if self.seconds is not None and spent > 0.0:
            remaining = min(remaining, int(left * done / spent) + 1)
        return len(visits) < 2 or visits[0] - visits[1] > remaining

    def determinize(self, template: Hand, seat: int) -> Hand:
        """A uniform determinization bent toward what the tracker says the others hold."""
        world = super().determinize(template, seat)
        tracker = self._tracker
        if tracker is not None:
            reshape(world, tracker, self.rng, self.belief)
            if self.meldfree:
                unmeld(world, settled_seats(world, seat, tracker.fresh), self.rng)
        return world

    def leaf(self, hand: Hand, seat: int) -> float:
        """The reward of a played-out world: with ``rich_leaf``, the planner's evaluation
        (:meth:`Evaluator.position`: readiness to close, the pozzetto, the hand's promise) squashed
        like :func:`~burraco.bots.lite.reward` (:func:`~burraco.bots.lite.squash`)."""
        evaluator = self.evaluator
        if evaluator is None:
            return super().leaf(hand, seat)
        if evaluator.rules is not hand.rules:
            evaluator = self.evaluator = Evaluator(hand.rules)
        return squash(evaluator.position(hand, seat), self.scale)

    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) > 1 and view.phase == "play":
            planned = self.sharp.planned_close(view, legal)
            if planned is not None:
                return planned
            legal = disciplined(view, legal, self.rules)
        return super().choose(view, legal)


def disciplined(view: Observation, legal: Sequence[Action], rules: Rules) -> list[Action]:
    """``legal`` without the wildcard discards (when a natural may go) and the feeding ones (when a
    safe one may go)."""
    plays = [a for a in legal if a.kind != "discard"]
    discards = [a for a in legal if a.kind == "discard"]
    natural = [a for a in discards if not IS_WILD[a.cards[0]]]
    discards = natural or discards
    side = view.side_of[view.seat or 0]
    opp = [m for s, ms in enumerate(view.melds) if s != side for m in ms]
    safe = [a for a in discards if not any(attaches_to(m, a.cards[0], rules) for m in opp)]
    return plays + (safe or discards)
