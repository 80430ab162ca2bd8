"""A typed hand as JSON, for the score terminals and the segnapunti: the request body, its scoring by
:mod:`burraco.tournament.hand_entry` (imported on first use: it needs the ``tournament`` extra), and
the rule constants the segnapunti mirrors in JavaScript to score offline.

An irregular hand gives a side's ``irregular`` facts (the arbiter's: void burraci by kind, the points
of frozen melds' wrong cards and of penalised cards held, a closing that needs a valid burraco) and,
at a score terminal, the ids of the table's ``rulings`` it follows.

A refusal is an HTTP 422 whose ``detail`` is ``{"code": "entry.<code>", "message", "params", "it",
"en"}``; the page words ``http.entry.<code>`` from its catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import HTTPException
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.tournaments.service import director_module

if TYPE_CHECKING:
    from burraco.core.options import Rules
    from burraco.tournament.hand_entry import EntryError, SideEntry

KindName = Literal["clean", "dirty", "semi_clean", "super", "ace_to_king", "ace_to_ace"]
Count = Annotated[int, Field(ge=-1000, le=1000)]
Points = Annotated[int, Field(ge=-100_000, le=100_000)]


class IrregularIn(BaseModel):
    """What the arbiter ruled on one side's hand (docs/rules.md §8, "An irregular hand")."""

    model_config = ConfigDict(extra="forbid")
    void: dict[KindName, Count] = Field(default_factory=dict, description="void burraci by kind (no bonus)")
    wrong: Points = Field(default=0, description="the points of frozen melds' wrong cards (counted against)")
    penalised: Points = Field(default=0, description="the points of penalised cards still held (as in hand)")
    closing_needs_valid: bool = Field(default=False, description="the closing stands only with a valid burraco")


class SideIn(BaseModel):
    """One side of a typed hand."""

    model_config = ConfigDict(extra="forbid")
    burraci: dict[KindName, Count] = Field(default_factory=dict, description="burraci by kind")
    table: Points = Field(default=0, description="the points of the cards in the side's melds")
    hand: Points = Field(default=0, description="the points of the cards left in the side's hands (positive)")
    pozzetto: bool = Field(default=True, description="the side took its pozzetto")
    closed: bool = Field(default=False, description="the side closed")
    irregular: IrregularIn | None = Field(default=None, description="the arbiter's facts, for an irregular hand")


class EntryIn(BaseModel):
    """A hand: both sides (N-S first), or just the two totals."""

    model_config = ConfigDict(extra="forbid")
    sides: list[SideIn] | None = Field(default=None, max_length=3)
    totals: list[Points] | None = Field(default=None, max_length=3)
    rulings: list[Annotated[int, Field(ge=1, le=2**62)]] = Field(
        default_factory=list, max_length=10, description="the ids of the table's rulings on this hand"
    )


def entry_error(error: EntryError) -> HTTPException:
    """The 422 of a refused entry."""
    return HTTPException(
        422,
        {"code": f"entry.{error.code}", "message": error.en, "params": error.params, "it": error.it, "en": error.en},
    )


def score(body: EntryIn, rules: Rules) -> dict[str, Any]:
    """``{"totals": [ns, ew], "sides": [...items...] | None}`` for a typed hand (422 when it cannot be)."""
    director_module()
    from burraco.core.scoring import hand_score_to_dict
    from burraco.tournament.hand_entry import EntryError, HandEntry, TotalsEntry, score_entry, score_totals

    try:
        if body.sides is None:
            totals = score_totals(TotalsEntry(tuple(body.totals or ())), rules)
            return {"totals": list(totals), "sides": None}
        sides = tuple(side_entry(side) for side in body.sides)
        scored = hand_score_to_dict(score_entry(HandEntry(sides), rules))
        return {"totals": scored["totals"], "sides": scored["sides"]}
    except EntryError as error:
        raise entry_error(error) from None


def side_entry(side: SideIn) -> SideEntry:
    """The hand entry's side of a typed side."""
    from burraco.tournament.hand_entry import NO_IRREGULAR, BurracoKind, IrregularEntry, SideEntry

    irr = side.irregular
    irregular = (
        NO_IRREGULAR
        if irr is None
        else IrregularEntry(
            {BurracoKind(k): n for k, n in irr.void.items()}, irr.wrong, irr.penalised, irr.closing_needs_valid
        )
    )
    burraci = {BurracoKind(k): n for k, n in side.burraci.items()}
    return SideEntry(burraci, side.table, side.hand, side.pozzetto, side.closed, irregular)


def irregular(body: EntryIn) -> bool:
    """Whether a typed hand is irregular: a side gives the arbiter's facts, or it follows a ruling."""
    given = any(s.irregular is not None and side_entry(s).irregular.given for s in body.sides or ())
    return given or bool(body.rulings)


def constants(rules: Rules) -> dict[str, Any]:
    """What the segnapunti needs to score and check a hand offline exactly as :mod:`hand_entry` does."""
    director_module()
    from burraco.core.cards import DECK_SIZE
    from burraco.tournament import hand_entry as he

    return {
        "kinds": [k.value for k in he.kinds(rules)],
        "bonus": {k.value: he.bonus(k, rules) for k in he.kinds(rules)},
        "min_points": {k.value: he.min_points(k, rules) for k in he.BurracoKind},
        "min_cards": {k.value: n for k, n in he.MIN_CARDS.items()},
        "clean_kinds": sorted(k.value for k in he.CLEAN_KINDS),
        "wild_kinds": sorted(k.value for k in he.WILD_KINDS),
        "deck_size": DECK_SIZE,
        "wildcards": he.WILDCARDS,
        "naturals": he.NATURALS,
        "aces": he.ACES,
        "deck_points": he.deck_points(rules),
        "most_points": he.most_points(rules),
        "closing_bonus": rules.closing_bonus,
        "pozzetto_penalty": rules.pozzetto_penalty,
        "double_negative": rules.double_negative_if_not_opened,
        "clean_to_close": rules.clean_burraco_to_close,
        "target": rules.target,
    }
