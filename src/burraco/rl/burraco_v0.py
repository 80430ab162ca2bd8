"""``burraco_v0``: one hand of Burraco as a PettingZoo AEC environment (2, 3 or 4 players).

>>> from burraco.rl import burraco_v0
>>> env = burraco_v0.env(players=2)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 3127)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum())
(['action_mask', 'observation'], 2)

An episode is one hand; the seat to play is ``agent_selection`` (a seat keeps it while it melds
and attaches). Observations come from :mod:`burraco.rl.observation`, actions from
:mod:`burraco.rl.actions`. An index the mask does not allow plays the *default action* instead
(draw in the take phase, the lowest legal index otherwise, which is a discard when the seat may
discard) and sets ``info["illegal"]``: random agents that ignore the mask still play whole hands.
At the end of the hand every seat is rewarded its side's score minus the mean of the other
sides' scores, in hundreds of points. ``max_cycles`` truncates the hand once the seat to play
has taken that many steps. ``parallel_env()`` is PettingZoo's parallel view of the same hand
(:class:`BurracoParallelEnv`), for the tools that want one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from burraco.extras import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.env import AECIterable  # type: ignore[import-untyped]
except ImportError as error:  # a base install: say which extra to add
    raise MissingExtraError("rl", [error.name or "pettingzoo"]) from error

from burraco.core.hand import Hand
from burraco.core.options import Rules, preset
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.stepper import Stepper
from burraco.rl.tracker import SeatTracker

NAME: Final = "burraco_v0"
OBS_LOW: Final = -50.0
OBS_HIGH: Final = 200.0


def env(**kwargs: Any) -> BurracoEnv:
    """The environment (``players``, ``rules`` preset name or :class:`Rules`, ``max_cycles``)."""
    return BurracoEnv(**kwargs)


raw_env = env


def make_rules(players: int, rules: str | Rules = "fibur") -> Rules:
    """A rules preset by name (core/options.py) or a :class:`Rules`, for ``players`` players."""
    base = preset(rules) if isinstance(rules, str) else rules
    return base if base.players == players else base.replace(players=players)


def observation_space() -> spaces.Dict:
    """The space of one agent's observation: the vector and the legal-action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (O.SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (A.SIZE,), dtype=np.int8),
        }
    )


_NO_MASK: Final = np.zeros(A.SIZE, dtype=np.int8)
"""The mask of a seat that is not to play (copied out, never handed over itself)."""


def mask_of(legal: A.CanonicalLegal) -> npt.NDArray[np.int8]:
    """The legal-action mask of one step: a fresh ``int8`` array over :func:`~burraco.rl.actions.mask_bytes`
    (a ``bytearray``, faster to fill than NumPy items; viewed, not copied)."""
    return np.frombuffer(A.mask_bytes(legal), dtype=np.int8)


def deal_from(rng: random.Random, players: int, rules: Rules) -> Hand:
    """The next hand of a seeded stream of deals (the dealer rotates with the deal's seed)."""
    deal_seed = rng.getrandbits(63)
    return Hand.deal(players, deal_seed, deal_seed % players, rules)


def final_rewards(hand: Hand) -> list[float]:
    """Per seat: its side's score minus the mean of the other sides' scores, in hundreds."""
    totals = [s.total for s in hand.scores()]
    sides = len(totals)
    per_side = [(t - (sum(totals) - t) / (sides - 1)) / 100 for t in totals]
    return [per_side[hand.side_of[seat]] for seat in range(hand.players)]


class BurracoEnv(AECEnv):  # type: ignore[misc]
    """One hand of Burraco; agents ``player_0`` … are seats 0 …; the dealer rotates with the seed."""

    metadata: Final = {"render_modes": ["human", "ansi"], "name": NAME, "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        rules: str | Rules = "fibur",
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = make_rules(players, rules)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        self._obs_space = {a: observation_space() for a in self.possible_agents}
        self._act_space = {a: spaces.Discrete(A.SIZE, seed=seat) for seat, a in enumerate(self.possible_agents)}
        self._rng = random.Random(0)
        self.hand = Hand.deal(players, 0, 0, self.rules)
        self._set_start()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: from ``seed`` if given, else from the environment's seeded stream."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.hand = deal_from(self._rng, len(self.possible_agents), self.rules)
        self.agents = list(self.possible_agents)
        self._set_start()

    def _set_start(self) -> None:
        players = len(self.possible_agents)
        self._stepper = Stepper(self.hand)
        self.legal = self._stepper.legal
        self._done = False
        self._mask = bytearray(A.SIZE)
        """The seat to play's mask, kept from step to step (only the indices that change are written)."""
        self._mask_view = np.frombuffer(self._mask, dtype=np.int8)
        self._masked: A.CanonicalLegal | None = None
        """The legal list :attr:`_mask` shows now (None: all zero)."""
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._trackers: list[SeatTracker | None] = [None] * players
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.hand.to_play]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation now: fresh arrays the caller may keep or change."""
        seat = self._seat_of[agent]
        tracker = self._trackers[seat] or self._tracker(seat)
        if not tracker.counts.update():  # SeatTracker.vector(), inlined: this runs every step
            tracker.rebuild()
        hand = self.hand
        if seat != hand.to_play or hand.phase == "over":
            return {"observation": tracker.view.copy(), "action_mask": _NO_MASK.copy()}
        legal = self.legal
        if self._masked is not legal:  # _mask_for, inlined
            self._show_mask(legal)
        return {"observation": tracker.view.copy(), "action_mask": self._mask_view.copy()}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """:meth:`AECEnv.last` (the same tuple), without its assertion: ``agent_selection`` is always set."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        """:meth:`AECEnv.agent_iter` (the same iterable), iterated by a generator: cheaper a step."""
        return _AgentIterable(self, max_iter)

    def _tracker(self, seat: int) -> SeatTracker:
        tracker = self._trackers[seat]
        if tracker is None:
            tracker = self._trackers[seat] = SeatTracker(self.hand, seat, self.rules)
        return tracker

    def observation_vector(self, agent: str) -> npt.NDArray[np.float32]:
        """The agent's observation vector now: :func:`burraco.rl.observation.encode` of its view, kept
        up to date incrementally by a :class:`~burraco.rl.tracker.SeatTracker` made when first asked."""
        return self._tracker(self._seat_of[agent]).vector()

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The agent's legal-action mask now (all zero unless it is the seat to play), from the step's
        :class:`~burraco.rl.actions.CanonicalLegal` (built once a step); a fresh array each call."""
        return self._mask_for(self._seat_of[agent])

    def _mask_for(self, seat: int) -> npt.NDArray[np.int8]:
        hand = self.hand
        if seat != hand.to_play or hand.phase == "over":
            return _NO_MASK.copy()
        if self._masked is not self.legal:
            self._show_mask(self.legal)
        return self._mask_view.copy()

    def _show_mask(self, legal: A.CanonicalLegal) -> None:
        """Bring the kept mask to ``legal``: a new step (take steps share their lists, so often the
        mask is already right): clear the indices of the list it showed, set the new ones."""
        if self._masked is not None:
            A.set_mask(self._mask, self._masked, 0)
        A.set_mask(self._mask, legal, 1)
        self._masked = legal

    def action_for(self, index: int) -> Any:
        """The engine action that ``index`` plays now (the default action if it is not legal)."""
        return self._stepper.action_for(index)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self._done:  # every agent is terminated (or truncated) at once, or none is
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        stepper = self._stepper
        if stepper.play(int(action) if action is not None else -1):
            self.infos[agent] = {"illegal": True}
        elif self.infos[agent]:
            self.infos[agent] = {}
        hand = self.hand
        if hand.is_over:
            self.rewards = dict(zip(self.possible_agents, final_rewards(hand), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
            self._accumulate_rewards()
        else:
            self.legal = stepper.legal
            seat = hand.to_play
            if self.max_cycles is not None and stepper.steps[seat] >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
                self._done = True
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = O.text_view(observe(self.hand, self.hand.to_play))
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

    def close(self) -> None:
        pass


class _AgentIterable(AECIterable):  # type: ignore[misc]
    """PettingZoo's :class:`AECIterable` (iterable again, ``max_iter`` steps at most) whose iterator is
    a generator instead of an object with a Python ``__next__``."""

    def __iter__(self) -> Iterator[str]:
        return _agents(self.env, self.max_iter)


def _agents(env: AECEnv, max_iter: int) -> Iterator[str]:
    """:class:`AECIterator`'s sequence: the agent to act, while there are agents, ``max_iter`` at most."""
    while env.agents and max_iter > 0:
        max_iter -= 1
        yield env.agent_selection


Obs = dict[str, npt.NDArray[Any]]


class BurracoParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A parallel (simultaneous-move) view of the hand of :class:`BurracoEnv`, stepped with a dict of actions.

    Burraco is turn-based; this view exists for tools that want PettingZoo's ParallelEnv. Every
    live agent sends an action each step; the one of the seat to play is played (with the default
    action for an index the mask does not allow) and the others are ignored. ``max_cycles``
    truncates after that many parallel steps.
    """

    metadata: Final = {"render_modes": [], "name": NAME, "is_parallelizable": True}

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


def parallel_env(**kwargs: Any) -> BurracoParallelEnv:
    """The parallel view (:class:`BurracoParallelEnv`): each step, only the seat to play acts."""
    return BurracoParallelEnv(**kwargs)
