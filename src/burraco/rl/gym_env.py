"""A Gymnasium single-agent view of one hand: the learner holds one seat, the project's bots the others.

>>> env = BurracoGymEnv(players=2, opponents="random")
>>> obs, info = env.reset(seed=4)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((719,), True)

Spaces, the default action for an index the mask does not allow, and the reward (the learner's
side score minus the mean of the others, in hundreds, at the end of the hand) are those of
:mod:`burraco.rl.burraco_v0`. ``info["legal"]`` is the step's :class:`~burraco.rl.actions.CanonicalLegal`
(to see which meld an index lays).

``import burraco.rl`` registers this class as the Gymnasium id ``Burraco-v0``; ``gymnasium.make``
passes its keyword arguments on (and wraps the environment in Gymnasium's usual checkers):

>>> import gymnasium
>>> import burraco.rl
>>> env = gymnasium.make("Burraco-v0", players=3, opponents="heuristic")
>>> type(env.unwrapped).__name__, env.unwrapped.players
('BurracoGymEnv', 3)
>>> obs, info = env.reset(seed=4)
>>> obs["observation"].shape
(719,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from burraco.bots.base import Bot
from burraco.bots.registry import make_bot
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import final_rewards, make_rules, mask_of, observation_space
from burraco.rl.tracker import SeatTracker

Obs = dict[str, npt.NDArray[Any]]


class BurracoGymEnv(gym.Env[Obs, np.int64]):
    """Seat ``seat`` is the learner; ``opponents`` is a bot name (every other seat) or one per seat."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own class attribute

    def __init__(
        self,
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        rules: str | Rules = "fibur",
        render_mode: str | None = None,
    ) -> None:
        self.rules = make_rules(players, rules)
        self.players = players
        self.seat = seat
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(names)}")
        self.opponent_names = names
        self.render_mode = render_mode
        self.observation_space = observation_space()  # type: ignore[assignment]
        self.action_space = gym.spaces.Discrete(A.SIZE)
        self.hand = Hand.deal(players, 0, 0, self.rules)
        self.legal = A.canonical_legal(self.hand)
        self.tracker = SeatTracker(self.hand, seat, self.rules)
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(2**62))
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(name, deal_seed + s, self.rules) for s, name in zip(others, self.opponent_names, strict=True)
        }
        self.hand = Hand.deal(self.players, deal_seed, deal_seed % self.players, self.rules)
        self.tracker = SeatTracker(self.hand, self.seat, self.rules)
        self._bots_play()
        return self._obs(), {"legal": self.legal}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        chosen = self.legal.action_at(int(action))
        illegal = chosen is None
        if chosen is None:
            chosen = A.index_to_action(self.legal.indices[0], self.legal)
        self.hand.apply_trusted(chosen)  # an action of the legal list of this very state
        self._bots_play()
        over = self.hand.is_over
        reward = final_rewards(self.hand)[self.seat] if over else 0.0
        info: dict[str, Any] = {"legal": self.legal, "illegal": illegal}
        return self._obs(), reward, over, False, info

    def _bots_play(self) -> None:
        hand = self.hand
        while not hand.is_over and hand.to_play != self.seat:
            legal = hand.legal_actions()
            seat = hand.to_play
            hand.apply(self.bots[seat].choose(observe(hand, seat), legal))
        self.legal = A.canonical_legal(hand) if not hand.is_over else A.CanonicalLegal([])

    def _obs(self) -> Obs:
        return {"observation": self.tracker.vector(), "action_mask": mask_of(self.legal)}

    def render(self) -> str | None:
        return O.text_view(observe(self.hand, self.seat)) if self.render_mode == "ansi" else None
