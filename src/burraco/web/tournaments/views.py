"""A stored tournament as the API shows it: its summary for lists, its whole state for the console and
the public page (entrants, every turn's tables with the sides' names, rests, standings, penalties).

The turn-1 lot's seed is never shown (before turn 1 is paired it would tell the seating).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from burraco.web.persistence.repositories.tournaments import TournamentRow
from burraco.web.tournaments.schemas import (
    ConfigOut,
    EntrantOut,
    PenaltyOut,
    RestOut,
    ResultOut,
    StandingOut,
    TableOut,
    TournamentDetail,
    TournamentSummary,
    TurnOut,
)

if TYPE_CHECKING:
    from burraco.tournament.director import Tournament
    from burraco.tournament.model import Table, Turn
    from burraco.tournament.standings import Standing


def finished(t: Tournament) -> bool:
    """Every turn paired and every table scored."""
    return t.paired_turns == t.config.turns and all(turn.complete for turn in t.turns)


def summary(row: TournamentRow, t: Tournament) -> TournamentSummary:
    return TournamentSummary(
        id=row.id,
        name=t.config.name,
        owner=row.owner,
        kind=t.config.kind,
        turns=t.config.turns,
        paired_turns=t.paired_turns,
        entrants=len(t.state.entrants),
        finished=finished(t),
        version=row.version,
        updated_at=row.updated_at,
    )


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def listed(row: TournamentRow) -> TournamentSummary:
    """A stored tournament's summary read straight from its document (a list of many need not load
    each through the director module)."""
    doc = row.document
    config, turns = _dict(doc.get("config")), _list(doc.get("turns"))
    total = config.get("turns")
    scored = all(_dict(table).get("result") is not None for turn in turns for table in _list(_dict(turn).get("tables")))
    count = total if isinstance(total, int) else 0
    return TournamentSummary(
        id=row.id,
        name=row.name,
        owner=row.owner,
        kind=str(config.get("kind", "pairs")),
        turns=count,
        paired_turns=len(turns),
        entrants=len(_list(doc.get("entrants"))),
        finished=bool(turns) and len(turns) == count and scored,
        version=row.version,
        updated_at=row.updated_at,
    )


def standing_out(s: Standing) -> StandingOut:
    return StandingOut(
        rank=s.rank,
        id=s.entrant,
        name=s.name,
        vp=s.vp,
        mp=s.mp,
        played=s.played,
        rests=s.rests,
        penalty=s.penalty,
        withdrawn=s.withdrawn,
    )


def _table(t: Tournament, table: Table) -> TableOut:
    r = table.result
    result = (
        None
        if r is None
        else ResultOut(
            kind=r.kind,
            vp_ns=r.vp_ns,
            vp_ew=r.vp_ew,
            mp_ns=r.mp_ns,
            mp_ew=r.mp_ew,
            ns_points=r.ns_points,
            ew_points=r.ew_points,
        )
    )
    return TableOut(
        number=table.number,
        ns=list(table.ns),
        ew=list(table.ew),
        ns_label=t.side_label(table, "ns"),
        ew_label=t.side_label(table, "ew"),
        result=result,
    )


def _turn(t: Tournament, turn: Turn) -> TurnOut:
    return TurnOut(
        number=turn.number,
        movement=turn.movement,
        complete=turn.complete,
        tables=[_table(t, table) for table in turn.tables],
        rests=[RestOut(entrant=r.entrant, name=t.name(r.entrant), vp=r.vp, mp=r.mp) for r in turn.rests],
    )


def detail(row: TournamentRow, t: Tournament, can_direct: bool) -> TournamentDetail:
    c = t.config
    return TournamentDetail(
        **summary(row, t).model_dump(),
        config=ConfigOut(
            name=c.name,
            kind=c.kind,
            turns=c.turns,
            hands=c.hands,
            movements=list(c.movements),
            vp_table=c.vp_table,
            jump=c.jump,
            seating=c.seating,
        ),
        can_direct=can_direct,
        entrants_list=[
            EntrantOut(id=e.id, name=e.name, late=e.late, withdrawn_from=e.withdrawn_from) for e in t.state.entrants
        ],
        turns_list=[_turn(t, turn) for turn in t.turns],
        standings=[standing_out(s) for s in t.standings()],
        penalties=[PenaltyOut(turn=p.turn, entrant=p.entrant, vp=p.vp, reason=p.reason) for p in t.state.penalties],
        log=list(t.state.log),
    )
