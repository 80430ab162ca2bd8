"""The layers of DEVELOPERS.md: a lower layer never imports a higher one; the core has no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "burraco"
LAYER = {
    "core": 1,
    "bots": 2,
    "arena": 2,
    "cli": 3,
    "tournament": 3,
    "benchmarks": 3,
    "web": 3,
    "loadtest": 3,
    "rl": 3,
    "rulebook": 2,
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "burraco" or len(parts) < 2:
        return None
    return LAYER.get(parts[1])


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_no_upward_imports(path: Path) -> None:
    own = LAYER.get(path.relative_to(SRC).parts[0].removesuffix(".py"))
    if own is None:
        return
    for module in _imports(path):
        layer = _layer_of(module)
        assert layer is None or layer <= own, f"{path.name} (layer {own}) imports {module} (layer {layer})"


@pytest.mark.parametrize("path", sorted((SRC / "core").glob("*.py")), ids=lambda p: p.name)
def test_core_is_pure(path: Path) -> None:
    forbidden = {"time", "datetime", "os", "sys", "subprocess", "socket", "pathlib", "random", "copy"}
    imported = {m.split(".")[0] for m in _imports(path)}
    if path.name == "determinize.py":
        forbidden.discard("random")  # takes an explicit, seeded random.Random instance
    assert not imported & forbidden, f"core module {path.name} imports {imported & forbidden}"
    code_lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.strip().startswith((">>>", "..."))  # doctests may print
    ]
    assert not any("print(" in line for line in code_lines), f"core module {path.name} prints"
