"""The doctests of a compiled module (the core, and what setup.py compiles with it from
``burraco.bots`` and ``burraco.rl``), run against the compiled module from its source text.

On the pure-Python path pytest's ``--doctest-modules`` collects them directly and this test has
nothing to do; on the compiled path (mypyc) the root conftest skips that collection and this test
runs every example instead, so both paths check every doctest.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "burraco"
SOURCES = {
    f"burraco.{p.parent.name}.{p.stem}": p
    for folder in ("core", "bots", "rl")
    for p in sorted((PACKAGE / folder).glob("*.py"))
    if p.stem != "__init__"
}
"""Every module that may be compiled: whether it is, is asked of the import system (no import)."""


def _compiled(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def _docstrings(source: str) -> list[tuple[str, str]]:
    """(name, docstring) of the module and of every function and class in it."""
    tree = ast.parse(source)
    found = [("module", ast.get_docstring(tree, clean=False) or "")]
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append((node.name, ast.get_docstring(node, clean=False) or ""))
    return [(name, text) for name, text in found if ">>>" in text]


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_doctests_of_the_compiled_module(name: str) -> None:
    if not _compiled(name):
        pytest.skip("pure-Python module: pytest --doctest-modules runs its doctests")
    module = importlib.import_module(name)
    path = SOURCES[name]
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for title, text in _docstrings(path.read_text(encoding="utf-8")):
        test = parser.get_doctest(text, dict(vars(module)), f"{name}.{title}", str(path), 0)
        result = runner.run(test, out=lambda _: None)
        assert result.failed == 0, f"{result.failed} doctest example(s) of {name}.{title} failed on the compiled path"
