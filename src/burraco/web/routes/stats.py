"""Operational figures (only with the ``public_stats`` setting: they tell an outsider how loaded the server is)."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request

from burraco.web.http.metrics import GC_PAUSES, LOOP_LAG
from burraco.web.protocol.schemas import StatsResponse
from burraco.web.routes.deps import Config, Manager
from burraco.web.table.dispatcher import Dispatcher

router = APIRouter(prefix="/api", tags=["stats"])


@router.get("/stats")
def stats(
    request: Request,
    settings: Config,
    manager: Manager,
    lag_since: Annotated[int, Query(ge=0, le=10**9)] = 0,
    gc_since: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> StatsResponse:
    """Live tables and connections, server CPU time, garbage-collection pauses, event-loop lag, action timing,
    the bots' thinking (decisions thought, late, replaced by a cheaper bot's move: ``bot_fallbacks``)."""
    if not settings.public_stats:
        raise HTTPException(404, "Not Found")
    dispatcher: Dispatcher = request.app.state.dispatcher
    return StatsResponse.model_validate(
        {
            "tables": len(manager.tables),
            "connections": sum(len(t.conns) for t in manager.tables.values()),
            "cpu_seconds": time.process_time(),
            "gc_pause_max_ms": round(1000 * GC_PAUSES.longest, 1),
            "gc_pause_max_ms_by_generation": [round(1000 * p, 1) for p in GC_PAUSES.by_generation],
            "gc_pauses_over_10ms": GC_PAUSES.over_10ms,
            "gc_pauses": len(GC_PAUSES.pauses),
            **GC_PAUSES.window(gc_since),
            "loop_lag_samples": len(LOOP_LAG.lags),
            **LOOP_LAG.summary(lag_since),
            **dispatcher.stats(),
            **manager.runtime.bot_pool.stats(),
        }
    )
