"""The HTML pages: the single-page app, the players' rules page (docs/rules.md, docs/rules.it.md) and the
protocol's constants as an ES module."""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Query
from fastapi.responses import FileResponse, HTMLResponse, Response

from burraco.web.protocol.close_codes import javascript_module

STATIC = resources.files("burraco.web") / "static"


def preferred(accept_language: str | None, langs: tuple[str, ...] = ("en", "it")) -> str:
    """The first of ``langs`` the browser's Accept-Language prefers (by quality, then order), else
    the first of ``langs``.

    >>> preferred("it-IT,it;q=0.9,en;q=0.8"), preferred("de, en;q=0.5, it;q=0.7"), preferred(None)
    ('it', 'it', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for k, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, k, tag.strip()[:2].lower()))
    return next((base for q, _, base in sorted(ranked) if base in langs and q < 0), langs[0])


def router() -> APIRouter:
    """``GET /``, ``GET /rules`` (the rules pages are rendered once, when the app is built) and
    ``GET /protocol.js`` (the close codes, generated from :mod:`burraco.web.protocol.close_codes`)."""
    from burraco import rulebook

    pages = APIRouter(tags=["pages"])
    rendered = {
        lang: rulebook.page_html(stylesheet="/static/style.css", home="/", lang=lang) for lang in rulebook.LANGS
    }

    @pages.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @pages.get("/rules", include_in_schema=False, response_class=HTMLResponse)
    def rules_page(
        lang: Annotated[Literal["en", "it"] | None, Query()] = None,
        accept_language: Annotated[str | None, Header()] = None,
    ) -> HTMLResponse:
        chosen = lang or preferred(accept_language, rulebook.LANGS)
        return HTMLResponse(rendered[chosen], headers={"Vary": "Accept-Language", "Content-Language": chosen})

    protocol_js = javascript_module()

    @pages.get("/protocol.js", include_in_schema=False)
    def protocol_module() -> Response:
        return Response(protocol_js, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    return pages
