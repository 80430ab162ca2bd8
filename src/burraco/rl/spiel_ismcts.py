"""Example: OpenSpiel's ISMCTS (on ``python_burraco``) against the project's bots.

``python -m burraco.rl.spiel_ismcts [HANDS] [SIMULATIONS] [OPPONENT]`` plays ISMCTS at seat 0,
a bot of :func:`burraco.bots.registry.make_bot` at seat 1, and prints each hand's returns. The
bot sees only its seat's view (``observe``) and answers with an engine action, which the
canonical action space turns into the game's index.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from burraco.bots.registry import make_bot
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl.spiel import NAME, BurracoState


def ismcts_bot(game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's ISMCTS with one random rollout per leaf, seeded."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
    )


def play(
    hand_seed: int, simulations: int = 5, opponent: str = "heuristic", max_moves: int | None = None
) -> list[float]:
    """One hand, ISMCTS at seat 0; ``max_moves`` stops early (the returns are then provisional zeros)."""
    game = pyspiel.load_game(NAME, {"players": 2})
    state: BurracoState = game.new_initial_state()
    state.apply_action(hand_seed % game.max_chance_outcomes())
    searcher = ismcts_bot(game, simulations, hand_seed)
    bot = make_bot(opponent, hand_seed, game.rules)
    moves = 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        hand = state.hand
        assert hand is not None
        if hand.to_play == 0:
            action = searcher.step(state)
        else:
            chosen = bot.choose(observe(hand, hand.to_play), hand.legal_actions())
            action = A.action_to_index(chosen, A.canonical_legal(hand))
        state.apply_action(action)
        moves += 1
    return [float(r) for r in state.returns()]


def main(hands: int = 1, simulations: int = 5, opponent: str = "heuristic") -> None:
    for h in range(hands):
        print(f"hand {h}: returns (ISMCTS, {opponent}) = {play(h, simulations, opponent)}")


if __name__ == "__main__":  # pragma: no cover
    args = sys.argv[1:]
    main(int(args[0]) if args else 1, int(args[1]) if len(args) > 1 else 5, args[2] if len(args) > 2 else "heuristic")
