"""What an arena run plays (:class:`ArenaConfig`) and what one game gives (:class:`GameResult`)."""

from __future__ import annotations

from dataclasses import dataclass

from burraco.core.options import Rules, preset


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What to play: two bot names, the table size, how many games, hands or matches."""

    bot_a: str
    bot_b: str
    players: int = 2
    games: int = 100
    matches: bool = False
    """False: each game is one hand; True: each game is a match to ``target``."""
    target: int = 2005
    rules: str = "fibur"
    seed: int = 0
    save_dir: str | None = None
    blunders: bool = False
    """Count each bot's blunders (:mod:`burraco.arena.blunders`) by replaying every hand."""

    def rules_obj(self) -> Rules:
        rules = preset(self.rules).replace(players=self.players)
        return rules.replace(target=self.target, hands_per_turn=None) if self.matches else rules


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: which side bot A had, the outcome for A, and A's points minus B's per hand."""

    index: int
    a_side: int
    outcome: int
    """+1 bot A won, -1 bot B won, 0 a draw."""
    a_points: int
    b_points: int
    hand_diffs: tuple[int, ...]
    seconds: float
    saved: tuple[str, ...] = ()
    blunders: tuple[tuple[int, ...], ...] = ()
    """With ``config.blunders``: bot A's and bot B's counters, in :data:`burraco.arena.blunders.KEYS` order."""
