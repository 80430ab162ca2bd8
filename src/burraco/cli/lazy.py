"""Sub-commands that need an optional extra, imported only when they are asked for.

``burraco vp 355`` must work on a base install, so the commands of the ``web`` and
``tournament`` extras are named here and loaded on first use. When their extra is missing
the command is still listed, and running it prints one line naming the extra and exits 2.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import typer
from typer.core import TyperGroup

from burraco.extras import MissingExtraError, require


@dataclass(frozen=True)
class LazyCommand:
    """A command of an extra: the module and attribute that define it (a function or a Typer app)."""

    module: str
    attribute: str
    extra: str
    help: str


LAZY_COMMANDS: Final[dict[str, LazyCommand]] = {
    "serve": LazyCommand(
        "burraco.cli.serve_cmd", "serve", "web", "Serve the web app: play against computer opponents in the browser."
    ),
    "loadtest": LazyCommand(
        "burraco.cli.serve_cmd", "loadtest", "web", "Load-test a local server: actions/s and latency."
    ),
    "analysis-worker": LazyCommand(
        "burraco.cli.analysis_worker_cmd",
        "analysis_worker",
        "web",
        "Compute the web app's post-hand analyses from its Redis queue.",
    ),
    "bot-worker": LazyCommand(
        "burraco.cli.bot_worker_cmd",
        "bot_worker",
        "web",
        "Think the web app's slow-bot decisions from its Redis queue.",
    ),
    "director": LazyCommand(
        "burraco.cli.director_cmd", "app", "web", "Grant or revoke the tournament director role on the web app."
    ),
    "chat-ban": LazyCommand(
        "burraco.cli.chat_cmd", "chat_ban", "web", "Bar a user from the table chat on the web app (--unban)."
    ),
    "chat-reports": LazyCommand(
        "burraco.cli.chat_cmd", "chat_reports", "web", "Print the reported table chat messages, with context."
    ),
    "tournament": LazyCommand(
        "burraco.cli.tournament_cmd",
        "app",
        "tournament",
        "Tournament director: pairs, individual and team tournaments.",
    ),
}


def _missing_extra_command(name: str, lazy: LazyCommand, error: ImportError) -> Any:
    """A stand-in that says which extra to install, whatever arguments it is given."""

    def refuse(ctx: typer.Context) -> None:
        print(f"error: burraco {name}: {error}", file=sys.stderr)
        raise typer.Exit(2)

    refuse.__doc__ = f"{lazy.help} (needs the '{lazy.extra}' extra)"
    settings = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []}
    return _as_click(name, refuse, settings)


def _as_click(name: str, defined: typer.Typer | Callable[..., None], settings: dict[str, Any] | None = None) -> Any:
    """A click command (typer's) for a Typer app or a command function."""
    if isinstance(defined, typer.Typer):
        return typer.main.get_command(defined)
    single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    single.command(name, context_settings=settings)(defined)
    return typer.main.get_command(single)


def load(name: str) -> Any:
    """The click command for lazy ``name``, or the stand-in when its extra is not installed."""
    lazy = LAZY_COMMANDS[name]
    try:
        require(lazy.extra)
        module = importlib.import_module(lazy.module)
    except (MissingExtraError, ModuleNotFoundError) as error:
        if isinstance(error, ModuleNotFoundError) and (error.name or "").startswith("burraco"):
            raise
        reason = error if isinstance(error, MissingExtraError) else MissingExtraError(lazy.extra, [str(error.name)])
        return _missing_extra_command(name, lazy, reason)
    command = _as_click(name, getattr(module, lazy.attribute))
    command.name = name
    return command


class LazyGroup(TyperGroup):
    """The root group: typer's own commands plus :data:`LAZY_COMMANDS`, loaded on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in LAZY_COMMANDS:
            return load(cmd_name)
        return super().get_command(ctx, cmd_name)
