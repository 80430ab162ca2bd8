"""JSON forms of what the server sends: a seat's view is built ONLY from :func:`observe`.

:func:`view_to_dict` takes an :class:`~burraco.core.view.Observation` and nothing else, so a
message can never carry a card that :func:`~burraco.core.view.observe` hid from the seat.
Cards travel in the text notation of docs/rules.md §1 (``10H``, ``JK``).

>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> view = view_to_dict(observe(Hand.deal(players=2, seed=3), 0))
>>> len(view["hand"]), view["stock"], view["pozzetti"], view["phase"]
(11, 63, [11, 11], 'take')
>>> view_to_dict(observe(Hand.deal(players=2, seed=3), None))["hand"]
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import orjson

from burraco.core.actions import Record
from burraco.core.cards import NUM_KINDS, format_card, sort_key
from burraco.core.melds import Meld
from burraco.core.options import Rules
from burraco.core.scoring import SideScore
from burraco.core.view import Observation

CARD_TEXT: Final = tuple(format_card(k) for k in range(NUM_KINDS))


def cards_text(cards: Iterable[int]) -> list[str]:
    """Card ids as text codes, in the order given.

    >>> cards_text([0, 52, 9])
    ['AH', 'JK', '10H']
    """
    return [CARD_TEXT[c] for c in cards]


def meld_to_dict(meld: Meld, rules: Rules) -> dict[str, Any]:
    """A meld in display order; ``wild`` is the index of the wildcard and ``stands_for`` its card.

    >>> from burraco.core.cards import parse_cards
    >>> from burraco.core.melds import make_meld
    >>> d = meld_to_dict(make_meld(parse_cards("6C JK 8C")), Rules())
    >>> d["cards"], d["wild"], d["stands_for"], d["positions"]
    (['6C', 'JK', '8C'], 1, '7C', [6, 7, 8])
    """
    wild = -1
    if meld.wild >= 0:
        for i, (card, pos) in enumerate(zip(meld.cards, meld.positions, strict=True)):
            if card == meld.wild and pos == meld.wild_rank:
                wild = i
                break
    return {
        "kind": meld.kind,
        "cards": cards_text(meld.cards),
        "positions": list(meld.positions),
        "wild": wild,
        "stands_for": meld.stands_for_text() if wild >= 0 else "",
        "fixed": meld.wild_fixed,
        "burraco": meld.burraco(rules) or "",
        "points": meld.card_points(rules),
        "text": meld.describe(),
    }


def record_to_dict(record: Record) -> dict[str, Any]:
    """A log record as the seat sees it (a private record of another seat has no cards)."""
    return {
        "i": record.index,
        "seat": record.seat,
        "kind": record.kind,
        "cards": cards_text(record.cards),
        "target": record.target,
        "detail": record.detail,
        "private": record.private,
    }


def view_to_dict(view: Observation, rules: Rules | None = None, log_from: int = 0) -> dict[str, Any]:
    """The JSON form of one seat's observation; ``log`` holds the records from ``log_from`` on."""
    rules = rules or Rules(players=view.players)
    return {**_view_fields(view, log_from), "melds": [[meld_to_dict(m, rules) for m in side] for side in view.melds]}


def view_json(view: Observation, melds: MeldTexts, log_from: int = 0) -> str:
    """:func:`view_to_dict` as JSON text, its melds' texts taken from ``melds`` (built once per meld).

    >>> from burraco.core.hand import Hand
    >>> from burraco.core.view import observe
    >>> import json
    >>> hand = Hand.deal(players=2, seed=3)
    >>> json.loads(view_json(observe(hand, 0), MeldTexts(hand.rules))) == view_to_dict(observe(hand, 0), hand.rules)
    True
    """
    return f'{dumps(_view_fields(view, log_from))[:-1]},"melds":{melds.sides(view.melds)}}}'


class MeldTexts:
    """Each meld's JSON text, built once while the meld lives: melds are immutable, and every seat's
    view of a table holds the same meld objects, so a state sent to N connections encodes each meld
    once instead of N times (melds are most of a view)."""

    LIMIT: Final = 256

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._texts: dict[int, tuple[Meld, str]] = {}

    def sides(self, melds: Sequence[Sequence[Meld]]) -> str:
        """The JSON text of every side's melds (``view_to_dict``'s ``melds``)."""
        return "[" + ",".join("[" + ",".join(self.text(m) for m in side) + "]" for side in melds) + "]"

    def text(self, meld: Meld) -> str:
        entry = self._texts.get(id(meld))
        if entry is None or entry[0] is not meld:  # (an id is unique only while its object lives: kept here)
            if len(self._texts) >= self.LIMIT:
                self._texts.clear()
            entry = (meld, dumps(meld_to_dict(meld, self.rules)))
            self._texts[id(meld)] = entry
        return entry[1]


def dumps(data: Any) -> str:
    """Compact JSON, as every message is sent (orjson: UTF-8 text, several times faster than ``json``).

    >>> dumps({"seat": None, "cards": ["10H"], "name": "Niccolò"})
    '{"seat":null,"cards":["10H"],"name":"Niccolò"}'
    """
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


VIEW_KEYS: Final = (
    "seat",
    "players",
    "dealer",
    "to_play",
    "phase",
    "hand",
    "hand_sizes",
    "side_of",
    "discard_pile",
    "stock",
    "pozzetti",
    "pozzetto_of_side",
    "known",
    "log_len",
    "must_draw",
    "one_card_pick",
    "end_reason",
)
"""The keys of a view but its ``log``, ``log_from`` and ``melds``, in :func:`view_values`' order."""


def view_values(view: Observation) -> tuple[Any, ...]:
    """The view's fields (but its log and melds) as the observation holds them, one per
    :data:`VIEW_KEYS`: tuples of card ids and numbers, cheap to compare, turned into their JSON form
    (:func:`values_json`) only for what is sent.

    >>> from burraco.core.hand import Hand
    >>> from burraco.core.view import observe
    >>> values = view_values(observe(Hand.deal(players=2, seed=3), 0))
    >>> values_json(values, (VIEW_KEYS.index("stock"),))
    {'stock': 63}
    """
    return (
        view.seat,
        view.players,
        view.dealer,
        view.to_play,
        view.phase,
        view.hand,
        view.hand_sizes,
        view.side_of,
        view.discard_pile,
        view.stock_size,
        view.pozzetto_sizes,
        view.pozzetto_of_side,
        view.known_cards,
        len(view.log),
        view.must_draw,
        view.one_card_pick,
        view.end_reason,
    )


def _same(value: Any) -> Any:
    return value


def _hand_text(cards: tuple[int, ...]) -> list[str]:
    return cards_text(sorted(cards, key=sort_key))


def _pick_text(card: int) -> str:
    return CARD_TEXT[card] if card >= 0 else ""


_TO_JSON: Final[tuple[Callable[[Any], Any], ...]] = (
    _same,  # seat
    _same,  # players
    _same,  # dealer
    _same,  # to_play
    _same,  # phase
    _hand_text,  # hand
    list,  # hand_sizes
    list,  # side_of
    cards_text,  # discard_pile
    _same,  # stock
    list,  # pozzetti
    lambda taken: [list(p) for p in taken],  # pozzetto_of_side
    lambda known: [cards_text(k) for k in known],  # known
    _same,  # log_len
    _same,  # must_draw
    _pick_text,  # one_card_pick
    _same,  # end_reason
)


def values_json(values: tuple[Any, ...], which: Iterable[int] | None = None) -> dict[str, Any]:
    """The JSON form of :func:`view_values` (of the indexes ``which`` only, when given)."""
    indexes = range(len(VIEW_KEYS)) if which is None else which
    return {VIEW_KEYS[i]: _TO_JSON[i](values[i]) for i in indexes}


def view_fields(view: Observation, log_from: int = 0) -> dict[str, Any]:
    """:func:`view_to_dict` without its ``melds`` (``log`` holds the records from ``log_from`` on)."""
    return _view_fields(view, log_from)


def _view_fields(view: Observation, log_from: int) -> dict[str, Any]:
    fields = values_json(view_values(view))
    fields["log_from"] = log_from
    fields["log"] = [record_to_dict(r) for r in view.log[log_from:]]
    return fields


def scores_to_list(scores: Sequence[SideScore]) -> list[dict[str, Any]]:
    """Each side's §8 score sheet: ``[{"side": 0, "total": ..., "items": [...]}, ...]``."""
    return [{"side": i, **score.to_dict()} for i, score in enumerate(scores)]
