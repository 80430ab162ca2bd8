"""Collection rules shared by the whole suite.

When ``burraco.core`` (with the search bots' and the RL environment's hot paths) is compiled (mypyc,
setup.py), pytest cannot collect doctests from the ``.py`` files of the compiled modules (the
imported module is the ``.so``). Their doctests are run instead by
``tests/core/test_compiled_doctests.py``, against the compiled module, from the source text
(``tests/test_compiled_modules.py`` checks which modules are compiled).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

CORE = Path(__file__).resolve().parent / "src" / "burraco" / "core"
BOTS = Path(__file__).resolve().parent / "src" / "burraco" / "bots"
RL = CORE.parent / "rl"
MIGRATIONS = Path(__file__).resolve().parent / "src" / "burraco" / "web" / "persistence" / "migrations"
"""Alembic runs ``env.py`` and the revision scripts itself; importing them alone does nothing useful."""


def is_compiled(module: str) -> bool:
    """True when ``module`` is imported from a compiled extension rather than its ``.py`` file."""
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix == ".py" and MIGRATIONS in collection_path.parents and collection_path.stem != "__init__":
        return True
    if collection_path.suffix == ".py" and collection_path.parent == CORE and collection_path.stem != "__init__":
        return True if is_compiled(f"burraco.core.{collection_path.stem}") else None
    if collection_path.suffix == ".py" and collection_path.parent == BOTS and collection_path.stem != "__init__":
        return True if is_compiled(f"burraco.bots.{collection_path.stem}") else None
    if collection_path.suffix == ".py" and collection_path.parent == RL and collection_path.stem != "__init__":
        return True if is_compiled(f"burraco.rl.{collection_path.stem}") else None
    return None
