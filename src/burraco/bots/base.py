"""The one small interface every computer player implements, and a loop that plays a hand with bots.

A bot sees only the :class:`~burraco.core.view.Observation` of its seat (docs/rules.md §5: hidden cards
never leave :func:`~burraco.core.view.observe`) and the list of legal actions, and returns one of
them. Every bot is seeded, so the same view and seed give the same choice.

>>> from burraco.bots.random_bot import RandomBot
>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=1)
>>> play_hand(hand, [RandomBot(seed=1), RandomBot(seed=2)]).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from burraco.core.actions import Action
from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand
from burraco.core.view import Observation, observe


@runtime_checkable
class Bot(Protocol):
    """A computer player: ``choose`` returns one of ``legal`` from what its seat may see."""

    name: str

    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions; ``view.seat`` is the seat to play."""
        ...


class BotError(IllegalActionError):
    """A bot returned an action that is not legal (a bug in the bot)."""


def play_hand(hand: Hand, bots: Sequence[Bot], on_action: Callable[[int, Action], None] | None = None) -> Hand:
    """Play ``hand`` to its end, seat ``s`` choosing with ``bots[s]``; return the hand."""
    if len(bots) != hand.players:
        raise ValueError(f"{hand.players} players need {hand.players} bots, not {len(bots)}")
    while not hand.is_over:
        seat = hand.to_play
        legal = hand.legal_actions()
        action = bots[seat].choose(observe(hand, seat), legal)
        if action not in legal:
            raise BotError(f"bot {bots[seat].name!r} chose an illegal action {action} at seat {seat}")
        hand.apply_trusted(action)  # one of this state's legal actions: no second verification
        if on_action is not None:
            on_action(seat, action)
    return hand
