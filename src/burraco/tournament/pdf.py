"""PDF exports with fpdf2 (pure Python): the standings and results report, and score cards.

The core PDF fonts cover Latin-1 only; other characters print as ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentConfigError
from burraco.tournament.export import (
    RESULTS_HEADER,
    STANDINGS_HEADER,
    WHATS,
    Rows,
    scorecard_lines,
    standings_rows,
    summary,
    turn_rows,
)

_LINE = 6.0
_FONT = "Helvetica"
_FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)


def _latin1(text: str) -> str:
    return text.replace("\u2013", "-").replace("\u2014", "-").encode("latin-1", "replace").decode("latin-1")


def _new_pdf(title: str, orientation: str) -> FPDF:
    pdf = FPDF(orientation=orientation, unit="mm", format="A4")
    pdf.set_title(_latin1(title))
    pdf.set_creator("burraco tournament")
    pdf.set_creation_date(_FIXED_DATE)
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.set_fill_color(230, 230, 230)
    return pdf


def _heading(pdf: FPDF, text: str, size: float) -> None:
    if pdf.will_page_break(size + 4 * _LINE):  # keep a heading with the start of its table
        pdf.add_page()
    pdf.set_font(_FONT, "B", size)
    pdf.cell(pdf.epw, size * 0.6, _latin1(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(1)


def _paragraph(pdf: FPDF, text: str) -> None:
    pdf.set_font(_FONT, "", 10)
    pdf.multi_cell(pdf.epw, 5, _latin1(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)


def _fit(pdf: FPDF, text: str, width: float) -> str:
    """``text`` cut with ``...`` so that it fits in a cell ``width`` wide."""
    text = _latin1(text)
    if pdf.get_string_width(text) <= width - 2:
        return text
    while text and pdf.get_string_width(text + "...") > width - 2:
        text = text[:-1]
    return text + "..."


def _widths(pdf: FPDF, header: Sequence[str], rows: Rows) -> list[float]:
    pdf.set_font(_FONT, "", 9)
    natural = [
        max([pdf.get_string_width(_latin1(h)) + 4] + [pdf.get_string_width(_latin1(r[i])) + 4 for r in rows])
        for i, h in enumerate(header)
    ]
    capped = [min(w, pdf.epw / 3) for w in natural]
    scale = min(1.0, pdf.epw / sum(capped))
    return [w * scale for w in capped]


def _table(
    pdf: FPDF, header: Sequence[str], rows: Rows, widths: Sequence[float] | None = None, line: float = _LINE
) -> None:
    widths = list(widths) if widths is not None else _widths(pdf, header, rows)
    _table_header(pdf, header, widths)
    pdf.set_font(_FONT, "", 9)
    for row in rows:
        if pdf.will_page_break(line):
            pdf.add_page()
            _table_header(pdf, header, widths)
            pdf.set_font(_FONT, "", 9)
        for cell, width in zip(row, widths, strict=True):
            align = "R" if cell.lstrip("+-").isdigit() else "L"
            pdf.cell(width, line, _fit(pdf, cell, width), border=1, align=align)
        pdf.ln(line)
    pdf.ln(3)


def _table_header(pdf: FPDF, header: Sequence[str], widths: Sequence[float]) -> None:
    pdf.set_font(_FONT, "B", 9)
    for text, width in zip(header, widths, strict=True):
        pdf.cell(width, _LINE, _fit(pdf, text, width), border=1, fill=True)
    pdf.ln(_LINE)


def report_pdf(t: Tournament, what: str = "all") -> bytes:
    """Standings and/or every turn's results, A4 landscape."""
    if what not in WHATS:
        raise TournamentConfigError(f"export what? standings, results or all, not {what!r}")
    pdf = _new_pdf(t.config.name, "L")
    pdf.add_page()
    _heading(pdf, t.config.name, 16)
    _paragraph(pdf, summary(t))
    if what in ("standings", "all"):
        _heading(pdf, f"Standings after turn {t.paired_turns}", 12)
        _table(pdf, STANDINGS_HEADER, standings_rows(t))
    if what in ("results", "all"):
        for turn in t.turns:
            _heading(pdf, f"Turn {turn.number} ({turn.movement})", 12)
            _table(pdf, RESULTS_HEADER[1:], [row[1:] for row in turn_rows(t, turn)])
    return bytes(pdf.output())


def scorecards_pdf(t: Tournament, turn_number: int) -> bytes:
    """One A4 page per table: hands, totals, MP, VP and both lines' signatures (Art. 30)."""
    turn = t.turn(turn_number)
    pdf = _new_pdf(f"{t.config.name} - score cards, turn {turn_number}", "P")
    for table in turn.tables:
        pdf.add_page()
        title, ns, ew = scorecard_lines(t, turn, table)
        _heading(pdf, title, 14)
        _paragraph(pdf, f"{ns}\n{ew}")
        rows = [[f"Hand {hand}", "", ""] for hand in range(1, t.config.hands + 1)]
        rows += [["Total", "", ""], ["Difference (MP)", "", ""], ["Victory points", "", ""]]
        third = pdf.epw / 3
        _table(pdf, ("", "N-S", "E-W"), rows, widths=(third, third, third), line=11.0)
        pdf.ln(12)
        pdf.set_font(_FONT, "", 10)
        pdf.cell(pdf.epw / 2, _LINE, "N-S signature: ____________________")
        pdf.cell(pdf.epw / 2, _LINE, "E-W signature: ____________________", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    if not turn.tables:
        pdf.add_page()
        _paragraph(pdf, f"Turn {turn_number} has no tables.")
    return bytes(pdf.output())
