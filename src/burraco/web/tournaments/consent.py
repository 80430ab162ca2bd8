"""Consent in online tournaments: an account plays for an entrant only once it has said yes.

Naming someone else — a player's partner when entering an event, or the accounts a director links to
an entrant — makes a *pending* link, an invitation the named account accepts or refuses. Only an
accepted link binds: a pending account is never seated (a bot plays its seat, marked as a bot), is
never the signed-in player's ``mine``, and so is never rated for the event. The rules here work on
the tournament's stored online part (``tournaments.online``, :mod:`burraco.web.tournaments.online`),
which keeps, beside each registered entrant's accounts in seat order (``players``, ``None`` where no
account sits):

- ``pending``: ``{entrant id: [user ids]}``, the accounts a director named who have not accepted yet;
- ``entries``: ``{name key: {"name", "players", "pending", "by"}}``, a player's own entry with a
  partner, waiting for the partner: it is not registered in the director module (not in the field)
  until everyone named has accepted; then the director module registers it (Art. 33 after turn 1 is
  paired, refused as usual when it is too late).

An account agrees to play for one entrant only: accepting an invitation, or entering the event,
refuses every other invitation it has in that event (an entry whose partner refuses goes away; an
entrant's refused seat goes back to a bot). Blocking nothing: while pending, the named account may
still enter with someone else, and the inviter (or the event's director) may withdraw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from burraco.web.tournaments.refusals import own

if TYPE_CHECKING:
    from burraco.tournament.director import Tournament


def entry_key(name: str) -> str:
    """An entry's key: its name as the director module compares names (spaces folded, any case).

    >>> entry_key("  Pair   Anna ")
    'pair anna'
    """
    return " ".join(name.split()).casefold()


def _ids(values: list[Any]) -> list[int | None]:
    return [None if u is None else int(u) for u in values]


def _entries(online: dict[str, Any]) -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = online.setdefault("entries", {})
    return entries


def _pending(online: dict[str, Any]) -> dict[str, list[int]]:
    pending: dict[str, list[int]] = online.setdefault("pending", {})
    return pending


def pending_of(online: dict[str, Any], eid: str) -> list[int]:
    """The accounts named for entrant ``eid`` that have not accepted yet."""
    return [int(u) for u in online.get("pending", {}).get(eid, [])]


def seats(online: dict[str, Any], eid: str) -> list[int | None]:
    """Who sits for entrant ``eid``, in seat order: an account that accepted, or None (a bot plays)."""
    waiting = set(pending_of(online, eid))
    return [None if u is None or u in waiting else u for u in _ids(online["players"].get(eid, []))]


def confirmed(online: dict[str, Any], eid: str) -> list[int]:
    """The accounts that accepted to play for entrant ``eid``, in seat order."""
    return [u for u in seats(online, eid) if u is not None]


def bound_to(t: Tournament, online: dict[str, Any], user_id: int, besides: str | None = None) -> str | None:
    """The name of the entrant (or of the pending entry) ``user_id`` agreed to play for, other than
    entrant ``besides``; None if it is free."""
    for eid in online["players"]:
        if eid != besides and user_id in confirmed(online, eid):
            return t.name(int(eid))
    for entry in online.get("entries", {}).values():
        if user_id in _ids(entry["players"]) and user_id not in _ids(entry["pending"]):
            return str(entry["name"])
    return None


def own_entry(online: dict[str, Any], user_id: int) -> dict[str, Any] | None:
    """The pending entry ``user_id`` made, if any."""
    return next((e for e in online.get("entries", {}).values() if int(e["by"]) == user_id), None)


def invited(online: dict[str, Any]) -> set[int]:
    """Every account with a pending invitation in the event (the index ``tournament_invitations`` keeps)."""
    users = {int(u) for ids in online.get("pending", {}).values() for u in ids}
    return users | {int(u) for e in online.get("entries", {}).values() for u in e["pending"]}


def _unseat(online: dict[str, Any], eid: str, user_id: int) -> None:
    """``user_id`` no longer waits to play for ``eid``: its seat goes back to a bot."""
    pending = _pending(online)
    pending[eid] = [u for u in pending_of(online, eid) if u != user_id]
    if not pending[eid]:
        del pending[eid]
    players = [None if u == user_id else u for u in _ids(online["players"].get(eid, []))]
    while players and players[-1] is None:
        players.pop()
    if players:
        online["players"][eid] = players
    else:
        online["players"].pop(eid, None)


def refuse_all(online: dict[str, Any], user_id: int) -> None:
    """``user_id`` agreed to play elsewhere: every invitation it still has in the event is refused."""
    for eid in [e for e in online.get("pending", {}) if user_id in pending_of(online, e)]:
        _unseat(online, eid, user_id)
    entries = _entries(online)
    for key in [k for k, e in entries.items() if user_id in _ids(e["pending"])]:
        del entries[key]


def link(online: dict[str, Any], eid: str, ids: list[int], agreed: set[int]) -> None:
    """A director names the accounts of entrant ``eid`` in seat order (``[]`` unlinks): those that
    already accepted this entrant stay, as do the ``agreed`` ones (the director's own account); every
    other one is asked."""
    keep = set(confirmed(online, eid)) | agreed
    online["players"][eid] = list(ids)
    asked = [u for u in ids if u not in keep]
    if asked:
        _pending(online)[eid] = asked
    else:
        _pending(online).pop(eid, None)


def enter(online: dict[str, Any], name: str, ids: list[int], by: int) -> None:
    """A player's entry with partners, waiting for them (not in the field yet)."""
    name = " ".join(name.split())
    _entries(online)[entry_key(name)] = {
        "name": name,
        "players": list(ids),
        "pending": [u for u in ids if u != by],
        "by": by,
    }


def find(t: Tournament, online: dict[str, Any], ref: int | str) -> tuple[str, str]:
    """``("entry", key)`` for a pending entry's name, else ``("entrant", id)`` for a registered entrant
    (the director module's 422 ``t.unknown_entrant`` when there is none)."""
    if isinstance(ref, str) and entry_key(ref) in online.get("entries", {}):
        return "entry", entry_key(ref)
    return "entrant", str(t.entrant(ref).id)


def accept(t: Tournament, online: dict[str, Any], user_id: int, name: str, ref: int | str, is_open: bool) -> None:
    """``user_id`` (called ``name``) accepts its invitation to ``ref``: it plays for it, and refuses
    every other invitation in the event. The last acceptance of an entry registers it through the
    director module (refused as usual: then nothing changes)."""
    kind, key = find(t, online, ref)
    if kind == "entry":
        entry = _entries(online)[key]
        if user_id not in _ids(entry["pending"]):
            raise own(404, "no_invitation", entrant=entry["name"])
        if not is_open:
            raise own(403, "registration_closed")
    elif user_id not in pending_of(online, key):
        raise own(404, "no_invitation", entrant=t.name(int(key)))
    taken = bound_to(t, online, user_id)
    if taken is not None:
        raise own(422, "player_linked", name=name, entrant=taken)
    if kind == "entrant":
        _pending(online)[key] = [u for u in pending_of(online, key) if u != user_id]
        if not _pending(online)[key]:
            del _pending(online)[key]
        refuse_all(online, user_id)
        return
    entry["pending"] = [u for u in _ids(entry["pending"]) if u != user_id]
    refuse_all(online, user_id)
    if not entry["pending"]:
        e = t.register(str(entry["name"]))
        online["players"][str(e.id)] = _ids(entry["players"])
        del _entries(online)[key]


def refuse(t: Tournament, online: dict[str, Any], user_id: int, ref: int | str) -> None:
    """``user_id`` refuses its invitation to ``ref``: an entry waiting for it goes away; an entrant's
    seat goes back to a bot."""
    kind, key = find(t, online, ref)
    if kind == "entry":
        entry = _entries(online)[key]
        if user_id not in _ids(entry["pending"]):
            raise own(404, "no_invitation", entrant=entry["name"])
        del _entries(online)[key]
    elif user_id not in pending_of(online, key):
        raise own(404, "no_invitation", entrant=t.name(int(key)))
    else:
        _unseat(online, key, user_id)


def withdraw(t: Tournament, online: dict[str, Any], user_id: int, ref: int | str | None, director: bool) -> None:
    """Withdraw invitations: a player its own pending entry (``ref`` None: the one it made); the
    event's director any pending entry, or every pending account of a registered entrant."""
    if ref is None:
        mine = own_entry(online, user_id)
        if mine is None:
            raise own(404, "no_entry")
        ref = str(mine["name"])
    kind, key = find(t, online, ref)
    if kind == "entry":
        entry = _entries(online)[key]
        if not director and int(entry["by"]) != user_id:
            raise own(403, "not_inviter", entrant=entry["name"])
        del _entries(online)[key]
        return
    if not director:
        raise own(403, "not_inviter", entrant=t.name(int(key)))
    if not pending_of(online, key):
        raise own(404, "nothing_pending", entrant=t.name(int(key)))
    for u in pending_of(online, key):
        _unseat(online, key, u)


def _people(online: dict[str, Any], ids: list[int | None], waiting: list[int | None]) -> list[dict[str, Any]]:
    names: dict[str, str] = online.get("names", {})
    return [{"name": names.get(str(u), "?"), "pending": u in waiting} for u in ids if u is not None]


def invitations_of(t: Tournament, online: dict[str, Any], user_id: int, director: str) -> list[dict[str, Any]]:
    """``user_id``'s pending invitations in the event: ``entrant`` (what to accept or refuse: the
    entrant's id, or the entry's name), its ``name``, who named the account (``by``: the director or
    the partner), everyone named (``players``) and whether it is already in the field (``registered``)."""
    names: dict[str, str] = online.get("names", {})
    found: list[dict[str, Any]] = []
    for eid, ids in online["players"].items():
        if user_id in pending_of(online, eid):
            found.append(
                {
                    "entrant": int(eid),
                    "name": t.name(int(eid)),
                    "by": director,
                    "players": _people(online, _ids(ids), _ids(pending_of(online, eid))),
                    "registered": True,
                }
            )
    for entry in online.get("entries", {}).values():
        if user_id in _ids(entry["pending"]):
            found.append(
                {
                    "entrant": entry["name"],
                    "name": entry["name"],
                    "by": names.get(str(entry["by"]), "?"),
                    "players": _people(online, _ids(entry["players"]), _ids(entry["pending"])),
                    "registered": False,
                }
            )
    return found


def director_view(t: Tournament, online: dict[str, Any]) -> dict[str, Any]:
    """What the event's director sees: every entrant's accounts with who has accepted and who is
    still asked (``links``: a pending seat is played by a bot), and the players' entries still waiting
    for a partner (``entries``: not in the field)."""
    names: dict[str, str] = online.get("names", {})
    links = {eid: _people(online, _ids(ids), _ids(pending_of(online, eid))) for eid, ids in online["players"].items()}
    entries = [
        {
            "name": e["name"],
            "by": names.get(str(e["by"]), "?"),
            "players": _people(online, _ids(e["players"]), _ids(e["pending"])),
        }
        for e in online.get("entries", {}).values()
    ]
    return {"links": links, "entries": entries}
