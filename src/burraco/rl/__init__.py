"""Burraco for reinforcement learning (the ``rl`` extra): PettingZoo, Gymnasium and OpenSpiel.

Nothing here is imported by the base install: ``burraco_v0`` (PettingZoo), ``gym_env``
(Gymnasium), ``spiel`` (OpenSpiel) load their libraries when imported. See docs/rl.md.
"""
