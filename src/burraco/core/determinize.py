"""Determinization: complete a seat's partial view into a full hand (for search bots).

A *determinization* for ``seat`` is a full :class:`~burraco.core.hand.Hand` that agrees with
everything ``seat`` may see (``observe(determinized, seat) == observe(hand, seat)``) and in which
every card hidden from the seat — the other players' hands except the cards they are publicly
known to hold (``hand.known``), the stock and the untaken pozzetti — is resampled uniformly at
random from the multiset of cards the seat cannot see, with every zone keeping its size.

Nothing hidden survives: the pool is built in card-id order from a count vector, so the result
depends only on the public information, the seat's own cards and ``rng``; the copies of the
pozzetti taken by other seats and the other seats' private log entries are replaced too.

>>> import random
>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=3)
>>> det = determinize(hand, 0, random.Random(1))
>>> observe(det, 0) == observe(hand, 0), det.card_count(), det.hands[1] == hand.hands[1]
(True, 108, False)
>>> again = sample_hand_from_view(observe(hand, 0), hand.rules, random.Random(1))
>>> observe(again, 0) == observe(hand, 0)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from burraco.core.actions import Record
from burraco.core.cards import COPIES, DECK_SIZE, NUM_KINDS, counts_of
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.view import Observation


class DeterminizationError(BurracoError):
    """A view whose hidden zones cannot be filled from the unseen cards (an inconsistent view)."""


def _pool_list(pool: Sequence[int]) -> list[int]:
    """The multiset of a count vector as a list in card-id order (canonical: no hidden order leaks)."""
    cards: list[int] = []
    for kind in range(NUM_KINDS):
        n = pool[kind]
        if n:
            cards.extend([kind] * n)
    return cards


def _fill(hand: Hand, seat: int, cards: list[int], taken_by_others: Sequence[int]) -> None:
    """Deal the shuffled unseen ``cards`` into the hidden zones of ``hand`` (sizes kept)."""
    top = 0
    for other in range(hand.players):
        if other == seat:
            continue
        counts = hand.known[other][:]
        hidden = hand.hand_sizes[other] - sum(counts)
        for c in cards[top : top + hidden]:
            counts[c] += 1
        top += hidden
        hand.set_hand(other, counts)
    stock_size = len(hand.stock)
    hand.stock = cards[top : top + stock_size]
    top += stock_size
    pozzetti = list(hand.pozzetti)
    for index in range(hand.next_pozzetto, len(pozzetti)):
        size = len(pozzetti[index])
        pozzetti[index] = cards[top : top + size]
        top += size
    if top != len(cards):
        raise DeterminizationError(f"{len(cards)} unseen cards for {top} hidden places")
    # A pozzetto taken by another seat is in that seat's hand (or melded) now: its stored copy is
    # history only, and hidden from ``seat``; keep its size with placeholder cards from the pool.
    for index in taken_by_others:
        size = len(pozzetti[index])
        pozzetti[index] = cards[:size] if size <= len(cards) else list(cards)
    hand.pozzetti = pozzetti


def _scrub_logs(hand: Hand, seat: int, seat_log: RecordLog) -> None:
    """Give every other viewer (and the full log) only what ``seat`` may see.

    A log that shows no private card but ``seat``'s (a hand already sampled for ``seat``) is
    ``seat``'s view already: the hand's logs are kept (shared with its source, nothing copied)."""
    if not hand.log.secret_seats & ~(1 << seat):
        return
    _set_logs(hand, seat, seat_log)


def _set_logs(hand: Hand, seat: int, seat_log: RecordLog) -> None:
    """The hand's logs become ``seat_log`` (for ``seat`` and the full log) and its public form."""
    public = RecordLog(r.public() for r in seat_log)
    hand.log = seat_log.share()
    hand.visible_logs = [seat_log.share() if viewer == seat else public.share() for viewer in range(hand.players)]
    hand.visible_logs.append(public)


def _own_pozzetti(log: Iterable[Record], seat: int) -> set[int]:
    """Indexes of the pozzetti ``seat`` itself took (it saw their cards)."""
    return {r.target for r in log if r.kind == "pozzetto" and r.seat == seat}


def _taken_by_others(hand: Hand, seat: int, log: Iterable[Record]) -> list[int]:
    own = _own_pozzetti(log, seat)
    return [i for i in range(min(hand.next_pozzetto, len(hand.pozzetti))) if i not in own]


def determinize(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A clone of ``hand`` in which every card hidden from ``seat`` is resampled uniformly.

    Kept: the seat's own hand, every meld, the discard pile, every zone's size, the cards each
    seat is publicly known to hold, the pozzetti the seat took itself, and the seat's log.
    """
    if not 0 <= seat < hand.players:
        raise DeterminizationError(f"seat must be from 0 to {hand.players - 1}, not {seat}")
    new = hand.clone()
    pool = [0] * NUM_KINDS
    for other in range(hand.players):
        if other == seat:
            continue
        counts, known = hand.hands[other], hand.known[other]
        for k in range(NUM_KINDS):
            n = counts[k] - known[k]
            if n:
                pool[k] += n
    for zone in (hand.stock, *hand.pozzetti[hand.next_pozzetto :]):
        for c in zone:
            pool[c] += 1
    cards = _pool_list(pool)
    rng.shuffle(cards)
    seat_log = hand.visible_logs[seat]
    _fill(new, seat, cards, _taken_by_others(hand, seat, seat_log))
    _scrub_logs(new, seat, seat_log)
    return new


def unseen_counts(view: Observation) -> list[int]:
    """Count vector of the cards ``view.seat`` cannot see (others' unknown cards, stock, pozzetti)."""
    if view.seat is None:
        raise DeterminizationError("a spectator's view cannot be determinized from one seat")
    pool = list(COPIES)
    seen: list[int] = list(view.hand) + list(view.discard_pile)
    for side in view.melds:
        for meld in side:
            seen.extend(meld.cards)
    for other, known in enumerate(view.known_cards):
        if other != view.seat:
            seen.extend(known)
    for c in seen:
        pool[c] -= 1
        if pool[c] < 0:
            raise DeterminizationError("the view shows more copies of a card than the deck holds")
    return pool


def sample_hand_from_view(view: Observation, rules: Rules, rng: random.Random) -> Hand:
    """A full hand consistent with ``view`` (``observe(result, view.seat) == view``).

    Hidden cards are dealt uniformly from :func:`unseen_counts`; the counters the view does not
    hold directly (turns, the stall streak, who played a turn, the taken pozzetti) are rebuilt
    from the view's log.
    """
    seat = view.seat
    if seat is None:
        raise DeterminizationError("a spectator's view cannot be determinized from one seat")
    if rules.players != view.players:
        rules = rules.replace(players=view.players)
    log = view.log
    hand = Hand.deal(players=view.players, seed=0, dealer=view.dealer, rules=rules)
    taken = [r.target for r in log if r.kind == "pozzetto" and r.target >= 0]
    next_pozzetto = max(taken) + 1 if taken else 0
    own_pozzetti = {r.target: list(r.cards) for r in log if r.kind == "pozzetto" and r.seat == seat}
    pozzetti: list[list[int]] = [own_pozzetti.get(i, [0] * 11) for i in range(next_pozzetto)]
    pozzetti.extend([0] * size for size in view.pozzetto_sizes)
    hand.pozzetti = pozzetti
    hand.next_pozzetto = next_pozzetto
    hand.pozzetto_of_side = dict(view.pozzetto_of_side)
    hand.side_of = list(view.side_of)
    hand.solo_seat = view.side_of.index(0) if view.players == 3 and len(set(view.side_of)) == 2 else -1
    hand.melds = [list(side) for side in view.melds]
    hand.discard_pile = list(view.discard_pile)
    hand.known = [counts_of(k) for k in view.known_cards]
    for s in range(view.players):
        hand.set_hand(s, counts_of(view.hand) if s == seat else [0] * NUM_KINDS)
    hand.hand_sizes = list(view.hand_sizes)
    hand.stock = [0] * view.stock_size
    hand.to_play = view.to_play
    hand.phase = view.phase
    hand.must_draw = view.must_draw
    hand.end_reason = view.end_reason
    _rebuild_counters(hand, view, log)
    cards = _pool_list(unseen_counts(view))
    rng.shuffle(cards)
    _fill(hand, seat, cards, [i for i in range(next_pozzetto) if i not in own_pozzetti])
    _set_logs(hand, seat, log)
    if hand.card_count() != DECK_SIZE:
        raise DeterminizationError(f"the sampled hand holds {hand.card_count()} cards, not {DECK_SIZE}")
    return hand


def _rebuild_counters(hand: Hand, view: Observation, log: Iterable[Record]) -> None:
    turns = 0
    streak = 0
    first_done = [False] * view.players
    closed_by = -1
    time_out_last = -1
    turn_pick = (-1, False)
    for r in log:
        if r.kind == "discard":
            first_done[r.seat] = True
            turns += 1
            turn_pick = (-1, False)
        elif r.kind == "draw":
            streak = 0
        elif r.kind == "pickup":
            streak += 1
            turn_pick = (r.cards[0], False) if len(r.cards) == 1 else (-1, False)
        elif r.kind == "close":
            closed_by = r.seat
        elif r.kind == "timeout":
            time_out_last = r.target
    if closed_by >= 0:
        turns -= 1  # the closing discard does not end a turn in the engine's count
    hand.turns = turns
    hand.turns_without_stock = streak
    hand.first_turn_done = first_done
    hand.closed_by = closed_by
    hand.time_out_last = time_out_last
    if view.to_play == view.seat:
        hand.one_card_pick = (view.one_card_pick, False) if view.one_card_pick >= 0 else (-1, False)
    else:
        hand.one_card_pick = turn_pick if hand.phase == "play" else (-1, False)
