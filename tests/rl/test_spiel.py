"""python_burraco passes OpenSpiel's random simulation test and is playable by its ISMCTS and random bots."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.bots import uniform_random

from burraco.rl import spiel  # registers the game
from burraco.rl.spiel_ismcts import play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(spiel.NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_deal_is_a_chance_node_and_hidden_cards_resample() -> None:
    game = pyspiel.load_game(spiel.NAME, {"players": 2, "deals": 10})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10
    state.apply_action(3)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)
    assert other.hand.hand_cards(1) != state.hand.hand_cards(1)


def test_openspiel_random_bots_play_a_whole_hand() -> None:
    game = pyspiel.load_game(spiel.NAME, {"players": 2})
    bots = [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(2)]
    state = game.new_initial_state()
    state.apply_action(11)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.returns()[0] != 0.0


def test_ismcts_plays_against_our_heuristic_bot() -> None:
    assert play(5, simulations=3, opponent="heuristic", max_moves=6) == [0.0, 0.0]
