"""``burraco analyse HISTORY``: the champion reviews every decision of a hand (docs/analysis.md).

Each decision of each seat (or of ``--seat N``) is judged from that seat's information only: the
points it lost against the best action found, a label (*ottima* … *grave errore*) and a reason when
one is known; then each seat's accuracy over the hand. ``--json`` prints one JSON object per line
and decision: ``{"step", "seat", "played", "best", "loss", "label", "reason"}``. A progress bar goes
to stderr. Bad input (an unreadable file, not a hand history, an illegal action, a seat that does
not exist) is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from burraco.analysis import DEFAULT_BUDGET_MS, HandReview, analyse_history, count_decisions
from burraco.bench.analysis import bench_analysis
from burraco.cli import bench_cmd
from burraco.cli.replay_cmd import MAX_HISTORY_BYTES
from burraco.core.errors import BurracoError
from burraco.core.history import HandHistory, read_history

FILE_HELP = "A hand history file (docs/hand-history.md)."
LABEL_STYLE = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}


def _fail(italian: str, english: str) -> NoReturn:
    print(f"errore: {' '.join(italian.split())} / error: {' '.join(english.split())}", file=sys.stderr)
    raise typer.Exit(2)


def _read(file: Path) -> HandHistory:
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_HISTORY_BYTES + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        _fail(f"impossibile leggere {file}: {reason}", f"cannot read {file}: {reason}")
    if len(data) > MAX_HISTORY_BYTES:
        _fail(f"{file} è troppo grande per una storia di mano", f"{file} is too large to be a hand history")
    try:
        return read_history(data.decode("utf-8"))
    except UnicodeDecodeError:
        _fail(f"{file} non è una storia di mano (testo UTF-8)", f"{file} is not a hand history (UTF-8 text)")
    except BurracoError as error:
        _fail(f"{file} non è una storia di mano valida: {error}", f"{file} is not a valid hand history: {error}")


def analyse_command(
    history_file: Annotated[Path, typer.Argument(metavar="HISTORY", help=FILE_HELP, show_default=False)],
    seat: Annotated[int | None, typer.Option("--seat", help="Review only this seat (every seat by default).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line and decision.")] = False,
    budget_ms: Annotated[
        float, typer.Option("--budget-ms", help="Budget per decision in milliseconds (a fixed number of rollouts).")
    ] = DEFAULT_BUDGET_MS,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the belief worlds: the same seed, the same review.")] = 0,
) -> None:
    """Review every decision of a hand from each seat's information: points lost, label, reason, accuracy."""
    history = _read(history_file)
    if seat is not None and not 0 <= seat < history.players:
        _fail(
            f"--seat {seat}: i posti di questa mano vanno da 0 a {history.players - 1}",
            f"--seat {seat}: this hand's seats are 0 to {history.players - 1}",
        )
    if not budget_ms > 0:
        _fail("--budget-ms deve essere positivo", "--budget-ms must be positive")
    seats = None if seat is None else [seat]
    try:
        reviews = _run(history, seats, budget_ms, seed)
    except BurracoError as error:
        _fail(f"{history_file}: la storia non si rigioca: {error}", f"{history_file}: the history fails: {error}")
    if as_json:
        for review in reviews:
            for decision in review.decisions:
                print(json.dumps(decision.to_line()))
        return
    for review in reviews:
        _print_review(review)


def _run(history: HandHistory, seats: list[int] | None, budget_ms: float, seed: int) -> tuple[HandReview, ...]:
    total = count_decisions(history, seats)
    with Progress(
        TextColumn("analisi / analysis"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("decisions", total=total)
        return analyse_history(history, seats, budget_ms, seed, lambda _review: progress.advance(task))


def _print_review(review: HandReview) -> None:
    who = f"posto {review.seat}" + (f" ({review.name})" if review.name else "")
    table = Table(title=f"{who} — precisione / accuracy {review.accuracy:.1f}")
    for column in ("passo", "giocata", "migliore", "punti persi", "giudizio", "motivo"):
        table.add_column(column, justify="right" if column in ("passo", "punti persi") else "left")
    for d in review.decisions:
        style = LABEL_STYLE[d.label.value]
        table.add_row(
            str(d.step),
            d.played,
            "" if d.best == d.played else d.best,
            f"{d.loss:.0f}",
            f"[{style}]{d.label.italian}[/{style}]",
            "" if d.reason is None else d.reason.italian,
        )
    Console().print(table)


def bench_analysis_command(
    hands: Annotated[int, typer.Option(help="Hands the champion plays against itself (2 players).")] = 6,
    seed: Annotated[int, typer.Option(help="Seed of the deals and of the review.")] = 100,
    budget_ms: Annotated[float, typer.Option("--budget-ms", help="Budget per decision (ms).")] = DEFAULT_BUDGET_MS,
    bot: Annotated[str, typer.Option(help="The bot whose own play is reviewed.")] = "champion",
    save: Annotated[
        Path | None, typer.Option(help="Keep the hands' histories here (a hand already there is reused).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The analysis of a bot's own play (the champion's by default): share labelled ottima/buona,
    points lost, CPU seconds a hand."""
    if hands < 1 or not budget_ms > 0:
        _fail("--hands e --budget-ms devono essere positivi", "--hands and --budget-ms must be positive")
    console = Console(stderr=True)
    try:
        figures = bench_analysis(hands, seed, budget_ms, bot, save, tick=lambda text: console.print(text))
    except BurracoError as error:
        _fail(f"burraco bench analysis: {error}", f"burraco bench analysis: {error}")
    if as_json:
        print(json.dumps(figures))
        return
    table = Table(title=f"analysis of {bot}'s own play, {hands} hands, {budget_ms:g} ms a decision")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        table.add_row(key, str(value))
    Console().print(table)


def register(app: typer.Typer) -> None:
    app.command("analyse")(analyse_command)
    bench_cmd.app.command("analysis")(bench_analysis_command)
