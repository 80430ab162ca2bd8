"""The minimum turn the computer takes for a player whose turn timer ran out, as the federation's code
treats a player who did not draw in time: it draws, then discards, and never melds or attaches for them.

* If the player had not drawn (or picked up), it draws from the stock.
* Then it discards as a careful player would: never a wildcard (a joker or a 2) while another card may
  be thrown, and among the cards it may throw, the one the stand-in bot (``seats.STANDIN_BOT``, the
  intermediate level) would throw: the least useful to the opponents (docs/rules.md, "Al tavolo
  online"). It is not the card just drawn: a 2 drawn is kept, and so is a card that would feed an
  opponent's meld when another may go.
* Only when no discard is legal at all (the player's hand allows none, docs/rules.md §3 and §6: a rare
  end-of-hand position), or no draw is possible from an empty stock, it plays whatever legal action the
  stand-in bot chooses, and asks again after it, until the turn ends.

Each move is chosen from the seat's own view (``observe``) and stored as an ordinary action, so a
restart replays it and never chooses again.
"""

from __future__ import annotations

from burraco.bots.registry import make_bot
from burraco.core.actions import DRAW, Action, RecordKind
from burraco.core.cards import IS_WILD
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
    among the natural cards that may be thrown (the wildcards only when no natural may), and any move
    in the rare positions above.

    >>> from burraco.core.hand import Hand
    >>> hand = Hand.deal(players=2, seed=5)
    >>> seat = hand.to_play
    >>> str(minimum_move(hand, seat, hand.rules, 1, "intermediate"))
    'draw'
    >>> _ = hand.apply(DRAW)
    >>> move = minimum_move(hand, seat, hand.rules, 1, "intermediate")
    >>> move.kind, IS_WILD[move.cards[0]]
    ('discard', False)
    """
    legal = hand.legal_actions()
    if DRAW in legal:
        return DRAW
    discards = [a for a in legal if a.kind == "discard"]
    choices = [a for a in discards if not IS_WILD[a.cards[0]]] or discards or legal
    if len(choices) == 1:
        return choices[0]
    return make_bot(bot, seed=seed, rules=rules).choose(observe(hand, seat), choices)
