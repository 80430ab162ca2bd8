"""``GET /rules``: the players' rules page as HTML, with an anchor per section, a way back to the
lobby, a phone viewport, and links from the browser code for refusals' "rules §N" citations."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from burraco import rulebook
from burraco.core.citation import CITATION, anchor, cite
from burraco.web.app import STATIC, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", tick_interval=None)) as test_client:
        yield test_client


def test_the_page_has_every_section_anchor(client: TestClient) -> None:
    response = client.get("/rules")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    page = response.text
    for section in rulebook.sections():
        assert re.search(rf'<h[23] id="{anchor(section.number)}">', page), section.number
    assert '<h3 id="s4-1">4.1 Sequence</h3>' in page and '<h2 id="s12">' in page


def test_the_page_is_readable_on_a_phone_and_leads_back(client: TestClient) -> None:
    page = client.get("/rules").text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert (
        '<link rel="stylesheet" href="/static/style.css">' in page
        and ".rules-page" in client.get("/static/style.css").text
    )
    assert 'href="/"' in page and "Back to the lobby" in page
    assert "<code>7H 8H 9H</code>" in page and 'href="#s6-2"' in page  # examples and cross-references
    assert "<script" not in page


def test_the_browser_code_links_citations_to_the_page() -> None:
    js = "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js")))  # app.js and its modules
    assert 'ruleLink("",' in js, "the rules panel links to the page"
    assert "href: rulesUrl(hash)" in js and "`/rules?lang=${lang()}${hash}`" in js  # in the page's language
    assert '`#s${section.replace(".", "-")}`' in js  # anchor() in JS
    literal = re.search(r"const CITATION = /(.+)/g;", js)
    assert literal, "the page finds citations with a CITATION regex (ui.js)"
    for sections in [("4.1",), ("3", "6"), ("12",), ("6.4",)]:
        message = f"you cannot do that ({cite(*sections)}, Art. 11)"
        found, expected = re.search(literal.group(1), message), CITATION.search(message)
        assert found and expected and found.group(0) == expected.group(0) == cite(*sections)


def test_both_languages_have_the_same_sections() -> None:
    english, italian = rulebook.sections("en"), rulebook.sections("it")
    assert [s.number for s in english] == [s.number for s in italian]
    assert rulebook.section("4.1", "it").title == "Scala"


@pytest.mark.parametrize(
    ("query", "accept", "expected"),
    [
        ("?lang=it", "en-US", "it"),
        ("?lang=en", "it-IT", "en"),
        ("", "it-IT,it;q=0.9,en;q=0.8", "it"),
        ("", "en-GB,en;q=0.9,it;q=0.5", "en"),
        ("", "", "en"),
    ],
)
def test_the_page_in_the_asked_or_preferred_language(
    client: TestClient, query: str, accept: str, expected: str
) -> None:
    response = client.get(f"/rules{query}", headers={"accept-language": accept})
    assert response.status_code == 200 and f'<html lang="{expected}">' in response.text
    assert ('<h3 id="s4-1">4.1 Scala</h3>' in response.text) == (expected == "it")
    for section in rulebook.sections():
        assert f'id="{anchor(section.number)}"' in response.text
    assert client.get("/rules?lang=de").status_code == 422
