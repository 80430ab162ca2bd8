"""The bots a client may seat at a table, by name."""

from __future__ import annotations

from typing import Final, Literal, get_args

Difficulty = Literal["beginner", "intermediate", "expert", "champion", "easy", "normal", "hard", "random"]
"""The bots a table may seat: the four levels of the ladder (the form offers these) and the older
names, still accepted so that tables created with them keep playing and restoring."""
DIFFICULTIES: Final[tuple[str, ...]] = get_args(Difficulty)
