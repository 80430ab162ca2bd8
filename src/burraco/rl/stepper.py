"""The step of ``burraco_v0`` without NumPy or PettingZoo (compiled with the core).

:class:`Stepper` owns the environment's hand, the step's :class:`~burraco.rl.actions.CanonicalLegal`
and the steps each seat took; :meth:`Stepper.play` turns an index into the engine action and applies
it. The PettingZoo class around it (:mod:`burraco.rl.burraco_v0`) keeps the agents' dictionaries.

>>> from burraco.core.hand import Hand
>>> stepper = Stepper(Hand.deal(players=2, seed=7))
>>> stepper.legal.indices, stepper.play(1), stepper.steps, stepper.hand.phase
([0, 1], False, [0, 1], 'play')
>>> stepper.play(0), stepper.hand.phase  # not legal now: the default action, the lowest legal index
(True, 'take')
"""

from __future__ import annotations

from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.rl.actions import canonical_legal, index_to_action


class Stepper:
    """One hand played by action indices (the environment's own hand: change it only through :meth:`play`)."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.legal = canonical_legal(hand)
        """This step's legal actions (rebuilt after every step while the hand goes on)."""
        self.steps = [0] * hand.players
        """Per seat, the steps it took."""

    def default(self) -> Action:
        """The action an index that is not legal plays: the lowest legal index (draw in the take phase)."""
        return index_to_action(self.legal.indices[0], self.legal)

    def action_for(self, index: int) -> Action:
        """The engine action ``index`` plays now (the default action if it is not legal)."""
        chosen = self.legal.action_at(index)
        return self.default() if chosen is None else chosen

    def play(self, index: int) -> bool:
        """Apply the action of ``index`` (or the default action): True when ``index`` was not legal."""
        hand = self.hand
        chosen = self.legal.action_at(index)
        illegal = chosen is None
        if chosen is None:
            chosen = self.default()
        seat = hand.to_play
        hand.apply_trusted(chosen)  # an action of the legal list of this very state
        self.steps[seat] += 1
        if hand.phase != "over":
            self.legal = canonical_legal(hand)
        return illegal
