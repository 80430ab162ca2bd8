"""How user-visible messages cite the players' rules page, ``docs/rules.md``: one format, one place.

Every refusal, error or help text that points a player to a rule calls :func:`cite`, so the format
can change here alone. The page is the project's rules specification: code comments, tests and
messages cite its numbered sections (``§4.1``), in English and in Italian (``docs/rules.it.md``, same
numbers). The page itself, its sections and its HTML live in :mod:`burraco.rulebook` (which does the
reading; the core does no I/O).

>>> f"illegal meld: a sequence holds at most one wildcard ({cite('4.1')})"
'illegal meld: a sequence holds at most one wildcard (rules §4.1)'
>>> cited_sections("see rules §3, §6 and rules §4.2")
['3', '6', '4.2']
"""

from __future__ import annotations

import re
from typing import Final

PAGE_NAME: Final = "rules"
"""The word a citation starts with: players find the page as ``burraco rules`` and ``/rules``."""

SECTION_NUMBER: Final = re.compile(r"\d{1,2}(?:\.\d{1,2})?")
"""A section number: ``4`` or ``4.1``."""

CITATION: Final = re.compile(rf"\b{PAGE_NAME} §(\d{{1,2}}(?:\.\d{{1,2}})?(?:, §\d{{1,2}}(?:\.\d{{1,2}})?)*)")
"""A citation as :func:`cite` writes it; group 1 holds the section list (``3, §6``)."""


def cite(*sections: str) -> str:
    """The citation of one or more sections of the rules page.

    >>> cite("4.1")
    'rules §4.1'
    >>> cite("3", "6")
    'rules §3, §6'
    >>> cite("4.x")
    Traceback (most recent call last):
    ...
    ValueError: not a rules section number: '4.x'
    """
    if not sections:
        raise ValueError("cite() needs at least one section number")
    for number in sections:
        if not SECTION_NUMBER.fullmatch(number):
            raise ValueError(f"not a rules section number: {number!r}")
    return f"{PAGE_NAME} " + ", ".join(f"§{number}" for number in sections)


def anchor(section: str) -> str:
    """The HTML id of a section on the rules page (``/rules#s4-1``).

    >>> anchor("4.1"), anchor("12")
    ('s4-1', 's12')
    """
    if not SECTION_NUMBER.fullmatch(section):
        raise ValueError(f"not a rules section number: {section!r}")
    return "s" + section.replace(".", "-")


def cited_sections(text: str) -> list[str]:
    """Every section number cited in ``text``, in order (repeats kept).

    >>> cited_sections("you cannot close (rules §6.4, Art. 11)")
    ['6.4']
    >>> cited_sections("see docs/rules.md §4")
    []
    """
    found: list[str] = []
    for match in CITATION.finditer(text):
        found.extend(part.strip().lstrip("§") for part in match.group(1).split(","))
    return found
