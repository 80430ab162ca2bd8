"""The HTML pages: the single-page app and the players' rules page (docs/rules.md)."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

STATIC = resources.files("burraco.web") / "static"


def router() -> APIRouter:
    """``GET /`` and ``GET /rules`` (the rules page is rendered once, when the app is built)."""
    from burraco import rulebook

    pages = APIRouter(tags=["pages"])
    page = rulebook.page_html(stylesheet="/static/style.css", home="/")

    @pages.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @pages.get("/rules", include_in_schema=False, response_class=HTMLResponse)
    def rules_page() -> HTMLResponse:
        return HTMLResponse(page)

    return pages
