"""``burraco.analysis`` is in the bots layer: it imports the core, the bots and the arena only."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "burraco" / "analysis"
ALLOWED = {"core", "bots", "arena", "analysis"}


def test_analysis_imports_no_higher_layer() -> None:
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                parts = name.split(".")
                if parts[0] == "burraco":
                    assert len(parts) > 1 and parts[1] in ALLOWED, f"{path.name} imports {name}"
