"""The ``ismcts`` bot: information-set Monte Carlo tree search over determinizations.

The bot sees only its :class:`~burraco.core.view.Observation`. For a searched decision it builds
one full hand consistent with the view (:func:`~burraco.core.determinize.sample_hand_from_view`)
and then, every iteration, a fresh *determinization* of it
(:func:`~burraco.core.determinize.determinize`: every card it cannot see is resampled
uniformly). The tree is a single-observer information-set tree over the bot's own *key
decisions* — take (draw or pick up, §3.1) and discard (§3.3) — with UCT and availability counts
(an action is scored against the iterations in which it was legal, Cowling et al. 2012).
Macro-actions keep the branching small: between two key decisions the bot's melds and
attachments and the opponents' whole turns are played by a fast greedy policy (``lite``).
Each iteration descends the tree, expands one new decision, plays out ``depth`` more turns with
the greedy policy and scores the position statically: each side's melds with their burraco
bonuses, progress toward a burraco, the cards left in hand (weighted by how close the end is)
and the pozzetto — squashed to [0, 1] from the bot's side.

Melds and attachments at the root are the heuristic bot's (they are nearly always right and
cheap); the search decides the take and the discard, among the heuristic's best ``candidates``
discards. Budget: ``iterations`` per decision, or ``seconds`` of wall-clock time, whichever
is given (both: the first reached).

>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=2)
>>> bot = IsmctsBot(seed=1, iterations=30)
>>> bot.choose(observe(hand, hand.to_play), hand.legal_actions()) in hand.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from burraco.bots.heuristic import HeuristicBot
from burraco.bots.lite import evaluate, lite_discard_costs, lite_play_from, lite_turn, reward
from burraco.core.actions import Action
from burraco.core.determinize import determinize, sample_hand_from_view
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

DEFAULT_RULES: Final = Rules()
REWARD_SCALE: Final = 300.0


class Node:
    """A decision of the searching seat: children by action, with visits, rewards, availability."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


@mypyc_attr(allow_interpreted_subclasses=True)
class IsmctsBot:
    """ISMCTS with UCT over the bot's take and discard decisions, greedy macro-steps in between."""

    def __init__(
        self,
        seed: int = 0,
        rules: Rules | None = None,
        iterations: int | None = 1000,
        seconds: float | None = None,
        depth: int = 8,
        candidates: int = 5,
        exploration: float = 0.7,
        scale: float = REWARD_SCALE,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give the search a budget: iterations, seconds or both")
        self.name = name
        self.rules = rules or DEFAULT_RULES
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.candidates = candidates
        self.exploration = exploration
        self.scale = scale
        self.rng = random.Random(seed)
        self.heuristic = HeuristicBot(seed=seed, rules=self.rules)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self._legal_now: list[Action] | None = None
        """The legal actions of the state :meth:`_advance` stopped at, when it listed them."""

    # ------------------------------------------------------------------ decision
    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.phase == "take":
            return self.search(view, list(legal))
        play = self.heuristic.best_play(view, legal)
        if play is not None:
            return play
        discards = [a for a in legal if a.kind == "discard"]
        if len(discards) == 1:
            return discards[0]
        ctx = self.heuristic.context(view)
        ranked = sorted(discards, key=lambda a: (self.heuristic.discard_cost(ctx, a.cards[0]), a.cards))
        return self.search(view, ranked[: self.candidates])

    def search(self, view: Observation, candidates: list[Action]) -> Action:
        """Run the search from ``view`` over the root ``candidates``; return the most visited."""
        if len(candidates) == 1:
            return candidates[0]
        seat, template, root = self.prepare(view, candidates)
        clock = time.perf_counter
        start = clock()
        deadline, limit = self.budget(start)
        done = 0
        while done < limit and (done < 2 * len(candidates) or clock() < deadline):
            det = self.determinize(template, seat)
            self._iterate(det, seat, root, candidates)
            done += 1
            if done & 63 == 0 and self.settled(root, done, limit, deadline - clock(), clock() - start):
                break
        self.last_iterations = done
        self.last_seconds = clock() - start
        best = max(candidates, key=lambda a: (root.children[a].visits, root.children[a].reward))
        return best

    def prepare(self, view: Observation, candidates: list[Action]) -> tuple[int, Hand, Node]:
        """The searching seat, a determinization of ``view`` to deal worlds from, and a root with a
        child per candidate."""
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        rules = self.rules if self.rules.players == view.players else self.rules.replace(players=view.players)
        template = sample_hand_from_view(view, rules, self.rng)
        root = Node()
        for action in candidates:
            root.children[action] = Node()
        return seat, template, root

    def budget(self, start: float) -> tuple[float, int]:
        """The search's deadline (``math.inf``: none) and its iteration limit, from ``start``."""
        deadline = start + self.seconds if self.seconds is not None else math.inf
        return deadline, self.iterations if self.iterations is not None else 1 << 60

    def settled(self, root: Node, done: int, limit: int, left: float, spent: float) -> bool:
        """Whether the search may stop before its budget (checked every 64 iterations; ``left``
        and ``spent``: seconds). The reference search always spends its whole budget."""
        return False

    def determinize(self, template: Hand, seat: int) -> Hand:
        """One iteration's world: every card hidden from ``seat`` resampled uniformly."""
        return determinize(template, seat, self.rng)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, hand: Hand, seat: int, root: Node, root_actions: list[Action]) -> None:
        action = self._select(root, root_actions, expand=False)
        reward = self.descend(hand, seat, root, action)
        root.visits += 1
        root.reward += reward

    def descend(self, hand: Hand, seat: int, node: Node, action: Action) -> float:
        """Play ``action`` from ``node`` in the world ``hand``, on down the tree (expanding one new
        decision), roll out and back the reward up the nodes below ``node``; return the reward."""
        path: list[Node] = []
        turns = 0
        in_tree = True
        while True:
            node = node.children[action]
            path.append(node)
            turns += self._advance(hand, seat, action)
            if hand.is_over or turns >= self.depth:
                break
            decisions = self._decisions(hand)
            if not in_tree or not decisions:
                break
            chosen = self._select(node, decisions, expand=True)
            if chosen not in node.children:
                node.children[chosen] = Node()
                in_tree = False
            action = chosen
        reward = self._rollout(hand, seat, turns)
        for visited in path:
            visited.visits += 1
            visited.reward += reward
        return reward

    def _select(self, node: Node, actions: Sequence[Action], expand: bool) -> Action:
        children = node.children
        if expand:
            fresh = [a for a in actions if a not in children]
            if fresh:
                for a in actions:
                    child = children.get(a)
                    if child is not None:
                        child.available += 1
                return fresh[0]
        best = actions[0]
        best_value = -math.inf
        c = self.exploration
        for a in actions:
            child = children[a]
            child.available += 1
            if child.visits == 0:
                value = math.inf
            else:
                value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = a, value
        return best

    def _decisions(self, hand: Hand) -> list[Action]:
        """The key decision the searching seat faces now, as tree actions (ordered by preference)."""
        legal = self._legal_now if self._legal_now is not None else hand.legal_actions()
        self._legal_now = None
        if hand.phase == "take":
            return legal
        discards = [a for a in legal if a.kind == "discard"]
        costs = lite_discard_costs(hand, [a.cards[0] for a in discards])
        order = sorted(range(len(discards)), key=costs.__getitem__)  # stable: ties keep the legal order
        return [discards[i] for i in order[: self.candidates]]

    def _advance(self, hand: Hand, seat: int, action: Action) -> int:
        """Apply the searching seat's key ``action`` and play on until its next key decision
        (its own greedy plays, the other seats' turns). Returns the turns completed."""
        self._legal_now = None
        hand.apply(action)
        turns = 1 if action.kind == "discard" else 0
        while not hand.is_over:
            if hand.to_play == seat:
                if hand.phase == "take":
                    return turns
                legal = hand.legal_actions()
                play = lite_play_from(hand, legal)
                if play is None:
                    self._legal_now = legal  # listed for this very state: the discard decision reuses it
                    return turns
                hand.apply_trusted(play)  # listed by this hand's legal_actions
                if hand.to_play != seat or hand.is_over:
                    turns += 1
                continue
            turns += lite_turn(hand)
            if turns >= self.depth:
                return turns
        return turns

    def _rollout(self, hand: Hand, seat: int, turns: int) -> float:
        while not hand.is_over and turns < self.depth:
            turns += lite_turn(hand)
        return self.leaf(hand, seat)

    def leaf(self, hand: Hand, seat: int) -> float:
        """A played-out world's reward for ``seat`` in [0, 1]: :func:`~burraco.bots.lite.reward`."""
        return reward(hand, seat, self.scale)


__all__ = ["IsmctsBot", "evaluate"]
