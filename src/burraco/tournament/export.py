"""Exports: standings and per-turn results as CSV and HTML; printable score cards as HTML.

The PDF forms (same rows) are in :mod:`burraco.tournament.pdf`. Every export is built from the
row helpers here, so the three formats always agree.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from html import escape
from typing import Final

from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentConfigError
from burraco.tournament.model import Table, Turn

STANDINGS_HEADER: Final = ("rank", "id", "name", "vp", "mp", "played", "rests", "penalty_vp", "withdrawn")
RESULTS_HEADER: Final = (
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
)
WHATS: Final = ("standings", "results", "all")

Rows = list[list[str]]


def standings_rows(t: Tournament, after: int | None = None) -> Rows:
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
            "yes" if s.withdrawn else "",
        ]
        for s in t.standings(after)
    ]


def turn_rows(t: Tournament, turn: Turn) -> Rows:
    """One row per table (with or without a result) and one per rest."""
    rows = [_table_row(t, turn.number, table) for table in turn.tables]
    for rest in turn.rests:
        rows.append(
            [
                str(turn.number),
                "",
                str(rest.entrant),
                t.name(rest.entrant),
                "",
                "(rest)",
                "",
                "",
                str(rest.mp),
                str(rest.vp),
                "",
                "rest",
            ]
        )
    return rows


def _table_row(t: Tournament, turn: int, table: Table) -> list[str]:
    r = table.result
    base = [
        str(turn),
        str(table.number),
        "+".join(map(str, table.ns)),
        t.side_label(table, "ns"),
        "+".join(map(str, table.ew)),
        t.side_label(table, "ew"),
    ]
    if r is None:
        return [*base, "", "", "", "", "", "pending"]
    points = ["" if r.ns_points is None else str(r.ns_points), "" if r.ew_points is None else str(r.ew_points)]
    return [*base, *points, str(r.mp_ns), str(r.vp_ns), str(r.vp_ew), r.kind]


def results_rows(t: Tournament) -> Rows:
    return [row for turn in t.turns for row in turn_rows(t, turn)]


def to_csv(header: Sequence[str], rows: Rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def csv_export(t: Tournament, what: str = "standings") -> str:
    """CSV holds one table: the standings or every turn's results."""
    if what == "standings":
        return to_csv(STANDINGS_HEADER, standings_rows(t))
    if what == "results":
        return to_csv(RESULTS_HEADER, results_rows(t))
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


def _page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        f"<style>{_STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )


def summary(t: Tournament) -> str:
    """One line describing the tournament: kind, turns, hands, VP table, movements."""
    c = t.config
    movements = ", ".join(c.movements) if len(set(c.movements)) > 1 else c.movements[0]
    return (
        f"{c.kind} tournament, {t.paired_turns} of {c.turns} turns paired, {c.hands} hands a turn, "
        f"VP table {c.vp_table}, movement: {movements}"
    )


def html_export(t: Tournament, what: str = "all") -> str:
    """An HTML page with the standings and/or every turn's results."""
    if what not in WHATS:
        raise TournamentConfigError(f"export what? standings, results or all, not {what!r}")
    title = t.config.name
    parts = [f"<h1>{escape(title)}</h1>\n<p>{escape(summary(t))}</p>\n"]
    if what in ("standings", "all"):
        parts.append(f"<h2>Standings after turn {t.paired_turns}</h2>\n")
        parts.append(_html_table(STANDINGS_HEADER, standings_rows(t)))
    if what in ("results", "all"):
        for turn in t.turns:
            parts.append(f"<h2>Turn {turn.number} ({escape(turn.movement)})</h2>\n")
            parts.append(_html_table(RESULTS_HEADER[1:], [row[1:] for row in turn_rows(t, turn)]))
    return _page(title, "".join(parts))


def scorecard_lines(t: Tournament, turn: Turn, table: Table) -> tuple[str, str, str]:
    """Title, N-S line and E-W line of a table's score card."""
    title = f"{t.config.name} - turn {turn.number} - table {table.number}"
    return title, f"N-S: {t.side_label(table, 'ns')}", f"E-W: {t.side_label(table, 'ew')}"


def scorecards_html(t: Tournament, turn_number: int) -> str:
    """One printable score card per table of the turn (Art. 30: countersigned by both lines)."""
    turn = t.turn(turn_number)
    cards = []
    for table in turn.tables:
        title, ns, ew = scorecard_lines(t, turn, table)
        rows = [[f"Hand {hand}", "", ""] for hand in range(1, t.config.hands + 1)]
        rows += [["Total", "", ""], ["Difference (MP)", "", ""], ["Victory points", "", ""]]
        cards.append(
            f'<section class="card">\n<h2>{escape(title)}</h2>\n<p>{escape(ns)}<br>{escape(ew)}</p>\n'
            + _html_table(("", "N-S", "E-W"), rows)
            + '<div class="sign"><span>N-S signature: ____________</span>'
            + "<span>E-W signature: ____________</span></div>\n</section>\n"
        )
    if turn.rests:
        resting = ", ".join(f"{r.entrant} {t.name(r.entrant)} ({r.vp} VP)" for r in turn.rests)
        cards.append(f"<p>Resting this turn: {escape(resting)}</p>\n")
    return _page(f"{t.config.name} - score cards, turn {turn_number}", "".join(cards))
