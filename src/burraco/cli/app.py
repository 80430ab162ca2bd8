"""The ``burraco`` command: one typer app; each sub-command lives in its own module."""

from __future__ import annotations

import sys

import typer

from burraco.cli import (
    arena_cmd,
    bench_cmd,
    fuzz_cmd,
    meld_cmd,
    play_cmd,
    replay_cmd,
    rules_cmd,
    serve_cmd,
    tournament_cmd,
    vp_cmd,
)
from burraco.core.errors import BurracoError

app = typer.Typer(
    name="burraco",
    help="Burraco: rules referee, engine tools, bots and tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Burraco: rules referee, engine tools, bots and tournaments."""


vp_cmd.register(app)
serve_cmd.register(app)
replay_cmd.register(app)
fuzz_cmd.register(app)
arena_cmd.register(app)
play_cmd.register(app)
app.add_typer(tournament_cmd.app, name="tournament")
meld_cmd.register(app)
bench_cmd.register(app)
rules_cmd.register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input of any kind ends with a one-line message and exit code 2."""
    try:
        app(args=argv, prog_name="burraco", standalone_mode=True)
    except BurracoError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
