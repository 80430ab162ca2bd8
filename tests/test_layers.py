"""The layers of DEVELOPERS.md: a lower layer never imports a higher one; the core has no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "burraco"
LAYER = {
    "core": 1,
    "arbiter": 1,
    "bots": 2,
    "arena": 2,
    "analysis": 2,
    "cli": 3,
    "tournament": 3,
    "bench": 3,
    "web": 3,
    "loadtest": 3,
    "rl": 3,
    "rulebook": 2,
}


UNLAYERED = {"__init__", "__main__", "data", "extras", "py"}
"""Top-level names of the package that hold no code of a layer (the package itself, data, py.typed)."""


def test_every_package_has_a_layer() -> None:
    names = {p.name.split(".")[0] for p in SRC.iterdir() if not p.name.startswith((".", "_")) or p.suffix == ".py"}
    unplaced = sorted(names - set(LAYER) - UNLAYERED - {"__pycache__"})
    assert not unplaced, f"give these a layer in LAYER: {unplaced}"


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


WEB_ROOMS = ("http", "protocol", "accounts", "persistence", "table", "lobby", "cluster", "tournaments", "routes")
"""The web app's sub-packages, lowest first: a room imports only itself and the rooms before it. The
modules beside them (``app.py``, the composition root; ``config.py``; ``instance_lock.py``) sit above."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports (``TYPE_CHECKING``
    imports included: a cycle for the type checker is a cycle for a reader too)."""
    modules = {_module_name(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets.add(node.module)
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in modules and t != name and not name.startswith(t + ".")}
    return graph


def test_no_import_cycle_anywhere() -> None:
    graph = _import_graph()
    cycles = [c for c in _strongly_connected(graph) if len(c) > 1]
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(sorted(c)) for c in cycles)


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                found.append(component)
    return found


def _web_room(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] != ["burraco", "web"] or len(parts) < 3:
        return None
    return WEB_ROOMS.index(parts[2]) if parts[2] in WEB_ROOMS else len(WEB_ROOMS)


def test_web_rooms_import_only_downward() -> None:
    upward = []
    for module, targets in _import_graph().items():
        own = _web_room(module)
        if own is None:
            continue
        for target in targets:
            room = _web_room(target)
            if room is not None and room > own:
                upward.append(f"{module} imports {target}")
    assert not upward, "\n".join(sorted(upward))
