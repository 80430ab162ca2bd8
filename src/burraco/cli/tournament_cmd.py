"""``burraco tournament ...``: run a live tournament from a JSON file, or a bot tournament (§11).

Every command that changes the tournament loads the file, applies one step and writes it back
atomically, so the director can stop and resume at any moment. Bad input ends with a one-line
``error: ...`` on stderr and exit code 2.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from burraco.core.citation import cite
from burraco.core.errors import BurracoError
from burraco.tournament import demo as demo_mod
from burraco.tournament import export as ex
from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentConfigError, TournamentFileError
from burraco.tournament.export_words import DEFAULT_LANG, words
from burraco.tournament.model import Turn
from burraco.tournament.standings import Standing
from burraco.tournament.storage import load, save, write_atomic

app = typer.Typer(
    name="tournament",
    help=f"Tournament director: pairs, individual and team tournaments ({cite('11')}).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

FileArg = Annotated[Path, typer.Argument(help="The tournament file (JSON).")]
TurnOpt = Annotated[int, typer.Option("--turn", help="Turn number.")]
TableOpt = Annotated[int, typer.Option("--table", help="Table number.")]
LANG_HELP = "The export's language: it (Italian, the default) or en (English)."
LangOpt = Annotated[str, typer.Option("--lang", help=LANG_HELP)]


def _console() -> Console:
    """Rich output; when it goes to a file or a pipe, wide enough not to wrap names."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else 160)


@contextmanager
def _guard() -> Iterator[None]:
    """Turn the library's typed errors into ``error: ...`` and exit code 2."""
    try:
        yield
    except BurracoError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None


# --- printing ------------------------------------------------------------------------------------


_KIND_NOTE = {"played": "", "mp": "", "arbitral": " (arbitral, Art. 32)", "forced": " (forced rest, Art. 32)"}


def _print_turn(t: Tournament, turn: Turn) -> None:
    grid = RichTable(title=f"Turn {turn.number} ({turn.movement})")
    for column in ("Table", "N-S", "E-W", "Points", "MP (N-S)", "VP"):
        grid.add_column(column, justify="right" if column in ("Table", "MP (N-S)") else "left")
    for table in turn.tables:
        r = table.result
        points = "" if r is None or r.ns_points is None else f"{r.ns_points}-{r.ew_points}"
        mp = "" if r is None else f"{r.mp_ns:+d}"
        vp = "pending" if r is None else f"{r.vp_ns}-{r.vp_ew}" + _KIND_NOTE[r.kind]
        grid.add_row(str(table.number), t.side_label(table, "ns"), t.side_label(table, "ew"), points, mp, vp)
    console = _console()
    console.print(grid)
    for rest in turn.rests:
        console.print(f"Rest: {rest.entrant} {t.name(rest.entrant)} ({rest.vp} VP, {rest.mp} MP)")


def _print_standings(lines: list[Standing], title: str) -> None:
    grid = RichTable(title=title)
    for column in ("Rank", "Id", "Name", "VP", "MP", "Played", "Rests", "Penalty"):
        grid.add_column(column, justify="left" if column == "Name" else "right")
    for s in lines:
        name = s.name + (" (withdrawn)" if s.withdrawn else "")
        grid.add_row(
            str(s.rank),
            str(s.entrant),
            name,
            str(s.vp),
            str(s.mp),
            str(s.played),
            str(s.rests),
            f"-{s.penalty}" if s.penalty else "",
        )
    _console().print(grid)


# --- a live tournament ---------------------------------------------------------------------------


@app.command()
def new(
    file: FileArg,
    name: Annotated[str, typer.Option(help="The tournament's name.")],
    kind: Annotated[str, typer.Option(help="pairs, individual or teams.")] = "pairs",
    turns: Annotated[int, typer.Option(help="Number of turns.")] = 4,
    hands: Annotated[int, typer.Option(help="Hands per turn: 2, 3 or 4 (Art. 5).")] = 3,
    movement: Annotated[
        str,
        typer.Option(
            help="mitchell, roundrobin, danish-pure, danish-modified, danish-strict; per turn: "
            "'mitchell*3,danish-modified' (the last one fills the remaining turns)."
        ),
    ] = "danish-modified",
    jump: Annotated[int, typer.Option(help="Mitchell: tables the E-W lines move each turn.")] = 1,
    vp_table: Annotated[str, typer.Option("--vp-table", help="fibur (Art. 30) or portal (seed 002).")] = "fibur",
    seating: Annotated[str, typer.Option(help="Turn-1 seating: order (registration), lot, director.")] = "order",
    seed: Annotated[int | None, typer.Option(help="Seed of the lot (default: drawn now and stored).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Create a tournament file."""
    with _guard():
        if file.exists() and not force:
            raise TournamentFileError(f"{file} exists already (use --force to overwrite it)")
        drawn = seed if seed is not None else secrets.randbelow(2**31)
        t = Tournament.create(
            name,
            kind=kind,
            turns=turns,
            hands=hands,
            movement=movement,
            vp_table=vp_table,
            jump=jump,
            seating=seating,
            seed=drawn,
        )
        save(t, file)
        typer.echo(f"created {file}: {ex.summary(t, 'en')}; seating by {seating} (seed {drawn})")


@app.command()
def register(
    file: FileArg,
    names: Annotated[list[str], typer.Argument(help="Names of the pairs, players or teams to register.")],
) -> None:
    """Register entrants (after turn 1 is paired: a late arrival, Art. 33)."""
    with _guard():
        t = load(file)
        added = []
        try:
            for name in names:
                added.append(t.register(name))
        finally:
            if added:
                save(t, file)
        for e in added:
            typer.echo(f"{e.id} {e.name}" + (" (late arrival, seated in turn 1)" if e.late else ""))


@app.command()
def pair(
    file: FileArg,
    order: Annotated[
        str | None, typer.Option(help="Turn 1 only: the director's seating, ids or names, comma-separated.")
    ] = None,
) -> None:
    """Pair the next turn and print the table assignments."""
    with _guard():
        t = load(file)
        refs = [ref.strip() for ref in order.split(",") if ref.strip()] if order else None
        turn = t.pair_next(refs)
        save(t, file)
        _print_turn(t, turn)


@app.command()
def show(
    file: FileArg,
    turn: Annotated[int | None, typer.Option("--turn", help="Only this turn.")] = None,
) -> None:
    """Print the registered entrants and every turn's tables and results."""
    with _guard():
        t = load(file)
        if turn is not None:
            _print_turn(t, t.turn(turn))
            return
        typer.echo(f"{t.config.name}: {ex.summary(t, 'en')}")
        for e in t.state.entrants:
            flags = (" late" if e.late else "") + (
                f" withdrawn from turn {e.withdrawn_from}" if e.withdrawn_from else ""
            )
            typer.echo(f"  {e.id} {e.name}{flags}")
        for each in t.turns:
            _print_turn(t, each)


@app.command()
def result(
    file: FileArg,
    turn: TurnOpt,
    table: TableOpt,
    ns: Annotated[int | None, typer.Option("--ns", help="N-S game points.")] = None,
    ew: Annotated[int | None, typer.Option("--ew", help="E-W game points.")] = None,
    mp: Annotated[int | None, typer.Option("--mp", help="Or N-S match points directly.")] = None,
) -> None:
    """Enter a table's score (Art. 30)."""
    with _guard():
        t = load(file)
        done = t.enter_result(turn, table, ns=ns, ew=ew, mp=mp)
        save(t, file)
        assert done.result is not None
        typer.echo(f"turn {turn} table {table}: {done.result.mp_ns:+d} MP, VP {done.result.vp_ns}-{done.result.vp_ew}")


@app.command()
def correct(
    file: FileArg,
    turn: TurnOpt,
    table: TableOpt,
    kind: Annotated[str, typer.Option("--kind", help="arithmetic or swapped (Art. 31).")],
    ns: Annotated[int | None, typer.Option("--ns", help="Corrected N-S game points.")] = None,
    ew: Annotated[int | None, typer.Option("--ew", help="Corrected E-W game points.")] = None,
    mp: Annotated[int | None, typer.Option("--mp", help="Or corrected N-S match points.")] = None,
    agreed: Annotated[bool, typer.Option("--agreed", help="Swapped: the whole table acknowledges it.")] = False,
) -> None:
    """Correct a score: arithmetic errors before the next turn is paired; swapped scores any time
    the whole table agrees (Art. 31)."""
    with _guard():
        t = load(file)
        done = t.correct(turn, table, kind, ns=ns, ew=ew, mp=mp, agreed=agreed)
        save(t, file)
        assert done.result is not None
        typer.echo(
            f"corrected turn {turn} table {table}: {done.result.mp_ns:+d} MP, "
            f"VP {done.result.vp_ns}-{done.result.vp_ew}"
        )


@app.command()
def penalty(
    file: FileArg,
    entrant: Annotated[str, typer.Argument(help="Id or name.")],
    turn: TurnOpt,
    vp: Annotated[int, typer.Option("--vp", help="VP removed.")] = 1,
    reason: Annotated[str, typer.Option(help="Why (for the record).")] = "",
) -> None:
    """Take VP off an entrant's standings, with no benefit to the opponents (Art. 23)."""
    with _guard():
        t = load(file)
        pen = t.penalize(entrant, turn, vp=vp, reason=reason)
        save(t, file)
        typer.echo(f"penalty: {pen.vp} VP off {pen.entrant} {t.name(pen.entrant)} in turn {pen.turn}")


@app.command()
def abandon(
    file: FileArg,
    turn: TurnOpt,
    table: TableOpt,
    guilty: Annotated[str, typer.Option("--guilty", help="The side that left: ns or ew.")],
    ns: Annotated[int, typer.Option("--ns", help="N-S game points so far.")] = 0,
    ew: Annotated[int, typer.Option("--ew", help="E-W game points so far.")] = 0,
) -> None:
    """Unjustified abandonment: the innocent side gets at least 14-6 and 355 MP (Art. 32)."""
    with _guard():
        t = load(file)
        done = t.abandon(turn, table, guilty, ns=ns, ew=ew)
        save(t, file)
        assert done.result is not None
        typer.echo(
            f"turn {turn} table {table}: arbitral VP {done.result.vp_ns}-{done.result.vp_ew}, "
            f"{done.result.mp_ns:+d} MP; use `withdraw` if the side leaves the tournament"
        )


@app.command()
def withdraw(file: FileArg, entrant: Annotated[str, typer.Argument(help="Id or name.")]) -> None:
    """Withdraw an entrant: it is no longer paired; its opponents this turn get a forced rest (Art. 32)."""
    with _guard():
        t = load(file)
        e = t.withdraw(entrant)
        save(t, file)
        typer.echo(f"{e.id} {e.name} withdrawn from turn {e.withdrawn_from}")


@app.command()
def standings(
    file: FileArg,
    after: Annotated[int | None, typer.Option("--after", help="Provisional standings after this turn.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print the standings: VP, then MP (§11)."""
    with _guard():
        t = load(file)
        lines = t.standings(after)
        if as_json:
            print(
                json.dumps(
                    [
                        {
                            "rank": s.rank,
                            "id": s.entrant,
                            "name": s.name,
                            "vp": s.vp,
                            "mp": s.mp,
                            "played": s.played,
                            "rests": s.rests,
                            "penalty": s.penalty,
                            "withdrawn": s.withdrawn,
                        }
                        for s in lines
                    ]
                )
            )
            return
        _print_standings(lines, f"{t.config.name}: standings after turn {t.paired_turns if after is None else after}")


@app.command()
def export(
    file: FileArg,
    fmt: Annotated[str, typer.Option("--format", help="csv, html or pdf.")],
    out: Annotated[Path, typer.Option("--out", help="Where to write.")],
    what: Annotated[
        str | None, typer.Option(help="standings, results or all (default: standings for csv, all otherwise).")
    ] = None,
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """Export the standings and the per-turn results, in Italian or English."""
    with _guard():
        words(lang)  # an unknown --lang is refused before the file is read
        t = load(file)
        if fmt == "csv":
            content: str | bytes = ex.csv_export(t, what or "standings", lang)
        elif fmt == "html":
            content = ex.html_export(t, what or "all", lang)
        elif fmt == "pdf":
            from burraco.tournament.pdf import report_pdf

            content = report_pdf(t, what or "all", lang)
        else:
            raise TournamentConfigError(f"unknown export format {fmt!r}; known: csv, html, pdf")
        write_atomic(out, content)
        typer.echo(f"wrote {out}")


@app.command()
def scorecards(
    file: FileArg,
    turn: TurnOpt,
    out: Annotated[Path, typer.Option("--out", help="Where to write.")],
    fmt: Annotated[str, typer.Option("--format", help="pdf or html.")] = "pdf",
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """Printable score cards, one per table of a turn (Art. 30), in Italian or English."""
    with _guard():
        words(lang)  # an unknown --lang is refused before the file is read
        t = load(file)
        if fmt == "pdf":
            from burraco.tournament.pdf import scorecards_pdf

            content: str | bytes = scorecards_pdf(t, turn, lang)
        elif fmt == "html":
            content = ex.scorecards_html(t, turn, lang)
        else:
            raise TournamentConfigError(f"unknown score card format {fmt!r}; known: pdf, html")
        write_atomic(out, content)
        typer.echo(f"wrote {out} ({len(t.turn(turn).tables)} tables)")


# --- bot tournaments -----------------------------------------------------------------------------


@app.command()
def demo(
    pairs: Annotated[int, typer.Option(help="Number of bot pairs.")] = 8,
    turns: Annotated[int, typer.Option(help="Number of turns.")] = 4,
    movement: Annotated[
        str, typer.Option(help="mitchell, roundrobin, danish-pure|modified|strict, or per turn.")
    ] = "danish-modified",
    hands: Annotated[int, typer.Option(help="Hands per turn: 2, 3 or 4.")] = 3,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same tournament.")] = 0,
    jump: Annotated[int, typer.Option(help="Mitchell jump.")] = 1,
    vp_table: Annotated[
        str,
        typer.Option(
            "--vp-table",
            help="fibur (Art. 30, the default), portal (seed 002) or wide (a wider scale for four-hand turns).",
        ),
    ] = "fibur",
    player: Annotated[str, typer.Option(help="Who plays the tables: auto, engine or sim.")] = "auto",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Run a whole tournament of bot pairs whose tables are played automatically."""
    with _guard():
        table_player = demo_mod.default_player(seed, player)
        t = demo_mod.run_demo(pairs, turns, movement, hands, seed, player=table_player, vp_table=vp_table, jump=jump)
        if as_json:
            print(json.dumps(demo_mod.demo_json(t)))
            return
        for turn in t.turns:
            _print_turn(t, turn)
        _print_standings(t.standings(), "Final standings")
