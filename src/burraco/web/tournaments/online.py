"""Online tournament turns, the stored part: which accounts play for each entrant, which turns were
started (their clock) and which live table plays each of their tables (``tournaments.online``, beside
the director module's document, which stays the CLI's file). Nobody is bound to an entrant without
saying yes: naming another account makes an invitation it accepts or refuses (``consent.py``).

Every step still goes through the director module (pairing, MP→VP): a finished table's result is
:meth:`Tournament.enter_result` with both sides' game points, as a score card would be. Blocking
(database): call it from a worker thread. The live tables themselves: ``tournaments/tables.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Connection, select

from burraco.web.accounts.auth import User, name_key
from burraco.web.persistence import schema
from burraco.web.persistence.repositories.tournaments import TournamentRow
from burraco.web.table.tournament_clock import turn_minutes
from burraco.web.tournaments import consent
from burraco.web.tournaments.refusals import own, refused
from burraco.web.tournaments.service import RETRIES, TournamentService, from_document, run_step, to_document

if TYPE_CHECKING:
    from burraco.tournament.director import Tournament
    from burraco.tournament.model import Table as TTable

SEAT_ORDER: Final = ("South", "West", "North", "East")
"""A four-player table's seats (``web/seats.py``): N-S sit at 0 and 2, E-W at 1 and 3."""
MAX_PLAYERS: Final = 4
"""Accounts linked to one entrant at most (a team: two pairs)."""


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """Who sits at one seat: a linked account, or a bot playing for the entrant (``user_id`` None)."""

    user_id: int | None
    name: str


@dataclass(frozen=True, slots=True)
class TablePlan:
    """A live table to open for one table of a turn."""

    tournament_id: int
    turn: int
    table: int
    name: str
    hands: int
    vp_table: str
    deadline: float
    owner_id: int
    seats: tuple[SeatPlan, ...]


def online_of(row: TournamentRow) -> dict[str, Any]:
    """The row's online part, with every key present."""
    data = dict(row.online or {})
    data.setdefault("players", {})
    data.setdefault("turns", {})
    return data


def _users_by_name(svc: TournamentService, names: list[str]) -> list[User]:
    """The accounts called ``names`` (case-insensitive); 422 ``t.unknown_user`` naming the first missing one."""
    from burraco.web.persistence.repositories.users import get_user

    def read(c: Connection) -> list[User | None]:
        found: list[User | None] = []
        for name in names:
            row = c.execute(
                select(schema.users.c.id).where(
                    schema.users.c.name_key == name_key(name), schema.users.c.kind == "account"
                )
            ).first()
            found.append(None if row is None else get_user(c, int(row.id)))
        return found

    users = svc.repo.store.read(read)
    for name, user in zip(names, users, strict=True):
        if user is None:
            raise own(422, "unknown_user", name=name)
    return [u for u in users if u is not None]


def save_online(
    svc: TournamentService,
    tournament_id: int,
    user: User | None,
    version: int | None,
    step: Callable[[Tournament, dict[str, Any]], object],
    director: bool = True,
) -> TournamentRow:
    """Apply ``step`` to the tournament and its online part and store both (compare-and-set on the
    version, as the console's steps). ``director`` False: the server's own step (a table finished)."""
    owner = svc.require_director(user) if director else None
    for _ in range(RETRIES):
        row, t = svc.load(tournament_id)
        if owner is not None and row.owner_id != owner.id:
            raise own(403, "not_owner", owner=row.owner)
        if version is not None and version != row.version:
            raise own(409, "changed", version=row.version)
        online = online_of(row)
        asked = consent.invited(online)
        run_step(t, functools.partial(_apply, step, online))
        invited = consent.invited(online)
        index = None if invited == asked else invited  # the invitations' index, rewritten when they change
        if svc.repo.save(tournament_id, row.version, t.config.name, to_document(t), svc.now(), online, index):
            return svc.row(tournament_id)
        if version is not None:
            raise own(409, "changed", version=row.version + 1)
    raise own(409, "changed", version=svc.row(tournament_id).version)


def _apply(step: Callable[[Tournament, dict[str, Any]], object], online: dict[str, Any], t: Tournament) -> object:
    return step(t, online)


def link_players(
    svc: TournamentService,
    tournament_id: int,
    user: User | None,
    version: int | None,
    entrant: int | str,
    names: list[str],
) -> None:
    """Name the accounts (by name) that play for an entrant, in seat order (an empty list unlinks:
    bots play for it). Each named account is asked (``consent.py``): it sits at the entrant's tables
    once it accepts, a bot until then. An account that already accepted this entrant, and the
    director's own account, are not asked again."""
    if len(names) > MAX_PLAYERS:
        raise own(422, "too_many_players", count=len(names), max=MAX_PLAYERS)
    users = _users_by_name(svc, names)
    _distinct(users)
    agreed = set() if user is None else {user.id}

    def step(t: Tournament, online: dict[str, Any]) -> None:
        eid = str(t.entrant(entrant).id)
        for u in users:
            taken = consent.bound_to(t, online, u.id, besides=eid)
            if taken is not None:
                raise own(422, "player_linked", name=u.name, entrant=taken)
        consent.link(online, eid, [u.id for u in users], agreed)
        online.setdefault("names", {}).update({str(u.id): u.name for u in users})

    save_online(svc, tournament_id, user, version, step)


def _distinct(users: list[User]) -> None:
    """422 ``t.same_player`` when an account is named twice."""
    seen: set[int] = set()
    for u in users:
        if u.id in seen:
            raise own(422, "same_player", name=u.name)
        seen.add(u.id)


def join(svc: TournamentService, tournament_id: int, user: User | None, entrant: str, partner: str | None) -> None:
    """A signed-in player enters an event whose registration is open. Alone: a new entrant registered
    by the director module (after turn 1 is paired, a late arrival: Art. 33) with the player linked
    to it. With a partner: an entry that waits for the partner to accept (``consent.py``); it is not
    in the field until then. Either way the player's other invitations in the event are refused."""
    if user is None or user.kind != "account":
        raise own(403, "join_account")
    players = [user, *_users_by_name(svc, [partner] if partner else [])]
    _distinct(players)

    def step(t: Tournament, online: dict[str, Any]) -> None:
        if not online.get("open"):
            raise own(403, "registration_closed")
        for player in players:
            taken = consent.bound_to(t, online, player.id)
            if taken is not None:
                raise own(422, "player_linked", name=player.name, entrant=taken)
        online.setdefault("names", {}).update({str(p.id): p.name for p in players})
        consent.refuse_all(online, user.id)
        if len(players) == 1:
            e = t.register(entrant)
            online["players"][str(e.id)] = [user.id]
            return
        if consent.entry_key(entrant) in online.get("entries", {}):
            raise refused(f"{' '.join(entrant.split())!r} is already registered")
        from_document(to_document(t)).register(entrant)  # refused now if the director module would refuse it
        consent.enter(online, entrant, [p.id for p in players], user.id)

    save_online(svc, tournament_id, None, None, step, director=False)


def accept(svc: TournamentService, tournament_id: int, user: User | None, entrant: int | str) -> None:
    """The signed-in player accepts its invitation to ``entrant`` (an entrant's id or name, or a
    pending entry's name): it plays for it from the next table opened."""
    if user is None or user.kind != "account":
        raise own(403, "join_account")

    def step(t: Tournament, online: dict[str, Any]) -> None:
        consent.accept(t, online, user.id, user.name, entrant, bool(online.get("open")))

    save_online(svc, tournament_id, None, None, step, director=False)


def refuse(svc: TournamentService, tournament_id: int, user: User | None, entrant: int | str) -> None:
    """The signed-in player refuses its invitation to ``entrant``."""
    if user is None or user.kind != "account":
        raise own(403, "join_account")

    def step(t: Tournament, online: dict[str, Any]) -> None:
        consent.refuse(t, online, user.id, entrant)

    save_online(svc, tournament_id, None, None, step, director=False)


def withdraw(svc: TournamentService, tournament_id: int, user: User | None, entrant: int | str | None) -> None:
    """Withdraw pending invitations: the signed-in player its own entry waiting for a partner; the
    event's director any waiting entry, or the accounts of an entrant that have not accepted yet."""
    if user is None or user.kind != "account":
        raise own(403, "join_account")
    director = svc.is_director(user) and svc.row(tournament_id).owner_id == user.id

    def step(t: Tournament, online: dict[str, Any]) -> None:
        consent.withdraw(t, online, user.id, entrant, director)

    save_online(svc, tournament_id, None, None, step, director=False)


def invitations(svc: TournamentService, user: User | None) -> list[dict[str, Any]]:
    """The signed-in player's pending invitations in every event (``tournament``, ``tournament_name``
    and :func:`consent.invitations_of`'s fields), newest event first."""
    if user is None or user.kind != "account":
        return []
    found: list[dict[str, Any]] = []
    for tournament_id in svc.repo.invited_to(user.id):
        row = svc.repo.get(tournament_id)
        if row is None:
            continue
        t = from_document(row.document)
        for invitation in consent.invitations_of(t, online_of(row), user.id, row.owner):
            found.append({"tournament": row.id, "tournament_name": row.name, **invitation})
    return found


def start_turn(
    svc: TournamentService,
    tournament_id: int,
    user: User | None,
    version: int | None,
    minutes: float | None,
    director: bool = True,
) -> list[TablePlan]:
    """Pair the next turn if the last one is complete (or none is paired), start its clock (Art. 5:
    25/35/45 minutes for 2/3/4 hands unless ``minutes``) and plan a live table for each of its tables
    that has no result and no live table yet (a late arrival's table opens with the turn's clock)."""
    plans: list[TablePlan] = []

    def step(t: Tournament, online: dict[str, Any]) -> None:
        plans.clear()
        if not t.turns or (t.turns[-1].complete and str(t.paired_turns) in online["turns"]):
            t.pair_next()
        turn = t.turns[-1]
        state = online["turns"].setdefault(str(turn.number), {"tables": {}})
        if "deadline" not in state:
            length = minutes if minutes is not None else online.get("minutes") or turn_minutes(t.config.hands)
            state["started"] = svc.now()
            state["deadline"] = svc.now() + 60.0 * float(length)
        for table in turn.tables:
            if table.result is None and str(table.number) not in state["tables"]:
                plans.append(_plan(t, tournament_id, online, table, turn.number, float(state["deadline"])))

    row = save_online(svc, tournament_id, user, version, step, director)
    return [
        TablePlan(p.tournament_id, p.turn, p.table, p.name, p.hands, p.vp_table, p.deadline, row.owner_id, p.seats)
        for p in plans
    ]


def _plan(
    t: Tournament, tournament_id: int, online: dict[str, Any], table: TTable, turn: int, deadline: float
) -> TablePlan:
    ns, ew = _side(t, online, table.ns, table.ns_line), _side(t, online, table.ew, table.ew_line)
    seats = (ns[1], ew[1], ns[0], ew[0])  # South, West, North, East
    name = f"{t.config.name[:40]} · {turn}/{table.number}"
    return TablePlan(tournament_id, turn, table.number, name, t.config.hands, t.config.vp_table, deadline, 0, seats)


def _side(t: Tournament, online: dict[str, Any], ids: tuple[int, ...], line: int) -> tuple[SeatPlan, SeatPlan]:
    """The two seats of a side: one entrant's two players (pairs; a team's ``line``), or two individuals."""
    names: dict[str, str] = online.get("names", {})
    seats: list[SeatPlan] = []
    for entrant in ids:
        linked = consent.seats(online, str(entrant))  # an account that has not accepted: None, a bot
        wanted = 1 if len(ids) == 2 else 2
        start = 2 * (line - 1) if line else 0
        for k in range(wanted):
            index = start + k
            who = linked[index] if index < len(linked) else None
            if who is not None:
                seats.append(SeatPlan(who, names.get(str(who), "?")))
            else:
                seats.append(SeatPlan(None, f"{t.name(entrant)[:50]} (bot)"))
    return seats[0], seats[1]


def attach_tables(svc: TournamentService, tournament_id: int, turn: int, opened: dict[int, int]) -> None:
    """Remember the live table that plays each table of ``turn`` (``{table number: live table id}``)."""

    def step(_t: Tournament, online: dict[str, Any]) -> None:
        online["turns"].setdefault(str(turn), {"tables": {}})["tables"].update({str(k): v for k, v in opened.items()})

    save_online(svc, tournament_id, None, None, step, director=False)


def record_result(svc: TournamentService, tournament_id: int, turn: int, table: int, ns: int, ew: int) -> bool:
    """A live table's match is over: its game points become the turn's result for that table (the
    director module converts MP to VP); if that completes the turn, the next turn is paired. True
    when the next turn was paired and the event starts turns by itself (``auto``). A table that
    already has a result (entered or forced by the director meanwhile) keeps it."""
    paired: list[bool] = [False]

    def step(t: Tournament, online: dict[str, Any]) -> None:
        paired[0] = False
        if t.table(turn, table).result is None:
            t.enter_result(turn, table, ns=ns, ew=ew)
        if turn == t.paired_turns and t.turns[-1].complete and t.paired_turns < t.config.turns:
            t.pair_next()
            paired[0] = bool(online.get("auto"))

    save_online(svc, tournament_id, None, None, step, director=False)
    return paired[0]


def set_options(
    svc: TournamentService,
    tournament_id: int,
    user: User | None,
    version: int | None,
    minutes: float | None,
    auto: bool | None,
    open_: bool | None = None,
) -> None:
    """The event's online settings: the turn's minutes (None: Art. 5's), whether each turn starts as
    soon as the previous one is complete (``auto``) instead of at the director's word, and whether
    players may enter the event themselves (``open``)."""

    def step(_t: Tournament, online: dict[str, Any]) -> None:
        online["minutes"] = minutes
        if auto is not None:
            online["auto"] = auto
        if open_ is not None:
            online["open"] = open_

    save_online(svc, tournament_id, user, version, step)
