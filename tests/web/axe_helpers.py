"""Accessibility audits of a page in Chromium with axe-core (Deque's npm build, ``axe.min.js``, as
bundled by the ``axe-playwright-python`` package of the ``test`` extra).

The audit runs the rules tagged WCAG 2.0/2.1 level A and AA and keeps the violations a user cannot
get around (impact ``serious`` or ``critical``: a button without a name, text without contrast, a
form field without a label...). Use it on any page a test has brought to the state to check::

    from axe_helpers import assert_no_serious_violations
    assert_no_serious_violations(page, "lobby, phone")

``serious_violations(page)`` gives the violations themselves (axe-core's dictionaries: ``id``,
``impact``, ``help``, ``helpUrl``, ``nodes`` with their ``target`` selectors).
"""

from __future__ import annotations

from typing import Any, Final

WCAG_TAGS: Final = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""The WCAG 2 levels A and AA, as axe-core tags its rules."""
BLOCKING: Final = ("serious", "critical")
"""The impacts that fail an audit (axe-core's others are "minor" and "moderate")."""


def serious_violations(page: Any, tags: tuple[str, ...] = WCAG_TAGS) -> list[dict[str, Any]]:
    """Inject axe-core into ``page`` (a Playwright sync page), run the rules of ``tags`` on the whole
    document, and return the violations of impact serious or critical."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": list(tags)}, "resultTypes": ["violations"]}
    results = Axe().run(page, options=options)
    violations: list[dict[str, Any]] = results.response["violations"]
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
    WCAG 2 A/AA violation on ``page`` as it is now."""
    found = serious_violations(page)
    assert not found, (
        f"{label}: {len(found)} serious or critical accessibility violation(s) (axe-core, WCAG 2 A/AA):\n"
        + describe(found)
    )
