"""One slow bot's decision as it travels to a worker and back: a :class:`Thought` (the bot's name and
seed, the rules, the seat's view, the legal moves), thought where it lands exactly as the table would
(``think``), and the move it answers as text (:func:`answer`, :func:`read_answer`).

The core's classes are compiled frozen dataclasses that ``pickle`` cannot rebuild (it sets their fields
one by one), so a thought is pickled with reducers that call their constructors (:func:`encode`); it
is read back by an unpickler that builds only the core's classes and :class:`Thought` (:func:`decode`),
so bytes from a worker's queue can build nothing else. An answer is the move's notation (the table
log's own), or an error.

>>> from burraco.core.match import Match
>>> from burraco.core.view import observe
>>> hand = Match(Rules(players=2), 7).start_hand()
>>> view, legal = observe(hand, hand.to_play), tuple(hand.legal_actions())
>>> thought = Thought("intermediate", 1, Rules(players=2), 400.0, view, legal)
>>> decode(encode(thought)) == thought
True
>>> read_answer(answer(encode(thought))) == think(thought)
True
"""

from __future__ import annotations

import copyreg
import io
import pickle
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Final

from burraco.bots.base import Bot
from burraco.bots.levels import make_level
from burraco.bots.registry import make_bot
from burraco.core.actions import Action, Record
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.view import Observation

SLOW_BOTS: Final = ("hard", "ismcts", "expert", "champion")
"""Bots that think for long: they think in the pool, off the event loop."""
FALLBACK_BOT: Final = "intermediate"
"""The quick bot that moves for a slow one whose decision is late (the stand-in of absent players)."""


class ThinkingError(Exception):
    """A decision a worker could not think (its bot failed, or its worker died or stalled)."""


def slow(name: str) -> bool:
    """Whether the bot ``name`` (with or without options) thinks in the pool.

    >>> slow("champion"), slow("champion:ms=50"), slow("intermediate")
    (True, True, False)
    """
    return name.split(":")[0].strip().lower() in SLOW_BOTS


def build_bot(name: str, seed: int, rules: Rules, champion_ms: float) -> Bot:
    """The bot a seat's ``name`` calls for; the champion searches at most ``champion_ms`` per decision
    (its own wall-clock budget: the table's injected clock is not read).

    >>> build_bot("champion", 1, Rules(), 5.0).seconds
    0.005
    """
    if name == "champion":
        return make_level("champion", seed, rules, options={"ms": champion_ms})
    return make_bot(name, seed=seed, rules=rules)


@dataclass(frozen=True, slots=True)
class Thought:
    """One decision to think: which bot, seeded how, under which rules, from which seat's view."""

    name: str
    seed: int
    rules: Rules
    champion_ms: float
    view: Observation
    legal: tuple[Action, ...]


def think(thought: Thought) -> Action:
    """Build the bot and let it choose (in a worker)."""
    bot = build_bot(thought.name, thought.seed, thought.rules, thought.champion_ms)
    return bot.choose(thought.view, list(thought.legal))


def think_encoded(payload: bytes) -> Action:
    """:func:`think` on a thought :func:`encode` made."""
    return think(decode(payload))


def answer(payload: bytes) -> bytes:
    """A worker's answer to an encoded thought: ``=`` and the move's notation, or ``!`` and the error."""
    try:
        return b"=" + str(think_encoded(payload)).encode()
    except Exception as error:  # the bot failed: the table falls back, the worker goes on
        return b"!" + f"{type(error).__name__}: {error}"[:500].encode()


def read_answer(reply: bytes) -> Action:
    """The move an :func:`answer` names (``ThinkingError`` if it names an error)."""
    text = reply[1:].decode()
    if reply[:1] != b"=":
        raise ThinkingError(text or "empty answer")
    return Action.parse(text)


# ----------------------------------------------------------------------------- pickling
def _by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """A frozen dataclass rebuilt through its constructor, from its fields in order."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))


def _record(record: Record) -> tuple[Any, tuple[Any, ...]]:
    return Record, (
        record.index,
        record.seat,
        record.kind,
        record.cards,
        record.target,
        record.detail,
        record.private,
    )


def _record_log(log_: RecordLog) -> tuple[Any, tuple[Any, ...]]:
    return RecordLog, (log_.records(),)


def _action(action: Action) -> tuple[Any, tuple[Any, ...]]:
    return Action, (action.kind, action.cards, action.target)


REDUCERS: Final[dict[type, Callable[[Any], tuple[Any, tuple[Any, ...]]]]] = {
    Rules: _by_fields,
    Observation: _by_fields,
    Thought: _by_fields,
    RecordLog: _record_log,
    Record: _record,
    Action: _action,
}
"""How each class of a thought is pickled: its constructor and its arguments."""


def encode(thought: Thought) -> bytes:
    """``thought`` as bytes that :func:`decode` (in any process) turns back into an equal thought."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, **REDUCERS}
    pickler.dump(thought)
    return buffer.getvalue()


class _GameUnpickler(pickle.Unpickler):
    """Builds only classes of the core (pure constructors, no I/O) and :class:`Thought`."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("burraco.core.") or (module, name) == (Thought.__module__, "Thought"):
            found = super().find_class(module, name)  # (no other module is even imported)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"a thought may not hold {module}.{name}")


def decode(payload: bytes) -> Thought:
    """The thought :func:`encode` made ``payload`` of (``pickle.UnpicklingError`` for anything else).

    >>> decode(pickle.dumps(print))
    Traceback (most recent call last):
    ...
    _pickle.UnpicklingError: a thought may not hold builtins.print
    """
    thought = _GameUnpickler(io.BytesIO(payload)).load()
    if not isinstance(thought, Thought):
        raise pickle.UnpicklingError(f"not a thought: {type(thought).__name__}")
    return thought
