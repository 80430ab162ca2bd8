"""Typed errors of the tournament director. Each is a :class:`BurracoError` with a one-line message.

The CLI prints them as ``error: ...`` and exits with code 2.
"""

from __future__ import annotations

from burraco.core.errors import BurracoError


class TournamentError(BurracoError):
    """Base class of every error the tournament director raises."""


class TournamentConfigError(TournamentError):
    """A tournament setting that docs/rules.md §11 does not allow (kind, turns, hands, movement)."""


class TournamentFileError(TournamentError):
    """A tournament file that cannot be read, parsed or written."""


class UnknownEntrantError(TournamentError):
    """A pair, player or team that is not registered."""


class UnknownTableError(TournamentError):
    """A turn that has not been paired, or a table that does not exist in that turn."""


class RegistrationError(TournamentError):
    """A registration the rules refuse (duplicate name, late arrival after turn 1: Art. 33)."""


class PairingError(TournamentError):
    """The next turn cannot be paired (results missing, all turns played, bad seating order)."""


class ResultError(TournamentError):
    """A result that cannot be entered (already entered, not multiples of 5, withdrawn side)."""


class CorrectionRefusedError(TournamentError):
    """A correction that Art. 31 does not allow."""
