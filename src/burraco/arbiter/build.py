"""Short constructors for the article modules: a tree reads like the questions the arbiter asks."""

from __future__ import annotations

from burraco.arbiter.effects import Effect, SideMayNotClose, TurnLimit
from burraco.arbiter.effects import Limit as _Limit
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Answer, Node, Question, Ruling

STOP = TurnLimit(_Limit.STOP)
"""The guilty player's play stops now (Art. 13)."""
NO_CLOSE = SideMayNotClose()
"""The guilty side may not close for a full round (Art. 13)."""


def ask(key: str, it: str, en: str, *answers: Answer) -> Question:
    """A question and its answers."""
    return Question(key, Text(it, en), answers)


def ans(value: str, it: str, en: str, then: Node) -> Answer:
    """One answer and the node it leads to."""
    return Answer(value, Text(it, en), then)


def yes_no(key: str, it: str, en: str, *, yes: Node, no: Node) -> Question:
    """A question answered ``yes`` or ``no``."""
    return ask(key, it, en, ans("yes", "sì", "yes", yes), ans("no", "no", "no", no))


def ruling(
    article: int,
    key: str,
    words: Text,
    *effects: Effect,
    also: tuple[int, ...] = (),
    note: Text | None = None,
) -> Ruling:
    """A ruling of ``article``."""
    return Ruling(key, article, words, effects, also, note)
