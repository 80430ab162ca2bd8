"""``burraco analysis-worker``: compute the web app's post-hand analyses from its Redis queue
(docs/deploy.md). Run as many as there are cores to spare, on any machine that reaches the database
and Redis; each computes ``--jobs`` analyses at once, each in its own process."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from burraco.cli.worker_options import Namespace, RedisUrl, log_to_stderr, no_redis


def analysis_worker(
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="The web app's database URL (env BURRACO_DB_URL; default: SQLite in the user data directory)."
        ),
    ] = None,
    redis_url: RedisUrl = None,
    namespace: Namespace = None,
    jobs: Annotated[int, typer.Option(min=1, max=64, help="Analyses computed at once (one core each).")] = 1,
    timeout: Annotated[
        float | None,
        typer.Option(help="Seconds one analysis may take (env BURRACO_ANALYSIS_TIMEOUT; default 600)."),
    ] = None,
) -> None:
    """Compute the web app's post-hand analyses from its Redis queue until stopped (Ctrl-C or SIGTERM)."""
    from burraco.web.app import default_db_url
    from burraco.web.config import ServerSettings
    from burraco.web.persistence.analysis.redis_queue import make_worker

    settings = ServerSettings().merged(
        db_url=db, redis_url=redis_url, redis_namespace=namespace, analysis_timeout=timeout
    )
    if not settings.redis_url:
        no_redis("analysis workers take their jobs")
    log_to_stderr()
    worker = make_worker(
        settings.db_url or default_db_url(),
        settings.redis_url,
        settings.redis_namespace,
        jobs,
        settings.analysis_timeout,
    )
    asyncio.run(worker.start())
