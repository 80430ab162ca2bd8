"""The observation: one fixed-shape vector and one text view, built from a seat's :func:`observe`.

:func:`encode` is the only function that turns a hand into numbers for learning, and it reads
nothing but the :class:`~burraco.core.view.Observation` of the seat, so no hidden card can reach
it (tests/rl/test_observation.py changes every hidden card and checks nothing changes).

Seats and sides are *relative*: block 0 is the observing seat (or its side), then the next seats
clockwise. Every block is a count vector over the 53 card kinds unless said otherwise (docs/rl.md
lists the layout; :data:`LAYOUT` names each block and its width).

>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> vector = encode(observe(Hand.deal(players=2, seed=3), 0))
>>> vector.shape, vector.dtype, int(vector[:53].sum())
((719,), dtype('float32'), 11)
>>> print(text_view(observe(Hand.deal(players=2, seed=3), 0)).splitlines()[0])
seat 0 of 2, side 0, phase take, seat 1 to play
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from burraco.core.actions import EndReason
from burraco.core.cards import NUM_KINDS, format_cards
from burraco.core.options import Rules
from burraco.core.view import Observation
from burraco.rl.layout import LAYOUT, MAX_SEATS, MAX_SIDES, OFFSET, PHASES, SIZE, table_points

# the layout and the table points live in a NumPy-free module that mypyc compiles with the core
__all__ = [
    "LAYOUT",
    "MAX_SEATS",
    "MAX_SIDES",
    "OFFSET",
    "PHASES",
    "SIZE",
    "encode",
    "side_order",
    "table_points",
    "text_view",
]


def side_order(view: Observation) -> list[int]:
    """Sides in relative order: the observer's first, then by the first seat clockwise."""
    seat = view.seat or 0
    order: list[int] = []
    for k in range(view.players):
        side = view.side_of[(seat + k) % view.players]
        if side not in order:
            order.append(side)
    return order


def encode(view: Observation, rules: Rules | None = None) -> npt.NDArray[np.float32]:
    """The seat's observation as a float32 vector of length :data:`SIZE`."""
    seat = view.seat or 0
    n = view.players
    order = side_order(view)
    pile = view.discard_pile
    # every count block in one bincount: the position of each card in its block
    spots = list(view.hand)
    for k, side in enumerate(order):
        base = OFFSET["melds_by_side"] + k * NUM_KINDS
        spots.extend([base + c for m in view.melds[side] for c in m.cards])
    for k in range(n):
        known = view.known_cards[(seat + k) % n]
        if known:
            base = OFFSET["known_by_seat"] + k * NUM_KINDS
            spots.extend([base + c for c in known])
    out = np.bincount(np.asarray(spots, dtype=np.intp), minlength=SIZE).astype(np.float32)
    if pile:
        cards = np.asarray(pile, dtype=np.intp)
        o = OFFSET["discard_counts"]
        out[o : o + NUM_KINDS] = np.bincount(cards, minlength=NUM_KINDS)
        out[OFFSET["discard_top"] + pile[-1]] = 1
        o = OFFSET["discard_order"]
        out[o : o + len(pile)] = cards + 1
    _encode_scalars(out, view, order, rules or _DEFAULT_RULES[n])
    return out


_MELD_COUNT, _POINTS_AT, _TAKEN_AT = (
    OFFSET["meld_count_by_side"],
    OFFSET["table_points_by_side"],
    OFFSET["pozzetto_taken_by_side"],
)
_SIZES_AT, _POZZ_AT, _PHASE_AT = OFFSET["hand_size_by_seat"], OFFSET["pozzetto_sizes"], OFFSET["phase"]
_PICK_AT, _PLAYERS_AT, _TO_PLAY_AT = OFFSET["one_card_pick"], OFFSET["players"], OFFSET["to_play"]


def _encode_scalars(out: npt.NDArray[np.float32], view: Observation, order: list[int], rules: Rules) -> None:
    seat = view.seat or 0
    n = view.players
    taken = dict(view.pozzetto_of_side)
    closer = view.side_of[view.to_play] if view.end_reason == EndReason.CLOSED else -1
    for k, side in enumerate(order):
        melds = view.melds[side]
        took = side in taken
        out[_MELD_COUNT + k] = len(melds)
        out[_POINTS_AT + k] = table_points(melds, took, side == closer, rules) / 100
        out[_TAKEN_AT + k] = took
    sizes = view.hand_sizes
    out[_SIZES_AT : _SIZES_AT + n] = sizes[seat:] + sizes[:seat]
    out[OFFSET["stock_size"]] = view.stock_size
    left = view.pozzetto_sizes[-2:]
    out[_POZZ_AT : _POZZ_AT + len(left)] = left
    out[_PHASE_AT + PHASES.index(view.phase)] = 1
    out[OFFSET["must_draw"]] = view.must_draw
    if view.one_card_pick >= 0:
        out[_PICK_AT + view.one_card_pick] = 1
    out[_PLAYERS_AT + n - 2] = 1
    out[_TO_PLAY_AT + (view.to_play - seat) % n] = 1
    mine = view.my_side
    out[OFFSET["own_pozzetto"]] = mine is not None and mine in taken


_DEFAULT_RULES: Final = {n: Rules(players=n) for n in (2, 3, 4)}


def text_view(view: Observation) -> str:
    """The same observation as text, for language-model agents and for reading logs."""
    seat = view.seat or 0
    lines = [
        f"seat {seat} of {view.players}, side {view.my_side}, phase {view.phase}, seat {view.to_play} to play",
        f"hand: {format_cards(view.hand)}",
    ]
    for side in side_order(view):
        melds = " | ".join(format_cards(m.cards) for m in view.melds[side]) or "-"
        lines.append(f"melds of side {side}: {melds}")
    lines.append(f"discard pile (bottom first): {format_cards(view.discard_pile) or '-'}")
    lines.append(
        f"stock: {view.stock_size}, pozzetti left: {list(view.pozzetto_sizes)}, "
        f"taken by sides: {[side for side, _ in view.pozzetto_of_side]}"
    )
    lines.append("hand sizes: " + ", ".join(f"seat {s}: {size}" for s, size in enumerate(view.hand_sizes)))
    for other, known in enumerate(view.known_cards):
        if known and other != seat:
            lines.append(f"seat {other} is known to hold: {format_cards(known)}")
    return "\n".join(lines)
