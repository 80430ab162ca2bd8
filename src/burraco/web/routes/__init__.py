"""The app's routers, one per resource: accounts and sessions, tables and the lobby, one's own tables,
users' profiles, replays and hand histories, operational stats, the HTML pages, the table WebSocket, and tournaments."""

from __future__ import annotations

from fastapi import FastAPI

from burraco.web.routes import (
    accounts,
    analysis,
    chat,
    friends,
    invitations,
    my_tables,
    pages,
    rankings,
    replays,
    rulings,
    scorekeeper,
    settings,
    sockets,
    stats,
    tables,
    terminals,
    tournament_online,
    tournaments,
    users,
    ws_docs,
)


def include_routers(app: FastAPI) -> None:
    routers = (
        accounts,
        friends,
        invitations,
        my_tables,
        tables,
        users,
        replays,
        analysis,
        stats,
        sockets,
        ws_docs,
        tournaments,
        tournament_online,
        terminals,
        rulings,
        scorekeeper,
    )
    for module in routers:
        app.include_router(module.router)
    app.include_router(chat.router)
    app.include_router(rankings.router)
    app.include_router(settings.router)
    app.include_router(pages.router())
