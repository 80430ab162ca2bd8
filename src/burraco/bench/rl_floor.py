"""The ceiling of ``burraco bench rl``: an AEC environment whose observation and mask cost nothing.

:class:`BareEnv` is ``burraco_v0``'s environment (the same ``reset``, deal, ``last()``,
``agent_iter`` generator and dead steps; fresh observation and mask arrays of the same sizes and
dtypes each step), but its step does only the engine's part:
:meth:`~burraco.core.hand.Hand.legal_actions` and :meth:`~burraco.core.hand.Hand.apply_trusted`
of an action drawn uniformly from the legal list. It keeps no canonical index list (but the one
``reset`` lists for the deal's first state, once a hand), writes no
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

from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import BurracoEnv

TAKE_STEP_INDICES = (0, 1)
"""The indices the bare mask allows: draw and pick up, the two of a take step."""
ENGINE_SEED_OFFSET: Final = 2**33
"""The bare environment's own draw among the legal actions of hand ``seed`` uses
``random.Random(ENGINE_SEED_OFFSET + seed)`` (the policy's index only pays for the mask)."""


class BareEnv(BurracoEnv):
    """``burraco_v0`` (its ``reset``, ``last``, ``agent_iter``, dead steps) with a step that does only
    the engine's part, a constant mask and a constant observation (see the module)."""

    def __init__(self, players: int = 2, rules: str = "fibur") -> None:
        self._vector = np.zeros(O.SIZE, dtype=np.float32)
        self._bare_mask = np.zeros(A.SIZE, dtype=np.int8)
        self._bare_mask[list(TAKE_STEP_INDICES)] = 1
        self._engine_rng = random.Random(ENGINE_SEED_OFFSET)
        super().__init__(players=players, rules=rules)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """``burraco_v0``'s ``reset`` (the same deal), and the bare step's own draw seeded from ``seed``."""
        super().reset(seed=seed, options=options)
        self._engine_rng = random.Random(ENGINE_SEED_OFFSET + (seed or 0))

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return {"observation": self._vector.copy(), "action_mask": self._bare_mask.copy()}

    def step(self, action: int | None) -> None:
        if self._done:  # every agent is terminated at once: the dead steps that end the episode
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        hand = self.hand
        legal = hand.legal_actions()
        hand.apply_trusted(legal[self._engine_rng.randrange(len(legal))])
        if hand.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
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
