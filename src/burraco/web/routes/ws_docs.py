"""``GET /api/ws-schema``: the JSON Schema of every WebSocket message, both ways (``ws_schema.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

router = APIRouter(prefix="/api", tags=["tables"])


@router.get("/ws-schema")
def websocket_schema() -> dict[str, Any]:
    """The messages of ``/ws/tables/{table_id}``: ``client`` (sent to the server) and ``server`` (received)."""
    from burraco.web.protocol.ws_schema import ws_schema  # ws_schema imports the routes' schemas: import it late

    return ws_schema()
