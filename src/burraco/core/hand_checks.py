"""The rules a play or a discard must keep by what it leaves (docs/rules.md §3, §6), for the listing and the checks.

:class:`HandChecks` answers, for the hand's state, whether a last card may close the hand (§6.1,
§6.2, §6.4–§6.6), whether a play leaves the hand as §3 allows (a card to discard, not only the card
picked up alone, Art. 19), and words the refusal when a player asks. The listing asks for the
codes (``_CLOSE_*``, ``_LEAVES_*``: cheap), the ``verify_`` methods of
:class:`~burraco.core.hand.Hand` for the words.

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=7)
>>> hand._closing_block(hand.to_play, 3) == _CLOSE_NO_POZZETTO
True
>>> hand._closing_text(_CLOSE_NO_POZZETTO, 3)
'you cannot close before your side has taken its pozzetto (rules §6.1)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.cards import IS_WILD, NUM_KINDS, format_card
from burraco.core.citation import cite
from burraco.core.errors import IllegalActionError, IllegalMeldError
from burraco.core.hand_state import HandState, Phase, _fail
from burraco.core.melds import Meld, attach_or_reason, meld_or_reason

_CLOSE_NO_POZZETTO: Final = 1
_CLOSE_NO_BURRACO: Final = 2
_CLOSE_WILDCARD: Final = 3
_CLOSE_PICKED_ALONE: Final = 4
_CLOSE_OPPONENT_WAITING: Final = 5
"""Why a last card cannot close the hand (§6.1, §6.2, §6.4, §6.5, §6.6): codes for the listing,
worded by :meth:`HandChecks._closing_text` only when a player asks."""
_LEAVES_EMPTY: Final = 10
_LEAVES_PICKED_ALONE: Final = 11
"""A play that empties the hand with no pozzetto left (§3, §6), or leaves only the card picked up
alone this turn (Art. 19)."""


class HandChecks(HandState):
    """:class:`HandState` with the checks of §3 and §6 on what a play or a discard leaves."""

    __slots__ = ()

    # ----------------------------------------------------------------- closing (§6)
    def _closing_refusal(self, seat: int, card: int, extra_melds: Sequence[Meld] = (), replaced: int = -1) -> str:
        """Why discarding ``card`` as the last card would not close the hand (§6), or ''."""
        return self._closing_text(self._closing_block(seat, card, extra_melds, replaced), card)

    def _closing_block(self, seat: int, card: int, extra_melds: Sequence[Meld] = (), replaced: int = -1) -> int:
        """The rule of §6 that keeps ``card``, discarded as the last card, from closing the hand: one
        of the ``_CLOSE_*`` codes, 0 if it closes (the listing asks this; messages are made apart)."""
        side = self.side_of[seat]
        if not self.side_took_pozzetto(side):
            return _CLOSE_NO_POZZETTO
        melds = [m for i, m in enumerate(self.melds[side]) if i != replaced] + list(extra_melds)
        need_clean = self.rules.clean_burraco_to_close
        if not any(m.burraco(self.rules) == "clean" if need_clean else len(m.cards) >= 7 for m in melds):
            return _CLOSE_NO_BURRACO
        if IS_WILD[card]:
            return _CLOSE_WILDCARD
        picked, had_copy = self.one_card_pick
        if card == picked and not had_copy:
            return _CLOSE_PICKED_ALONE
        if self.rules.opponent_must_have_played:
            waiting = [s for s in range(self.players) if self.side_of[s] != side and not self.first_turn_done[s]]
            if waiting:
                return _CLOSE_OPPONENT_WAITING
        return 0

    def _closing_text(self, block: int, card: int) -> str:
        """The words of a ``_CLOSE_*`` code for ``card`` ('' for 0)."""
        if block == _CLOSE_NO_POZZETTO:
            return f"you cannot close before your side has taken its pozzetto ({cite('6.1')})"
        if block == _CLOSE_NO_BURRACO:
            kind = "a clean burraco" if self.rules.clean_burraco_to_close else "a burraco"
            return f"you cannot close without {kind} on your side ({cite('6.2')})"
        if block == _CLOSE_WILDCARD:
            return f"you cannot close by discarding a wildcard ({format_card(card)}) ({cite('6.4')}, Art. 11)"
        if block == _CLOSE_PICKED_ALONE:
            return f"you cannot close with the card just picked up alone from the discard pile ({cite('6.5')})"
        if block == _CLOSE_OPPONENT_WAITING:
            return f"you cannot close before every opponent has played a turn ({cite('6.6')})"
        return ""

    # ----------------------------------------------------------------- what a play leaves (§3)
    def _leaves_ok(self, seat: int, left: int, cards: Sequence[int], new: Meld | None, target: int) -> bool:
        if new is None:
            side_melds = self.melds[self.side_of[seat]]
            made = (
                meld_or_reason(cards, self.rules)
                if target < 0
                else attach_or_reason(side_melds[target], cards, self.rules)
            )
            if isinstance(made, str):
                return False
            new = made
        return not self._leaves_block(seat, len(cards), [new], target)

    def _verify_leaves_hand(self, seat: int, used: int, made: list[Meld], target: int) -> None:
        """§3: the hand may be emptied only to take the pozzetto on the fly; one card left must be
        discardable (to take the pozzetto with the discard, or to close)."""
        block = self._leaves_block(seat, used, made, target)
        if not block:
            return
        if block == _LEAVES_EMPTY:
            raise _fail(f"you must keep a card to discard: your side has already taken its pozzetto ({cite('3', '6')})")
        remaining = self._last_card_after(seat, made, target)
        if block == _LEAVES_PICKED_ALONE:
            raise _fail(
                f"this would leave you only {format_card(remaining)}, picked up alone from the discard pile, "
                f"which you may not discard this turn ({cite('3')}, Art. 19)"
            )
        raise _fail(f"this would leave you one card you could not discard: {self._closing_text(block, remaining)}")

    def _leaves_block(self, seat: int, used: int, made: list[Meld], target: int) -> int:
        """The rule of §3 a play of ``used`` cards making ``made`` breaks by what it leaves in the
        hand: ``_LEAVES_EMPTY``, ``_LEAVES_PICKED_ALONE`` or a ``_CLOSE_*`` code; 0 if none."""
        left = self.hand_sizes[seat] - used
        side = self.side_of[seat]
        if left >= 2:
            return 0
        if left == 0:
            return 0 if self.pozzetto_available(side) else _LEAVES_EMPTY
        remaining = self._last_card_after(seat, made, target)
        picked, had_copy = self.one_card_pick
        if remaining == picked and not had_copy:
            return _LEAVES_PICKED_ALONE
        if self.pozzetto_available(side):
            return 0
        return self._closing_block(seat, remaining, made, target)

    def _last_card_after(self, seat: int, made: list[Meld], target: int) -> int:
        counts = list(self.hands[seat])
        used = list(made[0].cards)
        if target >= 0:
            for c in self.melds[self.side_of[seat]][target].cards:
                used.remove(c)
        for c in used:
            counts[c] -= 1
        return next(k for k in range(NUM_KINDS) if counts[k] > 0)

    # ----------------------------------------------------------------- phase and cards in hand
    def _verify_phase(self, phase: Phase, what: str) -> None:
        if self.phase == "over":
            raise _fail(f"the hand is over: you cannot {what}")
        if self.phase != phase:
            if phase == "take":
                raise _fail(f"you have already taken this turn: you cannot {what} now ({cite('3')})")
            raise _fail(f"first draw from the stock or pick up the discard pile: you cannot {what} yet ({cite('3')})")

    def _verify_in_hand(self, seat: int, cards: Sequence[int]) -> None:
        if not cards:
            raise _fail("no cards given")
        counts = self.hands[seat]
        need: dict[int, int] = {}
        for c in cards:
            if not 0 <= c < NUM_KINDS:
                raise _fail(f"{c!r} is not a card")
            need[c] = need.get(c, 0) + 1
        for c, n in need.items():
            if counts[c] < n:
                raise _fail(
                    f"{format_card(c)} is not in your hand"
                    if counts[c] == 0
                    else f"you hold only {counts[c]} {format_card(c)}"
                )

    @staticmethod
    def _can(verify: object, *args: object) -> bool:
        try:
            verify(*args)  # type: ignore[operator]
        except (IllegalActionError, IllegalMeldError):
            return False
        return True
