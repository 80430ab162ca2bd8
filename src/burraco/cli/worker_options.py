"""What the Redis-fed worker commands (``bot-worker``, ``analysis-worker``) share: the options naming
the web app's Redis and namespace, and the refusal when no Redis is given."""

from __future__ import annotations

import logging
import sys
from typing import Annotated, NoReturn

import typer

RedisUrl = Annotated[str | None, typer.Option(help="The web app's Redis, redis://host:6379/0 (env BURRACO_REDIS_URL).")]
Namespace = Annotated[
    str | None,
    typer.Option(help="The deployment's Redis namespace (env BURRACO_REDIS_NAMESPACE; default burraco)."),
]


def no_redis(what: str) -> NoReturn:
    """Refuse to start a worker without Redis, in one line (exit 2)."""
    print(f"error: {what} from Redis: give --redis-url or set BURRACO_REDIS_URL", file=sys.stderr)
    raise typer.Exit(2)


def log_to_stderr() -> None:
    """A worker's log lines: time, level, origin."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
