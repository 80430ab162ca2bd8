"""The Gymnasium single-agent wrapper passes gymnasium's check_env and plays against the bots."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import burraco.rl
from burraco.rl.gym_env import BurracoGymEnv


@pytest.mark.parametrize(("players", "opponents"), [(2, "random"), (3, "heuristic"), (4, "random")])
def test_check_env(players: int, opponents: str) -> None:
    check_env(BurracoGymEnv(players=players, opponents=opponents), skip_render_check=True)


def test_a_whole_hand_against_the_heuristic_bot() -> None:
    env = BurracoGymEnv(players=2, opponents="heuristic", render_mode="ansi")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    reward = 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, info = env.step(action)
        assert not info["illegal"]
    assert env.hand.is_over and reward != 0.0
    assert str(env.render()).startswith("seat 0")


def test_wrong_number_of_opponents() -> None:
    with pytest.raises(ValueError, match="2 opponents"):
        BurracoGymEnv(players=3, opponents=["random"])


def test_gymnasium_make_the_registered_id() -> None:
    env = gymnasium.make(burraco.rl.ENV_ID, players=2, opponents="heuristic")
    assert env.spec is not None and env.spec.id == "Burraco-v0"
    assert isinstance(env.unwrapped, BurracoGymEnv) and env.unwrapped.opponent_names == ["heuristic"]
    check_env(env.unwrapped, skip_render_check=True)  # the checker wants the bare environment
    obs, _ = env.reset(seed=1)
    _, _, _, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not info["illegal"]
    env.close()


def test_importing_the_package_registers_without_loading_the_environment() -> None:
    code = (
        "import sys, gymnasium, burraco.rl; "
        "assert 'Burraco-v0' in gymnasium.registry; "
        "assert 'burraco.rl.gym_env' not in sys.modules and 'burraco.bots.registry' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
