"""A parallel (simultaneous-move) view of ``burraco_v0``: each step, only the seat to play acts.

Burraco is turn-based; this view exists for tools that want PettingZoo's ParallelEnv. Every
live agent sends an action each step; the one of the seat to play is played (see
:mod:`burraco.rl.burraco_v0` for the default action) and the others are ignored.
``max_cycles`` truncates after that many parallel steps.
"""

from __future__ import annotations

from typing import Any, Final

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from burraco.rl.burraco_v0 import BurracoEnv

Obs = dict[str, npt.NDArray[Any]]


class BurracoParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The hand of :class:`BurracoEnv`, stepped with a dict of actions."""

    metadata: Final = {"render_modes": [], "name": "burraco_v0", "is_parallelizable": True}

    def __init__(self, max_cycles: int | None = None, **kwargs: Any) -> None:
        self.aec = BurracoEnv(**kwargs)
        self.max_cycles = max_cycles
        self.possible_agents = list(self.aec.possible_agents)
        self.agents = list(self.possible_agents)
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        mover = self.aec.agent_selection
        self.aec.step(actions.get(mover))
        self._steps += 1
        terminated = self.aec.hand.is_over
        truncated = not terminated and self.max_cycles is not None and self._steps >= self.max_cycles
        agents = self.agents
        observations = {a: self.aec.observe(a) for a in agents}
        rewards = {a: float(self.aec.rewards.get(a, 0.0)) for a in agents}
        terminations = dict.fromkeys(agents, terminated)
        truncations = dict.fromkeys(agents, truncated)
        infos = {a: dict(self.aec.infos.get(a, {})) for a in agents}
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
