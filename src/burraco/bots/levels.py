"""Difficulty levels: ``beginner``, ``intermediate``, ``expert``, ``champion`` (Italian display names).

=============  ==============  ==========================================================
level          display name    bot
=============  ==============  ==========================================================
beginner       principiante    heuristic with 35% random moves
intermediate   intermedio      heuristic (the fixed reference)
expert         esperto         whole-turn planner, 2 belief samples, 60 nodes per plan
champion       campione        whole-turn planner, 8 belief samples, 160 nodes, 900 ms cap
=============  ==============  ==========================================================

``expert`` and ``champion`` take options ``samples`` (belief samples per decision) and ``ms`` (the
per-decision budget in milliseconds: no more samples once it is spent; ``ms=0``: no cap, fully
deterministic for a seed). The champion's default budget keeps a decision under one second on
one core.

>>> [display_name(level) for level in LEVELS]
['principiante', 'intermedio', 'esperto', 'campione']
>>> make_level("expert", seed=1).name
'expert'
>>> level_of("Campione")
'champion'
"""

from __future__ import annotations

from typing import Final

from burraco.bots.base import Bot
from burraco.bots.champion import PlannerBot
from burraco.bots.heuristic import HeuristicBot
from burraco.core.options import Rules

LEVELS: Final = ("beginner", "intermediate", "expert", "champion")
ITALIAN: Final = {"beginner": "principiante", "intermediate": "intermedio", "expert": "esperto",
                  "champion": "campione"}
CHAMPION_MS: Final = 900.0
"""The champion's default budget per decision (ms): under one second on one core."""


def display_name(level: str, italian: bool = True) -> str:
    """The level's name for players (Italian by default)."""
    return ITALIAN[level] if italian else level


def level_of(name: str) -> str:
    """The level called ``name`` in English or Italian (case-insensitive)."""
    key = name.strip().lower()
    for level, italian in ITALIAN.items():
        if key in (level, italian):
            return level
    raise KeyError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")


def make_level(level: str, seed: int = 0, rules: Rules | None = None, ms: float | None = None,
               samples: int | None = None, name: str | None = None) -> Bot:
    """Build the bot of ``level`` (English or Italian name)."""
    key = level_of(level)
    label = name or key
    if key == "beginner":
        return HeuristicBot(seed=seed, rules=rules, noise=0.35, name=label)
    if key == "intermediate":
        return HeuristicBot(seed=seed, rules=rules, name=label)
    if key == "expert":
        return PlannerBot(seed=seed, rules=rules, samples=samples or 2, ms=ms or 0.0, max_nodes=60, width=5,
                          name=label)
    return PlannerBot(seed=seed, rules=rules, samples=samples or 8, ms=CHAMPION_MS if ms is None else ms,
                      max_nodes=160, width=6, name=label)
