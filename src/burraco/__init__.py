"""burraco: the Italian card game Burraco — rules core, bots, CLI and tournament tools.

Layers (a lower layer never imports a higher one):

1. :mod:`burraco.core` — cards, melds, options, scoring, the hand state machine, match, histories.
2. :mod:`burraco.bots` and :mod:`burraco.arena` — computer players and their evaluation.
3. :mod:`burraco.cli`, :mod:`burraco.tournament` — the interfaces.
"""

__version__ = "0.1.0"
