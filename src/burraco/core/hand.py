"""The hand (smazzata) state machine: deal, take → play → discard, pozzetti, closing, end of stock.

Every action is a trio in the manner of pokerkit: ``verify_x()`` raises
:class:`~burraco.core.errors.IllegalActionError` citing docs/rules.md, ``can_x()`` returns a bool,
``x()`` applies it and returns the frozen :class:`~burraco.core.actions.Record` appended to the
log. A refused action leaves the state exactly as it was (everything is verified first).

>>> hand = Hand.deal(players=2, seed=7)
>>> hand.phase, hand.to_play, len(hand.stock), [hand.hand_size(s) for s in range(2)]
('take', 1, 63, [11, 11])
>>> hand.draw().kind
'draw'
>>> hand.phase
'play'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.actions import DRAW, PICKUP, Action, Record, RecordDetail, RecordKind
from burraco.core.cards import DECK_SIZE, NUM_KINDS, format_card, format_cards, full_deck
from burraco.core.citation import cite
from burraco.core.generate import play_chunks
from burraco.core.hand_checks import HandChecks
from burraco.core.hand_state import (
    _NO_CARDS,
    HAND_CARDS,
    STATE_FIELDS,
    HandState,
    Phase,
    _fail,
)
from burraco.core.legal import PlayGroup, play_group
from burraco.core.legal_view import LegalView
from burraco.core.melds import Meld, attach_or_reason, combination_conflict, meld_or_reason
from burraco.core.options import Rules
from burraco.core.rng import SplitMix64

DEFAULT_RULES: Final = Rules()
DISCARD_ACTIONS: Final = tuple(Action("discard", (card,)) for card in range(NUM_KINDS))


class Hand(HandChecks):
    """One hand of Burraco for 2, 3 or 4 players: the actions on a :class:`HandState`. Seats play
    clockwise: 0, 1, 2, 3.

    With 4 players seats 0 and 2 (North-South) form side 0, seats 1 and 3 side 1; with 2 players
    each seat is a side; with 3 players each seat starts as its own side (docs/rules.md §9).
    """

    __slots__ = ()

    # ----------------------------------------------------------------- dealing (§2)
    @classmethod
    def deal(
        cls,
        players: int = 4,
        seed: int = 0,
        dealer: int = 0,
        rules: Rules | None = None,
        pozzetto_sizes: Sequence[int] | None = None,
    ) -> Hand:
        """Deal a hand from a seed by the procedure of docs/rules.md §2 (reproducible everywhere).

        The deck is shuffled by :class:`~burraco.core.rng.SplitMix64`; 11 cards go to each player one
        at a time clockwise from the dealer's left; the pozzetti are formed from the bottom one card
        at a time alternately (the first lies on top and is taken first); one card starts the
        discard pile; the rest is the stock.
        """
        rules = rules or DEFAULT_RULES
        if rules.players != players:
            rules = rules.replace(players=players)
        deck = list(full_deck())
        SplitMix64(seed).shuffle(deck)
        return cls.from_deck(deck, rules, dealer, pozzetto_sizes)

    @classmethod
    def from_deck(
        cls, deck: Sequence[int], rules: Rules, dealer: int = 0, pozzetto_sizes: Sequence[int] | None = None
    ) -> Hand:
        """Deal from an ordered deck (index 0 is the top card)."""
        n = rules.players
        sizes = list(pozzetto_sizes or ((18, 11) if n == 3 else (11, 11)))
        cards = list(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        top = 0
        for _ in range(HAND_CARDS):
            for k in range(1, n + 1):
                hands[(dealer + k) % n].append(cards[top])
                top += 1
        pozzetti: list[list[int]] = [[] for _ in sizes]
        bottom = len(cards) - 1
        for step in range(max(sizes)):
            for p, size in enumerate(sizes):
                if step < size:
                    pozzetti[p].append(cards[bottom])
                    bottom -= 1
        discard = [cards[top]]
        stock = cards[top + 1 : bottom + 1]
        return cls(rules, dealer, hands, pozzetti, discard, stock)

    # ----------------------------------------------------------------- take (§3.1)
    def verify_draw(self) -> None:
        self._verify_phase("take", "draw")
        if not self.stock:
            raise _fail(f"the stock is empty: pick up the discard pile ({cite('7')})")

    def can_draw(self) -> bool:
        return self.phase == "take" and bool(self.stock)

    def draw(self) -> Record:
        """Draw the top card of the stock."""
        self.verify_draw()
        return self._draw()

    def _draw(self) -> Record:
        seat = self.to_play
        card = self.stock.pop()
        self._add_card(seat, card)
        self.turns_without_stock = 0
        self.must_draw = False
        self.phase = "play"
        self.one_card_pick = (-1, False)
        return self._record(seat, RecordKind.DRAW, (card,), private=True)

    def verify_pickup(self) -> None:
        self._verify_phase("take", "pick up the discard pile")
        if not self.discard_pile:
            raise _fail(f"the discard pile is empty: draw from the stock ({cite('3')})")
        if self.must_draw:
            raise _fail(
                f"nobody drew from the stock for {self.rules.stall_rounds} full rounds: this turn "
                f"must draw from the stock ({cite('3')}, stall rule)"
            )

    def can_pickup(self) -> bool:
        return self.phase == "take" and bool(self.discard_pile) and not self.must_draw

    def pickup(self) -> Record:
        """Pick up the whole discard pile (§3)."""
        self.verify_pickup()
        return self._pickup()

    def _pickup(self) -> Record:
        seat = self.to_play
        pile = tuple(self.discard_pile)
        had_copy = self.hands[seat][pile[0]] > 0 if len(pile) == 1 else False
        self.one_card_pick = (pile[0], had_copy) if len(pile) == 1 else (-1, False)
        self.discard_pile.clear()
        self._add_to_hand(seat, pile)
        for c in pile:
            self.known[seat][c] += 1
        self.turns_without_stock += 1  # a turn without a stock draw feeds the stall count (§3)
        self.phase = "play"
        return self._record(seat, RecordKind.PICKUP, pile)

    # ----------------------------------------------------------------- play (§3.2, §4)
    def verify_meld(self, cards: Sequence[int]) -> Meld:
        """Check a new meld from the hand; return the meld it would make."""
        self._verify_phase("play", "meld")
        seat = self.to_play
        self._verify_in_hand(seat, cards)
        result = meld_or_reason(cards, self.rules)
        if isinstance(result, str):
            raise _fail(f"illegal meld: {result} ({cite('4')})")
        conflict = combination_conflict(result, self.melds[self.side_of[seat]])
        if conflict:
            raise _fail(conflict)
        self._verify_leaves_hand(seat, len(cards), [result], -1)
        return result

    def can_meld(self, cards: Sequence[int]) -> bool:
        return self._can(self.verify_meld, cards)

    def meld(self, cards: Sequence[int]) -> Record:
        """Lay down a new meld for the player's side."""
        return self._meld(self.verify_meld(cards), cards)

    def _meld(self, new: Meld, cards: Sequence[int]) -> Record:
        seat = self.to_play
        side_melds = self.melds[self.side_of[seat]]
        side_melds.append(new)
        self._remove_from_hand(seat, tuple(cards))
        record = self._record(seat, RecordKind.MELD, tuple(new.cards), len(side_melds) - 1)
        self._after_play(seat)
        return record

    def verify_attach(self, target: int, cards: Sequence[int]) -> Meld:
        """Check attaching cards to the side's meld number ``target``; return the resulting meld."""
        self._verify_phase("play", "attach")
        seat = self.to_play
        side_melds = self.melds[self.side_of[seat]]
        if not 0 <= target < len(side_melds):
            raise _fail(
                f"your side has no meld number {target} (it has {len(side_melds)}): you may attach only "
                f"to your own side's melds ({cite('3')})"
            )
        self._verify_in_hand(seat, cards)
        result = attach_or_reason(side_melds[target], cards, self.rules)
        if isinstance(result, str):
            raise _fail(f"cannot attach {format_cards(cards)}: {result} ({cite('4')})")
        self._verify_leaves_hand(seat, len(cards), [result], target)
        return result

    def can_attach(self, target: int, cards: Sequence[int]) -> bool:
        return self._can(self.verify_attach, target, cards)

    def attach(self, target: int, cards: Sequence[int]) -> Record:
        """Attach cards to one of the side's melds (wildcards move or are displaced per §4.1)."""
        return self._attach(self.verify_attach(target, cards), target, cards)

    def _attach(self, new: Meld, target: int, cards: Sequence[int]) -> Record:
        seat = self.to_play
        self.melds[self.side_of[seat]][target] = new
        self._remove_from_hand(seat, tuple(cards))
        record = self._record(seat, RecordKind.ATTACH, tuple(cards), target)
        self._after_play(seat)
        return record

    def _after_play(self, seat: int) -> None:
        if self.hand_sizes[seat] == 0:
            self._take_pozzetto(seat, RecordDetail.ON_THE_FLY)

    # ----------------------------------------------------------------- discard (§3.3, §5, §6, §7)
    def verify_discard(self, card: int) -> None:
        self._verify_phase("play", "discard")
        seat = self.to_play
        if not 0 <= card < NUM_KINDS or self.hands[seat][card] == 0:
            raise _fail(f"{_name(card)} is not in your hand")
        picked, had_copy = self.one_card_pick
        if card == picked and not had_copy:
            raise _fail(
                f"you picked up {format_card(card)} alone from the discard pile: you may not discard it "
                f"this turn ({cite('3')}, Art. 19)"
            )
        if self.hand_sizes[seat] == 1:
            reason = self._closing_refusal(seat, card)
            if reason and not self.pozzetto_available(self.side_of[seat]):
                raise _fail(reason)

    def can_discard(self, card: int) -> bool:
        return self._can(self.verify_discard, card)

    def discard(self, card: int) -> Record:
        """Discard a card: the turn ends; an empty hand takes the pozzetto or closes the hand."""
        self.verify_discard(card)
        return self._discard(card)

    def _discard(self, card: int) -> Record:
        seat = self.to_play
        self._remove_card(seat, card)
        self.discard_pile.append(card)
        record = self._record(seat, RecordKind.DISCARD, (card,))
        if self.hand_sizes[seat] == 0:
            if self.pozzetto_available(self.side_of[seat]):
                self._take_pozzetto(seat, RecordDetail.WITH_THE_DISCARD)
            else:
                self._close(seat)
                return record
        self._end_turn(seat)
        return record

    # ----------------------------------------------------------------- generic dispatch
    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now."""
        kind = action.kind
        if kind == "draw":
            self.verify_draw()
        elif kind == "pickup":
            self.verify_pickup()
        elif kind == "meld":
            self.verify_meld(action.cards)
        elif kind == "attach":
            self.verify_attach(action.target, action.cards)
        elif kind == "discard":
            if len(action.cards) != 1:
                raise _fail("discard exactly one card")
            self.verify_discard(action.cards[0])
        else:
            raise _fail(f"unknown action {kind!r}")

    def can(self, action: Action) -> bool:
        return self._can(self.verify, action)

    def apply(self, action: Action) -> Record:
        """Apply any action; raise :class:`IllegalActionError` (state unchanged) if illegal."""
        kind = action.kind
        if kind == "draw":
            return self.draw()
        if kind == "pickup":
            return self.pickup()
        if kind == "meld":
            return self.meld(action.cards)
        if kind == "attach":
            return self.attach(action.target, action.cards)
        if kind == "discard" and len(action.cards) == 1:
            return self.discard(action.cards[0])
        self.verify(action)
        raise _fail(f"unknown action {kind!r}")  # pragma: no cover - verify raised already

    def apply_trusted(self, action: Action) -> Record:
        """Apply an action that :meth:`legal_actions` listed for this very state, without verifying
        it a second time (bots, the arena, the bench). Anything else must go through :meth:`apply`:
        an action that is not legal now may corrupt the state here."""
        kind = action.kind
        if kind == "discard":
            return self._discard(action.cards[0])
        if kind == "draw":
            return self._draw()
        if kind == "pickup":
            return self._pickup()
        made = (
            meld_or_reason(action.cards, self.rules)
            if kind == "meld"
            else attach_or_reason(self.melds[self.side_of[self.to_play]][action.target], action.cards, self.rules)
        )
        if isinstance(made, str):  # pragma: no cover - legal_actions lists only legal plays
            raise _fail(made)
        if kind == "meld":
            return self._meld(made, action.cards)
        return self._attach(made, action.target, action.cards)

    # ----------------------------------------------------------------- listing
    def legal_actions(self) -> list[Action]:
        """Every legal atomic action now (consistent with :meth:`verify`, property-tested)."""
        if self.phase == "take":
            return self._takes()
        if self.phase != "play":
            return []
        seat = self.to_play
        actions: list[Action] = []
        for group in self._play_groups(seat):
            actions.extend(group.actions)
        actions.extend([DISCARD_ACTIONS[card] for card in self._discardable(seat)])
        return actions

    def legal_view(self) -> LegalView:
        """:meth:`legal_actions` as a lazy view (:mod:`burraco.core.legal_view`): the same actions in
        the same order, by groups, at a cost of one step per group instead of one per action."""
        if self.phase == "take":
            return LegalView(self._takes(), [], [])
        if self.phase != "play":
            return LegalView([], [], [])
        seat = self.to_play
        return LegalView([], self._play_groups(seat), [DISCARD_ACTIONS[card] for card in self._discardable(seat)])

    def _takes(self) -> list[Action]:
        taking: list[Action] = []
        if self.can_draw():
            taking.append(DRAW)
        if self.can_pickup():
            taking.append(PICKUP)
        return taking

    def _play_groups(self, seat: int) -> list[PlayGroup]:
        """The groups of plays ``seat`` may make now, in listing order, none empty."""
        summary = self._summary(seat)
        size = self.hand_sizes[seat]
        groups: list[PlayGroup] = []
        meld_chunks, attach_chunks = play_chunks(
            self.hands[seat], (summary.masks, summary.codes), self.melds[self.side_of[seat]], self.rules
        )
        for chunk in meld_chunks:
            if chunk:
                self._add_group(groups, play_group(chunk, -1), seat, size)
        for target, chunk in enumerate(attach_chunks):
            if chunk:
                self._add_group(groups, play_group(chunk, target), seat, size)
        return groups

    def _add_group(self, groups: list[PlayGroup], group: PlayGroup, seat: int, size: int) -> None:
        """Add a group narrowed to the plays that leave the hand as §3 allows (the group itself,
        when none leaves fewer than 2 cards)."""
        if size - group.most >= 2:
            groups.append(group)
            return
        target = group.target
        kept: list[Action] = []
        for action in group.actions:
            cards = action.cards
            if size - len(cards) >= 2 or self._leaves_ok(seat, size - len(cards), cards, None, target):
                kept.append(action)
        if kept:
            groups.append(group.only(tuple(kept)))

    def _discardable(self, seat: int) -> list[int]:
        """The distinct cards ``seat`` may discard now (the logic of :meth:`verify_discard`)."""
        picked, had_copy = self.one_card_pick
        cards = self._summary(seat).distinct(self.hands[seat])
        if picked >= 0 and not had_copy and picked in cards:
            cards.remove(picked)
        if self.hand_sizes[seat] == 1 and not self.pozzetto_available(self.side_of[seat]):
            cards = [k for k in cards if not self._closing_block(seat, k)]
        return cards

    # ----------------------------------------------------------------- clone
    def clone(self) -> Hand:
        """A cheap independent copy (no deepcopy: melds are immutable and shared)."""
        return Hand(self.rules, self.dealer, _NO_CARDS, _NO_CARDS, [], [], copy_of=self)


def _name(card: int) -> str:
    return format_card(card) if 0 <= card < NUM_KINDS else repr(card)


__all__ = [
    "DEFAULT_RULES",
    "DISCARD_ACTIONS",
    "HAND_CARDS",
    "STATE_FIELDS",
    "Hand",
    "HandState",
    "Phase",
]

assert DECK_SIZE == 108
