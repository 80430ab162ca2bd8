"""``burraco rules [SECTION]``: the whole page, one section, the list, an unknown section (exit 2)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

from burraco import rulebook
from burraco.cli import rules_cmd
from burraco.cli.app import app
from burraco.core.actions import Action
from burraco.core.citation import cited_sections
from burraco.core.errors import IllegalActionError
from burraco.core.hand import Hand


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["rules", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_the_whole_page() -> None:
    code, out, err = run()
    assert code == 0 and not err
    for s in rulebook.sections():
        assert s.title in out, s.number
    assert "pozzetto" in out and "7H 8H 9H" in out


@pytest.mark.parametrize("arg", ["6.2", "§6.2"])
def test_one_section(arg: str) -> None:
    code, out, _ = run(arg)
    assert code == 0
    assert "Your side has a burraco" in out and "clean_burraco_to_close" in out
    assert "Sequence" not in out and "6.3" not in out


def test_a_top_level_section_includes_its_subsections() -> None:
    code, out, _ = run("4", "--raw")
    assert code == 0
    assert out == rulebook.section("4").text
    assert "### 4.1 Sequence" in out and "### 4.3 Burraco" in out and "## 5." not in out


def test_raw_prints_the_markdown_page() -> None:
    code, out, _ = run("--raw")
    assert code == 0 and out == rulebook.text()


def test_the_italian_page() -> None:
    code, out, _ = run("6.2", "--lang", "it", "--raw")
    assert code == 0 and out == rulebook.section("6.2", "it").text and "La tua linea ha un burraco" in out
    code, out, _ = run("--list", "--lang", "it")
    assert code == 0 and out.splitlines()[0] == "§1 Le carte"


def test_list() -> None:
    code, out, _ = run("--list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "§1 Cards" and "  §4.1 Sequence" in lines and lines[-1].startswith("§12 ")


def test_an_unknown_section_is_a_one_line_error() -> None:
    code, out, err = run("13")
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: no section '13'") and "4.1" in err


def test_a_refusal_names_a_section_the_command_prints() -> None:
    hand = Hand.deal(players=2, seed=7)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Action.parse("discard KS"))  # before taking a card
    (number,) = cited_sections(str(caught.value))
    code, out, _ = run(number)
    assert code == 0 and rulebook.section(number).title in out


def test_the_command_imports_only_base_dependencies() -> None:
    tree = ast.parse(Path(rules_cmd.__file__).read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    allowed = {"__future__", "sys", "typing", "typer", "rich.console", "rich.markdown", "burraco"}
    assert modules <= allowed, modules - allowed
