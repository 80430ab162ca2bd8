"""``burraco rules [SECTION] [--raw] [--list] [--lang it]``: the players' rules page (``docs/rules.md``) in the
terminal, whole or one section (``burraco rules 6.2``: the section a refusal's "rules §6.2" names).

Exit codes: 0 printed; 2 no such section (a one-line ``error: ...`` on stderr naming the sections).
Imports only typer, rich and :mod:`burraco.rulebook`.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from burraco import rulebook

SECTION_HELP = 'A section number, e.g. 4.1 (what a message\'s "rules §4.1" names). Default: the whole page.'
RAW_HELP = "Print the markdown text as it is, without formatting."
LIST_HELP = "List the numbered sections and their titles."
LANG_HELP = "The page's language: en (English) or it (Italian); the section numbers are the same."


def rules(
    section: Annotated[str | None, typer.Argument(help=SECTION_HELP, show_default=False)] = None,
    raw: Annotated[bool, typer.Option("--raw", help=RAW_HELP)] = False,
    list_sections: Annotated[bool, typer.Option("--list", help=LIST_HELP)] = False,
    lang: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "en",
) -> None:
    """Print the rules of Burraco as this program plays them, or one section of them."""
    if lang not in rulebook.LANGS:
        print(f"error: --lang is one of {', '.join(rulebook.LANGS)}, not {lang!r}", file=sys.stderr)
        raise typer.Exit(2)
    if list_sections:
        for s in rulebook.sections(lang):
            indent = "  " if "." in s.number else ""
            print(f"{indent}§{s.number} {s.title}")
        return
    try:
        text = rulebook.section(section, lang).text if section is not None else rulebook.text(lang)
    except KeyError as error:
        numbers = ", ".join(s.number for s in rulebook.sections())
        print(f"error: no section {section!r} on the rules page; its sections are {numbers}", file=sys.stderr)
        raise typer.Exit(2) from error
    if raw:
        sys.stdout.write(text)
    else:
        Console(soft_wrap=False).print(Markdown(text))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
