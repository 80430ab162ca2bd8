"""The printable QR sheet of a turn: one card per table with its code's QR (SVG drawn on the server by
segno, of the ``tournament`` extra), its link and what the phone will ask, Italian first.

>>> card = {"table": 3, "ns": "1 A", "ew": "2 B", "url": "http://x/score/#/score/c", "qr": ""}
>>> "Tavolo 3" in sheet_html("Club", 2, [card], "it")
True
"""

from __future__ import annotations

import html
from typing import Any, Final

WORDS: Final = {
    "it": {
        "title": "{name} · turno {turn}: terminali segnapunti",
        "table": "Tavolo {table}",
        "how": "Inquadrate il codice con il telefono (o aprite il link). N-S inseriscono ogni mano appena finita; "
        "alla fine E-W controllano e confermano il risultato. Non serve un account.",
        "print": "Stampate questa pagina dal browser (Ctrl+P, o Condividi → Stampa sul telefono).",
    },
    "en": {
        "title": "{name} · turn {turn}: score terminals",
        "table": "Table {table}",
        "how": "Scan the code with a phone (or open the link). N-S enter each hand as it ends; at the end E-W "
        "check and confirm the result. No account is needed.",
        "print": "Print this page from the browser (Ctrl+P, or Share → Print on a phone).",
    },
}
CSP: Final = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
"""The sheet's own policy: its one inline style sheet, no script at all."""
STYLE: Final = """
body { font-family: system-ui, sans-serif; margin: 1rem; color: #111; }
h1 { font-size: 1.3rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; }
.card { border: 1px solid #444; border-radius: .5rem; padding: .8rem; break-inside: avoid; page-break-inside: avoid; }
.card h2 { margin: 0 0 .3rem; font-size: 1.4rem; }
.card svg { width: 12rem; height: 12rem; display: block; margin: .4rem auto; }
.link { font-size: .7rem; word-break: break-all; }
.how { font-size: .8rem; }
@media print { .noprint { display: none; } body { margin: 0; } .cards { grid-template-columns: 1fr 1fr; } }
"""


def sheet_html(name: str, turn: int, tables: list[dict[str, Any]], lang: str = "it") -> str:
    """The sheet: ``tables`` have ``table``, ``ns``, ``ew``, ``url`` and ``qr`` (an inline SVG, trusted)."""
    w = WORDS[lang]
    esc = html.escape
    cards = "".join(
        f'<section class="card"><h2>{esc(w["table"].format(table=x["table"]))}</h2>'
        f"<p>N-S: {esc(x['ns'])}<br>E-W: {esc(x['ew'])}</p>{x['qr']}"
        f'<p class="link">{esc(x["url"])}</p><p class="how">{esc(w["how"])}</p></section>'
        for x in tables
    )
    title = esc(w["title"].format(name=name, turn=turn))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head>'
        f'<body><h1>{title}</h1><p class="noprint">{esc(w["print"])}</p>'
        f'<div class="cards">{cards}</div></body></html>'
    )
