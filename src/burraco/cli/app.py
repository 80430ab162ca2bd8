"""The ``burraco`` command: one typer app; each sub-command lives in its own module.

Commands that need only the base install are registered at start-up; those of an optional
extra (``serve``, ``loadtest``, ``tournament``) are loaded on first use (:mod:`burraco.cli.lazy`),
so ``pip install burraco`` gives a working ``burraco`` and a missing extra is one line, not a traceback.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from burraco import __version__
from burraco.cli import (
    analyse_cmd,
    arbiter_cmd,
    arena_cmd,
    bench_cmd,
    fuzz_cmd,
    meld_cmd,
    play_cmd,
    replay_cmd,
    rules_cmd,
    vp_cmd,
)
from burraco.cli.lazy import LazyGroup
from burraco.core.errors import BurracoError

app = typer.Typer(
    name="burraco",
    cls=LazyGroup,
    help="Burraco: rules referee, engine tools, bots, the web app and tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        print(f"burraco {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True)
    ] = False,
) -> None:
    """Burraco: rules referee, engine tools, bots, the web app and tournaments."""


vp_cmd.register(app)
replay_cmd.register(app)
analyse_cmd.register(app)
fuzz_cmd.register(app)
arena_cmd.register(app)
play_cmd.register(app)
meld_cmd.register(app)
bench_cmd.register(app)
rules_cmd.register(app)
arbiter_cmd.register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input of any kind ends with a one-line message and exit code 2."""
    try:
        app(args=argv, prog_name="burraco", standalone_mode=True)
    except BurracoError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
