"""Typed errors of the rules core. Every error is a ``ValueError`` with a readable message."""

from __future__ import annotations


class BurracoError(ValueError):
    """Base class of every error the burraco core raises for bad input or illegal play."""


class CardParseError(BurracoError):
    """A token is not a card, or a multiset holds more copies than the deck has."""


class IllegalMeldError(BurracoError):
    """Cards that do not form a legal meld, or cannot be attached to a meld (docs/rules.md §4)."""


class UnknownPresetError(BurracoError):
    """A rules preset name that does not exist."""


class RulesOptionError(BurracoError):
    """An option value that docs/rules.md does not allow."""


class IllegalActionError(BurracoError):
    """An action the hand state machine refuses (docs/rules.md §3, §5, §6, §7)."""


class HistoryError(BurracoError):
    """A hand history that cannot be read (malformed line, unknown field)."""
