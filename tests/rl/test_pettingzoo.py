"""burraco_v0 passes PettingZoo's own checks for 2, 3 and 4 players and plays whole hands."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from burraco.rl import burraco_v0


@pytest.fixture(autouse=True)
def _advice_about_dict_observations() -> Iterator[None]:
    """api_test advises Box observations; ours is a Dict with an action mask, like PettingZoo's
    classic games (which its api_test lists by name): these two notes only, everything else errs."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably", category=UserWarning)
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array", category=UserWarning)
        yield


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api(players: int) -> None:
    api_test(burraco_v0.env(players=players), num_cycles=300)


@pytest.mark.parametrize("rules", ["international", "home"])
def test_api_with_presets(rules: str) -> None:
    api_test(burraco_v0.env(players=4, rules=rules), num_cycles=100)


def test_seed() -> None:
    seed_test(lambda render_mode=None: burraco_v0.env(players=2, render_mode=render_mode), num_cycles=200)


def test_max_cycles() -> None:
    max_cycles_test(burraco_v0)


@pytest.mark.parametrize("players", [2, 4])
def test_parallel_api(players: int) -> None:
    """The parallel view (burraco_v0.parallel_env) passes PettingZoo's parallel checks."""
    env = burraco_v0.parallel_env(players=players)
    assert isinstance(env, burraco_v0.BurracoParallelEnv)
    parallel_api_test(env, num_cycles=300)


def test_whole_hand_with_masked_random_play() -> None:
    env = burraco_v0.env(players=4)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    total = 0.0
    steps = 0
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert env.hand.is_over and steps > 20
    assert abs(total) < 1e-9  # two sides: what one wins the other loses


def test_an_unmasked_index_plays_the_default_action() -> None:
    env = burraco_v0.env(players=2)
    env.reset(seed=1)
    env.step(3000)
    assert env.hand.phase == "play"
    assert env.infos["player_0"] == {"illegal": True}
    env.step(3000)  # the lowest legal index: a discard
    assert env.agent_selection == "player_1"


def test_render_ansi() -> None:
    env = burraco_v0.env(players=3, render_mode="ansi")
    env.reset(seed=2)
    assert env.render().startswith("seat ")


def test_a_base_install_names_the_rl_extra() -> None:
    import subprocess
    import sys

    code = """
import importlib.abc, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pettingzoo", "gymnasium", "numpy"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Refuse())
from burraco.rl import burraco_v0
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "pip install 'burraco[rl]'" in result.stderr


def test_agent_iter_is_pettingzoos() -> None:
    """agent_iter: the agent to act while there are agents, max_iter at most, iterable again."""
    env = burraco_v0.env(players=2)
    env.reset(seed=3)
    agents = env.agent_iter(max_iter=5)
    assert list(agents) == [env.agent_selection] * 5
    assert len(list(agents)) == 5
    env.agents = []
    assert list(env.agent_iter()) == []
