"""The players' rules page (``docs/rules.md``, shipped as ``burraco/data/rules.md``, and its Italian
translation ``docs/rules.it.md``, same section numbers): its text, its
numbered sections, and a small, safe markdown-to-HTML renderer made for this page only.

Used by ``burraco rules`` and the web app's ``/rules``; it imports nothing above the core. The
citation format of messages (``rules §4.1``) comes from :mod:`burraco.core.citation`.

>>> [s.number for s in sections()][:6]
['1', '2', '3', '4', '4.1', '4.2']
>>> section("6.2").title
'Your side has a burraco'
>>> cite("6.2"), anchor("6.2")
('rules §6.2', 's6-2')
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from burraco.core.citation import anchor, cite

__all__ = ["LANGS", "Section", "anchor", "cite", "page_html", "player_text", "section", "sections", "text", "to_html"]

RESOURCE: Final = ("data", "rules.md")
"""Where the page lies inside the installed ``burraco`` package."""
LANGS: Final = ("en", "it")
"""The page's languages: ``en`` (``docs/rules.md``) and ``it`` (``docs/rules.it.md``, same sections)."""
CHROME: Final = {
    "en": {"title": "Burraco rules", "back": "← Back to the lobby", "top": "Top of the page"},
    "it": {"title": "Regole del Burraco", "back": "← Torna alla sala", "top": "Inizio della pagina"},
}
"""The words around the page, in each language."""

_COMMANDS: Final = re.compile(r"^<!-- commands -->\n.*?^<!-- /commands -->\n?", re.M | re.S)
"""A passage for the terminal and the documentation only (commands to type): the players' page in the
browser leaves it out, the terminal shows it without the two marker lines."""
_MARKER: Final = re.compile(r"^<!-- /?commands -->\n?", re.M)
_HEADING: Final = re.compile(r"(#{1,3}) +(.+?) *")
_NUMBERED: Final = re.compile(r"(\d{1,2}(?:\.\d{1,2})?)\.? +(.+)")
_BULLET: Final = re.compile(r"[-*] +(.*)")
_ORDERED: Final = re.compile(r"\d+\. +(.*)")
_TABLE_RULE: Final = re.compile(r"\|? *:?-{3,}:? *(\| *:?-{3,}:? *)*\|?")


@dataclass(frozen=True, slots=True)
class Section:
    """One numbered section: ``number`` (``"4.1"``), ``title`` and its markdown ``text``, heading
    included (a top-level section's text includes its subsections)."""

    number: str
    title: str
    text: str


@cache
def _source(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"the rules page is in {' and '.join(LANGS)}, not {lang!r}")
    name = RESOURCE[-1] if lang == "en" else f"rules.{lang}.md"
    return resources.files("burraco").joinpath(*RESOURCE[:-1], name).read_text(encoding="utf-8")


@cache
def text(lang: str = "en") -> str:
    """The whole page, as markdown, in ``lang`` (``en`` or ``it``), as the terminal shows it: its
    passages of commands included.

    >>> text().startswith("# Burraco"), text("it").startswith("# Burraco: le regole")
    (True, True)
    >>> "`burraco rules 6.2`" in text(), "<!--" in text()
    (True, False)
    """
    return _MARKER.sub("", _source(lang))


@cache
def player_text(lang: str = "en") -> str:
    """The page as the browser shows it to players: without the passages of commands to type.

    >>> "burraco rules" in player_text() or "burraco vp" in player_text("it"), "<!--" in player_text()
    (False, False)
    >>> [s.number for s in sections()] == [s.number for s in sections("it")]
    True
    """
    return _COMMANDS.sub("", _source(lang))


def _heading(line: str) -> tuple[int, str] | None:
    match = _HEADING.fullmatch(line)
    return (len(match.group(1)), match.group(2)) if match else None


def sections(lang: str = "en") -> list[Section]:
    """The numbered sections (``## 4. Melds``, ``### 4.1 Sequence``) in page order.

    >>> [(s.number, s.title) for s in sections() if s.number.startswith("4")]
    [('4', 'Melds'), ('4.1', 'Sequence'), ('4.2', 'Combination'), ('4.3', 'Burraco')]
    """
    lines = text(lang).splitlines()
    heads = [(i, *h) for i, line in enumerate(lines) if (h := _heading(line))]
    found: list[Section] = []
    for k, (start, level, title) in enumerate(heads):
        numbered = _NUMBERED.fullmatch(title)
        if not numbered:
            continue
        end = next((i for i, lv, _ in heads[k + 1 :] if lv <= level), len(lines))
        body = "\n".join(lines[start:end]).strip() + "\n"
        found.append(Section(numbered.group(1), numbered.group(2), body))
    return found


def section(number: str, lang: str = "en") -> Section:
    """The section numbered ``number`` (``"4.1"``, ``"§4.1"`` and ``"4.1."`` all work).

    >>> section("§1").title
    'Cards'
    >>> section("13")
    Traceback (most recent call last):
    ...
    KeyError: 'the rules page has no section 13; its sections are 1, 2, 3, 4, 4.1, ...'
    """
    wanted = number.strip().lstrip("§").rstrip(".")
    every = sections(lang)
    for candidate in every:
        if candidate.number == wanted:
            return candidate
    numbers = [s.number for s in every]
    raise KeyError(f"the rules page has no section {wanted}; its sections are {', '.join(numbers[:5])}, ...")


# ---------------------------------------------------------------------------------------- HTML


def _slug(title: str) -> str:
    numbered = _NUMBERED.fullmatch(title)
    if numbered:
        return anchor(numbered.group(1))
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


def _inline(raw: str, ids: frozenset[str]) -> str:
    """Escape, then code spans, bold, italic, and links for ``§N`` references to headings of the page."""
    parts = raw.split("`")
    out: list[str] = []
    for k, part in enumerate(parts):
        escaped = html.escape(part, quote=True)
        if k % 2 and k < len(parts) - 1:
            out.append(f"<code>{escaped}</code>")
            continue
        if k % 2:  # an unpaired backtick: keep it as text
            escaped = "`" + escaped
        escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
        escaped = re.sub(r"(?<![*\w])\*(?!\s)([^*]+?)(?<!\s)\*(?![*\w])", r"<em>\1</em>", escaped)
        out.append(re.sub(r"§(\d{1,2}(?:\.\d{1,2})?)", lambda m: _section_link(m, ids), escaped))
    return "".join(out)


def _section_link(match: re.Match[str], ids: frozenset[str]) -> str:
    target = anchor(match.group(1))
    return f'<a href="#{target}">{match.group(0)}</a>' if target in ids else match.group(0)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(rows: list[str], ids: frozenset[str]) -> str:
    head, body = _cells(rows[0]), [_cells(r) for r in rows[2:]]
    th = "".join(f"<th>{_inline(c, ids)}</th>" for c in head)
    trs = "".join("<tr>" + "".join(f"<td>{_inline(c, ids)}</td>" for c in row) + "</tr>\n" for row in body)
    return f'<table tabindex="0">\n<thead><tr>{th}</tr></thead>\n<tbody>\n{trs}</tbody>\n</table>'


def _blocks(markdown: str) -> list[tuple[str, list[str]]]:
    """Split into blocks: (kind, lines) with kind heading, ul, ol, table or p."""
    blocks: list[tuple[str, list[str]]] = []
    for line in markdown.splitlines():
        stripped = line.strip()
        last = blocks[-1] if blocks else None
        if not stripped:
            blocks.append(("blank", []))
        elif _heading(stripped):
            blocks.append(("heading", [stripped]))
        elif stripped.startswith("|"):
            if last and last[0] == "table":
                last[1].append(stripped)
            else:
                blocks.append(("table", [stripped]))
        elif _BULLET.fullmatch(stripped) or _ORDERED.fullmatch(stripped):
            kind = "ul" if _BULLET.fullmatch(stripped) else "ol"
            if last and last[0] == kind:
                last[1].append(stripped)
            else:
                blocks.append((kind, [stripped]))
        elif last and last[0] in ("ul", "ol", "p") and last[1]:
            last[1][-1] += " " + stripped
        else:
            blocks.append(("p", [stripped]))
    return [b for b in blocks if b[0] != "blank"]


def _render_block(kind: str, lines: list[str], ids: frozenset[str]) -> str:
    if kind == "heading":
        level, title = _heading(lines[0]) or (2, lines[0])
        return f'<h{level} id="{_slug(title)}">{_inline(title, ids)}</h{level}>'
    if kind in ("ul", "ol"):
        item = _BULLET if kind == "ul" else _ORDERED
        items = "".join(f"<li>{_inline(m.group(1), ids)}</li>\n" for line in lines if (m := item.fullmatch(line)))
        return f"<{kind}>\n{items}</{kind}>"
    if kind == "table" and len(lines) >= 2 and _TABLE_RULE.fullmatch(lines[1]):
        return _table(lines, ids)
    return f"<p>{_inline(' '.join(lines), ids)}</p>"


def to_html(markdown: str) -> str:
    """A fragment of HTML for the markdown this page uses: headings ``#``–``###`` (numbered ones get
    ids like ``s4-1``), paragraphs, ``-`` and ``1.`` lists, pipe tables (focusable, so a keyboard can
    scroll a wide one on a phone), inline code, bold, italic. Everything else is text, and all text is
    escaped.

    >>> print(to_html("## 4. Melds\\n\\nA *meld*: `7H 8H 9H` <b>, see §4.\\n\\n- one\\n- **two**"))
    <h2 id="s4">4. Melds</h2>
    <p>A <em>meld</em>: <code>7H 8H 9H</code> &lt;b&gt;, see <a href="#s4">§4</a>.</p>
    <ul>
    <li>one</li>
    <li><strong>two</strong></li>
    </ul>
    >>> print(to_html("| a | b |\\n| --- | --- |\\n| `1` | 2 & 3 |"))
    <table tabindex="0">
    <thead><tr><th>a</th><th>b</th></tr></thead>
    <tbody>
    <tr><td><code>1</code></td><td>2 &amp; 3</td></tr>
    </tbody>
    </table>
    """
    blocks = _blocks(markdown)
    ids = frozenset(_slug(h[1]) for kind, lines in blocks if kind == "heading" and (h := _heading(lines[0])))
    return "\n".join(_render_block(kind, lines, ids) for kind, lines in blocks)


PAGE_STYLE: Final = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; }
header { background: #174a2d; padding: .6rem 1rem; } header a { color: #fff; margin-right: 1rem; }
.rules-page main { max-width: 46rem; margin: 0 auto; padding: 1rem; line-height: 1.5; }
.rules-page table { border-collapse: collapse; display: block; overflow-x: auto; }
.rules-page th, .rules-page td { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; }
"""
"""The page's look when no stylesheet is given (the web app links its own ``style.css``)."""


def page_html(stylesheet: str | None = None, home: str = "/", lang: str = "en") -> str:
    """The whole page as a standalone HTML document with a viewport for phones (what ``/rules``
    serves). ``stylesheet``: a URL to link (CSS rules under ``.rules-page``) instead of inline CSS;
    ``home``: where the header's links lead (the lobby); ``lang``: ``en`` or ``it``.

    >>> page = page_html("/static/style.css")
    >>> '<meta name="viewport"' in page and '<h3 id="s4-1">' in page and 'href="/"' in page
    True
    >>> "<style>" in page, "<style>" in page_html()
    (False, True)
    >>> '<html lang="it">' in page_html(lang="it") and "Torna alla sala" in page_html(lang="it")
    True
    """
    words = CHROME[lang]
    home_href = html.escape(home, quote=True)
    style = (
        f'<link rel="stylesheet" href="{html.escape(stylesheet, quote=True)}">'
        if stylesheet
        else f"<style>{PAGE_STYLE}</style>"
    )
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{words["title"]}</title>\n<link rel="icon" href="data:,">\n{style}\n</head>\n'
        '<body class="rules-page">\n'
        f'<header><a href="{home_href}" class="brand">Burraco</a>'
        f'<nav><a href="{home_href}" id="back-to-lobby">{words["back"]}</a></nav></header>\n'
        f'<main id="rules">\n{to_html(player_text(lang))}\n'
        f'<p><a href="{home_href}">{words["back"]}</a> · <a href="#">{words["top"]}</a></p>\n</main>\n'
        "</body>\n</html>\n"
    )
