"""The minimum turn the computer takes for a player whose turn timer ran out, as the federation's code
treats a player who did not draw in time: it draws, then discards, and never melds or attaches for them.

* If the player had not drawn (or picked up), it draws from the stock.
* Then it discards the card drawn from the stock this turn, when that discard is legal (the player may
  have melded it, or a rule of docs/rules.md §3 may forbid it);
* otherwise the discard the stand-in bot (``seats.STANDIN_BOT``) would choose among the legal discards
  only.
* Only when no discard is legal at all (the player's hand allows none, docs/rules.md §3 and §6: a rare
  end-of-hand position), or no draw is possible from an empty stock, it plays whatever legal action the
  stand-in bot chooses, and asks again after it, until the turn ends.

Each move is chosen from the seat's own view (``observe``) and stored as an ordinary action, so a
restart replays it and never chooses again.
"""

from __future__ import annotations

from burraco.bots.registry import make_bot
from burraco.core.actions import DRAW, Action, RecordKind
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import observe


def drawn_card(hand: Hand, seat: int) -> int | None:
    """The card ``seat`` drew from the stock during its current turn, if it did."""
    for record in reversed(hand.log):
        if record.seat != seat or record.kind == RecordKind.DISCARD:
            return None
        if record.kind == RecordKind.DRAW and record.cards:
            return record.cards[0]
    return None


def minimum_move(hand: Hand, seat: int, rules: Rules, seed: int, bot: str) -> Action:
    """The next move of a timed-out turn for ``seat`` (to play in ``hand``); ``bot`` chooses the discard
    when the drawn card may not be thrown, and any move in the rare positions above.

    >>> from burraco.core.hand import Hand
    >>> hand = Hand.deal(players=2, seed=5)
    >>> seat = hand.to_play
    >>> str(minimum_move(hand, seat, hand.rules, 1, "intermediate"))
    'draw'
    >>> _ = hand.apply(DRAW)
    >>> minimum_move(hand, seat, hand.rules, 1, "intermediate").cards == (drawn_card(hand, seat),)
    True
    """
    legal = hand.legal_actions()
    if DRAW in legal:
        return DRAW
    discards = [a for a in legal if a.kind == "discard"]
    drawn = drawn_card(hand, seat)
    for action in discards:
        if action.cards == (drawn,):
            return action
    choices = discards or legal
    if len(choices) == 1:
        return choices[0]
    return make_bot(bot, seed=seed, rules=rules).choose(observe(hand, seat), choices)
