"""Bots by name: ``make_bot("heuristic", seed=1)``; difficulty levels ``beginner``, ``intermediate``,
``expert``, ``champion`` (Italian ``principiante``, ``intermedio``, ``esperto``, ``campione``, see
:mod:`burraco.bots.levels`) and the older ``easy``, ``normal``, ``hard`` (unchanged).

A name may carry options after a colon, ``name:key=value,key=value`` — for instance
``ismcts:iterations=300`` or ``ismcts:seconds=0.5,depth=6``, ``heuristic:noise=0.2``.

>>> make_bot("random", seed=3).name
'random'
>>> make_bot("normal", seed=0).name
'heuristic'
>>> make_bot("campione:ms=0", seed=0).name
'champion:ms=0'
>>> make_bot("ismcts:iterations=50", seed=0).name
'ismcts:iterations=50'
>>> make_bot("alphazero", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.bots.registry.UnknownBotError: unknown bot 'alphazero'; known bots: random, heuristic, ismcts, easy, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from burraco.bots.base import Bot
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.ismcts import IsmctsBot
from burraco.bots.levels import CHAMPION_OPTIONS, ITALIAN, LEVELS, make_level
from burraco.bots.planner_bot import PlannerBot
from burraco.bots.random_bot import RandomBot
from burraco.bots.sharp import DEFAULT_OFF, SharpBot
from burraco.core.errors import BurracoError
from burraco.core.options import Rules


class UnknownBotError(BurracoError):
    """A bot name (or a bot option) that does not exist."""


Options = dict[str, float]
Factory = Callable[[int, Rules | None, Options, str], Bot]


def _random(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, set(), "random")
    return RandomBot(seed=seed, name=name)


def _heuristic(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, {"noise"}, "heuristic")
    return HeuristicBot(seed=seed, rules=rules, noise=options.get("noise", 0.0), name=name)


def _ismcts(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, {"iterations", "seconds", "depth", "candidates", "exploration", "scale"}, "ismcts")
    kwargs: dict[str, float | int | None] = {}
    if "iterations" in options:
        kwargs["iterations"] = int(options["iterations"])
        kwargs["seconds"] = options.get("seconds")
    elif "seconds" in options:
        kwargs["seconds"] = options["seconds"]
        kwargs["iterations"] = None
    if "depth" in options:
        kwargs["depth"] = int(options["depth"])
    if "candidates" in options:
        kwargs["candidates"] = int(options["candidates"])
    for key in ("exploration", "scale"):
        if key in options:
            kwargs[key] = options[key]
    return IsmctsBot(seed=seed, rules=rules, name=name, **kwargs)  # type: ignore[arg-type]


def _easy(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, set(), "easy")
    return HeuristicBot(seed=seed, rules=rules, noise=0.35, name="heuristic:noise=0.35")


def _normal(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, set(), "normal")
    return HeuristicBot(seed=seed, rules=rules, name="heuristic")


def _hard(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, {"seconds"}, "hard")
    seconds = options.get("seconds", 1.0)
    return IsmctsBot(seed=seed, rules=rules, seconds=seconds, iterations=None, name=f"ismcts:seconds={seconds:g}")


def _planner(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    _check(options, {"samples", "ms", "nodes", "width"}, "planner")
    return PlannerBot(
        seed=seed,
        rules=rules,
        samples=int(options.get("samples", 3)),
        ms=options.get("ms", 0.0),
        max_nodes=int(options.get("nodes", 120)),
        width=int(options.get("width", 6)),
        name=name,
    )


def _sharp(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
    flags = ("close", "lone", "wild3", "wild", "feed", "pile", "track")
    _check(options, {"samples", *flags}, "sharp")
    off = frozenset(f for f in flags if options.get(f, 0.0 if f in DEFAULT_OFF else 1.0) == 0.0)
    return SharpBot(seed=seed, rules=rules, samples=int(options.get("samples", 2)), name=name, off=off)


def _level(level: str) -> Factory:
    def factory(seed: int, rules: Rules | None, options: Options, name: str) -> Bot:
        allowed = {"champion": set(CHAMPION_OPTIONS), "expert": {"samples"}}.get(level, set())
        _check(options, allowed, level)
        label = level + name[name.index(":") :] if ":" in name else level
        return make_level(level, seed, rules, label, options)

    return factory


BOTS: Final[dict[str, Factory]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
    "planner": _planner,
    "sharp": _sharp,
    **{level: _level(level) for level in LEVELS},
    **{italian: _level(level) for level, italian in ITALIAN.items()},
}
"""Every bot name: ``random``, ``heuristic``, ``ismcts``; levels ``easy`` (heuristic with 35% random
moves), ``normal`` (heuristic) and ``hard`` (ISMCTS, 1 s per searched decision)."""
DIFFICULTIES: Final = ("easy", "normal", "hard", *LEVELS)


def _check(options: Options, allowed: set[str], bot: str) -> None:
    unknown = sorted(set(options) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise UnknownBotError(f"bot {bot!r} has no option {', '.join(unknown)}; its options: {known}")


def parse_name(spec: str) -> tuple[str, Options]:
    """Split ``name:key=value,...`` into the name and numeric options."""
    base, _, rest = spec.strip().partition(":")
    options: Options = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise UnknownBotError(f"bot option {part!r} needs a value, like iterations=200")
        try:
            options[key.strip()] = float(value)
        except ValueError as error:
            raise UnknownBotError(f"bot option {key.strip()!r} needs a number, not {value!r}") from error
    return base.lower(), options


def make_bot(name: str, seed: int = 0, rules: Rules | None = None) -> Bot:
    """Build the bot called ``name`` (with options after a colon), seeded with ``seed``."""
    base, options = parse_name(name)
    factory = BOTS.get(base)
    if factory is None:
        raise UnknownBotError(f"unknown bot {base!r}; known bots: {', '.join(BOTS)}")
    return factory(seed, rules, options, name.strip())
