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

from burraco.bots.heuristic import HeuristicBot, Weights, attaches_to, keep_value, meld_value, score_play
from burraco.core.actions import DRAW, PICKUP, Action
from burraco.core.cards import IS_WILD, NUM_KINDS, RANK, SUIT, value_table
from burraco.core.determinize import determinize, sample_hand_from_view
from burraco.core.hand import Hand
from burraco.core.melds import Meld
from burraco.core.options import Rules
from burraco.core.view import Observation

DEFAULT_RULES: Final = Rules()
REWARD_SCALE: Final = 300.0
LITE_WEIGHTS: Final = Weights()


class _Node:
    """A decision of the searching seat: children by action, with visits, rewards, availability."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class IsmctsBot:
    """ISMCTS with UCT over the bot's take and discard decisions, greedy macro-steps in between."""

    def __init__(self, seed: int = 0, rules: Rules | None = None, iterations: int | None = 1000,
                 seconds: float | None = None, depth: int = 8, candidates: int = 5,
                 exploration: float = 0.7, scale: float = REWARD_SCALE, name: str = "ismcts") -> None:
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
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        rules = self.rules if self.rules.players == view.players else self.rules.replace(players=view.players)
        template = sample_hand_from_view(view, rules, self.rng)
        root = _Node()
        for action in candidates:
            root.children[action] = _Node()
        clock = time.perf_counter
        start = clock()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 60
        done = 0
        while done < limit and (done < 2 * len(candidates) or clock() < deadline):
            det = determinize(template, seat, self.rng)
            self._iterate(det, seat, root, candidates)
            done += 1
        self.last_iterations = done
        self.last_seconds = clock() - start
        best = max(candidates, key=lambda a: (root.children[a].visits, root.children[a].reward))
        return best

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, hand: Hand, seat: int, root: _Node, root_actions: list[Action]) -> None:
        path: list[_Node] = [root]
        node = root
        action = self._select(node, root_actions, expand=False)
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
                node.children[chosen] = _Node()
                in_tree = False
            action = chosen
        reward = self._rollout(hand, seat, turns)
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def _select(self, node: _Node, actions: Sequence[Action], expand: bool) -> Action:
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
        costs = _lite_discard_costs(hand, [a.cards[0] for a in discards])
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
                play = _lite_play_from(hand, legal)
                if play is None:
                    self._legal_now = legal  # listed for this very state: the discard decision reuses it
                    return turns
                hand.apply_trusted(play)  # listed by this hand's legal_actions
                if hand.to_play != seat or hand.is_over:
                    turns += 1
                continue
            turns += _lite_turn(hand)
            if turns >= self.depth:
                return turns
        return turns

    def _rollout(self, hand: Hand, seat: int, turns: int) -> float:
        while not hand.is_over and turns < self.depth:
            turns += _lite_turn(hand)
        return _reward(hand, seat, self.scale)


# ---------------------------------------------------------------------- the greedy policy (lite)
def _lite_turn(hand: Hand) -> int:
    """Play the rest of the current seat's turn greedily; 1 (a turn completed)."""
    if hand.phase == "take":
        hand.apply_trusted(PICKUP if _lite_pickup(hand) else DRAW)  # the stock is never empty here (§7)
    while not hand.is_over and hand.phase == "play":
        legal = hand.legal_actions()
        play = _lite_play_from(hand, legal)
        if play is None:
            discards = [a for a in legal if a.kind == "discard"]
            if not discards:  # pragma: no cover - the engine always leaves a discard
                hand.apply_trusted(legal[0])
                continue
            costs = _lite_discard_costs(hand, [a.cards[0] for a in discards])
            hand.apply_trusted(discards[costs.index(min(costs))])  # the first cheapest, as ``min`` picks
            break
        hand.apply_trusted(play)
    return 1


def _lite_pickup(hand: Hand) -> bool:
    """Pick up when the top of the pile fits the hand or the side's melds (or the pile is big early)."""
    if not hand.can_pickup():
        return False
    pile = hand.discard_pile
    top = pile[-1]
    if len(pile) >= 6 and len(hand.stock) > 30:
        return True
    if IS_WILD[top]:
        return len(pile) <= 4
    counts = hand.hands[hand.to_play]
    rank, suit = RANK[top], SUIT[top]
    if sum(counts[s * 13 + rank - 1] for s in range(4)) >= 2:
        return True
    base = suit * 13
    near = [1 <= r <= 13 and r != 2 and counts[base + r - 1] > 0 for r in (rank - 2, rank - 1, rank + 1, rank + 2)]
    if (near[1] and near[2]) or (near[0] and near[1]) or (near[2] and near[3]):
        return True
    rules = hand.rules
    return any(attaches_to(m, top, rules) for m in hand.melds[hand.side_of[hand.to_play]])


def _lite_play(hand: Hand) -> Action | None:
    """The heuristic's best meld or attachment now (:func:`score_play`; it always closes when it can)."""
    return _lite_play_from(hand, hand.legal_actions())


def _lite_play_from(hand: Hand, legal: list[Action]) -> Action | None:
    if len(legal) <= 1 or legal[0].kind == "discard":
        return None
    seat = hand.to_play
    counts = hand.hands[seat]
    size = hand.hand_sizes[seat]
    side = hand.side_of[seat]
    melds = hand.melds[side]
    wilds = counts[1] + counts[14] + counts[27] + counts[40] + counts[52]
    late = len(hand.stock) <= 10
    pozzetto = hand.pozzetto_available(side)
    best: Action | None = None
    best_score = 0.0
    for action in legal:
        if action.kind == "discard":
            continue
        score, closes = score_play(action, melds, size, wilds, late, pozzetto, LITE_WEIGHTS)
        if closes:
            score += 200.0
        if score > best_score:
            best, best_score = action, score
    return best


def _lite_discard_costs(hand: Hand, cards: list[int]) -> list[float]:
    """The greedy policy's cost of discarding each of ``cards`` now (lower discards first): what the
    costs share (the opponents' melds, the card values, how late it is) is looked up once per state."""
    seat = hand.to_play
    counts = hand.hands[seat]
    side = hand.side_of[seat]
    rules = hand.rules
    wanted = 0
    for card in cards:
        wanted |= 1 << card
    threats = [_attaching(melds, wanted, rules) for other, melds in enumerate(hand.melds) if other != side and melds]
    values = value_table(rules.joker_value)
    late: float = 1.0 if len(hand.stock) <= 10 else 0.3
    costs: list[float] = []
    for card in cards:
        cost = keep_value(counts, card)
        for mask in threats:
            if mask >> card & 1:
                cost += 100.0  # some meld of that side takes the card (one penalty per side)
        cost -= late * values[card]
        costs.append(cost)
    return costs


class _MeldAttaches:
    """Which cards attach alone to one meld object: ``known`` cards checked, ``fits`` those that do
    (bit per card). The meld is kept alive in the entry, so its id cannot be reused."""

    __slots__ = ("fits", "known", "meld")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld
        self.known = 0
        self.fits = 0


_ATTACH_CACHE: dict[int, _MeldAttaches] = {}
_CACHE_RULES: list[Rules] = []


def _attaching(melds: Sequence[Meld], wanted: int, rules: Rules) -> int:
    """The cards of ``wanted`` (bit per card) that attach alone to some meld of ``melds``."""
    if not _CACHE_RULES or _CACHE_RULES[0] is not rules:
        _ATTACH_CACHE.clear()
        _CACHE_RULES[:] = [rules]
    found = 0
    for meld in melds:
        entry = _ATTACH_CACHE.get(id(meld))
        if entry is None or entry.meld is not meld:
            if len(_ATTACH_CACHE) > 50_000:
                _ATTACH_CACHE.clear()
            entry = _ATTACH_CACHE[id(meld)] = _MeldAttaches(meld)
        unknown = wanted & ~entry.known
        while unknown:
            low = unknown & -unknown
            if attaches_to(meld, low.bit_length() - 1, rules):
                entry.fits |= low
            entry.known |= low
            unknown ^= low
        found |= entry.fits
    return found & wanted


# ---------------------------------------------------------------------- static evaluation
def evaluate(hand: Hand) -> list[float]:
    """Each side's score estimate: the exact §8 total when the hand is over; otherwise melds with
    bonuses, progress toward burraci, hand cards weighted by how near the end is, the pozzetto."""
    rules = hand.rules
    values = value_table(rules.joker_value)
    sides = hand.num_sides
    over = hand.is_over
    weight = 1.0 if over else 1.0 - 0.5 * min(1.0, len(hand.stock) / 40.0)
    totals = [0.0] * sides
    for side in range(sides):
        total = 0.0
        for meld in hand.melds[side]:
            total += meld_value(meld, rules)
            if not over:
                total += _progress(meld)
        if side not in hand.pozzetto_of_side:
            total -= rules.pozzetto_penalty
        totals[side] = total
    for seat in range(hand.players):
        counts = hand.hands[seat]
        points = 0
        for k in range(NUM_KINDS):
            if counts[k]:
                points += counts[k] * values[k]
        side = hand.side_of[seat]
        totals[side] -= weight * points
        if over and rules.double_negative_if_not_opened and not hand.melds[side]:
            totals[side] -= points
    if hand.closed_by >= 0:
        totals[hand.side_of[hand.closed_by]] += rules.closing_bonus
    return totals


def _progress(meld: Meld) -> float:
    size = len(meld.cards)
    if size == 6:
        return 40.0 if meld.wild < 0 else 25.0
    if size == 5:
        return 15.0
    return 0.0


def _reward(hand: Hand, seat: int, scale: float) -> float:
    totals = evaluate(hand)
    side = hand.side_of[seat]
    mine = totals[side]
    best_other = max(t for s, t in enumerate(totals) if s != side)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / scale)
