"""Bot-vs-bot games: fair seating, duplicate deals, worker processes, optional hand histories.

Games come in pairs on the same deal: in game ``2k`` bot A sits on side 0 and bot B on side 1;
in game ``2k + 1`` the same cards are dealt with the bots swapped, so each bot plays both sets
of cards (duplicate format). The dealer rotates with ``k``. With 4 players the two partners of
a side are the same bot. A game is one hand (``hands`` mode) or one match to a target
(``matches`` mode, :class:`~burraco.core.match.Match`); it is won by the side with more points.

>>> config = ArenaConfig("heuristic", "random", players=2, games=2, seed=1)
>>> results = run_arena(config, workers=1)
>>> [r.index for r in results], sorted(r.a_side for r in results)
([0, 1], [0, 1])
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from burraco.arena.blunders import KEYS, count_blunders
from burraco.arena.config import ArenaConfig, GameResult
from burraco.arena.output import play_resumably
from burraco.bots.base import Bot, play_hand
from burraco.bots.registry import make_bot
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.match import Match
from burraco.core.rng import SplitMix64
from burraco.core.scoring import hand_score_to_dict

PLAIN_FORMAT: Final = "burraco-arena-actions/1"


def _derive(*parts: int) -> int:
    """A 63-bit seed from integers (portable: SplitMix64 arithmetic only)."""
    state = 0x5EED
    for part in parts:
        state = SplitMix64(state ^ (part & ((1 << 64) - 1))).next64()
    return state >> 1


def history_module() -> Any | None:
    """``burraco.core.history`` when it offers ``HandHistory`` and ``write_history``, else None."""
    try:
        module = importlib.import_module("burraco.core.history")
    except ImportError:
        return None
    if hasattr(module, "HandHistory") and hasattr(module, "write_history"):
        return module
    return None


def run_game(config: ArenaConfig, index: int) -> GameResult:
    """Play game ``index`` of ``config`` (a pure function of both: the same result everywhere)."""
    start = time.perf_counter()
    pair, swap = divmod(index, 2)
    a_side = 1 if swap else 0
    rules = config.rules_obj()
    names = {a_side: config.bot_a, 1 - a_side: config.bot_b}
    bots_by_side: dict[int, Bot] = {
        side: make_bot(names[side], seed=_derive(config.seed, index, side), rules=rules) for side in (0, 1)
    }
    seats = [bots_by_side[seat % 2] for seat in range(config.players)]
    deal_seed = _derive(config.seed, pair, 0xDEA1)
    diffs: list[int] = []
    saved: list[str] = []
    blunders: list[list[int]] = [[], []]
    a_total = b_total = 0
    if config.matches:
        match = Match(rules, seed=deal_seed)
        number = 0
        while not match.is_over:
            hand = match.start_hand()
            dealt = hand.clone() if config.blunders else None
            actions = _play(hand, seats)
            result = match.finish_hand()
            if dealt is not None:
                blunders = _add(blunders, _blunders(dealt, actions, a_side))
            diffs.append(result.points[a_side] - result.points[1 - a_side])
            saved += _save(config, index, number, hand, result.seed, actions, seats)
            number += 1
        a_total, b_total = match.totals[a_side], match.totals[1 - a_side]
    else:
        dealer = pair % config.players
        hand = Hand.deal(config.players, deal_seed, dealer, rules)
        actions = _play(hand, seats)
        if config.blunders:
            blunders = _blunders(Hand.deal(config.players, deal_seed, dealer, rules), actions, a_side)
        totals = [s.total for s in hand.scores()]
        a_total, b_total = totals[a_side], totals[1 - a_side]
        diffs.append(a_total - b_total)
        saved += _save(config, index, 0, hand, deal_seed, actions, seats)
    outcome = (a_total > b_total) - (a_total < b_total)
    return GameResult(
        index,
        a_side,
        outcome,
        a_total,
        b_total,
        tuple(diffs),
        time.perf_counter() - start,
        tuple(saved),
        tuple(tuple(b) for b in blunders if b),
    )


def _blunders(hand: Hand, actions: list[tuple[int, Action]], a_side: int) -> list[list[int]]:
    counts = count_blunders(hand, actions)
    return [[counts[side][key] for key in KEYS] for side in (a_side, 1 - a_side)]


def _add(total: list[list[int]], more: list[list[int]]) -> list[list[int]]:
    """Bot A's and bot B's counters summed over the hands of a match (``total`` empty at first)."""
    return [[x + y for x, y in zip(t or [0] * len(m), m, strict=True)] for t, m in zip(total, more, strict=True)]


def _play(hand: Hand, seats: Sequence[Bot]) -> list[tuple[int, Action]]:
    actions: list[tuple[int, Action]] = []
    play_hand(hand, seats, lambda seat, action: actions.append((seat, action)))
    return actions


def _save(
    config: ArenaConfig,
    index: int,
    number: int,
    hand: Hand,
    seed: int,
    actions: list[tuple[int, Action]],
    seats: Sequence[Bot],
) -> list[str]:
    if config.save_dir is None:
        return []
    folder = Path(config.save_dir)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"game{index:05d}-hand{number:02d}"
    module = history_module()
    if module is not None:
        history = module.HandHistory.from_hand(hand, seed=seed, preset=config.rules, names=[b.name for b in seats])
        path = folder / f"{stem}.txt"
        path.write_text(module.write_history(history), encoding="utf-8")
        return [str(path)]
    path = folder / f"{stem}.json"
    record = {
        "format": PLAIN_FORMAT,
        "note": "plain action list (burraco.core.history was not available): replay with "
        "Hand.deal(players, seed, dealer, rules) and apply the actions in order",
        "players": hand.players,
        "seed": seed,
        "dealer": hand.dealer,
        "rules": hand.rules.to_dict(),
        "bots": [b.name for b in seats],
        "actions": [{"seat": seat, "action": str(action)} for seat, action in actions],
        "end_reason": hand.end_reason,
        "scores": hand_score_to_dict(hand.scores()),
    }
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return [str(path)]


def run_job(job: tuple[ArenaConfig, int]) -> GameResult:
    """:func:`run_game` on one ``(config, index)`` job: what a process pool or a Ray task runs."""
    return run_game(*job)


def run_arena(
    config: ArenaConfig,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    output: str | Path | None = None,
) -> list[GameResult]:
    """Play every game of ``config`` on ``workers`` processes; results sorted by game index.
    With ``output`` each game is appended to that JSONL file as it ends, and a rerun plays only
    the games the file lacks (:mod:`burraco.arena.output`)."""
    if config.players not in (2, 4):
        raise ValueError(f"the arena plays 2 or 4 players, not {config.players}")
    for name in (config.bot_a, config.bot_b):
        make_bot(name, seed=0, rules=config.rules_obj())  # fail early on an unknown bot name

    def play(indices: list[int], record: Callable[[GameResult], None]) -> None:
        jobs = [(config, i) for i in indices]
        if workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                record(run_job(job))
            return
        context = multiprocessing.get_context("spawn")
        with context.Pool(min(workers, len(jobs))) as pool:
            for result in pool.imap_unordered(run_job, jobs):
                record(result)

    return play_resumably(config, play, output, on_result)


__all__ = ["PLAIN_FORMAT", "ArenaConfig", "GameResult", "history_module", "run_arena", "run_game", "run_job"]
