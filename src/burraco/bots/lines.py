"""Whole-turn lines for the champion's root: which melds and attachments to lay, then which discard.

A *line* is the rest of a turn from the first play decision after the take (docs/rules.md §3.2–§3.3):
its plays in order, then its discard. The champion races lines on common worlds
(:class:`~burraco.bots.paired.PairedRace`) instead of racing only the discards left after the
sharp bot's greedy plays, so that laying a meld now or keeping it, or which wildcard goes where,
is decided by the search too. :func:`turn_lines` lists them:

* the sharp bot's line: its greedy plays, then its ``sharp_discards`` best disciplined discards
  (never a wildcard while a natural can go, never a card that feeds an opponent meld while a safe
  one can — :func:`disciplined`);
* the whole-turn planner's best plans (:class:`~burraco.bots.planner.Planner`) whose plays differ
  from every line already listed, each with its own discard if that discard is disciplined, up to
  ``limit`` lines in all.

A line's plays use only the seat's own cards and its side's melds, the same in every world
consistent with the view, so a line is legal in every world. Lines that would close, or empty the
hand and take the pozzetto before the discard (its cards differ from world to world), are not
listed: when the sharp bot's own line does that, :func:`turn_lines` returns None and the champion
decides play by play as before.

>>> from burraco.bots.sharp import SharpBot
>>> from burraco.core.actions import DRAW
>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> import random
>>> hand = Hand.deal(players=2, seed=3)
>>> _ = hand.apply(DRAW)
>>> lines = turn_lines(observe(hand, hand.to_play), hand.rules, SharpBot(), random.Random(1))
>>> lines is not None and all(line[-1].kind == "discard" for line in lines)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import islice

from burraco.bots.evaluation import Evaluator
from burraco.bots.heuristic import attaches_to
from burraco.bots.planner import Planner
from burraco.bots.sharp import SharpBot
from burraco.bots.tracking import Tracker
from burraco.core.actions import Action
from burraco.core.cards import IS_WILD
from burraco.core.determinize import sample_hand_from_view
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation, observe

Line = tuple[Action, ...]
"""A turn's plays in order, then its discard."""


def turn_lines(
    view: Observation,
    rules: Rules,
    sharp: SharpBot,
    rng: random.Random,
    tracker: Tracker | None = None,
    limit: int = 6,
    sharp_discards: int = 2,
) -> list[Line] | None:
    """The lines the champion races from ``view`` (a play decision), the sharp bot's first; None when
    the sharp bot's own plays close the hand or take the pozzetto on the fly."""
    seat = view.seat
    if seat is None:
        raise ValueError("lines are listed for a seat's view, not a spectator's")
    sample = sample_hand_from_view(view, rules, rng)
    after = sample.clone()
    plays = _sharp_plays(after, seat, sharp)
    if plays is None:
        return None
    ranked = (d for d in _ranked_discards(after, seat, sharp, rules) if not _ends(after, d))
    lines: list[Line] = [(*plays, d) for d in islice(ranked, sharp_discards)]
    if not lines:
        return None
    seen = {plays}
    planner = Planner(Evaluator(rules, tracker=tracker or Tracker.from_view(view)))
    for plan in planner.plans(sample.clone()):
        if len(lines) >= limit:
            break
        prefix = plan.actions[:-1]
        if plan.closes or prefix in seen:
            continue
        end = _played(sample, seat, prefix)
        if end is None or plan.actions[-1] not in disciplined(observe(end, seat), end.legal_actions(), rules):
            continue
        seen.add(prefix)
        lines.append(plan.actions)
    return lines


def _sharp_plays(hand: Hand, seat: int, sharp: SharpBot) -> Line | None:
    """The sharp bot's greedy plays from ``hand``, applied to it (None: they close or take the pozzetto)."""
    side = hand.side_of[seat]
    had_pozzetto = side in hand.pozzetto_of_side
    plays: list[Action] = []
    while True:
        play = sharp.best_play(observe(hand, seat), hand.legal_actions())
        if play is None:
            return tuple(plays)
        hand.apply(play)
        if hand.is_over or (side in hand.pozzetto_of_side) != had_pozzetto:
            return None
        plays.append(play)


def _ends(hand: Hand, discard: Action) -> bool:
    """Whether ``discard`` ends the hand (a close, §6, or the last turn on the stock, §7)."""
    after = hand.clone()
    after.apply(discard)
    return after.is_over


def _played(hand: Hand, seat: int, plays: Line) -> Hand | None:
    """``hand`` after ``plays`` (a copy), or None when they close or take the pozzetto on the way."""
    side = hand.side_of[seat]
    had_pozzetto = side in hand.pozzetto_of_side
    after = hand.clone()
    for play in plays:
        after.apply(play)
        if after.is_over or (side in after.pozzetto_of_side) != had_pozzetto:
            return None
    return after


def _ranked_discards(hand: Hand, seat: int, sharp: SharpBot, rules: Rules) -> list[Action]:
    """The disciplined discards of ``hand``, the sharp bot's cheapest first."""
    view = observe(hand, seat)
    discards = [a for a in disciplined(view, hand.legal_actions(), rules) if a.kind == "discard"]
    ctx = sharp.context(view)
    return sorted(discards, key=lambda a: (sharp.discard_cost(ctx, a.cards[0]), a.cards))


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
