"""The way back to one's tables: ``GET /api/me/tables`` lists the tables where the signed-in user holds
a seat they have not left, in a match not over, wherever the table lives (this process's own tables,
fresh; the other processes' as they share them through the shared lobby, ``cluster/shared_lobby.py``,
at most a couple of seconds old). Private practice tables are listed for their player too."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from burraco.web.cluster.node import Node
from burraco.web.lobby.manager import held_seat
from burraco.web.protocol.schemas import MyTable
from burraco.web.routes.deps import ClusterNode, OptionalUser

router = APIRouter(prefix="/api/me", tags=["users"])


@router.get("/tables")
def my_tables(node: ClusterNode, user: OptionalUser) -> list[MyTable]:
    """The signed-in user's unfinished tables and the seat they hold at each, by table id (none without
    a session): ``standin`` when the computer plays the seat now, ``absent`` when they have no connection
    to the table during the match."""
    if user is None:
        return []
    found = {entry["id"]: entry for entry in _elsewhere(node, user.id)}
    found.update((entry["id"], entry) for entry in node.manager.held_seats(user.id))
    return [MyTable.model_validate(found[key]) for key in sorted(found)]


def _elsewhere(node: Node, user_id: int) -> list[dict[str, Any]]:
    """``user_id``'s seats at the tables the other processes share (none for a process alone)."""
    if node.shared_lobby is None:
        return []
    others = node.shared_lobby.others()  # every table they share, before the lobby's cap per owner
    return [entry for entry in (held_seat(info, user_id) for info in others) if entry is not None]
