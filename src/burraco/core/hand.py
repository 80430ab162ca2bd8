"""The hand (smazzata) state machine: deal, take → play → discard, pozzetti, closing, end of stock.

Every action is a trio in the manner of pokerkit: ``verify_x()`` raises
:class:`~burraco.core.errors.IllegalActionError` citing RULES.md, ``can_x()`` returns a bool,
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
from typing import Final, Literal

from burraco.core.actions import DRAW, PICKUP, Action, Record
from burraco.core.cards import DECK_SIZE, IS_WILD, NUM_KINDS, counts_of, format_card, format_cards, full_deck
from burraco.core.citation import cite
from burraco.core.errors import IllegalActionError, IllegalMeldError
from burraco.core.generate import play_chunks
from burraco.core.legal import PlayGroup, play_group
from burraco.core.legal_view import LegalView
from burraco.core.melds import Meld, attach_or_reason, combination_conflict, meld_or_reason
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.rng import SplitMix64
from burraco.core.scoring import SideScore, score_side
from burraco.core.summary import HandSummary

Phase = Literal["take", "play", "over"]
HAND_CARDS: Final = 11
DEFAULT_RULES: Final = Rules()
POZZETTO_WITH_DISCARD: Final = "with the discard"
"""The detail of the record of a pozzetto taken with the discard that emptied the hand (§6)."""
DISCARD_ACTIONS: Final = tuple(Action("discard", (card,)) for card in range(NUM_KINDS))
_CLOSE_NO_POZZETTO: Final = 1
_CLOSE_NO_BURRACO: Final = 2
_CLOSE_WILDCARD: Final = 3
_CLOSE_PICKED_ALONE: Final = 4
_CLOSE_OPPONENT_WAITING: Final = 5
"""Why a last card cannot close the hand (§6.1, §6.2, §6.4, §6.5, §6.6): codes for the listing,
worded by :meth:`Hand._closing_text` only when a player asks."""
_LEAVES_EMPTY: Final = 10
_LEAVES_PICKED_ALONE: Final = 11
"""A play that empties the hand with no pozzetto left (§3, §6), or leaves only the card picked up
alone this turn (Art. 19)."""
def _fail(message: str) -> IllegalActionError:
    return IllegalActionError(message)


STATE_FIELDS: Final = (
    "closed_by",
    "dealer",
    "discard_pile",
    "end_reason",
    "first_turn_done",
    "hand_sizes",
    "hands",
    "known",
    "log",
    "melds",
    "must_draw",
    "next_pozzetto",
    "one_card_pick",
    "phase",
    "players",
    "pozzetti",
    "pozzetto_of_side",
    "rules",
    "side_of",
    "solo_seat",
    "stock",
    "time_out_last",
    "to_play",
    "turns",
    "turns_without_stock",
    "visible_logs",)
"""Every attribute of a hand's state (its slots; :func:`burraco.core.history.snapshot` reads them)."""


class Hand:
    """One hand of Burraco for 2, 3 or 4 players. Seats play clockwise: 0, 1, 2, 3.

    With 4 players seats 0 and 2 (North-South) form side 0, seats 1 and 3 side 1; with 2 players
    each seat is a side; with 3 players each seat starts as its own side (RULES.md §9).
    """

    __slots__ = (*STATE_FIELDS, "_owned", "_summaries", "_summary_of")

    def __init__(self, rules: Rules, dealer: int, hands: list[list[int]], pozzetti: list[list[int]],
                 discard: list[int], stock: list[int], *, copy_of: Hand | None = None) -> None:
        """Build a hand from an explicit deal. ``stock`` lists cards from the top down.

        ``copy_of`` (used by :meth:`clone`) copies that hand's state instead and ignores the deal:
        compiled classes cannot be created without ``__init__``."""
        if copy_of is not None:
            self._copy_state(copy_of)
            return
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.hands = [counts_of(h) for h in hands]
        self._summaries = [HandSummary(h) for h in self.hands]
        """Per seat, the generator's masks and codes of ``hands[seat]``, kept up card by card,
        shared with clones until written (``_owned``: bit per seat this hand may write)."""
        self._summary_of = self.hands[:]
        """Per seat, the very list its summary describes (a list replaced from outside is noticed)."""
        self._owned = (1 << self.players) - 1
        self.hand_sizes = [len(h) for h in hands]
        self.pozzetti = [list(p) for p in pozzetti]
        self.pozzetto_of_side: dict[int, int] = {}
        self.next_pozzetto = 0
        self.discard_pile = list(discard)
        self.stock = list(reversed(stock))  # the top of the stock is the end of the list
        self.side_of = _initial_sides(self.players)
        self.solo_seat = -1
        self.melds: list[list[Meld]] = [[] for _ in range(max(self.side_of) + 1)]
        self.known = [[0] * NUM_KINDS for _ in range(self.players)]
        self.to_play = (dealer + 1) % self.players
        self.phase: Phase = "take"
        self.turns = 0
        self.turns_without_stock = 0
        self.must_draw = False
        self.one_card_pick = (-1, False)
        self.first_turn_done = [False] * self.players
        self.closed_by = -1
        self.end_reason = ""
        self.time_out_last = -1
        self.log = RecordLog()
        self.visible_logs = [RecordLog() for _ in range(self.players + 1)]
        """Per seat (the last one: a spectator), the log as that seat may see it (RULES.md §5)."""
        self._check_deal()

    # ----------------------------------------------------------------- dealing (§2)
    @classmethod
    def deal(cls, players: int = 4, seed: int = 0, dealer: int = 0, rules: Rules | None = None,
             pozzetto_sizes: Sequence[int] | None = None) -> Hand:
        """Deal a hand from a seed by the procedure of RULES.md §2 (reproducible everywhere).

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
    def from_deck(cls, deck: Sequence[int], rules: Rules, dealer: int = 0,
                  pozzetto_sizes: Sequence[int] | None = None) -> Hand:
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

    def _check_deal(self) -> None:
        if not 0 <= self.dealer < self.players:
            raise _fail(f"dealer must be a seat from 0 to {self.players - 1}")
        if len(self.hands) != self.players:
            raise _fail(f"{self.players} players need {self.players} hands")
        total = [0] * NUM_KINDS
        for zone in (*self.hands, counts_of(self.stock), counts_of(self.discard_pile),
                     *(counts_of(p) for p in self.pozzetti)):
            for k in range(NUM_KINDS):
                total[k] += zone[k]
        if total != counts_of(full_deck()):
            raise _fail(f"the deal does not hold exactly the 108 cards of two decks ({cite('1')})")

    # ----------------------------------------------------------------- queries
    def side(self, seat: int) -> int:
        return self.side_of[seat]

    def seats_of_side(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side_of[s] == side]

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def set_hand(self, seat: int, counts: list[int]) -> None:
        """Replace a seat's count vector (``hand_sizes`` is the caller's to keep right): the way
        to write ``hands[seat]`` from outside (determinization); the hand keeps the list."""
        self.hands[seat] = counts
        self._summaries[seat] = HandSummary(counts)
        self._summary_of[seat] = counts
        self._owned |= 1 << seat

    def _summary(self, seat: int) -> HandSummary:
        """The summary of ``hands[seat]`` to read, rebuilt if the list was replaced from outside."""
        counts = self.hands[seat]
        if self._summary_of[seat] is not counts:
            self.set_hand(seat, counts)
        return self._summaries[seat]

    def _own_summary(self, seat: int) -> HandSummary:
        """The summary of ``hands[seat]`` to write: copied first if it is shared with a clone."""
        summary = self._summary(seat)
        if not self._owned >> seat & 1:
            summary = self._summaries[seat] = summary.copy()
            self._owned |= 1 << seat
        return summary

    def hand_cards(self, seat: int) -> list[int]:
        """The cards of a seat's hand, sorted by card id."""
        counts = self.hands[seat]
        return [k for k in range(NUM_KINDS) for _ in range(counts[k])]

    @property
    def num_sides(self) -> int:
        return max(self.side_of) + 1

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def side_took_pozzetto(self, side: int) -> bool:
        return side in self.pozzetto_of_side

    def pozzetto_available(self, side: int) -> bool:
        """The side has not taken a pozzetto and one is left (§5)."""
        return side not in self.pozzetto_of_side and self.next_pozzetto < len(self.pozzetti)

    def card_count(self) -> int:
        """All cards in every zone: always 108 (the invariant the fuzzer checks)."""
        untaken = sum(len(p) for p in self.pozzetti[self.next_pozzetto :])
        in_melds = sum(len(m.cards) for side in self.melds for m in side)
        return sum(self.hand_sizes) + len(self.stock) + len(self.discard_pile) + untaken + in_melds

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
        return self._record(seat, "draw", (card,), private=True)

    def verify_pickup(self) -> None:
        self._verify_phase("take", "pick up the discard pile")
        if not self.discard_pile:
            raise _fail(f"the discard pile is empty: draw from the stock ({cite('3')})")
        if self.must_draw:
            raise _fail(f"nobody drew from the stock for {self.rules.stall_rounds} full rounds: this turn "
                        f"must draw from the stock ({cite('3')}, stall rule)")

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
        return self._record(seat, "pickup", pile)

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
        record = self._record(seat, "meld", tuple(new.cards), len(side_melds) - 1)
        self._after_play(seat)
        return record

    def verify_attach(self, target: int, cards: Sequence[int]) -> Meld:
        """Check attaching cards to the side's meld number ``target``; return the resulting meld."""
        self._verify_phase("play", "attach")
        seat = self.to_play
        side_melds = self.melds[self.side_of[seat]]
        if not 0 <= target < len(side_melds):
            raise _fail(f"your side has no meld number {target} (it has {len(side_melds)}): you may attach only "
                        f"to your own side's melds ({cite('3')})")
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
        record = self._record(seat, "attach", tuple(cards), target)
        self._after_play(seat)
        return record

    def _after_play(self, seat: int) -> None:
        if self.hand_sizes[seat] == 0:
            self._take_pozzetto(seat, "on the fly")

    # ----------------------------------------------------------------- discard (§3.3, §5, §6, §7)
    def verify_discard(self, card: int) -> None:
        self._verify_phase("play", "discard")
        seat = self.to_play
        if not 0 <= card < NUM_KINDS or self.hands[seat][card] == 0:
            raise _fail(f"{_name(card)} is not in your hand")
        picked, had_copy = self.one_card_pick
        if card == picked and not had_copy:
            raise _fail(f"you picked up {format_card(card)} alone from the discard pile: you may not discard it "
                        f"this turn ({cite('3')}, Art. 19)")
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
        record = self._record(seat, "discard", (card,))
        if self.hand_sizes[seat] == 0:
            if self.pozzetto_available(self.side_of[seat]):
                self._take_pozzetto(seat, POZZETTO_WITH_DISCARD)
            else:
                self._close(seat)
                return record
        self._end_turn(seat)
        return record

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

    # ----------------------------------------------------------------- time-out (§10, Art. 28)
    def call_time_out(self) -> Record:
        """The turn's time ran out: the player now playing finishes, then play goes on until the player
        on their right (who played just before them) has played; that discard ends the hand."""
        if self.phase == "over":
            raise _fail("the hand is over: no time-out to call")
        if self.time_out_last >= 0:
            raise _fail("time-out has already been called in this hand")
        self.time_out_last = (self.to_play - 1) % self.players
        return self._record(self.to_play, "timeout", (), self.time_out_last, "time-out called (Art. 28)")

    # ----------------------------------------------------------------- scoring (§8)
    def scores(self) -> list[SideScore]:
        """Each side's §8 breakdown (provisional while the hand is being played)."""
        result = []
        for side in range(self.num_sides):
            seats = self.seats_of_side(side)
            cards = [c for s in seats for c in self.hand_cards(s)]
            closed = self.closed_by in seats
            result.append(score_side(self.melds[side], cards, self.side_took_pozzetto(side), closed, self.rules))
        return result

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
        made = meld_or_reason(action.cards, self.rules) if kind == "meld" else attach_or_reason(
            self.melds[self.side_of[self.to_play]][action.target], action.cards, self.rules)
        if isinstance(made, str):  # pragma: no cover - legal_actions lists only legal plays
            raise _fail(made)
        if kind == "meld":
            return self._meld(made, action.cards)
        return self._attach(made, action.target, action.cards)

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
        meld_chunks, attach_chunks = play_chunks(self.hands[seat], (summary.masks, summary.codes),
                                                 self.melds[self.side_of[seat]], self.rules)
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

    # ----------------------------------------------------------------- internals
    def _leaves_ok(self, seat: int, left: int, cards: Sequence[int], new: Meld | None, target: int) -> bool:
        if new is None:
            side_melds = self.melds[self.side_of[seat]]
            made = meld_or_reason(cards, self.rules) if target < 0 else attach_or_reason(
                side_melds[target], cards, self.rules)
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
            raise _fail("you must keep a card to discard: your side has already taken its pozzetto "
                        f"({cite('3', '6')})")
        remaining = self._last_card_after(seat, made, target)
        if block == _LEAVES_PICKED_ALONE:
            raise _fail(f"this would leave you only {format_card(remaining)}, picked up alone from the discard pile, "
                        f"which you may not discard this turn ({cite('3')}, Art. 19)")
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
                raise _fail(f"{format_card(c)} is not in your hand" if counts[c] == 0
                            else f"you hold only {counts[c]} {format_card(c)}")

    @staticmethod
    def _can(verify: object, *args: object) -> bool:
        try:
            verify(*args)  # type: ignore[operator]
        except (IllegalActionError, IllegalMeldError):
            return False
        return True

    def _add_to_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        summary = self._own_summary(seat)
        counts = self.hands[seat]
        for c in cards:
            summary.add(counts, c)
        self.hand_sizes[seat] += len(cards)

    def _add_card(self, seat: int, card: int) -> None:
        """:meth:`_add_to_hand` of one card (a draw), with no tuple to build and walk."""
        self._own_summary(seat).add(self.hands[seat], card)
        self.hand_sizes[seat] += 1

    def _remove_from_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        for c in cards:
            self._remove_card(seat, c)

    def _remove_card(self, seat: int, card: int) -> None:
        self._own_summary(seat).remove(self.hands[seat], card)
        known = self.known[seat]
        if known[card]:
            known[card] -= 1
        self.hand_sizes[seat] -= 1

    def _record(self, seat: int, kind: str, cards: tuple[int, ...], target: int = -1, detail: str = "",
                private: bool = False) -> Record:
        record = Record(len(self.log), seat, kind, cards, target, detail, private)
        self.log.append(record)
        if private:
            hidden = record.public()
            for viewer, log in enumerate(self.visible_logs):
                log.append(record if viewer == seat else hidden)
        else:
            for log in self.visible_logs:
                log.append(record)
        return record

    def _take_pozzetto(self, seat: int, how: str) -> None:
        side = self.side_of[seat]
        index = self.next_pozzetto
        self.next_pozzetto += 1
        self.pozzetto_of_side[side] = index
        cards = self.pozzetti[index]
        self._add_to_hand(seat, tuple(cards))
        self._record(seat, "pozzetto", tuple(cards), index, how, private=True)
        if self.players == 3 and self.solo_seat < 0 and len(self.pozzetti[0]) > HAND_CARDS:
            self._form_pair(seat)  # the first pozzetto taken, even if the 18 went under the stock (§7, §9)

    def _form_pair(self, solo: int) -> None:
        """§9: the first to take the 18-card pozzetto plays alone; the other two become one side."""
        self.solo_seat = solo
        others = [s for s in range(3) if s != solo]
        pair_melds = self.melds[self.side_of[others[0]]] + self.melds[self.side_of[others[1]]]
        solo_melds = self.melds[self.side_of[solo]]
        taken = self.pozzetto_of_side[self.side_of[solo]]
        self.side_of = [0 if s == solo else 1 for s in range(3)]
        self.melds = [solo_melds, pair_melds]
        self.pozzetto_of_side = {0: taken}

    def _close(self, seat: int) -> None:
        self.closed_by = seat
        self.first_turn_done[seat] = True
        self._finish("closed", seat)

    def _end_turn(self, seat: int) -> None:
        self.first_turn_done[seat] = True
        self.one_card_pick = (-1, False)
        self.turns += 1
        if len(self.stock) <= 2:
            if self.rules.leftover_pozzetto_to_stock and self._leftover_to_stock():
                pass
            else:
                self._finish("stock exhausted", seat)
                return
        if seat == self.time_out_last:
            self._finish("time-out", seat)
            return
        if self.turns >= self.rules.max_turns:
            self._finish("turn cap reached", seat)
            return
        self.to_play = (seat + 1) % self.players
        self.must_draw = self.turns_without_stock >= self.rules.stall_rounds * self.players
        self.phase = "take"

    def _leftover_to_stock(self) -> bool:
        """§7 option: the first untaken pozzetto goes under the stock."""
        index = self.next_pozzetto
        if index >= len(self.pozzetti):
            return False
        self.stock[0:0] = list(reversed(self.pozzetti[index]))
        self.next_pozzetto += 1
        self._record(-1, "pozzetto", (), index, "to the stock")
        return True

    def _finish(self, reason: str, seat: int) -> None:
        self.phase = "over"
        self.end_reason = reason
        self._record(seat, "close" if reason == "closed" else "end", (), -1, reason)

    # ----------------------------------------------------------------- clone
    def clone(self) -> Hand:
        """A cheap independent copy (no deepcopy: melds are immutable and shared)."""
        return Hand(self.rules, self.dealer, _NO_CARDS, _NO_CARDS, [], [], copy_of=self)

    def _copy_state(self, other: Hand) -> None:
        self.rules = other.rules
        self.players = other.players
        self.dealer = other.dealer
        self.hands = [h[:] for h in other.hands]
        self._summaries = other._summaries[:]  # shared until written (copy on write)
        self._summary_of = self.hands[:]
        theirs, of = other.hands, other._summary_of
        for seat in range(len(theirs)):
            if of[seat] is not theirs[seat]:  # replaced from outside and not rescanned yet
                self._summary_of[seat] = _NO_CARDS_LIST
        self._owned = 0
        other._owned = 0
        self.hand_sizes = other.hand_sizes[:]
        self.pozzetti = other.pozzetti  # never mutated after the deal: shared
        self.pozzetto_of_side = dict(other.pozzetto_of_side)
        self.next_pozzetto = other.next_pozzetto
        self.discard_pile = other.discard_pile[:]
        self.stock = other.stock[:]
        self.side_of = other.side_of[:]
        self.solo_seat = other.solo_seat
        self.melds = [m[:] for m in other.melds]
        self.known = [k[:] for k in other.known]
        self.to_play = other.to_play
        self.phase = other.phase
        self.turns = other.turns
        self.turns_without_stock = other.turns_without_stock
        self.must_draw = other.must_draw
        self.one_card_pick = other.one_card_pick
        self.first_turn_done = other.first_turn_done[:]
        self.closed_by = other.closed_by
        self.end_reason = other.end_reason
        self.time_out_last = other.time_out_last
        self.log = other.log.share()  # the logs are shared until one side appends (recordlog.py)
        self.visible_logs = [log.share() for log in other.visible_logs]


_NO_CARDS: Final[list[list[int]]] = []
_NO_CARDS_LIST: Final[list[int]] = []
"""Stands for "no list": a summary marked so is rebuilt on first use."""


def _initial_sides(players: int) -> list[int]:
    if players == 4:
        return [0, 1, 0, 1]
    return list(range(players))


def _name(card: int) -> str:
    return format_card(card) if 0 <= card < NUM_KINDS else repr(card)


assert DECK_SIZE == 108
