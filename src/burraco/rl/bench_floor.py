"""The API floor of ``burraco bench rl``: what PettingZoo's AEC loop costs a step with no game at all.

:class:`NullEnv` has ``burraco_v0``'s agents, spaces and API path (the same ``last()`` and
``agent_iter`` generator, fresh observation and mask arrays of the same sizes and dtypes each
step) but does no work of its own: it plays a given number of steps and ends. :func:`null_hand`
runs it in :func:`aec_loop`, the loop :func:`~burraco.rl.bench.env_hand` runs, with the same policy
(``nonzero`` on the mask viewed as ``bool``, one ``randrange``). Its mask allows two indices, as a take step does (the
fewest an env step offers; more would only make ``nonzero`` dearer), so the figure is a lower bound.

Every environment behind this API pays the floor on top of the engine's own work, so the env/engine
ratio of *any* AEC environment of this game is at most ``engine µs / (engine µs + floor µs)``
(:func:`ceiling`), the ``ceiling_ratio`` the bench prints.

>>> import random
>>> env = NullEnv(players=2)
>>> null_hand(env, steps=5, rng=random.Random(1)), env.agents
(5, [])
>>> ceiling(engine_per_s=100_000.0, floor_per_s=400_000.0)
0.8
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env import AECIterable  # type: ignore[import-untyped]

from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import _AgentIterable, observation_space

TAKE_STEP_INDICES = (0, 1)
"""The indices the null mask allows: draw and pick up, the two of a take step."""


class NullEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment with ``burraco_v0``'s spaces that plays ``steps`` steps of nothing."""

    metadata: Final = {"render_modes": [], "name": "burraco_null", "is_parallelizable": False}

    def __init__(self, players: int = 2) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._space = observation_space()
        self._vector = np.zeros(O.SIZE, dtype=np.float32)
        self._mask = np.zeros(A.SIZE, dtype=np.int8)
        self._mask[list(TAKE_STEP_INDICES)] = 1
        self.reset(steps=0)

    def observation_space(self, agent: str) -> Any:
        return self._space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None, steps: int = 0) -> None:
        self._left = steps
        self.agents = list(self.possible_agents)
        self.agent_selection = self.agents[0]
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, steps <= 0)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return {"observation": self._vector.copy(), "action_mask": self._mask.copy()}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        return _AgentIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection]:  # the dead steps that end the episode
            self.agents.remove(self.agent_selection)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._left -= 1
        if self._left <= 0:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self._left % len(self.possible_agents)]


def aec_loop(env: Any, rng: random.Random) -> int:
    """PettingZoo's usual loop over a reset AEC environment with the mask-based random policy (an
    index drawn uniformly from the mask's nonzero entries, found on the mask viewed as ``bool``):
    the steps that took an action."""
    played = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        played += 1
    return played


def null_hand(env: NullEnv, steps: int, rng: random.Random) -> int:
    """:func:`aec_loop` over ``steps`` steps of :class:`NullEnv`: the steps."""
    env.reset(steps=steps)
    return aec_loop(env, rng)


def ceiling(engine_per_s: float, floor_per_s: float) -> float:
    """The highest env/engine ratio an AEC environment can read when the engine runs at
    ``engine_per_s`` actions a second and the API alone at ``floor_per_s`` steps a second."""
    engine_s, floor_s = 1.0 / max(engine_per_s, 1e-9), 1.0 / max(floor_per_s, 1e-9)
    return round(engine_s / (engine_s + floor_s), 3)
