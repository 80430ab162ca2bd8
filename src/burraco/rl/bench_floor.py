"""The ceiling of ``burraco bench rl``: an AEC environment whose observation and mask cost nothing.

:class:`BareEnv` has ``burraco_v0``'s agents, spaces and API path (the same ``last()`` and
``agent_iter`` generator, fresh observation and mask arrays of the same sizes and dtypes each
step) and plays the same deal for ``reset(seed=...)``, but does only the engine's part of a step:
:meth:`~burraco.core.hand.Hand.legal_actions` and :meth:`~burraco.core.hand.Hand.apply_trusted`
of an action drawn uniformly from the legal list. It keeps no canonical index list, writes no
mask (its kept mask allows two indices, as a take step does: the fewest a step offers, so the
policy's ``nonzero`` is as cheap as it gets) and builds no observation (its kept vector is
zeros). :func:`aec_loop` is the loop every environment loop of the bench runs, with the same
policy (``nonzero`` on the mask viewed as ``bool``, one ``randrange``).

So its env/engine ratio, ``ceiling_ratio``, is the most any AEC environment of this game can read
with this loop on this machine: a real one adds the canonical list, the mask and the observation.

>>> import random
>>> env = BareEnv(players=2)
>>> env.reset(seed=3)
>>> steps = aec_loop(env, random.Random(1))
>>> steps > 10, env.hand.is_over, env.agents
(True, True, [])
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env import AECIterable  # type: ignore[import-untyped]

from burraco.core.hand import Hand
from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import _AgentIterable, deal_from, make_rules, observation_space

TAKE_STEP_INDICES = (0, 1)
"""The indices the bare mask allows: draw and pick up, the two of a take step."""
ENGINE_SEED_OFFSET: Final = 2**33
"""The bare environment's own draw among the legal actions of hand ``seed`` uses
``random.Random(ENGINE_SEED_OFFSET + seed)`` (the policy's index only pays for the mask)."""


class BareEnv(AECEnv):  # type: ignore[misc]
    """``burraco_v0``'s API over the engine's part of a step only (see the module)."""

    metadata: Final = {"render_modes": [], "name": "burraco_bare", "is_parallelizable": False}

    def __init__(self, players: int = 2, rules: str = "fibur") -> None:
        super().__init__()
        self.rules = make_rules(players, rules)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._space = observation_space()
        self._vector = np.zeros(O.SIZE, dtype=np.float32)
        self._mask = np.zeros(A.SIZE, dtype=np.int8)
        self._mask[list(TAKE_STEP_INDICES)] = 1
        self.reset(seed=0)

    def observation_space(self, agent: str) -> Any:
        return self._space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal what ``burraco_v0``'s ``reset(seed=seed)`` deals."""
        hand_seed = seed or 0
        self.hand: Hand = deal_from(random.Random(hand_seed), len(self.possible_agents), self.rules)
        self._rng = random.Random(ENGINE_SEED_OFFSET + hand_seed)
        self.agents = list(self.possible_agents)
        self.agent_selection = self.possible_agents[self.hand.to_play]
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
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
        hand = self.hand
        legal = hand.legal_actions()
        hand.apply_trusted(legal[self._rng.randrange(len(legal))])
        if hand.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[hand.to_play]


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
