"""The doctests of a compiled core module, run against the compiled module from its source text.

On the pure-Python path pytest's ``--doctest-modules`` collects them directly and this test has
nothing to do; on the compiled path (mypyc) the root conftest skips that collection and this test
runs every example instead, so both paths check every doctest.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "src" / "burraco" / "core"
MODULES = sorted(p.stem for p in CORE.glob("*.py") if p.stem != "__init__")


def _docstrings(source: str) -> list[tuple[str, str]]:
    """(name, docstring) of the module and of every function and class in it."""
    tree = ast.parse(source)
    found = [("module", ast.get_docstring(tree, clean=False) or "")]
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append((node.name, ast.get_docstring(node, clean=False) or ""))
    return [(name, text) for name, text in found if ">>>" in text]


@pytest.mark.parametrize("name", MODULES)
def test_doctests_of_the_compiled_module(name: str) -> None:
    module = importlib.import_module(f"burraco.core.{name}")
    if str(module.__file__).endswith(".py"):
        pytest.skip("pure-Python module: pytest --doctest-modules runs its doctests")
    source = (CORE / f"{name}.py").read_text(encoding="utf-8")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for title, text in _docstrings(source):
        test = parser.get_doctest(text, dict(vars(module)), f"{name}.{title}", str(CORE / f"{name}.py"), 0)
        result = runner.run(test, out=lambda _: None)
        assert result.failed == 0, f"{result.failed} doctest example(s) of {name}.{title} failed on the compiled path"
