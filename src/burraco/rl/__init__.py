"""Burraco for reinforcement learning (the ``rl`` extra): PettingZoo, Gymnasium and OpenSpiel.

Nothing here is imported by the base install: ``burraco_v0`` (PettingZoo), ``gym_env``
(Gymnasium), ``spiel`` (OpenSpiel) load their libraries when imported. See docs/rl.md.

Importing this package registers the Gymnasium id ``Burraco-v0`` (when Gymnasium is installed),
whose keyword arguments are :class:`burraco.rl.gym_env.BurracoGymEnv`'s::

    import gymnasium
    import burraco.rl

    env = gymnasium.make("Burraco-v0", players=2, opponents="heuristic")

The registration names the class by a string, so ``gym_env`` (and the bots) load only when
``gymnasium.make`` is called.
"""

from importlib import import_module

ENV_ID = "Burraco-v0"
ENTRY_POINT = "burraco.rl.gym_env:BurracoGymEnv"

# Gymnasium by name, not an import statement: the modules of this package that setup.py compiles
# (COMPILED_RL) are type-checked where Gymnasium is not installed, and mypy reads this file with them.
try:
    _gymnasium = import_module("gymnasium")
except ImportError:  # the base install: no Gymnasium, nothing to register
    pass
else:
    if ENV_ID not in _gymnasium.registry:
        _gymnasium.register(id=ENV_ID, entry_point=ENTRY_POINT)
