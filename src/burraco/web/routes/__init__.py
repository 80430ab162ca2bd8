"""The app's routers, one per resource: accounts and sessions, tables and the lobby, users' profiles,
replays and hand histories, operational stats, the HTML pages, and the table WebSocket."""

from __future__ import annotations

from fastapi import FastAPI

from burraco.web.routes import accounts, pages, replays, sockets, stats, tables, users, ws_docs


def include_routers(app: FastAPI) -> None:
    for module in (accounts, tables, users, replays, stats, sockets, ws_docs):
        app.include_router(module.router)
    app.include_router(pages.router())
