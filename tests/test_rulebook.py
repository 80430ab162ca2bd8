"""The rules page (docs/rules.md) is the project's specification: shipped in the package, every section
a message cites exists on it, and nothing in the repository points at a rules text outside it."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path

import pytest

from burraco import rulebook
from burraco.core.citation import CITATION, anchor, cite, cited_sections

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "burraco"
PAGE = ROOT / "docs" / "rules.md"

SPEC_SECTIONS = ["1", "2", "3", "4", "4.1", "4.2", "4.3", "5", "6", "7", "8", "9", "10", "11", "12"]
"""The sections of the specification, pinned: code, tests and messages cite them by number."""
CLOSING_CONDITIONS = ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6"]
"""§6 numbers its six closing conditions; the page gives each its own subsection."""


def test_the_package_ships_the_page_itself() -> None:
    shipped = resources.files("burraco").joinpath("data", "rules.md").read_text(encoding="utf-8")
    assert shipped == PAGE.read_text(encoding="utf-8")
    markers = ("<!-- commands -->", "<!-- /commands -->")  # the terminal shows the passage, not its markers
    assert rulebook.text().splitlines() == [line for line in shipped.splitlines() if line not in markers]
    link = SRC / "data" / "rules.md"
    assert not link.is_symlink() or link.resolve() == PAGE.resolve(), "one source of truth: docs/rules.md"


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_the_players_page_shows_no_command_and_the_terminal_keeps_them(lang: str) -> None:
    """A player reading the rules in the browser is never told to type a command; ``burraco rules``
    (typed in a terminal) still names the terminal's commands."""
    page = rulebook.page_html(lang=lang)
    command = re.compile(r"<code>burraco [a-z]|--[a-z]+|<!--")
    assert not command.search(page), command.search(page)
    assert "§6.2" in page and 'id="s6-2"' in page  # the citations still explained
    assert "`burraco rules 6.2" in rulebook.text(lang) and "`burraco vp 400`" in rulebook.text(lang)
    assert [s.number for s in rulebook.sections(lang)] == [s.number for s in rulebook.sections()]


def test_the_page_has_every_section_of_the_specification_in_order() -> None:
    numbers = [s.number for s in rulebook.sections()]
    assert numbers == sorted(numbers, key=lambda n: tuple(int(p) for p in n.split(".")))
    assert set(SPEC_SECTIONS) <= set(numbers)
    assert set(numbers) == set(SPEC_SECTIONS) | set(CLOSING_CONDITIONS)
    assert len(numbers) == len(set(numbers))


def test_nothing_points_at_a_rules_text_outside_the_repository() -> None:
    """Users and contributors have the repository only: its own rules page is what everything cites."""
    files = [ROOT / "README.md", *SRC.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "docs").rglob("*.md")]
    outside = re.compile(r"\.\./shared|(?<![\w/.])RULES\.md")
    offenders = [str(f.relative_to(ROOT)) for f in files if outside.search(f.read_text(encoding="utf-8"))]
    assert not offenders, f"these files point outside the repository: {offenders}"


def test_every_section_has_a_title_text_and_anchor() -> None:
    html = rulebook.to_html(rulebook.text())
    for s in rulebook.sections():
        assert s.title and len(s.text.splitlines()) >= 3, s.number
        assert f'id="{anchor(s.number)}"' in html, s.number
    assert "s4-1" in html and rulebook.section("4").text.count("### 4.") == 3


def _cite_calls(tree: ast.AST) -> list[list[str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "cite":
            assert all(isinstance(a, ast.Constant) for a in node.args), "cite() takes literal section numbers"
            found.append([a.value for a in node.args if isinstance(a, ast.Constant)])
    return found


SOURCES = sorted(p for p in SRC.rglob("*") if p.suffix in {".py", ".js", ".html"})


def test_every_cited_section_exists_on_the_page() -> None:
    on_page = {s.number for s in rulebook.sections()}
    cited: dict[str, set[str]] = {}
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        numbers = cited_sections(text)
        if path.suffix == ".py":
            numbers += [n for call in _cite_calls(ast.parse(text)) for n in call]
        for number in numbers:
            cited.setdefault(number, set()).add(path.name)
    assert {"3", "4", "6.2", "6.4"} <= set(cited), "the hand's refusals cite the page"
    missing = {n: sorted(files) for n, files in cited.items() if n not in on_page}
    assert not missing, f"cited sections missing from docs/rules.md: {missing}"


def _docstrings(tree: ast.AST) -> set[int]:
    """Strings that stand alone as statements: docstrings of modules, classes, functions, attributes."""
    return {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}


@pytest.mark.parametrize("path", [p for p in SOURCES if p.suffix == ".py"], ids=lambda p: str(p.relative_to(SRC)))
def test_no_message_cites_the_specification_file(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
    ]
    assert not [s for s in strings if "rules.md §" in s], "user-visible strings cite the rules page via cite()"


@pytest.mark.parametrize("path", [p for p in SOURCES if p.suffix != ".py"], ids=lambda p: p.name)
def test_the_browser_files_do_not_cite_the_specification(path: Path) -> None:
    assert "rules.md §" not in path.read_text(encoding="utf-8")


def test_the_citation_format_is_one_pattern() -> None:
    assert cite("4.1") == "rules §4.1" and CITATION.fullmatch(cite("3", "6"))
    assert cited_sections(f"x ({cite('6.4')}, Art. 11)") == ["6.4"]


def test_a_section_prints_alone() -> None:
    one = rulebook.section("6.4")
    assert one.text.startswith("### 6.4 ") and "### 6.5" not in one.text
    with pytest.raises(KeyError, match="no section 13"):
        rulebook.section("13")


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        "# <img src=x onerror=alert(1)>",
        "| <b> | `<i>` |\n| --- | --- |\n| x\" | 'y' |",
        "- [a](javascript:x)",
    ],
)
def test_the_renderer_escapes_everything(hostile: str) -> None:
    out = rulebook.to_html(hostile)
    assert "<script" not in out and "<img" not in out and "<b>" not in out and "<i>" not in out
    assert "javascript:x" not in out or "href" not in out
