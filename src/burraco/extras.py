"""Which optional extras (``pip install 'burraco[web]'``) are installed.

The one source of truth for what an extra holds is ``pyproject.toml``: this module reads the
requirements of the installed ``burraco`` distribution from its metadata and checks that each
distribution an extra names is installed. No optional module is imported to find out.

>>> parse_requirement('fastapi>=0.110; extra == "web"')
Requirement(name='fastapi', extra='web')
>>> parse_requirement('typer>=0.12')
Requirement(name='typer', extra=None)
>>> install_hint("web")
"pip install 'burraco[web]'"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import metadata
from typing import Final

DISTRIBUTION: Final = "burraco"
_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA = re.compile(r"""extra\s*==\s*['"]([A-Za-z0-9._-]+)['"]""")


@dataclass(frozen=True)
class Requirement:
    """One line of the package's requirements: a distribution name and the extra that asks for it."""

    name: str
    extra: str | None


class MissingExtraError(ImportError):
    """A command needs an extra that is not installed; the message says how to install it."""

    def __init__(self, extra: str, missing: list[str]) -> None:
        self.extra = extra
        self.missing = missing
        super().__init__(f"this needs the '{extra}' extra ({', '.join(missing)} not installed): {install_hint(extra)}")


def install_hint(extra: str) -> str:
    """The command a user types to add ``extra``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def parse_requirement(line: str) -> Requirement:
    """Name and extra of one ``Requires-Dist`` line (extras of the dependency itself are ignored)."""
    head, _, marker = line.partition(";")
    found = _NAME.match(head)
    if found is None:
        raise ValueError(f"not a requirement: {line!r}")
    extra = _EXTRA.search(marker)
    return Requirement(found.group(1), extra.group(1) if extra else None)


def requirements() -> list[Requirement]:
    """Every requirement of the installed package (empty when it runs from a source tree)."""
    try:
        lines = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return []
    return [parse_requirement(line) for line in lines]


def _installed(name: str) -> bool:
    try:
        metadata.version(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def missing_for(extra: str) -> list[str]:
    """The distributions ``extra`` needs that are not installed (empty: the extra is usable)."""
    return [req.name for req in requirements() if req.extra == extra and not _installed(req.name)]


def require(extra: str) -> None:
    """Raise :class:`MissingExtraError` unless every distribution of ``extra`` is installed."""
    missing = missing_for(extra)
    if missing:
        raise MissingExtraError(extra, missing)
