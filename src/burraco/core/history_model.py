"""Hand histories as data: the deal, the :class:`HandHistory` of its steps (``history_step.py``), its
exact replay and its text (docs/rules.md §2, §3).

The text format (``docs/hand-history.md``) is written here, by :func:`format_history` (which
:meth:`HandHistory.to_text` calls), and read by :mod:`burraco.core.history_read`;
:func:`burraco.core.history_write.write_history` writes a :class:`Hand`'s history.
:mod:`burraco.core.history` gathers the whole public interface.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from burraco.core.actions import Record, RecordDetail, RecordKind
from burraco.core.cards import NUM_KINDS, format_cards, full_deck, sort_key
from burraco.core.errors import BurracoError, HistoryError
from burraco.core.hand import Hand
from burraco.core.history_step import (
    ReplayError,
    Step,
    apply_step,
    snapshot,
    step_refusal,
    steps_from_log,
)
from burraco.core.options import PRESETS, Rules
from burraco.core.options import preset as rules_preset

FORMAT_NAME: Final = "burraco-history"
FORMAT_VERSION: Final = 1
_HEADER_KEYS: Final = (
    "rules",
    "option",
    "players",
    "name",
    "dealer",
    "seed",
    "pozzetti",
    "hand",
    "pozzetto",
    "pile",
    "stock",
    "actions",
)


@dataclass(frozen=True, slots=True)
class Deal:
    """Every zone of a hand before its first action. ``pile`` is bottom first, ``stock`` top first;
    the cards of a hand are kept sorted by card id (their order does not matter to the engine)."""

    hands: tuple[tuple[int, ...], ...]
    pozzetti: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    stock: tuple[int, ...]

    @staticmethod
    def of(
        hands: Iterable[Iterable[int]], pozzetti: Iterable[Iterable[int]], pile: Iterable[int], stock: Iterable[int]
    ) -> Deal:
        """A deal with the hands put in canonical (card-id) order."""
        return Deal(
            tuple(tuple(sorted(h)) for h in hands), tuple(tuple(p) for p in pozzetti), tuple(pile), tuple(stock)
        )

    @staticmethod
    def of_fresh_hand(hand: Hand) -> Deal:
        """The deal of a hand on which no action was played yet."""
        if hand.log:
            raise HistoryError("the hand has been played: use initial_deal() to rebuild its deal")
        return Deal.of(
            (hand.hand_cards(s) for s in range(hand.players)), hand.pozzetti, hand.discard_pile, reversed(hand.stock)
        )

    def new_hand(self, rules: Rules, dealer: int) -> Hand:
        """A hand dealt exactly like this (raises :class:`IllegalActionError` for a wrong deal)."""
        return Hand(
            rules,
            dealer,
            [list(h) for h in self.hands],
            [list(p) for p in self.pozzetti],
            list(self.pile),
            list(self.stock),
        )

    def card_total(self) -> int:
        return sum(map(len, self.hands)) + sum(map(len, self.pozzetti)) + len(self.pile) + len(self.stock)


@dataclass(frozen=True, slots=True)
class HandHistory:
    """A hand as data: rules, dealer, the deal (``seed`` or an explicit :class:`Deal`) and the steps.

    ``preset`` names the rules preset the options are written against; ``pozzetto_sizes`` changes
    the pozzetti of a seeded deal (e.g. ``(11, 11, 11)`` for the later 3-player hands of §9);
    ``names`` optionally names the seats.
    """

    rules: Rules
    dealer: int
    seed: int | None = None
    deal: Deal | None = None
    steps: tuple[Step, ...] = ()
    preset: str = "fibur"
    pozzetto_sizes: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return self.rules.players

    def new_hand(self) -> Hand:
        """The hand as dealt, before any action (raises a :class:`BurracoError` for a bad deal)."""
        if (self.seed is None) == (self.deal is None):
            raise HistoryError("a history needs exactly one of a seed and an explicit deal")
        if self.deal is not None:
            return self.deal.new_hand(self.rules, self.dealer)
        assert self.seed is not None
        check_sizes(self.players, self.pozzetto_sizes)
        if not 0 <= self.dealer < self.players:
            raise HistoryError(f"dealer must be a seat from 0 to {self.players - 1}, not {self.dealer}")
        return Hand.deal(self.players, self.seed, self.dealer, self.rules, self.pozzetto_sizes)

    def replay(self, stop: int | None = None) -> Hand:
        """The hand after every step (or the first ``stop`` steps); see :func:`replay`."""
        return replay(self, stop)

    def with_steps(self, steps: Iterable[Step]) -> HandHistory:
        """A copy holding ``steps`` instead."""
        return dataclasses.replace(self, steps=tuple(steps))

    def to_text(self, annotate: bool = True) -> str:
        """The history in the text format (``annotate`` adds comment lines for events and scores)."""
        return format_history(self, annotate)

    @staticmethod
    def from_hand(
        hand: Hand, *, seed: int | None = None, preset: str | None = None, names: Sequence[str] = ()
    ) -> HandHistory:
        """The history of a (played or fresh) hand, its deal rebuilt from the log (:func:`initial_deal`).

        With ``seed``, the deal is written as that seed, checked to deal exactly this hand.
        ``preset`` defaults to the preset closest to the hand's rules (:func:`nearest_preset`).
        """
        deal = initial_deal(hand)
        name = nearest_preset(hand.rules) if preset is None else preset.strip().lower()
        rules_preset(name)  # an unknown name raises UnknownPresetError naming the presets
        steps = steps_from_log(hand.log)
        history = HandHistory(hand.rules, hand.dealer, None, deal, steps, name, None, tuple(names))
        if seed is not None:
            sizes = tuple(len(p) for p in hand.pozzetti)
            seeded = HandHistory(
                hand.rules,
                hand.dealer,
                seed,
                None,
                steps,
                name,
                None if sizes == default_sizes(hand.players) else sizes,
                tuple(names),
            )
            if Deal.of_fresh_hand(seeded.new_hand()) != deal:
                raise HistoryError(f"seed {seed} with dealer {hand.dealer} does not deal this hand")
            history = seeded
        replayed = replay(history)
        if replayed.log != hand.log or snapshot(replayed) != snapshot(hand):
            raise HistoryError("the hand's history does not replay to the same state (please report this)")
        return history


def default_sizes(players: int) -> tuple[int, ...]:
    return (18, 11) if players == 3 else (11, 11)


def check_sizes(players: int, sizes: Sequence[int] | None) -> None:
    if sizes is None:
        return
    if not 1 <= len(sizes) <= 4 or any(s < 1 for s in sizes):
        raise HistoryError("pozzetti: give 1 to 4 positive sizes, e.g. 'pozzetti 11 11 11'")
    stock = len(full_deck()) - 11 * players - sum(sizes) - 1
    if stock < 3:
        raise HistoryError(f"pozzetti of {sum(sizes)} cards leave {stock} cards in the stock (at least 3 needed)")


def initial_deal(hand: Hand) -> Deal:
    """Rebuild the deal of ``hand`` by undoing its log from the current state, card by card.

    >>> from burraco.core.hand import Hand
    >>> hand = Hand.deal(players=4, seed=1)
    >>> fresh = Deal.of_fresh_hand(hand)
    >>> for _ in range(40):
    ...     _ = hand.apply(hand.legal_actions()[0])
    >>> initial_deal(hand) == fresh
    True
    """
    hands = [list(counts) for counts in hand.hands]
    stock = list(hand.stock)  # bottom first; the top is the end
    pile = list(hand.discard_pile)
    for record in reversed(hand.log):
        kind, seat, cards = record.kind, record.seat, record.cards
        if kind == RecordKind.DISCARD:
            if not pile or pile[-1] != cards[0]:
                raise HistoryError(f"log record {record.index} discards a card the pile does not show")
            pile.pop()
            _move(hands[seat], cards, +1)
        elif kind in (RecordKind.MELD, RecordKind.ATTACH):
            _move(hands[seat], cards, +1)
        elif kind == RecordKind.DRAW:
            _move(hands[seat], cards, -1)
            stock.append(cards[0])
        elif kind == RecordKind.PICKUP:
            _move(hands[seat], cards, -1)
            pile = list(cards)
        elif kind == RecordKind.POZZETTO and record.detail == RecordDetail.TO_THE_STOCK:
            size = len(hand.pozzetti[record.target])
            del stock[:size]
        elif kind == RecordKind.POZZETTO:
            _move(hands[seat], cards, -1)
    for counts in hands:
        if min(counts) < 0:
            raise HistoryError("the hand's log does not account for its cards")
    zones = [[k for k in range(NUM_KINDS) for _ in range(counts[k])] for counts in hands]
    return Deal.of(zones, hand.pozzetti, pile, reversed(stock))


def _move(counts: list[int], cards: Sequence[int], sign: int) -> None:
    for c in cards:
        counts[c] += sign


def nearest_preset(rules: Rules) -> str:
    """The preset from which ``rules`` differ in the fewest options (the first one on a tie).

    >>> nearest_preset(rules_preset("portal", joker_value=25)), nearest_preset(Rules(players=2))
    ('portal', 'fibur')
    """
    return min(PRESETS, key=lambda name: len(option_changes(PRESETS[name], rules)))


def option_changes(base: Rules, rules: Rules) -> dict[str, object]:
    """The options (other than ``players``) whose value in ``rules`` differs from ``base``."""
    return {
        f.name: getattr(rules, f.name)
        for f in dataclasses.fields(Rules)
        if f.name != "players" and getattr(rules, f.name) != getattr(base, f.name)
    }


def replay(history: HandHistory, stop: int | None = None) -> Hand:
    """Deal the hand and apply every step in order (or the first ``stop`` steps).

    Each step must be played by the seat whose turn it is; a ``draw`` or ``pickup`` that names its
    cards must name the cards the deal puts there. On an illegal step raise :class:`ReplayError`
    (its ``hand`` is the state just before that step). A bad deal raises a :class:`HistoryError`.
    """
    try:
        hand = history.new_hand()
    except HistoryError:
        raise
    except BurracoError as error:
        raise HistoryError(f"the deal is not valid: {error}") from None
    steps = history.steps if stop is None else history.steps[:stop]
    for index, step in enumerate(steps):
        reason = step_refusal(hand, step)
        if reason:
            raise ReplayError(index, step, reason, hand)
        try:
            apply_step(hand, step)
        except BurracoError as error:
            raise ReplayError(index, step, str(error), hand) from None
    return hand


# --- the text format ---------------------------------------------------------------------------


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def format_history(history: HandHistory, annotate: bool) -> str:
    """The text of ``history`` (``annotate``: ``#`` comment lines for events and the scores)."""
    lines = [f"{FORMAT_NAME} {FORMAT_VERSION}"]
    if annotate:
        lines.append("# a burraco hand history (docs/hand-history.md); lines starting with # are comments")
    lines.append(f"rules {history.preset}")
    base = PRESETS.get(history.preset, Rules())
    for name, value in option_changes(base, history.rules).items():
        lines.append(f"option {name} {_option_text(value)}")
    lines.append(f"players {history.players}")
    for seat, name in enumerate(history.names):
        if name.strip():
            lines.append(f"name {seat} {' '.join(name.split())}")
    lines.append(f"dealer {history.dealer}")
    if history.seed is not None:
        lines.append(f"seed {history.seed}")
        if history.pozzetto_sizes is not None:
            lines.append("pozzetti " + " ".join(str(s) for s in history.pozzetto_sizes))
    if history.deal is not None:
        deal = history.deal
        for seat, cards in enumerate(deal.hands):
            lines.append(f"hand {seat} {format_cards(sorted(cards, key=sort_key))}".rstrip())
        for index, cards in enumerate(deal.pozzetti):
            lines.append(f"pozzetto {index} {format_cards(cards)}".rstrip())
        lines.append(f"pile {format_cards(deal.pile)}".rstrip())
        lines.append(f"stock {format_cards(deal.stock)}".rstrip())
    lines.append("actions")
    events = _events_by_step(history) if annotate else {}
    for index, step in enumerate(history.steps):
        lines.append(str(step))
        lines.extend(events.get(index, ()))
    return "\n".join(lines) + "\n"


def _events_by_step(history: HandHistory) -> dict[int, list[str]]:
    """Comment lines to write after each step: pozzetti taken, the end, the scores."""
    try:
        hand = history.new_hand()
    except BurracoError:
        return {}
    comments: dict[int, list[str]] = {}
    applied = 0
    for index, step in enumerate(history.steps):
        start = len(hand.log)
        try:
            if step_refusal(hand, step):
                break
            apply_step(hand, step)
        except BurracoError:
            break
        applied += 1
        for record in hand.log[start + 1 :]:
            comments.setdefault(index, []).append(_event_text(record))
    if hand.is_over and applied:
        last = comments.setdefault(applied - 1, [])
        for side, score in enumerate(hand.scores()):
            seats = hand.seats_of_side(side)
            who = ("seats " if len(seats) > 1 else "seat ") + ", ".join(str(s) for s in seats)
            last.append(f"# side {side} ({who}): {score.total}")
    return comments


def _event_text(record: Record) -> str:
    if record.kind == "pozzetto" and record.seat < 0:
        return f"# pozzetto {record.target} goes under the stock"
    if record.kind == "pozzetto":
        return f"# seat {record.seat} takes pozzetto {record.target} {record.detail}"
    if record.kind == "close":
        return f"# seat {record.seat} closes the hand"
    return f"# end: {record.detail or record.kind}"
