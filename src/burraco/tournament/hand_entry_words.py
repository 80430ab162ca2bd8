"""The words of a refused hand entry (:class:`burraco.tournament.hand_entry.EntryError`), Italian first.

>>> message("both_closed", "it", {})
'hanno chiuso tutte e due le linee: chiude una linea sola'
>>> message("table_too_low", "en", {"side": 1, "points": 40, "needed": 85})
'E-W: 40 points on the table are too few for their burraci (at least 85)'
"""

from __future__ import annotations

from typing import Any, Final

SIDE_NAMES: Final = {"it": ("N-S", "E-O"), "en": ("N-S", "E-W")}
KIND_NAMES: Final = {
    "it": {
        "clean": "pulito",
        "dirty": "sporco",
        "semi_clean": "semipulito",
        "super": "super burraco",
        "ace_to_king": "burraco dall'asso al re",
        "ace_to_ace": "burraco dall'asso all'asso",
    },
    "en": {
        "clean": "clean",
        "dirty": "dirty",
        "semi_clean": "semi-clean",
        "super": "super burraco",
        "ace_to_king": "ace-to-king burraco",
        "ace_to_ace": "ace-to-ace burraco",
    },
}
WORDS: Final = {
    "it": {
        "negative": "un numero negativo ({value}) non è ammesso",
        "not_five": "{value} non è un multiplo di 5",
        "kind_not_in_rules": "con queste regole non esiste il {kind_name}",
        "table_too_low": "{side_name}: {points} punti in tavola sono troppo pochi per i loro burraci (almeno {needed})",
        "close_without_burraco": "{side_name} non può chiudere senza un burraco",
        "close_without_clean": "{side_name} non può chiudere senza un burraco pulito (regola internazionale)",
        "close_without_pozzetto": "{side_name} non può chiudere senza aver preso il pozzetto",
        "both_closed": "hanno chiuso tutte e due le linee: chiude una linea sola",
        "too_many_burraci": "tanti burraci non stanno in un doppio mazzo di 108 carte (servirebbero {cards} carte)",
        "too_many_points": "{points} punti in tavola e in mano sono più di quanti ne valga il mazzo ({most})",
        "two_sides": "servono i punti di due linee, non {count}",
        "total_too_big": "{value} è più di quanto si possa segnare in una mano ({most} al massimo)",
        "void_too_many": "{side_name}: i burraci non validi ({void}, {kind_name}) sono più di quelli segnati ({count})",
    },
    "en": {
        "negative": "a negative number ({value}) is not allowed",
        "not_five": "{value} is not a multiple of 5",
        "kind_not_in_rules": "these rules have no {kind_name}",
        "table_too_low": "{side_name}: {points} points on the table are too few for their burraci (at least {needed})",
        "close_without_burraco": "{side_name} cannot close without a burraco",
        "close_without_clean": "{side_name} cannot close without a clean burraco (international rule)",
        "close_without_pozzetto": "{side_name} cannot close without having taken the pozzetto",
        "both_closed": "both sides closed: only one side closes",
        "too_many_burraci": "so many burraci do not fit in a double deck of 108 cards ({cards} cards needed)",
        "too_many_points": "{points} points on the table and in hand are more than the deck is worth ({most})",
        "two_sides": "two sides' points are needed, not {count}",
        "total_too_big": "{value} is more than one hand can score (at most {most})",
        "void_too_many": "{side_name}: more void burraci ({void}, {kind_name}) than reported ({count})",
    },
}


def message(code: str, lang: str, params: dict[str, Any]) -> str:
    """The refusal ``code`` in ``lang`` (``it`` or ``en``) with its parameters filled in."""
    words = dict(params)
    if "side" in params:
        words["side_name"] = SIDE_NAMES[lang][int(params["side"])]
    if "kind" in params:
        words["kind_name"] = KIND_NAMES[lang].get(str(params["kind"]), str(params["kind"]))
    return WORDS[lang][code].format(**words)
