"""Bot-vs-bot evaluation (layer 2): fair duplicate games on worker processes, with statistics."""

from __future__ import annotations

from burraco.arena.runner import ArenaConfig, GameResult, run_arena, run_game
from burraco.arena.stats import elo_from_score, summarize, wilson_interval

__all__ = ["ArenaConfig", "GameResult", "elo_from_score", "run_arena", "run_game", "summarize", "wilson_interval"]
