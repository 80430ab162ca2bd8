"""Exports: standings and per-turn results as CSV and HTML; printable score cards as HTML.

The PDF forms (same rows) are in :mod:`burraco.tournament.pdf`. Every export is built from the
row helpers here, so the three formats always agree. Every export is in Italian by default;
``lang="en"`` gives English (the words are in :mod:`burraco.tournament.export_words`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from html import escape
from typing import Final

from burraco.tournament.director import Side, Tournament
from burraco.tournament.errors import TournamentConfigError
from burraco.tournament.export_words import DEFAULT_LANG, ENGLISH, ExportWords, movement, words
from burraco.tournament.model import Table, Turn

STANDINGS_HEADER: Final = ENGLISH.standings_header
"""The English CSV columns of the standings (:func:`standings_header` for a language's)."""
RESULTS_HEADER: Final = ENGLISH.results_header
"""The English CSV columns of the results (:func:`results_header` for a language's)."""
WHATS: Final = ("standings", "results", "all")

Rows = list[list[str]]


def standings_header(lang: str = DEFAULT_LANG) -> tuple[str, ...]:
    return words(lang).standings_header


def results_header(lang: str = DEFAULT_LANG) -> tuple[str, ...]:
    return words(lang).results_header


def standings_rows(t: Tournament, after: int | None = None, lang: str = DEFAULT_LANG) -> Rows:
    w = words(lang)
    return [
        [
            str(s.rank),
            str(s.entrant),
            s.name,
            str(s.vp),
            str(s.mp),
            str(s.played),
            str(s.rests),
            str(s.penalty),
            w.yes if s.withdrawn else "",
        ]
        for s in t.standings(after)
    ]


def turn_rows(t: Tournament, turn: Turn, lang: str = DEFAULT_LANG) -> Rows:
    """One row per table (with or without a result) and one per rest."""
    w = words(lang)
    rows = [_table_row(t, turn.number, table, w) for table in turn.tables]
    for rest in turn.rests:
        rows.append(
            [
                str(turn.number),
                "",
                str(rest.entrant),
                t.name(rest.entrant),
                "",
                w.resting,
                "",
                "",
                str(rest.mp),
                str(rest.vp),
                "",
                w.kinds["rest"],
            ]
        )
    return rows


def side_label(t: Tournament, table: Table, side: Side, lang: str = DEFAULT_LANG) -> str:
    """``3 Rossi-Bianchi`` (pairs), ``Ann & Bob`` (individuals), ``1 Lions coppia 1`` (teams)."""
    ids, line = (table.ns, table.ns_line) if side == "ns" else (table.ew, table.ew_line)
    if t.config.kind == "individual":
        return " & ".join(t.name(i) for i in ids)
    label = " / ".join(f"{i} {t.name(i)}" for i in ids)
    return f"{label} {words(lang).line} {line}" if line else label


def _table_row(t: Tournament, turn: int, table: Table, w: ExportWords) -> list[str]:
    r = table.result
    base = [
        str(turn),
        str(table.number),
        "+".join(map(str, table.ns)),
        side_label(t, table, "ns", w.lang),
        "+".join(map(str, table.ew)),
        side_label(t, table, "ew", w.lang),
    ]
    if r is None:
        return [*base, "", "", "", "", "", w.kinds["pending"]]
    points = ["" if r.ns_points is None else str(r.ns_points), "" if r.ew_points is None else str(r.ew_points)]
    return [*base, *points, str(r.mp_ns), str(r.vp_ns), str(r.vp_ew), w.kinds[r.kind]]


def results_rows(t: Tournament, lang: str = DEFAULT_LANG) -> Rows:
    return [row for turn in t.turns for row in turn_rows(t, turn, lang)]


def to_csv(header: Sequence[str], rows: Rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def csv_export(t: Tournament, what: str = "standings", lang: str = DEFAULT_LANG) -> str:
    """CSV holds one table: the standings or every turn's results."""
    w = words(lang)
    if what == "standings":
        return to_csv(w.standings_header, standings_rows(t, lang=lang))
    if what == "results":
        return to_csv(w.results_header, results_rows(t, lang))
    raise TournamentConfigError(f"a CSV export holds standings or results, not {what!r}")


# --- HTML ----------------------------------------------------------------------------------------

_STYLE: Final = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em; color: #111; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #888; padding: 0.25em 0.6em; text-align: left; }
th { background: #eee; }
td.num { text-align: right; }
.card { page-break-after: always; break-after: page; margin-bottom: 3em; }
.card table { width: 100%; }
.card td { height: 2em; }
.sign { margin-top: 2em; display: flex; justify-content: space-between; }
@media print { body { margin: 0; } }
"""


def _html_table(header: Sequence[str], rows: Rows) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(_html_cell(cell) for cell in row) + "</tr>\n" for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n"


def _html_cell(cell: str) -> str:
    numeric = cell.lstrip("+-").isdigit()
    return f'<td class="num">{escape(cell)}</td>' if numeric else f"<td>{escape(cell)}</td>"


def _page(title: str, body: str, lang: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        f"<style>{_STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )


def summary(t: Tournament, lang: str = DEFAULT_LANG) -> str:
    """One line describing the tournament: kind, turns, hands, VP table, movements."""
    w = words(lang)
    c = t.config
    names = c.movements if len(set(c.movements)) > 1 else c.movements[:1]
    return w.summary.format(
        tournament=w.tournament.format(kind=w.tournament_kinds[c.kind]),
        paired=t.paired_turns,
        turns=c.turns,
        hands=c.hands,
        vp_table=w.vp_tables.get(c.vp_table, c.vp_table),
        movements=", ".join(movement(w, name) for name in names),
    )


def turn_heading(turn: Turn, lang: str = DEFAULT_LANG) -> str:
    """``Turno 2 (Mitchell)``: a turn's heading in the report."""
    w = words(lang)
    return w.turn.format(turn=turn.number, movement=movement(w, turn.movement))


def html_export(t: Tournament, what: str = "all", lang: str = DEFAULT_LANG) -> str:
    """An HTML page with the standings and/or every turn's results."""
    if what not in WHATS:
        raise TournamentConfigError(f"export what? standings, results or all, not {what!r}")
    w = words(lang)
    title = t.config.name
    parts = [f"<h1>{escape(title)}</h1>\n<p>{escape(summary(t, lang))}</p>\n"]
    if what in ("standings", "all"):
        parts.append(f"<h2>{escape(w.standings_after.format(turn=t.paired_turns))}</h2>\n")
        parts.append(_html_table(w.standings_header, standings_rows(t, lang=lang)))
    if what in ("results", "all"):
        for turn in t.turns:
            parts.append(f"<h2>{escape(turn_heading(turn, lang))}</h2>\n")
            parts.append(_html_table(w.results_header[1:], [row[1:] for row in turn_rows(t, turn, lang)]))
    return _page(title, "".join(parts), w.lang)


def scorecard_lines(t: Tournament, turn: Turn, table: Table, lang: str = DEFAULT_LANG) -> tuple[str, str, str]:
    """Title, N-S line and E-W line of a table's score card."""
    w = words(lang)
    title = w.card_title.format(name=t.config.name, turn=turn.number, table=table.number)
    return title, f"{w.ns}: {side_label(t, table, 'ns', lang)}", f"{w.ew}: {side_label(t, table, 'ew', lang)}"


def scorecard_rows(t: Tournament, lang: str = DEFAULT_LANG) -> Rows:
    """A score card's rows to fill in: one per hand, the totals, the MP and the VP."""
    w = words(lang)
    rows = [[w.hand.format(hand=hand), "", ""] for hand in range(1, t.config.hands + 1)]
    return [*rows, [w.total, "", ""], [w.difference, "", ""], [w.victory_points, "", ""]]


def scorecards_html(t: Tournament, turn_number: int, lang: str = DEFAULT_LANG) -> str:
    """One printable score card per table of the turn (Art. 30: countersigned by both lines)."""
    w = words(lang)
    turn = t.turn(turn_number)
    cards = []
    for table in turn.tables:
        title, ns, ew = scorecard_lines(t, turn, table, lang)
        cards.append(
            f'<section class="card">\n<h2>{escape(title)}</h2>\n<p>{escape(ns)}<br>{escape(ew)}</p>\n'
            + _html_table(("", w.ns, w.ew), scorecard_rows(t, lang))
            + f'<div class="sign"><span>{escape(w.signature.format(side=w.ns))} ____________</span>'
            + f"<span>{escape(w.signature.format(side=w.ew))} ____________</span></div>\n</section>\n"
        )
    if turn.rests:
        resting = ", ".join(w.rest_entry.format(id=r.entrant, name=t.name(r.entrant), vp=r.vp) for r in turn.rests)
        cards.append(f"<p>{escape(w.resting_turn.format(entrants=resting))}</p>\n")
    return _page(w.cards_title.format(name=t.config.name, turn=turn_number), "".join(cards), w.lang)
