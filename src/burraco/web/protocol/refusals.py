"""Stable codes for the engine's refusals, so the page can word them in the player's language.

The engine refuses a move with an :class:`~burraco.core.errors.IllegalActionError` whose text is
English and cites the rules ("(rules §3)"). :func:`refusal` reads that text once, here, and gives a
``reason`` code and its ``params`` (a card, the cited section); the client words the code from its
catalogue and falls back to the English text for a reason it does not know.

>>> refusal("7H is not in your hand")
{'reason': 'not_in_hand', 'params': {'card': '7H'}}
>>> refusal("first draw from the stock or pick up the discard pile: you cannot meld yet (rules §3)")
{'reason': 'draw_first', 'params': {'section': '3'}}
>>> refusal("something new")
{}
"""

from __future__ import annotations

import re
from typing import Any, Final

_CARD: Final = r"(?P<card>(?:10|[2-9AJQK])[HDCS]|JK)"
PATTERNS: Final = (
    ("not_in_hand", re.compile(rf"^{_CARD} is not in your hand")),
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
