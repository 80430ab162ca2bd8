"""The ``champion`` searcher: ISMCTS under a per-move budget in milliseconds, steered by the sharp bot.

:class:`ChampionBot` is an :class:`~burraco.bots.ismcts.IsmctsBot` (the fixed reference search,
reused unchanged) whose root is steered by :class:`~burraco.bots.sharp.SharpBot`:

* a close worth playing — found by the whole-turn planner on belief determinizations, plays
  first — is played without searching (no winning close is missed);
* melds and attachments are the sharp bot's, and the discards searched are its best
  ``candidates`` (its cost counts what the whole pile gives the next opponent); with ``plans`` > 0
  (an option, off by default: no gain measured, CHANGELOG.md) the turn after the take is searched
  whole instead: up to ``plans`` lines (plays in order, then a discard;
  :func:`~burraco.bots.lines.turn_lines`) — the sharp bot's plays with its best discards, and the
  whole-turn planner's other plays — race on common worlds, and the winner is played to its
  discard. Either way no wildcard is discarded while a natural can go, and no card that
  feeds an opponent meld while a safe one exists;
* each iteration's world is dealt from the card tracker's belief (``belief``: the probability that
  an opponent's unseen card of a kind it discarded or refused is swapped for a stock card;
  0 deals uniformly, as the reference ISMCTS does) and, with ``meldfree``, holds no meld or
  attachment another seat could have laid at its last turn (:mod:`~burraco.bots.meldfree`);
* each played-out world is scored by the whole-turn planner's evaluation (``rich_leaf``, the
  default: readiness to close, the pozzetto race, the hand's promise;
  docs/strength.md) or, with ``rich_leaf`` off (``champion:richleaf=0``), by the playout policy's
  reward (:func:`~burraco.bots.lite.reward`, as the reference ISMCTS does);
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
from burraco.bots.ismcts import REWARD_SCALE, IsmctsBot, Node
from burraco.bots.lines import Line, disciplined, turn_lines
from burraco.bots.lite import squash
from burraco.bots.meldfree import settled_seats, unmeld
from burraco.bots.paired import PairedRace
from burraco.bots.sharp import SharpBot
from burraco.bots.tracking import AVOID, Tracker, reshape
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

CANDIDATES: Final = 4
"""How many of the sharp bot's best discards the champion searches."""
DEPTH: Final = 8
"""Turns an iteration plays (in the tree, then by the greedy policy) before it is scored."""
PLANS: Final = 6
"""How many whole-turn lines (plays, then a discard) ``champion:plans=6`` races after its take
(an option, 0 by default)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ChampionBot(IsmctsBot):
    """ISMCTS over take and discard with the sharp bot's closes, plays and discard candidates."""

    def __init__(
        self,
        seed: int = 0,
        rules: Rules | None = None,
        ms: float = 300.0,
        samples: int = 2,
        depth: int = DEPTH,
        candidates: int = CANDIDATES,
        name: str = "champion",
        iterations: int | None = None,
        belief: float = AVOID,
        paired: bool = True,
        scale: float = REWARD_SCALE,
        meldfree: bool = True,
        rich_leaf: bool = True,
        plans: int = 0,
    ) -> None:
        seconds = None if iterations else max(ms, 1.0) / 1000.0
        super().__init__(
            seed=seed,
            rules=rules,
            iterations=iterations or None,
            seconds=seconds,
            depth=depth,
            candidates=candidates,
            scale=scale,
            name=name,
        )
        self.sharp = SharpBot(seed=seed, rules=self.rules, samples=samples)
        self.heuristic = self.sharp
        self.belief = belief
        self.paired = paired
        self.meldfree = meldfree
        self.evaluator = Evaluator(self.rules) if rich_leaf else None
        self.plans = plans
        self._tracker: Tracker | None = None
        self._line: tuple[int, Line] = (-1, ())
        """The rest of the line being played, and the log length at which its next action is due."""

    def search(self, view: Observation, candidates: list[Action]) -> Action:
        believes = self.belief > 0.0 or self.meldfree
        self._tracker = Tracker.from_view(view) if believes and len(candidates) > 1 else None
        if not self.paired or len(candidates) == 1:
            return super().search(view, candidates)
        return self._race(view, candidates)

    def _race(self, view: Observation, candidates: list[Action]) -> Action:
        """Every candidate still in the race played in each world (:class:`PairedRace`), each with
        its own tree below; the best mean reward wins. ``iterations`` counts rollouts."""
        return self._race_lines(view, [(a,) for a in candidates])[0]

    def _race_lines(self, view: Observation, lines: list[Line]) -> Line:
        """The race over ``lines``: in each world a line's leading plays are applied, then its last
        action is searched like a single candidate."""
        seat, template, _ = self.prepare(view, [lines[0][-1]])
        roots = [Node() for _ in lines]
        for root, line in zip(roots, lines, strict=True):
            root.children[line[-1]] = Node()
        race = PairedRace(list(range(len(lines))))
        clock = time.perf_counter
        start = clock()
        deadline, limit = self.budget(start)
        done = 0
        while not race.over and done + len(race.live) <= limit and (race.worlds < 2 or clock() < deadline):
            world = self.determinize(template, seat)
            rewards = [self._descend_line(world.clone(), seat, roots[i], lines[i]) for i in race.live]
            race.record(rewards)  # may drop beaten candidates: count the rollouts played, not those left
            done += len(rewards)
        self.last_iterations = done
        self.last_seconds = clock() - start
        return lines[race.leader()]

    def _descend_line(self, world: Hand, seat: int, root: Node, line: Line) -> float:
        for play in line[:-1]:
            world.apply_trusted(play)  # own cards and own melds: legal in every world of the view
        return self.descend(world, seat, root, line[-1])

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
        """The reward of a played-out world: with ``rich_leaf`` (the default), the planner's
        evaluation (:meth:`Evaluator.position`: readiness to close, the pozzetto, the hand's
        promise) squashed like :func:`~burraco.bots.lite.reward` (:func:`~burraco.bots.lite.squash`);
        without, the playout policy's reward."""
        evaluator = self.evaluator
        if evaluator is None:
            return super().leaf(hand, seat)
        if evaluator.rules is not hand.rules:
            evaluator = self.evaluator = Evaluator(hand.rules)
        return squash(evaluator.position(hand, seat), self.scale)

    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) > 1 and view.phase == "play":
            follow = self._follow(view, legal)
            if follow is not None:
                return follow
            planned = self.sharp.planned_close(view, legal)
            if planned is not None:
                return planned
            if self.plans > 0 and self.paired and any(a.kind != "discard" for a in legal):
                line = self._best_line(view)
                if line is not None:
                    return line
            legal = disciplined(view, legal, self.rules)
        return super().choose(view, legal)

    def _best_line(self, view: Observation) -> Action | None:
        """The first action of the line that wins the race (None: decide play by play)."""
        tracker = Tracker.from_view(view)
        rules = self.rules if self.rules.players == view.players else self.rules.replace(players=view.players)
        lines = turn_lines(view, rules, self.sharp, self.rng, tracker, self.plans)
        if lines is None or len(lines) < 2:
            return None
        self._tracker = tracker if self.belief > 0.0 or self.meldfree else None
        line = self._race_lines(view, lines)
        self._line = (len(view.log) + 1, line[1:])
        return line[0]

    def _follow(self, view: Observation, legal: Sequence[Action]) -> Action | None:
        """The next action of the line being played, when it is still due and legal."""
        due, rest = self._line
        self._line = (-1, ())
        if due != len(view.log) or not rest or rest[0] not in legal:
            return None
        self._line = (due + 1, rest[1:])
        return rest[0]
