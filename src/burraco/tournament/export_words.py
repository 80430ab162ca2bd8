"""The words of the exports (CSV, HTML, PDF and score cards): Italian, the default, and English.

The Italian wording is the federation arbiter's: *Classifica*, *Turno*, *Tavolo*, *Coppia*, *PV*
(punti vittoria) and *PM* (punti partita), *Smazzata*, *cartellini*, E-O for East-West. The English
words are the exports' historical ones: its CSV columns (``rank,id,name,vp,mp,...``) stay the
same for the programs that read them.

>>> words("it").standings_after.format(turn=2)
'Classifica dopo il turno 2'
>>> words("en").standings_header[:3]
('rank', 'id', 'name')
>>> words("de")
Traceback (most recent call last):
...
burraco.tournament.errors.TournamentConfigError: unknown export language 'de'; known: it, en
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from burraco.tournament.errors import TournamentConfigError


@dataclass(frozen=True, slots=True)
class ExportWords:
    """One language's words; the ``str`` fields with ``{...}`` are :meth:`str.format` templates."""

    lang: str
    standings_header: tuple[str, ...]
    results_header: tuple[str, ...]
    yes: str
    """The standings' *withdrawn* column."""
    resting: str
    """A rest's row, where the opponents' name would be."""
    kinds: Mapping[str, str]
    """A result's kind (``played``, ``mp``, ``arbitral``, ``forced``), ``rest`` and ``pending``."""
    line: str
    """``{name} {line} {number}``: a team's pair 1 or 2."""
    tournament: str
    tournament_kinds: Mapping[str, str]
    movements: Mapping[str, str]
    vp_tables: Mapping[str, str]
    summary: str
    standings_after: str
    turn: str
    card_title: str
    ns: str
    ew: str
    hand: str
    total: str
    difference: str
    victory_points: str
    signature: str
    resting_turn: str
    rest_entry: str
    no_tables: str
    cards_title: str


_CODES: Final = {
    "played": "played",
    "mp": "mp",
    "arbitral": "arbitral",
    "forced": "forced",
    "rest": "rest",
    "pending": "pending",
}

ENGLISH: Final = ExportWords(
    lang="en",
    standings_header=("rank", "id", "name", "vp", "mp", "played", "rests", "penalty_vp", "withdrawn"),
    results_header=(
        "turn",
        "table",
        "ns_ids",
        "ns",
        "ew_ids",
        "ew",
        "ns_points",
        "ew_points",
        "mp_ns",
        "vp_ns",
        "vp_ew",
        "kind",
    ),
    yes="yes",
    resting="(rest)",
    kinds=_CODES,
    line="pair",
    tournament="{kind} tournament",
    tournament_kinds={"pairs": "pairs", "individual": "individual", "teams": "teams"},
    movements={},
    vp_tables={},
    summary=(
        "{tournament}, {paired} of {turns} turns paired, {hands} hands a turn, "
        "VP table {vp_table}, movement: {movements}"
    ),
    standings_after="Standings after turn {turn}",
    turn="Turn {turn} ({movement})",
    card_title="{name} - turn {turn} - table {table}",
    ns="N-S",
    ew="E-W",
    hand="Hand {hand}",
    total="Total",
    difference="Difference (MP)",
    victory_points="Victory points",
    signature="{side} signature:",
    resting_turn="Resting this turn: {entrants}",
    rest_entry="{id} {name} ({vp} VP)",
    no_tables="Turn {turn} has no tables.",
    cards_title="{name} - score cards, turn {turn}",
)

ITALIAN: Final = ExportWords(
    lang="it",
    standings_header=("Pos.", "Num.", "Nome", "PV", "PM", "Giocati", "Riposi", "Penalità PV", "Ritiro"),
    results_header=(
        "Turno",
        "Tavolo",
        "Num. N-S",
        "N-S",
        "Num. E-O",
        "E-O",
        "Punti N-S",
        "Punti E-O",
        "PM N-S",
        "PV N-S",
        "PV E-O",
        "Esito",
    ),
    yes="sì",
    resting="(riposo)",
    kinds={
        "played": "giocato",
        "mp": "in PM",
        "arbitral": "arbitrale",
        "forced": "riposo forzato",
        "rest": "riposo",
        "pending": "da giocare",
    },
    line="coppia",
    tournament="torneo {kind}",
    tournament_kinds={"pairs": "a coppie", "individual": "individuale", "teams": "a squadre"},
    movements={
        "mitchell": "Mitchell",
        "roundrobin": "girone all'italiana",
        "danish-pure": "danese puro",
        "danish-modified": "danese modificato",
        "danish-strict": "danese stretto",
    },
    vp_tables={"fibur": "FIBUR", "portal": "dei siti (portal)", "wide": "larga (wide)"},
    summary=(
        "{tournament}, turni accoppiati: {paired} su {turns}, {hands} smazzate per turno, "
        "tabella PV {vp_table}, movimento: {movements}"
    ),
    standings_after="Classifica dopo il turno {turn}",
    turn="Turno {turn} ({movement})",
    card_title="{name} - turno {turn} - tavolo {table}",
    ns="N-S",
    ew="E-O",
    hand="Smazzata {hand}",
    total="Totale",
    difference="Differenza (PM)",
    victory_points="Punti vittoria (PV)",
    signature="Firma {side}:",
    resting_turn="A riposo in questo turno: {entrants}",
    rest_entry="{id} {name} ({vp} PV)",
    no_tables="Il turno {turn} non ha tavoli.",
    cards_title="{name} - cartellini, turno {turn}",
)

LANGS: Final = ("it", "en")
"""The exports' languages, the default first."""
DEFAULT_LANG: Final = "it"

_WORDS: Final = {"it": ITALIAN, "en": ENGLISH}


def words(lang: str) -> ExportWords:
    """The words of ``lang`` (``it`` or ``en``); any other language is a :class:`TournamentConfigError`."""
    try:
        return _WORDS[lang]
    except KeyError:
        raise TournamentConfigError(f"unknown export language {lang!r}; known: {', '.join(LANGS)}") from None


def movement(w: ExportWords, name: str) -> str:
    """A movement's name in the language (English keeps the file's names: ``danish-modified``)."""
    return w.movements.get(name, name)
