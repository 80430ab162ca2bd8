"""Computer players (layer 2): every bot sees only an Observation and returns a legal action.

``make_bot(name, seed)`` builds one by name (:mod:`burraco.bots.registry`); the interface is
:class:`burraco.bots.base.Bot`.
"""

from __future__ import annotations

from burraco.bots.base import Bot, play_hand
from burraco.bots.registry import BOTS, DIFFICULTIES, UnknownBotError, make_bot

__all__ = ["BOTS", "DIFFICULTIES", "Bot", "UnknownBotError", "make_bot", "play_hand"]
