"""The rules options a client may send, validated field by field: one pydantic model built from the
fields and types of :class:`burraco.core.options.Rules` (the one source of truth) plus ranges.

A wrong type, a value out of range or an unknown option is refused with a 422 naming the field.

>>> RulesOptions.model_validate({"joker_value": 25, "semi_clean": True}).changes()
{'joker_value': 25, 'semi_clean': True}
>>> RulesOptions.model_validate({"pozzetto_penalty": "x"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for RulesOptions
pozzetto_penalty
  Input should be a valid integer ...
"""

from __future__ import annotations

import dataclasses
import typing
from typing import TYPE_CHECKING, Any, Final

from pydantic import BaseModel, ConfigDict, Field, create_model

from burraco.core import options
from burraco.core.options import Rules

RANGES: Final[dict[str, tuple[int, int]]] = {
    "joker_value": (1, 1000),
    "three_player_switch_at": (1, 100_000),
    "target": (5, 100_000),
    "hands_per_turn": (1, 20),
    "clean_bonus": (0, 10_000),
    "dirty_bonus": (0, 10_000),
    "semi_clean_bonus": (0, 10_000),
    "closing_bonus": (0, 10_000),
    "pozzetto_penalty": (0, 10_000),
    "stall_rounds": (1, 100),
    "max_turns": (10, 5000),
}
"""Inclusive bounds of every integer option (a test checks each integer field has one)."""
TOP_LEVEL: Final = ("players",)
"""Options given beside ``options`` in a table request, not inside it."""


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    def changes(self) -> dict[str, Any]:
        """The options the client set (and only those)."""
        return {name: getattr(self, name) for name in type(self).model_fields if name in self.model_fields_set}


def _field(name: str, kind: Any) -> tuple[Any, Any]:
    low_high = RANGES.get(name)
    if low_high is not None:
        return kind, Field(default=None, ge=low_high[0], le=low_high[1])
    return kind, Field(default=None)


def _kind(name: str) -> Any:
    """The option's type as the core declares it (the same on the compiled and the pure core)."""
    choices = options.OPTION_CHOICES.get(name)
    kind: Any = typing.Literal[choices] if choices else options.option_kind(name)
    return kind | None if options.option_may_be_none(name) else kind


def _build() -> type[_Base]:
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(Rules):
        if f.name in TOP_LEVEL:
            continue
        fields[f.name] = _field(f.name, _kind(f.name))  # the None default is never validated: null is refused
    return create_model("RulesOptions", __base__=_Base, **fields)


if TYPE_CHECKING:
    RulesOptions = _Base
else:
    RulesOptions = _build()
"""Every :class:`Rules` field but ``players``, optional, strictly typed (``"1"`` is not an int,
``1`` is not a bool), integers within :data:`RANGES`, unknown names refused."""
