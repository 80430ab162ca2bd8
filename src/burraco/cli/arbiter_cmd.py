"""``burraco arbiter [ARTICLE] [--answer KEY=VALUE]... [--list] [--lang it|en] [--json]``: the arbiter's
code at the table — the irregularities of Art. 12–23 of the federation's competition code.

``--list`` prints one line per article. ``burraco arbiter 17`` asks that article's questions one by one
(type the number or the value of an answer) and prints the ruling: the code's words, its effects and the
article. ``--answer KEY=VALUE`` (repeatable) answers questions in advance, so a script can reach the
ruling without prompts; ``--json`` prints the ruling (or, with ``--list``, the whole code) as JSON.

Exit codes: 0 a ruling (or the list); 2 bad input — an unknown article, a malformed ``--answer``, an
answer that is not one of its question's, a question left unanswered when input ends — as one line
``errore: …`` (``error: …`` with ``--lang en``) on stderr. Imports only typer, rich and
:mod:`burraco.arbiter`.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt

from burraco.arbiter import (
    ARTICLES,
    ArbiterError,
    InvalidAnswerError,
    Lang,
    Question,
    Ruling,
    Text,
    article,
    describe,
    step,
    to_dict,
)
from burraco.arbiter.code import missing

ARTICLE_HELP = "The article, 12 to 23 (see --list). Its questions are asked one by one."
ANSWER_HELP = "Answer a question in advance, as KEY=VALUE (repeatable), e.g. --answer situation=played."
LIST_HELP = "List the articles of the arbiter's code, one a line."
LANG_HELP = "The language: it (Italian, the default) or en (English)."
JSON_HELP = "Print the ruling (with --list, the whole code) as JSON."

WORDS = {
    "ruling": Text("Decisione", "Ruling"),
    "effects": Text("Effetti", "Effects"),
    "also": Text("Si applica anche", "Also applies"),
    "reading": Text("Lettura del codice", "Reading of the code"),
    "answers": Text("Risposte", "Answers"),
    "choose": Text("Scegli", "Choose"),
    "error": Text("errore", "error"),
    "no_article": Text(
        "indica un articolo da 12 a 23, oppure --list per l'elenco",
        "name an article from 12 to 23, or --list for the list",
    ),
}


def _fail(text: Text | str, lang: Lang) -> NoReturn:
    message = text if isinstance(text, str) else text(lang)
    print(f"{WORDS['error'](lang)}: {message}", file=sys.stderr)
    raise typer.Exit(2)


def _parse_article(value: str, lang: Lang) -> int:
    digits = value.strip().lower().removeprefix("art").lstrip(". ")
    if not digits.isdigit():
        _fail(Text(f"{value!r} non è un numero di articolo", f"{value!r} is not an article number"), lang)
    return int(digits)


def _parse_answers(pairs: list[str], lang: Lang) -> dict[str, str]:
    answers: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            _fail(Text(f"--answer vuole CHIAVE=VALORE, non {pair!r}", f"--answer takes KEY=VALUE, not {pair!r}"), lang)
        answers[key.strip()] = value.strip()
    return answers


def _ask(console: Console, number: int, question: Question, lang: Lang) -> str:
    """Ask ``question`` until it gets one of its answers (by number or value); input's end is an error."""
    console.print(f"\n[bold]{escape(question.text(lang))}[/bold]")
    for index, answer in enumerate(question.answers, 1):
        value = "" if answer.text(lang).lower() == answer.value else f" [dim]({answer.value})[/dim]"
        console.print(f"  {index}) {escape(answer.text(lang))}{value}")
    while True:
        try:
            reply = Prompt.ask(f"{WORDS['choose'](lang)} 1-{len(question.answers)}", console=console).strip()
        except EOFError:
            console.print()
            _fail(missing(number, question).message(lang), lang)
        if reply.isdigit() and 1 <= int(reply) <= len(question.answers):
            return question.answers[int(reply) - 1].value
        try:
            return question.answer(reply).value
        except InvalidAnswerError as error:
            console.print(f"[red]{escape(error.message(lang))}[/red]")


def _print_ruling(console: Console, ruling: Ruling, answers: dict[str, str], lang: Lang) -> None:
    console.print(f"\n[bold]{WORDS['ruling'](lang)} (art. {ruling.article})[/bold]")
    console.print(escape(ruling.words(lang)))
    console.print(f"\n[bold]{WORDS['effects'](lang)}[/bold]")
    for effect in ruling.effects:
        console.print(f"  • {escape(describe(effect, lang))}")
    if ruling.also:
        console.print(f"\n{WORDS['also'](lang)}: " + ", ".join(f"art. {n}" for n in ruling.also))
    if ruling.note is not None:
        console.print(f"\n[italic]{WORDS['reading'](lang)}: {escape(ruling.note(lang))}[/italic]")
    console.print(f"\n[dim]{WORDS['answers'](lang)}: " + " ".join(f"{k}={v}" for k, v in answers.items()) + "[/dim]")


def arbiter(
    number: Annotated[str | None, typer.Argument(metavar="ARTICLE", help=ARTICLE_HELP, show_default=False)] = None,
    answer: Annotated[list[str] | None, typer.Option("--answer", "-a", help=ANSWER_HELP, show_default=False)] = None,
    list_articles: Annotated[bool, typer.Option("--list", help=LIST_HELP)] = False,
    lang_name: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "it",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The arbiter's code (Art. 12-23): answer the questions, get the ruling and its effects."""
    try:
        lang = Lang.parse(lang_name)
    except ArbiterError as error:
        _fail(str(error), Lang.IT)
    console = Console(highlight=False, soft_wrap=True)
    if list_articles:
        if as_json:
            print(json.dumps(to_dict(), ensure_ascii=False))
            return
        for art in ARTICLES:
            console.print(f"Art. {art.number}  {escape(art.title(lang))}")
        return
    if number is None:
        _fail(WORDS["no_article"], lang)
    try:
        art = article(_parse_article(number, lang))
        answers = _parse_answers(answer or [], lang)
        walked = step(art.number, answers)
        if not as_json:
            console.print(f"[bold]Art. {art.number} — {escape(art.title(lang))}[/bold]")
            console.print(escape(art.summary(lang)))
            for question, given in walked.steps:
                console.print(f"  {escape(question.text(lang))} → {escape(given.text(lang))}")
        path = {q.key: a.value for q, a in walked.steps}
        node = walked.node
        while isinstance(node, Question):
            if as_json:
                raise missing(art.number, node)
            path[node.key] = _ask(console, art.number, node, lang)
            node = step(art.number, path).node
    except ArbiterError as error:
        _fail(error.message(lang), lang)
    if as_json:
        print(json.dumps({"answers": path, "ruling": node.to_dict()}, ensure_ascii=False))
    else:
        _print_ruling(console, node, path, lang)


def register(app: typer.Typer) -> None:
    app.command("arbiter")(arbiter)
