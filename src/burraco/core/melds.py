"""Melds: sequences and combinations, wildcard placement, attachments (docs/rules.md §4).

A :class:`~burraco.core.meld_value.Meld` (re-exported here) is an immutable, validated arrangement.
Build one with :func:`make_meld` (raises :class:`~burraco.core.errors.IllegalMeldError` with a
specific reason) or :func:`meld_or_reason` (returns the reason as a string); attach cards with
:func:`attach`.

Positions of a sequence run from 1 (a low ace) to 14 (a high ace); a combination's cards all sit
at its rank.

>>> from burraco.core.cards import parse_cards
>>> m = make_meld(parse_cards("6C JK 8C"))
>>> m.describe()
'6C JK=7C 8C (sequence, wildcard fixed)'
>>> attach(m, parse_cards("10C")) is None
Traceback (most recent call last):
...
burraco.core.errors.IllegalMeldError: a sequence holds at most one wildcard, so gaps at 7C and 9C cannot both be filled
>>> attach(m, parse_cards("7C 10C")).describe()
'6C 7C 8C JK=9C 10C (sequence, wildcard fixed)'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from burraco.core.cards import (
    ACE,
    COPIES,
    JOKER,
    NUM_KINDS,
    RANK,
    RANK_TEXT,
    SUIT,
    SUITS,
    TWO,
    format_card,
    make_card,
)
from burraco.core.errors import IllegalMeldError
from burraco.core.meld_value import (
    DEFAULT_RULES,
    HIGH_ACE,
    MAX_COMBINATION,
    MAX_SEQUENCE,
    BurracoClass,
    Meld,
    MeldKind,
)
from burraco.core.options import Rules

__all__ = [
    "HIGH_ACE",
    "MAX_COMBINATION",
    "MAX_SEQUENCE",
    "BurracoClass",
    "Meld",
    "MeldKind",
    "attach",
    "attach_or_reason",
    "combination_conflict",
    "make_meld",
    "meld_or_reason",
]


def _fail(reason: str) -> IllegalMeldError:
    return IllegalMeldError(reason)


def _copies_reason(cards: Sequence[int]) -> str | None:
    counts = [0] * NUM_KINDS
    for c in cards:
        if not 0 <= c < NUM_KINDS:
            return f"{c!r} is not a card"
        counts[c] += 1
        if counts[c] > COPIES[c]:
            ordinal = "fifth" if c == JOKER else "third"
            return f"a {ordinal} {format_card(c)} does not exist"
    return None


_VERDICTS: Final[dict[tuple[tuple[int, ...], int, bool], Meld | str]] = {}
"""Memo of :func:`meld_or_reason`: cards (in the order given), ace end, and the one option it
reads (``burraco_reale_variant``) -> the verdict. A verdict is immutable (a :class:`Meld` or a
string), so repeating a check — the engine's listing, then applying, a listed play — costs a
lookup."""
VERDICT_LIMIT: Final = 100_000


def meld_or_reason(cards: Sequence[int], rules: Rules = DEFAULT_RULES, ace_high: bool | None = None) -> Meld | str:
    """Validate ``cards`` as a new meld: the :class:`Meld`, or the reason it is illegal.

    >>> from burraco.core.cards import parse_cards as p
    >>> meld_or_reason(p("2H 2D 2C"))
    'no combinations of wildcards: twos and jokers cannot form a meld by themselves'
    >>> meld_or_reason(p("KS AS 2S 3S"))
    'K-A-2 wraps around: the ace goes below the 2 or above the king, never both'
    >>> meld_or_reason(p("7S 7S 7S"))
    'a third 7S does not exist'
    """
    key = (tuple(cards), -1 if ace_high is None else int(ace_high), rules.burraco_reale_variant)
    verdict = _VERDICTS.get(key)
    if verdict is None:
        if len(_VERDICTS) >= VERDICT_LIMIT:
            _VERDICTS.clear()
        verdict = _VERDICTS[key] = _verdict(key[0], rules, ace_high)
    return verdict


def _verdict(cards: tuple[int, ...], rules: Rules, ace_high: bool | None) -> Meld | str:
    if len(cards) < 3:
        return f"a meld needs at least 3 cards, not {len(cards)}"
    reason = _copies_reason(cards)
    if reason:
        return reason
    others = [c for c in cards if c != JOKER and RANK[c] != TWO]
    if not others:
        return "no combinations of wildcards: twos and jokers cannot form a meld by themselves"
    ranks = {RANK[c] for c in others}
    suits = {SUIT[c] for c in others}
    if len(ranks) == 1:
        combo = _combination(cards, others[0])
        if isinstance(combo, Meld) or len(others) > 1:
            return combo
        sequence = _sequence(cards, SUIT[others[0]], rules, ace_high)
        return sequence if isinstance(sequence, Meld) else combo
    if len(suits) == 1:
        return _sequence(cards, SUIT[others[0]], rules, ace_high)
    a, b = next((x, y) for x in others for y in others if SUIT[x] != SUIT[y])
    c, d = next(((x, y) for x in others for y in others if RANK[x] != RANK[y]), (a, b))
    return (
        f"neither a sequence ({format_card(a)} and {format_card(b)} differ in suit) "
        f"nor a combination ({format_card(c)} and {format_card(d)} differ in rank)"
    )


def make_meld(cards: Sequence[int], rules: Rules = DEFAULT_RULES) -> Meld:
    """Validate ``cards`` as a new meld or raise :class:`IllegalMeldError` naming the reason.

    >>> from burraco.core.cards import parse_cards as p
    >>> make_meld(p("4C 4C 4D")).describe()
    '4D 4C 4C (combination)'
    >>> make_meld(p("7H 7D 2S")).stands_for_text()
    '7*'
    """
    result = meld_or_reason(cards, rules)
    if isinstance(result, str):
        raise _fail(result)
    return result


def _combination(cards: Sequence[int], natural: int) -> Meld | str:
    rank = RANK[natural]
    wilds = [c for c in cards if c == JOKER or RANK[c] == TWO]
    naturals = sorted(c for c in cards if c != JOKER and RANK[c] != TWO)
    if len(wilds) > 1:
        return f"two wildcards: a meld holds at most one ({' '.join(format_card(w) for w in wilds)})"
    if len(cards) > MAX_COMBINATION:
        return f"a combination holds at most {MAX_COMBINATION} cards (8 naturals and one wildcard)"
    if wilds:
        return Meld(
            "combination",
            -1,
            rank,
            (*naturals, wilds[0]),
            (rank,) * len(cards),
            wilds[0],
            rank,
            False,
            (rank,) * len(naturals),
        )
    return Meld("combination", -1, rank, tuple(naturals), (rank,) * len(cards))


def _sequence(cards: Sequence[int], suit: int, rules: Rules, ace_high: bool | None = None) -> Meld | str:
    """Find the arrangement of a one-suit multiset, preferring a natural 2 (§4.1)."""
    own_two = make_card(TWO, suit)
    wilds = [c for c in cards if c == JOKER or (RANK[c] == TWO and c != own_two)]
    own_twos = sum(1 for c in cards if c == own_two)
    naturals = [RANK[c] for c in cards if c != JOKER and RANK[c] != TWO]
    for c in cards:
        if c != JOKER and RANK[c] != TWO and SUIT[c] != suit:
            return f"a sequence must be of one suit: {format_card(c)} is not {SUITS[suit]}"
    if len(cards) > MAX_SEQUENCE:
        return f"a sequence holds at most {MAX_SEQUENCE} cards (A to K and one wildcard)"
    reasons: list[str] = []
    for natural_two in (1, 0) if own_twos else (0,):
        extra_wilds = [own_two] * (own_twos - natural_two)
        all_wilds = wilds + extra_wilds
        if len(all_wilds) > 1:
            reasons.append(
                f"two wildcards: a sequence holds at most one ({' '.join(format_card(w) for w in all_wilds)})"
            )
            continue
        ranks = naturals + [TWO] * natural_two
        for positions in _ace_placements(ranks, rules, ace_high):
            result = _arrange(positions, suit, all_wilds[0] if all_wilds else -1, natural_two)
            if isinstance(result, Meld):
                return result
            reasons.append(result)
    return _best_reason(reasons)


def _best_reason(reasons: list[str]) -> str:
    for prefix in (
        "K-A-2",
        "the ace",
        "a sequence cannot hold two",
        "a sequence holds at most one",
        "there is a gap",
        "two wildcards",
    ):
        for r in reasons:
            if r.startswith(prefix):
                return r
    return reasons[0]


def _ace_placements(ranks: list[int], rules: Rules, ace_high: bool | None) -> list[list[int]]:
    """Where the ace(s) may stand; ``ace_high`` keeps an ace already on the table at its end."""
    aces = ranks.count(ACE)
    rest = [r for r in ranks if r != ACE]
    if aces == 0:
        return [rest]
    if aces == 2:
        return [[ACE, HIGH_ACE, *rest]] if rules.burraco_reale_variant else [[ACE, ACE, *rest]]
    if ace_high is None:
        return [[ACE, *rest], [HIGH_ACE, *rest]]
    return [[HIGH_ACE, *rest]] if ace_high else [[ACE, *rest]]


def _arrange(positions: list[int], suit: int, wild: int, natural_two: int) -> Meld | str:
    positions.sort()
    for a, b in pairwise(positions):
        if a == b:
            if a == ACE:
                return "the ace is already used: a sequence holds one ace, below the 2 or above the K"
            return f"a sequence cannot hold two {RANK_TEXT[a]}{SUITS[suit]}"
    low, high = positions[0], positions[-1]
    if low == ACE and high == HIGH_ACE and len(positions) < 14:
        return "the ace is already used: a sequence holds one ace, below the 2 or above the K"
    gaps = [p for p in range(low, high + 1) if p not in positions]
    if len(gaps) > (1 if wild >= 0 else 0):
        if _wraps(positions):
            return "K-A-2 wraps around: the ace goes below the 2 or above the king, never both"
        return _gap_reason(gaps, suit, wild)
    cards = [_card_at(p, suit) for p in positions]
    naturals = tuple(positions)
    if wild < 0:
        return Meld("sequence", suit, 0, tuple(cards), tuple(positions))
    if gaps:
        slot, fixed = gaps[0], True
    elif low > ACE:
        slot, fixed = low - 1, False
    elif high < HIGH_ACE:
        slot, fixed = high + 1, False
    else:
        return "a sequence holds at most 14 cards (A to K and one wildcard)"
    index = len(positions) if slot > high else next(i for i, p in enumerate(positions) if p > slot)
    cards.insert(index, wild)
    positions.insert(index, slot)
    return Meld("sequence", suit, 0, tuple(cards), tuple(positions), wild, slot, fixed, naturals)


def _wraps(positions: list[int]) -> bool:
    has_ace = ACE in positions or HIGH_ACE in positions
    return has_ace and 13 in positions and (TWO in positions or 3 in positions)


def _gap_reason(gaps: list[int], suit: int, wild: int) -> str:
    names = " and ".join(_position_text(g, suit) for g in gaps[:3])
    if wild >= 0:
        return f"a sequence holds at most one wildcard, so gaps at {names} cannot both be filled"
    if len(gaps) == 1:
        return f"there is a gap at {names} and no wildcard to fill it"
    return f"there is a gap at {names} and no wildcard to fill them"


def _position_text(position: int, suit: int) -> str:
    return RANK_TEXT[ACE if position == HIGH_ACE else position] + SUITS[suit]


def _card_at(position: int, suit: int) -> int:
    return make_card(ACE if position == HIGH_ACE else position, suit)


def attach_or_reason(meld: Meld, cards: Sequence[int], rules: Rules = DEFAULT_RULES) -> Meld | str:
    """Attach ``cards`` to ``meld``: the resulting meld, or the reason it is illegal (§4.1–4.3).

    The new multiset must be a legal meld of the same kind (and suit or rank), and every card
    keeps its place: a natural card keeps its rank (a natural 2 stays natural, an ace keeps its
    end), and a fixed wildcard keeps its rank unless an attached natural takes it, which frees
    the wildcard to move (seed 003). A free wildcard may move (seed 002). With the option
    ``natural_two_moves`` (§12) a natural 2 of a sequence without a wildcard may move up to be
    its wildcard, when the attached cards leave a gap only it can fill.

    >>> from burraco.core.cards import parse_cards as p
    >>> from burraco.core.options import preset
    >>> m = make_meld(p("3C 2C 5C 6C 7C 8C 9C"))
    >>> m.burraco(), attach(m, p("4C")).burraco()
    ('dirty', 'clean')
    >>> attach_or_reason(make_meld(p("2H 3H 4H")), p("6H"))
    'the natural 2H stays at its place below the 3: cards on the table never move'
    >>> attach(make_meld(p("2H 3H 4H")), p("6H"), preset("home")).describe()
    '3H 4H 2H=5H 6H (sequence, wildcard fixed)'
    """
    if not cards:
        return "nothing to attach"
    naturals = meld.natural_positions
    ace_high = True if HIGH_ACE in naturals else False if ACE in naturals else None
    result = meld_or_reason((*meld.cards, *cards), rules, ace_high if meld.kind == "sequence" else None)
    if isinstance(result, str):
        return result
    if result.kind != meld.kind or result.suit != meld.suit or result.rank != meld.rank:
        return _kind_change_reason(meld)
    return _keeps_places(meld, result, rules)


def _kind_change_reason(meld: Meld) -> str:
    if meld.kind == "combination":
        return f"a combination of {RANK_TEXT[meld.rank]}s takes only {RANK_TEXT[meld.rank]}s and one wildcard"
    return f"a {SUITS[meld.suit]} sequence takes only {SUITS[meld.suit]} cards and one wildcard"


def _keeps_places(old: Meld, new: Meld, rules: Rules) -> Meld | str:
    if old.kind == "combination":
        return new
    old_naturals = set(old.natural_positions)
    new_naturals = set(new.natural_positions)
    lost = old_naturals - new_naturals
    if lost and not (rules.natural_two_moves and _two_moved_up(old, new, lost)):
        position = min(lost)
        text = _position_text(position, old.suit)
        if position == TWO:
            return f"the natural {text} stays at its place below the 3: cards on the table never move"
        if position in (ACE, HIGH_ACE):
            return "the ace is already used and stays at its end of the sequence"
        return f"{text} stays at its place: cards on the table never move"
    kept = new.wild == old.wild and new.wild_rank == old.wild_rank
    if old.wild_fixed and old.wild_rank not in new_naturals and not kept:
        return (
            f"the wildcard stands for {_position_text(old.wild_rank, old.suit)}: only that natural card can displace it"
        )
    return new


def _two_moved_up(old: Meld, new: Meld, lost: set[int]) -> bool:
    """The natural 2 of a sequence without a wildcard became its wildcard (``natural_two_moves``,
    §12): the only natural card lost is the 2, and the new meld's wildcard is that own-suit 2."""
    return lost == {TWO} and old.wild < 0 and new.wild == make_card(TWO, old.suit)


def attach(meld: Meld, cards: Sequence[int], rules: Rules = DEFAULT_RULES) -> Meld:
    """Attach ``cards`` to ``meld`` or raise :class:`IllegalMeldError` naming the reason."""
    result = attach_or_reason(meld, cards, rules)
    if isinstance(result, str):
        raise _fail(result)
    return result


def combination_conflict(new: Meld, side_melds: Sequence[Meld]) -> str | None:
    """Art. 18: a side may not hold two combinations of the same rank.

    >>> from burraco.core.cards import parse_cards as p
    >>> combination_conflict(make_meld(p("7S 7H 7D")), [make_meld(p("7C 7C 7H"))])
    'two combinations of 7s: attach the 7s to the combination already on the table (Art. 18)'
    """
    if new.kind != "combination":
        return None
    for meld in side_melds:
        if meld.kind == "combination" and meld.rank == new.rank:
            rank = RANK_TEXT[new.rank]
            return f"two combinations of {rank}s: attach the {rank}s to the combination already on the table (Art. 18)"
    return None
