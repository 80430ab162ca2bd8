"""Self-play data as Parquet: arena games played as Ray tasks, one row per decision.

``burraco arena BOT_A BOT_B --backend ray --selfplay FILE.parquet`` (or :func:`generate`) plays
the games of an :class:`~burraco.arena.runner.ArenaConfig` with the arena's seating and seeds and
writes, for every action, the game, step, seat, the canonical action index and text, the number
of legal actions, the seat's observation vector (:func:`burraco.rl.observation.encode`) and the
seat's final reward (``burraco_v0``'s). Needs the ``rl`` and ``ray`` extras.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from burraco.arena.ray_backend import map_tasks
from burraco.arena.runner import ArenaConfig, _derive
from burraco.bots.registry import make_bot
from burraco.core.hand import Hand
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import final_rewards

Row = dict[str, Any]


def play_rows(job: tuple[ArenaConfig, int]) -> list[Row]:
    """Game ``index`` of the config as rows (the arena's seats, deal and bot seeds)."""
    config, index = job
    pair, swap = divmod(index, 2)
    a_side = 1 if swap else 0
    rules = config.rules_obj()
    names = {a_side: config.bot_a, 1 - a_side: config.bot_b}
    bots = {side: make_bot(names[side], seed=_derive(config.seed, index, side), rules=rules) for side in (0, 1)}
    hand = Hand.deal(config.players, _derive(config.seed, pair, 0xDEA1), pair % config.players, rules)
    rows: list[Row] = []
    while not hand.is_over:
        seat = hand.to_play
        view = observe(hand, seat)
        legal = A.canonical_legal(hand)
        action = bots[seat % 2].choose(view, hand.legal_actions())
        rows.append(
            {
                "game": index,
                "step": len(rows),
                "seat": seat,
                "bot": names[seat % 2],
                "action_index": A.action_to_index(action, legal),
                "action": str(action),
                "legal_count": len(legal),
                "observation": O.encode(view, rules).tolist(),
            }
        )
        hand.apply(action)
    rewards = final_rewards(hand)
    for row in rows:
        row["reward"] = rewards[row["seat"]]
    return rows


def generate(config: ArenaConfig, path: str | Path, address: str | None = None, num_cpus: int | None = None) -> int:
    """Play every game of ``config`` as Ray tasks and write the rows to a Parquet file; the row count."""
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    games = list(map_tasks(play_rows, [(config, i) for i in range(config.games)], address, num_cpus))
    rows = [row for game in sorted(games, key=lambda g: g[0]["game"] if g else -1) for row in game]
    table = pa.Table.from_pylist(rows)
    observation = pa.array([r["observation"] for r in rows], type=pa.list_(pa.float32(), O.SIZE))
    table = table.set_column(table.schema.get_field_index("observation"), "observation", observation)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, str(path))
    return len(rows)
