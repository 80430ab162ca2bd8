"""burraco: the Italian card game Burraco — rules core, bots, CLI, web app and tournament tools.

Layers (a lower layer never imports a higher one):

1. :mod:`burraco.core` — cards, melds, options, scoring, the hand state machine, match, histories.
2. :mod:`burraco.bots` and :mod:`burraco.arena` — computer players and their evaluation.
3. :mod:`burraco.cli`, :mod:`burraco.web`, :mod:`burraco.tournament` — the interfaces.

The version has one source, ``pyproject.toml``, read from the installed package's metadata.
"""

from importlib import metadata

try:
    __version__ = metadata.version("burraco")
except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree that was never installed
    __version__ = "0+unknown"
