"""Build hook: compile the rules core (with the search bots' and the RL environment's hot paths) with mypyc
when the package is installed.

Everything else about the package is in pyproject.toml. The compiled modules are the same
source files as the pure-Python ones; where no C compiler (or no mypyc) is available, or when
``BURRACO_PURE=1`` is set, the build keeps the pure-Python modules and says so in one line.
``burraco bench`` reports which path runs (docs/performance.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "actions",
    "cards",
    "determinize",
    "errors",
    "generate",
    "generate_attach",
    "generate_tables",
    "hand",
    "hand_checks",
    "hand_state",
    "irregular",
    "history",
    "history_model",
    "history_read",
    "history_step",
    "history_write",
    "legal",
    "match",
    "meld_value",
    "melds",
    "options",
    "recordlog",
    "rng",
    "scoring",
    "summary",
    "view",
    "vp",
]
"""The modules of ``burraco.core`` that mypyc compiles: all but ``citation`` and ``legal_view`` (a lazy
``Sequence`` of the legal actions, built once per decision: a mypyc class cannot derive from an ABC)."""
COMPILED_BOTS = ["lite", "ismcts", "searcher", "paired", "meldfree", "tracking"]
"""The modules of ``burraco.bots`` compiled with them: the search bots' playout policy and
evaluation (``lite``), the search itself (``ismcts``, the champion's ``searcher`` and ``paired`` race)
and the champion's belief worlds (``meldfree``, ``tracking``). The two search classes allow
interpreted subclasses (``mypyc_attr``); the doctests run against the compiled modules."""

COMPILED_RL = ["actions", "fastobs", "layout", "stepper"]
"""The modules of ``burraco.rl`` compiled with the core: the environment's hot path (canonical legal
list and mask, incremental observation, the step). They import only the core and the standard library: the
build runs mypy where NumPy, PettingZoo and Gymnasium are not installed (tests/test_compiled_modules.py)."""


def _pure(reason: str) -> list[object]:
    print(f"burraco: installing the pure-Python core ({reason})", file=sys.stderr)
    return []


def _ext_modules() -> list[object]:
    if os.environ.get("BURRACO_PURE", "") not in ("", "0"):
        return _pure("BURRACO_PURE is set")
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        return _pure(f"no mypyc: {error}")
    here = Path(__file__).resolve().parent
    sources = [str(here / "src" / "burraco" / "core" / f"{name}.py") for name in COMPILED]
    sources += [str(here / "src" / "burraco" / "bots" / f"{name}.py") for name in COMPILED_BOTS]
    sources += [str(here / "src" / "burraco" / "rl" / f"{name}.py") for name in COMPILED_RL]
    os.chdir(here / "src")  # mypyc names the modules from the working directory
    try:
        return list(
            mypycify(
                [os.path.relpath(s) for s in sources],
                opt_level="3",
                debug_level="0",
                target_dir=str(here / "build" / "mypyc"),
            )
        )
    except Exception as error:  # a type error mypyc refuses: never block the install
        return _pure(f"mypyc failed: {error}")
    finally:
        os.chdir(here)


class OptionalBuildExt(build_ext):
    """Compile if a C compiler works; otherwise remove whatever was built and keep the pure modules.

    All or nothing: mypyc's per-module shims need its shared library, so a half-built set would
    not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _pure(f"the C build failed: {error}")


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
