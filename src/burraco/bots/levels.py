"""Difficulty levels: ``beginner``, ``intermediate``, ``expert``, ``champion`` (Italian display names).

=============  ==============  ==========================================================
level          display name    bot
=============  ==============  ==========================================================
beginner       principiante    heuristic with 35% random moves
intermediate   intermedio      heuristic (the fixed reference)
expert         esperto         ``sharp``: heuristic play, planned closes, pile-aware discard
champion       campione        ISMCTS steered by ``sharp`` over belief worlds, 400 ms a decision
=============  ==============  ==========================================================

``expert`` takes ``samples`` (belief samples for the closing planner); ``champion`` takes
``samples`` and ``ms`` (search budget per take or discard decision, in milliseconds; the default
keeps a decision under one second on one core) or ``iterations`` (a fixed search, independent of
the machine's load), ``belief`` (how strongly its worlds follow the card tracker; 0: uniform),
``meldfree`` (0: other seats' sampled hands may hold melds they could have laid), ``paired`` (0: a
UCT tree at the root instead of the race on common worlds), ``candidates`` (the discards
searched), ``depth`` (turns an iteration plays) and ``scale`` (points to squash the reward by).

>>> [display_name(level) for level in LEVELS]
['principiante', 'intermedio', 'esperto', 'campione']
>>> make_level("expert", seed=1).name
'expert'
>>> level_of("Campione")
'champion'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from burraco.bots.base import Bot
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.ismcts import REWARD_SCALE
from burraco.bots.searcher import CANDIDATES, DEPTH, ChampionBot
from burraco.bots.sharp import SharpBot
from burraco.bots.tracking import AVOID
from burraco.core.options import Rules

LEVELS: Final = ("beginner", "intermediate", "expert", "champion")
ITALIAN: Final = {"beginner": "principiante", "intermediate": "intermedio", "expert": "esperto", "champion": "campione"}
CHAMPION_MS: Final = 400.0
"""The champion's default budget per searched decision (ms): under one second; the search stops
early once its choice is settled (about a quarter of the budget saved), so a 2-player hand of
40–60 searched decisions stays under 20 s on one core (docs/strength.md)."""


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


CHAMPION_OPTIONS: Final = (
    "ms",
    "iterations",
    "samples",
    "belief",
    "meldfree",
    "paired",
    "candidates",
    "depth",
    "scale",
    "richleaf",
    "plans",
)
"""The champion's options (``champion:ms=800,candidates=6``): its budget, then its search's settings."""


def make_level(
    level: str,
    seed: int = 0,
    rules: Rules | None = None,
    name: str | None = None,
    options: Mapping[str, float] | None = None,
) -> Bot:
    """Build the bot of ``level`` (English or Italian name) with its ``options`` (the expert: ``samples``;
    the champion: :data:`CHAMPION_OPTIONS`)."""
    key = level_of(level)
    label = name or key
    opts = options or {}
    samples = int(opts.get("samples", 2))
    if key == "beginner":
        return HeuristicBot(seed=seed, rules=rules, noise=0.35, name=label)
    if key == "intermediate":
        return HeuristicBot(seed=seed, rules=rules, name=label)
    if key == "expert":
        return SharpBot(seed=seed, rules=rules, samples=samples, name=label)
    return ChampionBot(
        seed=seed,
        rules=rules,
        ms=opts.get("ms", CHAMPION_MS),
        samples=samples,
        name=label,
        iterations=int(opts["iterations"]) if "iterations" in opts else None,
        belief=opts.get("belief", AVOID),
        paired=bool(opts.get("paired", 1.0)),
        candidates=int(opts.get("candidates", CANDIDATES)),
        depth=int(opts.get("depth", DEPTH)),
        scale=opts.get("scale", REWARD_SCALE),
        meldfree=bool(opts.get("meldfree", 1.0)),
        rich_leaf=bool(opts.get("richleaf", 1.0)),
        plans=int(opts.get("plans", 0)),
    )
