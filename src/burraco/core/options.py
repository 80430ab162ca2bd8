"""Rules options and named presets: variants are data, not subclasses (docs/rules.md, every section).

>>> preset("fibur").semi_clean, preset("portal").semi_clean
(False, True)
>>> preset("international").clean_burraco_to_close
True
>>> preset("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
burraco.core.errors.UnknownPresetError: unknown rules preset 'nope'; known presets: fibur, international, portal, ...
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal

from burraco.core.errors import RulesOptionError, UnknownPresetError

VpTableName = Literal["fibur", "portal", "wide"]
PairShare = Literal["half", "full"]
TARGETS: Final = (505, 1005, 2005, 3005, 5005)
OPTION_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "three_player_pair_share": ("half", "full"),
    "vp_table": ("fibur", "portal", "wide"),
}
"""The values a word option may take (the ``Literal`` types above, as data for validators)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option docs/rules.md names, with the federation's competition code as the default."""

    players: int = 4
    """2, 3 or 4 players (§2, §9)."""
    joker_value: int = 30
    """§1: 30, or 25 (seed 004)."""
    semi_clean: bool = False
    """§4.3: a dirty burraco with 7+ naturals in an unbroken run scores ``semi_clean_bonus``."""
    clean_burraco_to_close: bool = False
    """§6.2: the international rule — closing needs a clean burraco."""
    opponent_must_have_played: bool = False
    """§6.6: nobody closes before every opponent has played a turn (seed 002)."""
    double_negative_if_not_opened: bool = False
    """§8: a side that melded nothing counts its hand points twice (seed 004)."""
    special_burraco_bonuses: bool = False
    """§8: reale (A-2…K clean, natural 2, 13 cards) 300, super (8 same-rank naturals) 250."""
    burraco_reale_variant: bool = False
    """§8 house variant: A–K 13 cards 500, A…K-A 14 cards 1000 (two aces allowed there)."""
    leftover_pozzetto_to_stock: bool = False
    """§7: an untaken pozzetto becomes the stock when the stock runs out (seed 000)."""
    natural_two_moves: bool = False
    """§12: a natural 2 lying below the 3 of a sequence without a wildcard may move up to stand as
    its wildcard when an attachment needs it (``2C 3C 4C`` + ``6C`` → ``3C 4C 2C=5C 6C``)."""
    redeal_if_no_pozzetto: bool = False
    """§12: a hand whose stock runs out before anyone took a pozzetto is void and dealt again
    (instead of scored with the penalty for each untaken pozzetto)."""
    target_exceeded: bool = False
    """§10, §12: free play ends when a total goes over ``target``, not when it reaches it."""
    three_player_pair_share: PairShare = "half"
    """§9: each member of the 3-player pair is credited half (or all) of the pair's score."""
    three_player_switch_at: int = 1000
    """§9: once a match total reaches this, 3-player hands use three 11-card pozzetti."""
    vp_table: VpTableName = "fibur"
    """§10: the federation's table (Art. 30, every turn), the portal's, or the wider four-hand scale."""
    target: int = 2005
    """§10: free play ends when a side's total reaches this at the end of a hand."""
    hands_per_turn: int | None = None
    """§10: a tournament turn of a fixed number of hands (2, 3 or 4) instead of a target."""
    clean_bonus: int = 200
    dirty_bonus: int = 100
    semi_clean_bonus: int = 150
    closing_bonus: int = 100
    pozzetto_penalty: int = 100
    stall_rounds: int = 3
    """§3: after this many full rounds without a stock draw, the streak's starter must draw."""
    max_turns: int = 2000
    """§3: engine guard — a hand ends (like an exhausted stock) after this many turns."""

    def __post_init__(self) -> None:
        checks: list[tuple[bool, str]] = [
            (self.players in (2, 3, 4), f"players must be 2, 3 or 4, not {self.players}"),
            (self.joker_value > 0, f"joker_value must be positive, not {self.joker_value}"),
            (
                self.three_player_pair_share in OPTION_CHOICES["three_player_pair_share"],
                "three_player_pair_share: half|full",
            ),
            (self.vp_table in OPTION_CHOICES["vp_table"], f"vp_table must be fibur, portal or wide: {self.vp_table!r}"),
            (self.target > 0, f"target must be positive, not {self.target}"),
            (self.hands_per_turn is None or self.hands_per_turn >= 1, "hands_per_turn must be >= 1"),
            (self.stall_rounds >= 1, "stall_rounds must be >= 1"),
            (self.max_turns >= 10, "max_turns must be >= 10"),
            (self.three_player_switch_at >= 1, "three_player_switch_at must be >= 1"),
        ]
        for name in ("clean_bonus", "dirty_bonus", "semi_clean_bonus", "closing_bonus", "pozzetto_penalty"):
            value = getattr(self, name)
            checks.append((not isinstance(value, int) or value >= 0, f"{name} must not be negative, not {value}"))
        for ok, message in checks:
            if not ok:
                raise RulesOptionError(message)

    @property
    def num_sides(self) -> int:
        """Sides at the start of a hand: 2 for 2 and 4 players, 3 for 3 players."""
        return 3 if self.players == 3 else 2

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed: an unknown name or a value of the wrong type raises
        :class:`RulesOptionError` naming the option (the same on the compiled and pure paths).

        >>> Rules().replace(joker_value=25).joker_value
        25
        >>> Rules().replace(pozzetto_penalty="x")
        Traceback (most recent call last):
        ...
        burraco.core.errors.RulesOptionError: pozzetto_penalty must be a whole number, not 'x'
        """
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesOptionError(f"unknown rules option(s): {', '.join(unknown)}")
        for name, value in changes.items():
            check_option_type(name, value)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for JSON, histories and the rules panel)."""
        return dataclasses.asdict(self)


_KIND_WORDS: Final = {bool: "true or false", int: "a whole number", str: "a word"}


def option_kind(name: str) -> type:
    """The type an option's value has: ``bool``, ``int`` or ``str`` (from its default).

    >>> option_kind("semi_clean"), option_kind("target"), option_kind("hands_per_turn"), option_kind("vp_table")
    (<class 'bool'>, <class 'int'>, <class 'int'>, <class 'str'>)
    """
    default = getattr(_DEFAULTS, name)
    return int if default is None else type(default)


def option_may_be_none(name: str) -> bool:
    """True for the options whose default is None (``hands_per_turn``: no fixed number of hands)."""
    return getattr(_DEFAULTS, name) is None


def check_option_type(name: str, value: object) -> None:
    """Raise :class:`RulesOptionError` unless ``value`` has the option's type (a bool is not a number)."""
    if value is None and option_may_be_none(name):
        return
    kind = option_kind(name)
    if type(value) is not kind:
        raise RulesOptionError(f"{name} must be {_KIND_WORDS[kind]}, not {value!r}")


_DEFAULTS: Final = Rules()

PRESETS: Final[dict[str, Rules]] = {
    "fibur": Rules(),
    "international": Rules(clean_burraco_to_close=True),
    "portal": Rules(semi_clean=True, opponent_must_have_played=True, vp_table="portal", natural_two_moves=True),
    "home": Rules(
        joker_value=25,
        double_negative_if_not_opened=True,
        target=2000,
        target_exceeded=True,
        redeal_if_no_pozzetto=True,
        natural_two_moves=True,
    ),
    "reale": Rules(special_burraco_bonuses=True, burraco_reale_variant=True, semi_clean=True, natural_two_moves=True),
}
"""Named presets: ``fibur`` (the competition code, default), ``international`` (clean burraco
needed to close, seed 000), ``portal`` (seed 002: semi-clean, every opponent plays before a
close, its VP table, a natural 2 may move up as the wildcard), ``home`` (house rules, seeds 004
and 000: joker 25, doubled negatives for a side that never opened, a game to more than 2000, a
hand without a pozzetto taken dealt again, a natural 2 may move up) and ``reale`` (seed 000's
special burraco bonuses and the burraco-reale house variant, a natural 2 may move up)."""


def preset(name: str, **changes: Any) -> Rules:
    """The preset called ``name``, optionally with some options changed."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise UnknownPresetError(f"unknown rules preset {name!r}; known presets: {', '.join(PRESETS)}")
    rules = PRESETS[key]
    return rules.replace(**changes) if changes else rules
