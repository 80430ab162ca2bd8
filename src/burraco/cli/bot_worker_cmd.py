"""``burraco bot-worker``: think the web app's slow-bot decisions from its Redis queue (docs/deploy.md),
for web processes run with ``BURRACO_BOT_QUEUE=redis``. Run one on any machine that reaches Redis; each
thinks ``--jobs`` decisions at once, each in its own worker process (one core each)."""

from __future__ import annotations

import asyncio
import signal
from typing import Annotated

import typer

from burraco.cli.worker_options import Namespace, RedisUrl, log_to_stderr, no_redis


def bot_worker(
    redis_url: RedisUrl = None,
    namespace: Namespace = None,
    jobs: Annotated[int, typer.Option(min=1, max=64, help="Decisions thought at once (one core each).")] = 1,
) -> None:
    """Think the web app's slow-bot decisions from its Redis queue until stopped (Ctrl-C or SIGTERM)."""
    from burraco.web.config import ServerSettings
    from burraco.web.table.thinking_remote import BotWorker

    settings = ServerSettings().merged(redis_url=redis_url, redis_namespace=namespace)
    if not settings.redis_url:
        no_redis("bot workers take their decisions")
    log_to_stderr()
    worker = BotWorker(settings.redis_url, settings.redis_namespace, jobs)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, worker.stop)
        await worker.run()

    asyncio.run(run())
