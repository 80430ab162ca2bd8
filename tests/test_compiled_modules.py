"""The modules of ``burraco.bots`` and ``burraco.rl`` that setup.py compiles with the core
(``COMPILED_BOTS``, ``COMPILED_RL``).

The build is all or nothing: mypyc type-checks every listed module in pip's isolated build
environment, where only setuptools and mypy (with its ``mypy_extensions``) are installed, and one
module mypy cannot check makes the whole install fall back to the pure-Python core. So a listed
module must import only the standard library, ``mypy_extensions`` (the search bots' ``mypyc_attr``)
and ``burraco`` modules that do the same (checked here on the source, on both paths); on the
compiled path the listed modules and the core are compiled together, and their doctests run
against the compiled module (conftest.py skips collecting them from the file;
``tests/core/test_compiled_doctests.py`` runs them).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from burraco.bench.engine import core_path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _listed(name: str) -> list[str]:
    """A list of module names assigned at the top of setup.py."""
    for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return [str(ast.literal_eval(e)) for e in node.value.elts] if isinstance(node.value, ast.List) else []
    return []


COMPILED_RL = _listed("COMPILED_RL")
COMPILED_BOTS = _listed("COMPILED_BOTS")
LISTED = [f"burraco.rl.{name}" for name in COMPILED_RL] + [f"burraco.bots.{name}" for name in COMPILED_BOTS]
BUILD_ENVIRONMENT = {"mypy_extensions"}
"""What pip's isolated build environment holds besides the standard library (mypy's own dependency)."""


def _imports(module: str) -> set[str]:
    """The modules ``module``'s source imports (absolute names; ``__future__`` left out)."""
    path = SRC.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__":
            found.add(node.module)
    return found


def _third_party_closure(module: str) -> set[str]:
    """Every import outside the standard library and ``burraco``, following ``burraco`` imports."""
    todo, done, outside = [module], set(), set()
    while todo:
        current = todo.pop()
        if current in done:
            continue
        done.add(current)
        for name in _imports(current):
            top = name.split(".")[0]
            if top == "burraco":
                todo.append(name)
            elif top not in sys.stdlib_module_names:
                outside.add(name)
    return outside


def test_the_hot_paths_are_listed() -> None:
    assert {"actions", "fastobs", "layout", "stepper"} <= set(COMPILED_RL)
    assert {"lite", "ismcts", "searcher", "paired", "meldfree", "tracking"} <= set(COMPILED_BOTS)
    assert set(_listed("COMPILED")) >= {"hand", "hand_checks", "hand_state", "actions", "view"}


@pytest.mark.parametrize("module", LISTED)
def test_a_compiled_module_needs_nothing_the_build_environment_lacks(module: str) -> None:
    assert _third_party_closure(module) <= BUILD_ENVIRONMENT


def test_the_closure_check_sees_numpy() -> None:
    """The check above would catch a module that reaches NumPy (the observation encoder does)."""
    assert "numpy" in _third_party_closure("burraco.rl.observation")


@pytest.mark.parametrize("name", LISTED)
def test_compiled_with_the_core_or_not_at_all(name: str) -> None:
    module = importlib.import_module(name)
    assert str(module.__file__).endswith(".py") == (core_path() == "pure Python")
