"""Accessibility audits of a page in Chromium with axe-core, Deque's build from the npm registry.

axe-core is pinned to one exact version in ``tests/web/axe/package.json`` (and its
``package-lock.json``); the README's test command installs it (``scripts/install-test-browser``
runs ``npm ci --prefix tests/web/axe``) and this module evaluates its ``axe.min.js`` in the page
(through the DevTools protocol: a ``<script>`` tag would be refused by the page's
Content-Security-Policy, which allows no inline script).
To update it on purpose::

    npm install --prefix tests/web/axe --save-exact axe-core@latest

then run the browser tests that audit pages (``grep -l assert_no_serious_violations tests/web``),
fix what the new rules find, and commit the two JSON files with the fixes.

The audit runs the rules tagged WCAG 2.0/2.1 level A and AA (``label-content-name-mismatch``, WCAG
2.5.3, among them) and every other rule axe-core runs by default whose impact can be serious or
critical (its best practices such as ``aria-dialog-name``); it keeps the violations of impact
``serious`` or ``critical``, those a user cannot get around: a button without a name, text without
contrast, a name that does not contain the visible text... Use it on any page a test has brought to
the state to check::

    from axe_helpers import assert_no_serious_violations
    assert_no_serious_violations(page, "lobby, phone")

``serious_violations(page)`` gives the violations themselves (axe-core's dictionaries: ``id``,
``impact``, ``help``, ``helpUrl``, ``nodes`` with their ``target`` selectors);
``serious_violations(page, rules=("label-content-name-mismatch",))`` runs only the rules named.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Final

import pytest

AXE_DIR: Final = Path(__file__).resolve().parent / "axe"
"""The npm project that pins axe-core (``package.json``, ``package-lock.json``)."""
AXE_JS: Final = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS: Final = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""The WCAG 2.0 and 2.1 levels A and AA, as axe-core tags its rules."""
BLOCKING: Final = ("serious", "critical")
"""The impacts that fail an audit (axe-core's others are "minor" and "moderate")."""

# The rules to run, chosen in the page from axe-core's own table of rules: those tagged with one of
# WCAG_TAGS, and those enabled by default whose impact is one of BLOCKING; never a rule axe-core
# excludes unless asked (tagged "experimental" or "deprecated").
_CHOOSE_RULES: Final = """([tags, blocking]) => {
  const audit = axe._audit, excluded = audit.tagExclude || [];
  return audit.rules
    .filter((rule) => !rule.tags.some((tag) => excluded.includes(tag)))
    .filter((rule) => rule.tags.some((tag) => tags.includes(tag))
      || (rule.enabled !== false && blocking.includes(rule.impact)))
    .map((rule) => rule.id);
}"""


# Wait (at most 3 s) for the page's finite animations to end: a card flying to the discard pile waits
# unseen (opacity 0) in its place, and axe-core, which reads the text that shows, would find the pile's
# name giving a rank its visible text lacks for those 300 ms. Endless ones (a pulsing cue) are left.
_SETTLE: Final = """async () => {
  const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime));
  const ended = Promise.all(finite.map((a) => a.finished.catch(() => null)));
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
}"""


def pinned_version() -> str:
    """The axe-core version ``tests/web/axe/package-lock.json`` pins."""
    lock = json.loads((AXE_DIR / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/axe-core"]["version"])


def inject_axe(page: Any) -> None:
    """Load the pinned axe-core into ``page`` (once per document). Skip the test (or, where
    BURRACO_REQUIRE_BROWSER is set, fail it) when ``npm ci`` has not installed it, and fail when the
    installed copy is not the pinned version."""
    if not AXE_JS.exists():
        message = f"axe-core is not installed in {AXE_DIR} (npm ci --prefix tests/web/axe)"
        if os.environ.get("BURRACO_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(f"{message}: accessibility audit not run")
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(AXE_JS.read_text())
    version = page.evaluate("() => axe.version")
    assert version == pinned_version(), (
        f"axe-core {version} is installed but {pinned_version()} is pinned: npm ci --prefix tests/web/axe"
    )


def audited_rules(page: Any) -> list[str]:
    """The ids of the rules an audit runs (axe-core injected into ``page``)."""
    inject_axe(page)
    rules: list[str] = page.evaluate(_CHOOSE_RULES, [list(WCAG_TAGS), list(BLOCKING)])
    return rules


def serious_violations(page: Any, rules: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Inject axe-core into ``page`` (a Playwright sync page), let its animations end, run the audit's
    rules (or only ``rules``) on the whole document, and return the violations of impact serious or
    critical."""
    chosen = list(rules) if rules is not None else audited_rules(page)
    inject_axe(page)
    page.evaluate(_SETTLE)
    options = {"runOnly": {"type": "rule", "values": chosen}, "resultTypes": ["violations"]}
    results: dict[str, Any] = page.evaluate("(options) => axe.run(document, options)", options)
    violations: list[dict[str, Any]] = results["violations"]
    return [v for v in violations if v.get("impact") in BLOCKING]


def _target(node: dict[str, Any]) -> str:
    """A node's selector; a node inside a frame or shadow root has a list of them."""
    return " >> ".join(
        str(part) if not isinstance(part, list) else " > ".join(map(str, part)) for part in node["target"]
    )


def describe(violations: list[dict[str, Any]], per_rule: int = 5) -> str:
    """One block per violated rule: the rule, its impact and help, then the first elements it found
    (selector and axe-core's advice)."""
    blocks = []
    for v in violations:
        lines = [f"- {v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])} element(s)] {v.get('helpUrl', '')}"]
        for node in v["nodes"][:per_rule]:
            advice = " ".join(str(node.get("failureSummary", "")).split())
            lines.append(f"    {_target(node)} — {advice[:300]}")
        if len(v["nodes"]) > per_rule:
            lines.append(f"    … and {len(v['nodes']) - per_rule} more")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def assert_no_serious_violations(page: Any, label: str) -> None:
    """Fail, naming ``label`` (the page and the screen size), if axe-core finds a serious or critical
    violation on ``page`` as it is now."""
    found = serious_violations(page)
    assert not found, (
        f"{label}: {len(found)} serious or critical accessibility violation(s) (axe-core {pinned_version()}):\n"
        + describe(found)
    )
