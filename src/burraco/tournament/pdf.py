"""PDF exports with fpdf2 (pure Python): the standings and results report, and score cards.

The text is set in DejaVu Sans, a Unicode TrueType font shipped in ``fonts/`` (its license is
``fonts/LICENSE``) and embedded, subset, in every PDF: names in the Latin scripts (Polish, Czech,
Turkish, Romanian, Vietnamese, ...), Greek, Cyrillic, Armenian and Georgian print as they are
written. Hebrew and Arabic letters print, but left to right and unjoined (no text shaping). DejaVu
has no Chinese, Japanese, Korean, Thai or Indic glyphs, and no free font small enough to ship
has them: a character the font lacks prints as ``�`` (U+FFFD), the rest of the name as it is. The
HTML and CSV exports (:mod:`burraco.tournament.export`) keep every character.

Every export is in Italian by default; ``lang="en"`` gives English.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import TTFFont

from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentConfigError
from burraco.tournament.export import (
    WHATS,
    Rows,
    scorecard_lines,
    scorecard_rows,
    standings_rows,
    summary,
    turn_heading,
    turn_rows,
)
from burraco.tournament.export_words import DEFAULT_LANG, words

_LINE = 6.0
_FONT: Final = "dejavu"
FONTS: Final = Path(__file__).resolve().parent / "fonts"
"""The shipped font files: ``DejaVuSans.ttf``, ``DejaVuSans-Bold.ttf`` and their ``LICENSE``."""
_FONT_FILES: Final = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
REPLACEMENT: Final = "\ufffd"
"""What prints in place of a character the font has no glyph for."""
_FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)


class _Pdf(FPDF):
    """An A4 document in DejaVu Sans (regular and bold) that knows which characters it can print."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        covered: set[int] | None = None
        for style, file in _FONT_FILES.items():
            self.add_font(_FONT, style, FONTS / file)
            font = self.fonts[f"{_FONT}{style}"]
            assert isinstance(font, TTFFont)
            covered = set(font.cmap) if covered is None else covered & set(font.cmap)
        self.covered: frozenset[int] = frozenset(covered or ())

    def printable(self, text: str) -> str:
        """``text`` with the characters both styles lack replaced by U+FFFD (line breaks kept)."""
        return "".join(c if c == "\n" or ord(c) in self.covered else REPLACEMENT for c in text)


def _new_pdf(title: str, orientation: str) -> _Pdf:
    pdf = _Pdf(orientation)
    pdf.set_title(title)
    pdf.set_creator("burraco tournament")
    pdf.set_creation_date(_FIXED_DATE)
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.set_fill_color(230, 230, 230)
    return pdf


def _heading(pdf: _Pdf, text: str, size: float) -> None:
    if pdf.will_page_break(size + 4 * _LINE):  # keep a heading with the start of its table
        pdf.add_page()
    pdf.set_font(_FONT, "B", size)
    pdf.cell(pdf.epw, size * 0.6, pdf.printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(1)


def _paragraph(pdf: _Pdf, text: str) -> None:
    pdf.set_font(_FONT, "", 10)
    pdf.multi_cell(pdf.epw, 5, pdf.printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)


def _fit(pdf: _Pdf, text: str, width: float) -> str:
    """``text`` cut with ``...`` so that it fits in a cell ``width`` wide."""
    text = pdf.printable(text)
    if pdf.get_string_width(text) <= width - 2:
        return text
    while text and pdf.get_string_width(text + "...") > width - 2:
        text = text[:-1]
    return text + "..."


def _widths(pdf: _Pdf, header: Sequence[str], rows: Rows) -> list[float]:
    pdf.set_font(_FONT, "B", 9)  # the header's font
    natural = [pdf.get_string_width(pdf.printable(h)) + 4 for h in header]
    pdf.set_font(_FONT, "", 9)
    for row in rows:
        natural = [max(w, pdf.get_string_width(pdf.printable(cell)) + 4) for w, cell in zip(natural, row, strict=True)]
    capped = [min(w, pdf.epw / 3) for w in natural]
    scale = min(1.0, pdf.epw / sum(capped))
    return [w * scale for w in capped]


def _table(
    pdf: _Pdf, header: Sequence[str], rows: Rows, widths: Sequence[float] | None = None, line: float = _LINE
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


def _table_header(pdf: _Pdf, header: Sequence[str], widths: Sequence[float]) -> None:
    pdf.set_font(_FONT, "B", 9)
    for text, width in zip(header, widths, strict=True):
        pdf.cell(width, _LINE, _fit(pdf, text, width), border=1, fill=True)
    pdf.ln(_LINE)


def report_pdf(t: Tournament, what: str = "all", lang: str = DEFAULT_LANG) -> bytes:
    """Standings and/or every turn's results, A4 landscape."""
    if what not in WHATS:
        raise TournamentConfigError(f"export what? standings, results or all, not {what!r}")
    w = words(lang)
    pdf = _new_pdf(t.config.name, "L")
    pdf.set_lang(w.lang)
    pdf.add_page()
    _heading(pdf, t.config.name, 16)
    _paragraph(pdf, summary(t, lang))
    if what in ("standings", "all"):
        _heading(pdf, w.standings_after.format(turn=t.paired_turns), 12)
        _table(pdf, w.standings_header, standings_rows(t, lang=lang))
    if what in ("results", "all"):
        for turn in t.turns:
            _heading(pdf, turn_heading(turn, lang), 12)
            _table(pdf, w.results_header[1:], [row[1:] for row in turn_rows(t, turn, lang)])
    return bytes(pdf.output())


def scorecards_pdf(t: Tournament, turn_number: int, lang: str = DEFAULT_LANG) -> bytes:
    """One A4 page per table: hands, totals, MP, VP and both lines' signatures (Art. 30)."""
    w = words(lang)
    turn = t.turn(turn_number)
    pdf = _new_pdf(w.cards_title.format(name=t.config.name, turn=turn_number), "P")
    pdf.set_lang(w.lang)
    for table in turn.tables:
        pdf.add_page()
        title, ns, ew = scorecard_lines(t, turn, table, lang)
        _heading(pdf, title, 14)
        _paragraph(pdf, f"{ns}\n{ew}")
        third = pdf.epw / 3
        _table(pdf, ("", w.ns, w.ew), scorecard_rows(t, lang), widths=(third, third, third), line=11.0)
        pdf.ln(12)
        pdf.set_font(_FONT, "", 10)
        pdf.cell(pdf.epw / 2, _LINE, f"{w.signature.format(side=w.ns)} ____________________")
        pdf.cell(
            pdf.epw / 2,
            _LINE,
            f"{w.signature.format(side=w.ew)} ____________________",
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )
    if not turn.tables:
        pdf.add_page()
        _paragraph(pdf, w.no_tables.format(turn=turn_number))
    return bytes(pdf.output())
