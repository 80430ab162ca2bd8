"""The OpenSpiel game ``python_burraco`` (the ``openspiel`` and ``rl`` extras): import this module to register it.

>>> import pyspiel
>>> import burraco.rl.spiel
>>> game = pyspiel.load_game("python_burraco", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1000)
>>> state.apply_action(7)
>>> state.current_player(), state.legal_actions()
(0, [0, 1])

One hand, as in :mod:`burraco.rl.burraco_v0`: the first node is a chance node that deals one of
``deals`` seeded deals (uniformly; the whole shuffle, stock order included, is fixed by the deal,
so no later chance node is needed); then the seats play with the canonical action indices of
:mod:`burraco.rl.actions`. Returns are the rewards of ``burraco_v0``. The information state is the
seat's view (text) and its log; the observation tensor is :func:`burraco.rl.observation.encode`.
``resample_from_infostate`` redeals every card the player cannot see (core/determinize.py), which
is what OpenSpiel's ISMCTS samples its worlds with.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.rl import actions as A
from burraco.rl import observation as O
from burraco.rl.burraco_v0 import final_rewards, make_rules

NAME: Final = "python_burraco"
DEALS: Final = 1000
MAX_LENGTH: Final = 60_000
_DEFAULTS: Final = {"players": 2, "rules": "fibur", "deals": DEALS}
_GAME_TYPE: Final = pyspiel.GameType(
    short_name=NAME,
    long_name="Python Burraco",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class BurracoGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Burraco for 2, 3 or 4 players (parameters ``players``, ``rules``, ``deals``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        players = int(merged["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=A.SIZE,
            max_chance_outcomes=int(merged["deals"]),
            num_players=players,
            min_utility=-100.0,
            max_utility=100.0,
            max_game_length=MAX_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.rules = make_rules(players, str(merged["rules"]))
        self.deals = int(merged["deals"])

    def new_initial_state(self) -> BurracoState:
        return BurracoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BurracoObserver:
        return BurracoObserver(self)


class _Box:
    """What a state holds. OpenSpiel clones a Python state with ``copy.deepcopy``: the hand copies
    itself with :meth:`Hand.clone` (a compiled hand cannot be deep-copied field by field) and the
    rest is never changed, so it is shared."""

    __slots__ = ("deals", "hand", "legal", "rules")

    def __init__(self, hand: Hand | None, rules: Rules, deals: int) -> None:
        self.hand = hand
        self.rules = rules
        self.deals = deals
        self.legal = A.canonical_legal(hand) if hand is not None and not hand.is_over else A.CanonicalLegal([])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        new = _Box(None, self.rules, self.deals)
        new.hand = self.hand.clone() if self.hand is not None else None
        new.legal = self.legal
        return new


class BurracoState(pyspiel.State):  # type: ignore[misc]
    """A hand in play, or the chance node before the deal (``hand`` is None)."""

    def __init__(self, game: BurracoGame, hand: Hand | None = None) -> None:
        super().__init__(game)
        self._box = _Box(hand, game.rules, game.deals)

    @property
    def hand(self) -> Hand | None:
        return self._box.hand

    def current_player(self) -> int:
        hand = self._box.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return hand.to_play

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._box.legal.indices)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._box.deals
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        box = self._box
        hand = box.hand
        if hand is None:
            players = box.rules.players
            hand = box.hand = Hand.deal(players, action, action % players, box.rules)
        else:
            hand.apply(A.index_to_action(action, box.legal))
        box.legal = A.canonical_legal(hand) if not hand.is_over else A.CanonicalLegal([])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        try:
            return str(A.index_to_action(action, self._box.legal))
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        if self.hand is None or not self.hand.is_over:
            return [0.0] * self._box.rules.players
        return final_rewards(self.hand)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BurracoState:
        """A state the player cannot tell from this one: every card hidden from it redealt."""
        new: BurracoState = self.clone()
        if self.hand is not None:
            seed = int(probability_sampler() * 2**53)
            new._box.hand = determinize(self.hand, player_id, random.Random(seed))
        return new

    def __str__(self) -> str:
        return "chance: deal" if self.hand is None else O.text_view(observe(self.hand, None))


class BurracoObserver:
    """OpenSpiel's observer: the observation vector, or the view (and, for info states, the log) as text."""

    def __init__(self, game: BurracoGame) -> None:
        self.rules = game.rules
        self.tensor = np.zeros(O.SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BurracoState, player: int) -> None:
        if state.hand is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = O.encode(observe(state.hand, player), self.rules)

    def string_from(self, state: BurracoState, player: int) -> str:
        if state.hand is None:
            return f"seat {player}: before the deal"
        view = observe(state.hand, player)
        log = " / ".join(f"{r.seat} {r.kind} {r.cards} {r.target}" for r in view.log)
        return f"{O.text_view(view)}\nlog: {log}"


pyspiel.register_game(_GAME_TYPE, BurracoGame)
