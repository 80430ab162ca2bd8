"""Bot tournaments: a whole tournament whose tables are played automatically.

A table is played by a :data:`TablePlayer`: ``(ns_pair, ew_pair, hands, rng) -> (ns_points,
ew_points)``. The default uses the game engine's ``burraco.arena.matchplay.play_bot_match(hands,
seed)`` when it exists and otherwise a seeded skill-based simulator. Every random draw comes from
``random.Random`` objects derived from the demo's seed: the same seed gives the same tournament.

>>> t = run_demo(pairs=5, turns=3, movement="danish-modified", hands=3, seed=7, player=simulator(7))
>>> len(t.turns), all(turn.complete for turn in t.turns)
(3, True)
>>> sorted(len(turn.rests) for turn in t.turns)
[1, 1, 1]
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, cast

from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentConfigError

TablePlayer = Callable[[int, int, int, random.Random], tuple[int, int]]
"""(ns_pair_id, ew_pair_id, hands, rng) -> (ns_game_points, ew_game_points)."""

PLAYERS = ("auto", "engine", "sim")


class SkillSimulator:
    """Each pair has a hidden strength (a normal draw fixed by the seed and the pair id); each hand
    both sides score a normal draw around 300 game points shifted by their strength, rounded to a
    multiple of 5 — about 300 to 1500 points per side over three hands."""

    def __init__(self, seed: int, spread: float = 1.0) -> None:
        self.seed = seed
        self.spread = spread
        self._strengths: dict[int, float] = {}

    def strength(self, pair: int) -> float:
        if pair not in self._strengths:
            self._strengths[pair] = random.Random(f"burraco-strength:{self.seed}:{pair}").gauss(0.0, self.spread)
        return self._strengths[pair]

    def __call__(self, ns: int, ew: int, hands: int, rng: random.Random) -> tuple[int, int]:
        return self._side(ns, hands, rng), self._side(ew, hands, rng)

    def _side(self, pair: int, hands: int, rng: random.Random) -> int:
        total = 0
        for _ in range(hands):
            points = rng.gauss(300.0 + 90.0 * self.strength(pair), 200.0)
            total += 5 * round(min(max(points, -400.0), 1600.0) / 5)
        return total


def simulator(seed: int) -> TablePlayer:
    """The skill-based simulator as a :data:`TablePlayer`."""
    return SkillSimulator(seed)


def engine_player() -> TablePlayer | None:
    """A player backed by ``burraco.arena.matchplay.play_bot_match(hands, seed)``, if the engine has it."""
    try:
        module = importlib.import_module("burraco.arena.matchplay")
    except ImportError:
        return None
    play: Any = getattr(module, "play_bot_match", None)
    if not callable(play):
        return None
    typed = cast(Callable[[int, int], tuple[int, int]], play)

    def player(ns: int, ew: int, hands: int, rng: random.Random) -> tuple[int, int]:
        ns_points, ew_points = typed(hands, rng.randrange(2**63))
        return int(ns_points), int(ew_points)

    return player


def default_player(seed: int, which: str = "auto") -> TablePlayer:
    """``engine``: the game engine (error if absent); ``sim``: the simulator; ``auto``: the engine
    when it exists, else the simulator."""
    if which not in PLAYERS:
        raise TournamentConfigError(f"unknown table player {which!r}; known: {', '.join(PLAYERS)}")
    engine = engine_player() if which != "sim" else None
    if engine is not None:
        return engine
    if which == "engine":
        raise TournamentConfigError("no burraco.arena.matchplay.play_bot_match to play the tables; use the simulator")
    return simulator(seed)


def run_demo(
    pairs: int,
    turns: int,
    movement: str,
    hands: int,
    seed: int = 0,
    *,
    player: TablePlayer | None = None,
    vp_table: str = "fibur",
    jump: int = 1,
) -> Tournament:
    """Register ``pairs`` bot pairs, seat turn 1 by lot, and play every turn."""
    if pairs < 2:
        raise TournamentConfigError(f"a tournament needs at least 2 pairs, not {pairs}")
    play = player if player is not None else default_player(seed)
    t = Tournament.create(
        f"Bot tournament (seed {seed})",
        kind="pairs",
        turns=turns,
        hands=hands,
        movement=movement,
        vp_table=vp_table,
        jump=jump,
        seating="lot",
        seed=seed,
    )
    for number in range(1, pairs + 1):
        t.register(f"Bot pair {number}")
    for _ in range(turns):
        turn = t.pair_next()
        for table in turn.tables:
            rng = random.Random(f"burraco-demo:{seed}:{turn.number}:{table.number}")
            ns_points, ew_points = play(table.ns[0], table.ew[0], hands, rng)
            t.enter_result(turn.number, table.number, ns=ns_points, ew=ew_points)
    return t


def demo_json(t: Tournament) -> dict[str, Any]:
    """The demo's JSON form: turns (tables, rests) and the final standings."""
    turns = []
    for turn in t.turns:
        tables = []
        for table in turn.tables:
            r = table.result
            assert r is not None
            tables.append(
                {
                    "table": table.number,
                    "ns": table.ns[0],
                    "ew": table.ew[0],
                    "ns_points": r.ns_points,
                    "ew_points": r.ew_points,
                    "mp": r.mp_ns,
                    "vp_ns": r.vp_ns,
                    "vp_ew": r.vp_ew,
                }
            )
        rests = [{"pair": rest.entrant, "vp": rest.vp, "mp": rest.mp} for rest in turn.rests]
        turns.append({"turn": turn.number, "movement": turn.movement, "tables": tables, "rests": rests})
    standings = [{"rank": s.rank, "pair": s.entrant, "name": s.name, "vp": s.vp, "mp": s.mp} for s in t.standings()]
    config = t.config
    return {
        "name": config.name,
        "pairs": len(t.state.entrants),
        "hands": config.hands,
        "seed": config.seed,
        "movements": list(config.movements),
        "turns": turns,
        "standings": standings,
    }
