"""``burraco bot-worker``: think the web app's slow-bot decisions from its Redis queue (docs/deploy.md),
for web processes run with ``BURRACO_BOT_QUEUE=redis``. Run one on any machine that reaches Redis; each
thinks ``--jobs`` decisions at once, each in its own worker process (one core each)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import Annotated

import typer


def bot_worker(
    redis_url: Annotated[
        str | None, typer.Option(help="The web app's Redis, redis://host:6379/0 (env BURRACO_REDIS_URL).")
    ] = None,
    namespace: Annotated[
        str | None,
        typer.Option(help="The deployment's Redis namespace (env BURRACO_REDIS_NAMESPACE; default burraco)."),
    ] = None,
    jobs: Annotated[int, typer.Option(min=1, max=64, help="Decisions thought at once (one core each).")] = 1,
) -> None:
    """Think the web app's slow-bot decisions from its Redis queue until stopped (Ctrl-C or SIGTERM)."""
    from burraco.web.config import ServerSettings
    from burraco.web.table.thinking_remote import BotWorker

    settings = ServerSettings().merged(redis_url=redis_url, redis_namespace=namespace)
    if not settings.redis_url:
        print(
            "error: bot workers take their decisions from Redis: give --redis-url or set BURRACO_REDIS_URL",
            file=sys.stderr,
        )
        raise typer.Exit(2)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    worker = BotWorker(settings.redis_url, settings.redis_namespace, jobs)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, worker.stop)
        await worker.run()

    asyncio.run(run())
