"""Stable codes for the engine's refusals, so the page can word them in the player's language.

The engine refuses a move with an :class:`~burraco.core.errors.IllegalActionError` whose text is
English and cites the rules ("(rules §3)"). :func:`refusal` reads that text once, here, and gives a
``reason`` code and its ``params`` (a card, the cited section); the client words the code from its
catalogue and falls back to the English text for a reason it does not know.

>>> refusal("7H is not in your hand")
{'reason': 'not_in_hand', 'params': {'card': '7H'}}
>>> refusal("first draw from the stock or pick up the discard pile: you cannot meld yet (rules §3)")
{'reason': 'draw_first', 'params': {'section': '3'}}
>>> refusal("you cannot close without a burraco on your side (rules §6.2)")
{'reason': 'close_no_burraco', 'params': {'section': '6.2'}}
>>> refusal("something new")
{}
"""

from __future__ import annotations

import re
from typing import Any, Final

_CARD: Final = r"(?P<card>(?:10|[2-9AJQK])[HDCS]|JK)"
CLOSING: Final = (
    ("close_no_pozzetto", r"you cannot close before your side has taken its pozzetto"),
    ("close_no_clean_burraco", r"you cannot close without a clean burraco"),
    ("close_no_burraco", r"you cannot close without a burraco"),
    ("close_wildcard", rf"you cannot close by discarding a wildcard \({_CARD}\)"),
    ("close_picked_alone", r"you cannot close with the card just picked up alone"),
    ("close_opponent_waiting", r"you cannot close before every opponent has played"),
)
"""The closing rules of docs/rules.md §6 (the engine's ``_CLOSE_*`` reasons): refused on the last
discard as they are, and on a play that would leave one card as ``leave_<code>``."""
_LEAVE: Final = "^this would leave you one card you could not discard: "
PATTERNS: Final = (
    ("not_in_hand", re.compile(rf"^{_CARD} is not in your hand")),
    ("hold_only", re.compile(rf"^you hold only (?P<count>\d+) {_CARD}")),
    ("stall", re.compile(r"^nobody drew from the stock for (?P<rounds>\d+) full rounds")),
    ("two_combinations", re.compile(r"^two combinations of (?P<rank>10|[2-9AJQK])s")),
    *((code, re.compile(f"^{words}")) for code, words in CLOSING),
    *((f"leave_{code}", re.compile(f"{_LEAVE}{words}")) for code, words in CLOSING),
    ("leave_picked_alone", re.compile(rf"^this would leave you only {_CARD}, picked up alone")),
    ("draw_first", re.compile(r"^first draw from the stock or pick up the discard pile")),
    ("already_taken", re.compile(r"^you have already taken this turn")),
    ("illegal_meld", re.compile(r"^illegal meld")),
    ("cannot_attach", re.compile(r"^cannot attach")),
    ("no_such_meld", re.compile(r"^your side has no meld number")),
    ("picked_alone", re.compile(rf"^you picked up {_CARD} alone from the discard pile")),
    ("keep_discard", re.compile(r"^(you must keep a card to discard|this would leave you)")),
    ("stock_empty", re.compile(r"^the stock is empty")),
    ("pile_empty", re.compile(r"^the discard pile is empty")),
    ("hand_over", re.compile(r"^the hand is over")),
)
_SECTION: Final = re.compile(r"\(rules §(\d{1,2}(?:\.\d{1,2})?)")


def refusal(text: str) -> dict[str, Any]:
    """``{"reason": code, "params": {...}}`` for an engine refusal it knows, else ``{}``."""
    for code, pattern in PATTERNS:
        match = pattern.search(text)
        if match is None:
            continue
        params = {k: v for k, v in match.groupdict().items() if v}
        section = _SECTION.search(text)
        if section:
            params["section"] = section.group(1)
        return {"reason": code, "params": params}
    return {}
