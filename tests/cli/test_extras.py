"""Every install works: the base commands import no optional extra, a missing extra is one line.

The real base install is proved by CI (`.ci/run` installs `pip install .` into a fresh venv); these
tests simulate it inside the test venv by refusing to import the extras' modules.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from burraco.cli.lazy import LAZY_COMMANDS
from burraco.extras import missing_for, parse_requirement, requirements

ROOT = Path(__file__).resolve().parents[2]
EXTRA_MODULES = (
    "fastapi",
    "uvicorn",
    "sqlalchemy",
    "starlette",
    "argon2",
    "itsdangerous",
    "openskill",
    "platformdirs",
    "websockets",
    "httpx",
    "networkx",
    "fpdf",
    "pyspiel",
    "pettingzoo",
    "gymnasium",
    "numpy",
    "ray",
    "pyarrow",
)
BLOCK_EXTRAS = f"""
import importlib.abc, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {EXTRA_MODULES!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Refuse())
import burraco.extras as extras
extras._installed = lambda name: False
from burraco.cli.app import main
main(sys.argv[1:])
"""


def run_base(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``burraco ARGS`` as on a base install: no module of any extra can be imported."""
    return subprocess.run([sys.executable, "-c", BLOCK_EXTRAS, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "args",
    [
        ("--version",),
        ("--help",),
        ("vp", "355"),
        ("meld", "7H 8H 9H"),
        ("fuzz", "--hands", "1"),
        ("replay", "--help"),
        ("arena", "--help"),
        ("play", "--help"),
        ("bench", "--help"),
    ],
)
def test_base_commands_need_no_extra(args: tuple[str, ...]) -> None:
    result = run_base(*args)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("serve",), "web"),
        (("serve", "--port", "9", "--help"), "web"),
        (("loadtest",), "web"),
        (("tournament", "show", "x.json"), "tournament"),
        (("tournament",), "tournament"),
        (("bench", "rl"), "rl"),
    ],
)
def test_a_missing_extra_is_one_line_and_exit_2(args: tuple[str, ...], extra: str) -> None:
    result = run_base(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"pip install 'burraco[{extra}]'" in lines[0]
    assert result.stdout == ""


def test_help_lists_the_extras_commands_and_what_they_need() -> None:
    result = run_base("--help")
    for name, lazy in LAZY_COMMANDS.items():
        assert name in result.stdout
        assert f"'{lazy.extra}' extra" in result.stdout


def test_the_installed_extras_are_complete_here() -> None:
    for extra in ("web", "tournament", "rl", "openspiel", "ray"):
        assert missing_for(extra) == []


def test_the_test_extra_is_composed_not_copied() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    test = extras["test"]
    assert "burraco[web,tournament,rl,openspiel,ray,docs]" in test
    composed = ("web", "tournament", "rl", "openspiel", "ray", "docs")
    copied = {parse_requirement(line).name for extra in composed for line in extras[extra]}
    own = {parse_requirement(line).name for line in test if not line.startswith("burraco[")}
    assert not own & copied, f"[test] repeats {own & copied}"


INDIRECT_TOOLS = {"httpx2": "starlette.testclient imports it for fastapi.testclient.TestClient"}


def test_every_test_tool_is_used() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    tools = {parse_requirement(line).name for line in extras["test"] if not line.startswith("burraco[")}
    tests_text = "\n".join(path.read_text() for path in (ROOT / "tests").rglob("*.py"))
    # the commands a contributor and CI run: the README's, CONTRIBUTING.md's and .ci/run's
    commands = "\n".join((ROOT / name).read_text() for name in ("README.md", "CONTRIBUTING.md", ".ci/run"))
    for tool in tools:
        module = tool.replace("-", "_")  # a distribution's import name: pre-commit → pre_commit
        imported = f"import {module}" in tests_text or f"from {module}" in tests_text
        run = f".venv/bin/{tool}" in commands or f"-m {tool}" in commands
        used = tool in INDIRECT_TOOLS or imported or run
        assert used, f"the [test] extra installs {tool}, which nothing uses"


def test_requirements_come_from_the_package_metadata() -> None:
    names = {(req.name, req.extra) for req in requirements()}
    assert ("typer", None) in names
    assert ("fastapi", "web") in names
    assert ("networkx", "tournament") in names


def test_version_has_one_source_and_python_m_works() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "burraco", "--version"], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == f"burraco {metadata.version('burraco')}"
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert metadata.version("burraco") == declared
