"""Tournament director (docs/rules.md §11): pairs, individual and team tournaments; Mitchell, round
robin and Danish movements; results, corrections, penalties, exports and bot tournaments.

The typical flow::

    t = Tournament.create("Club night", turns=4, movement="mitchell*3,danish-modified")
    t.register("Rossi-Bianchi"); ...
    t.pair_next(); t.enter_result(1, 1, ns=1250, ew=830); ...
    save(t, "club.json")
"""

from burraco.tournament.director import Tournament
from burraco.tournament.errors import (
    CorrectionRefusedError,
    PairingError,
    RegistrationError,
    ResultError,
    TournamentConfigError,
    TournamentError,
    TournamentFileError,
    UnknownEntrantError,
    UnknownTableError,
)
from burraco.tournament.standings import Standing
from burraco.tournament.storage import load, save

__all__ = [
    "CorrectionRefusedError",
    "PairingError",
    "RegistrationError",
    "ResultError",
    "Standing",
    "Tournament",
    "TournamentConfigError",
    "TournamentError",
    "TournamentFileError",
    "UnknownEntrantError",
    "UnknownTableError",
    "load",
    "save",
]
