"""Consent in online tournaments, on SQLite and PostgreSQL: naming another account — a partner when
entering an open event, or the accounts a director links to an entrant — only asks it. The named
account sees the invitation (in the event's online state and across events), accepts or refuses it;
until it accepts it is bound to nothing: it may enter with someone else, it is never seated and never
rated, and a pair waiting for it is not in the field. Whoever asked may withdraw; the director sees
who has accepted and who is still asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from test_tournament_online import play_until
from tournament_helpers import Console, account
from web_helpers import FakeClock, guest, manager

Factory = Callable[..., TestClient]
PAIRS = ["Pair Rossi", "Pair Verdi", "Pair Bianchi", "Pair Neri"]
SETTINGS = {"name": "Open night", "kind": "pairs", "turns": 2, "hands": 2, "movement": "mitchell", "seed": 3}


class Player(Console):
    """A signed-in account on the event's online routes."""

    def online(self) -> dict[str, Any]:
        response = self.client.get(f"/api/tournaments/{self.id}/online", headers={"cookie": self.cookie})
        assert response.status_code == 200, response.text
        return response.json()["online"]  # type: ignore[no-any-return]

    def send(self, path: str, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
        response = self.client.post(
            f"/api/tournaments/{self.id}/online/{path}", json=body, headers={"cookie": self.cookie}
        )
        assert response.status_code == expect, response.text
        data: dict[str, Any] = response.json()
        return data["online"] if expect == 200 else data["detail"]  # type: ignore[no-any-return]

    def refused(self, path: str, body: dict[str, Any], expect: int) -> str:
        """The refusal's code."""
        return str(self.send(path, body, expect)["code"])

    def invitations(self) -> list[dict[str, Any]]:
        response = self.client.get("/api/tournaments/online/invitations", headers={"cookie": self.cookie})
        assert response.status_code == 200, response.text
        return response.json()["invitations"]  # type: ignore[no-any-return]

    def user(self) -> dict[str, Any]:
        return self.client.get("/api/me", headers={"cookie": self.cookie}).json()["user"]  # type: ignore[no-any-return]

    def profile(self) -> dict[str, Any]:
        """Its own profile: rating and recorded matches."""
        response = self.client.get(f"/api/users/{self.user()['id']}", headers={"cookie": self.cookie})
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]


def open_event(client: TestClient, *names: str, pairs: int = 3) -> tuple[Player, dict[str, Player]]:
    """A director's event with ``pairs`` pairs registered and registration open; the named accounts."""
    director = Player(client, account(client, "Director"))
    director.post("", SETTINGS)
    director.post(f"/{director.id}/entrants", {"names": PAIRS[:pairs]})
    director.send("settings", {"open": True})
    return director, {n: Player(client, account(client, n, director=False), director.id) for n in names}


def entrants(director: Player) -> list[str]:
    return [e["name"] for e in director.detail()["entrants_list"]]


def person(name: str, pending: bool) -> dict[str, Any]:
    return {"name": name, "pending": pending}


def test_a_named_partner_is_only_asked_and_may_enter_with_someone_else(client_factory: Factory) -> None:
    """The finding: Mallory enters naming Vittoria as partner without asking her. Vittoria is not linked
    (the pair is not registered, nobody plays for it), she sees the invitation, and she enters with
    Bruno instead: that refuses Mallory's invitation, whose entry goes away."""
    client = client_factory()
    director, p = open_event(client, "Mallory", "Vittoria", "Bruno")
    mallory, vittoria, bruno = p["Mallory"], p["Vittoria"], p["Bruno"]

    attack = mallory.send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    assert attack["mine"] == {
        "entrant": None,
        "name": "Pair Mallory",
        "table": None,
        "table_id": None,
        "rest": False,
        "waiting": ["Vittoria"],
    }
    assert entrants(director) == PAIRS[:3]  # not in the field
    assert all("Vittoria" not in names for names in attack["players"].values())
    seen = vittoria.online()
    assert seen["mine"] is None
    invitation = {
        "entrant": "Pair Mallory",
        "name": "Pair Mallory",
        "by": "Mallory",
        "players": [person("Mallory", False), person("Vittoria", True)],
        "registered": False,
    }
    assert seen["invitations"] == [invitation]
    assert vittoria.invitations() == [{"tournament": director.id, "tournament_name": "Open night", **invitation}]

    entered = vittoria.send("join", {"entrant": "Pair Vittoria", "partner": "Bruno"})  # was 422 t.player_linked
    assert entered["mine"]["name"] == "Pair Vittoria" and entered["invitations"] == []
    assert vittoria.invitations() == []
    assert mallory.online()["mine"] is None  # Mallory's entry went with its only partner
    assert bruno.online()["invitations"][0]["name"] == "Pair Vittoria"
    assert mallory.refused("join", {"entrant": "Pair Vittoria", "partner": "Bruno"}, 422) == "t.name_registered"
    assert mallory.refused("join", {"entrant": "Pair M", "partner": "Vittoria"}, 422) == "t.player_linked"
    assert mallory.refused("join", {"entrant": "Pair M", "partner": "Mallory"}, 422) == "t.same_player"
    assert entrants(director) == PAIRS[:3]
    assert mallory.send("join", {"entrant": "Pair Mallory"})["mine"]["name"] == "Pair Mallory"  # alone: at once
    assert entrants(director) == [*PAIRS[:3], "Pair Mallory"]


def test_the_named_partner_refuses(client_factory: Factory) -> None:
    """Refusing a partner's entry removes it; refusing a director's link gives the seat back to a bot.
    Nobody refuses an invitation that is not theirs."""
    client = client_factory()
    director, p = open_event(client, "Mallory", "Vittoria", "Anna")
    mallory, vittoria, anna = p["Mallory"], p["Vittoria"], p["Anna"]
    mallory.send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    director.send("players", {"entrant": "Pair Rossi", "players": ["Anna", "Vittoria"]})

    assert anna.refused("refuse", {"entrant": "Pair Mallory"}, 404) == "t.no_invitation"
    refused = vittoria.send("refuse", {"entrant": "Pair Mallory"})
    assert [i["name"] for i in refused["invitations"]] == ["Pair Rossi"]
    assert mallory.online()["mine"] is None and director.online()["entries"] == []
    assert vittoria.refused("refuse", {"entrant": "Pair Mallory"}, 422) == "t.unknown_entrant"  # gone

    vittoria.send("refuse", {"entrant": 1})
    assert vittoria.online()["invitations"] == [] and vittoria.invitations() == []
    assert director.online()["links"]["1"] == [person("Anna", True)]
    assert vittoria.refused("refuse", {"entrant": 1}, 404) == "t.no_invitation"
    assert anna.online()["invitations"][0]["entrant"] == 1  # Anna's own invitation stands
    assert Player(client, guest(client, "Gina"), director.id).refused("refuse", {"entrant": 1}, 403) == "t.join_account"


def test_the_partner_accepts(client_factory: Factory) -> None:
    """Accepting a director's link seats the account from then on; accepting a partner's entry registers
    the pair through the director module. Accepting refuses the account's other invitations."""
    client = client_factory()
    director, p = open_event(client, "Anna", "Bruno", "Carla")
    anna, bruno, carla = p["Anna"], p["Bruno"], p["Carla"]
    director.send("players", {"entrant": "Pair Rossi", "players": ["Anna", "Bruno"]})
    assert anna.online()["players"] == {"1": []}  # the public list: nobody has accepted yet
    carla.send("join", {"entrant": "Pair Carla", "partner": "Bruno"})
    assert {i["name"] for i in bruno.invitations()} == {"Pair Rossi", "Pair Carla"}
    assert carla.refused("accept", {"entrant": 1}, 404) == "t.no_invitation"

    mine = anna.send("accept", {"entrant": "Pair Rossi"})["mine"]
    assert mine["name"] == "Pair Rossi" and mine["waiting"] == ["Bruno"]
    assert anna.refused("accept", {"entrant": "Pair Rossi"}, 404) == "t.no_invitation"  # once

    accepted = bruno.send("accept", {"entrant": "Pair Carla"})
    assert accepted["mine"]["name"] == "Pair Carla" and accepted["players"]["4"] == ["Carla", "Bruno"]
    assert accepted["invitations"] == [] and bruno.invitations() == []  # Pair Rossi's is refused
    assert entrants(director) == [*PAIRS[:3], "Pair Carla"]
    assert director.online()["links"] == {
        "1": [person("Anna", False)],
        "4": [person("Carla", False), person("Bruno", False)],
    }
    assert carla.online()["mine"]["waiting"] == []

    assert director.refused("players", {"entrant": 1, "players": ["Anna", "Bruno"]}, 422) == "t.player_linked"
    director.send("players", {"entrant": "Pair Rossi", "players": ["Anna", "Director"]})
    assert director.online()["links"]["1"] == [person("Anna", False), person("Director", False)]  # own: agreed
    assert anna.refused("players", {"entrant": 3, "players": ["Anna"]}, 403) == "t.not_director"

    dora = Player(client, account(client, "Dora", director=False), director.id)
    director.send("players", {"entrant": "Pair Bianchi", "players": ["Dora"]})
    assert dora.send("join", {"entrant": "Pair Dora"})["invitations"] == []  # entering alone refuses the link
    assert "3" not in director.online()["links"]


def test_accepting_an_entry_needs_registration_open(client_factory: Factory) -> None:
    """A partner's entry is a player's registration: accepting it needs registration still open."""
    client = client_factory()
    director, p = open_event(client, "Anna", "Bruno")
    p["Anna"].send("join", {"entrant": "Pair Anna", "partner": "Bruno"})
    director.send("settings", {"open": False})
    assert p["Bruno"].refused("accept", {"entrant": "Pair Anna"}, 403) == "t.registration_closed"
    director.send("settings", {"open": True})
    assert p["Bruno"].send("accept", {"entrant": "pair ANNA"})["mine"]["name"] == "Pair Anna"


def test_the_inviter_withdraws(client_factory: Factory) -> None:
    """The player who entered withdraws its waiting entry; nobody else may but the event's director,
    who also withdraws the links nobody has accepted."""
    client = client_factory()
    director, p = open_event(client, "Mallory", "Vittoria", "Anna")
    mallory, vittoria, anna = p["Mallory"], p["Vittoria"], p["Anna"]
    assert mallory.refused("withdraw", {}, 404) == "t.no_entry"
    mallory.send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    assert anna.refused("withdraw", {"entrant": "Pair Mallory"}, 403) == "t.not_inviter"
    assert vittoria.refused("withdraw", {"entrant": "Pair Mallory"}, 403) == "t.not_inviter"
    assert mallory.send("withdraw", {})["mine"] is None
    assert vittoria.online()["invitations"] == [] and vittoria.invitations() == []

    mallory.send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    director.send("withdraw", {"entrant": "Pair Mallory"})
    assert mallory.online()["mine"] is None and vittoria.invitations() == []

    director.send("players", {"entrant": 2, "players": ["Director", "Vittoria"]})
    assert mallory.refused("withdraw", {"entrant": 2}, 403) == "t.not_inviter"
    director.send("withdraw", {"entrant": "Pair Verdi"})
    assert director.online()["links"]["2"] == [person("Director", False)] and vittoria.invitations() == []
    assert director.refused("withdraw", {"entrant": 2}, 404) == "t.nothing_pending"


def test_the_director_sees_who_is_asked(client_factory: Factory) -> None:
    """The event's director reads, in the online state, every entrant's accounts with who has accepted
    and who is still asked, and the entries waiting for a partner; nobody else does."""
    client = client_factory()
    director, p = open_event(client, "Anna", "Bruno", "Mallory", "Vittoria")
    director.send("players", {"entrant": "Pair Rossi", "players": ["Anna", "Bruno"]})
    p["Anna"].send("accept", {"entrant": 1})
    p["Mallory"].send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    seen = director.online()
    assert seen["links"] == {"1": [person("Anna", False), person("Bruno", True)]}
    assert seen["entries"] == [
        {"name": "Pair Mallory", "by": "Mallory", "players": [person("Mallory", False), person("Vittoria", True)]}
    ]
    assert seen["players"] == {"1": ["Anna"]}
    other = Player(client, account(client, "Other"), director.id)  # another director
    for who in (p["Anna"], p["Mallory"], other):
        assert "links" not in who.online() and "entries" not in who.online()
    public = client.get(f"/api/tournaments/{director.id}/online").json()["online"]
    assert "links" not in public and public["invitations"] == [] and public["mine"] is None


def test_a_pending_account_is_never_seated_nor_rated(client_factory: Factory, clock: FakeClock) -> None:
    """The event starts while Vittoria has not answered: the pair Mallory entered naming her is not in
    the field (the director is told: ``entries``), and the seat the director linked her to is played
    by a bot. The turn is played and rated (Anna sits at a table), and Vittoria has no match."""
    client = client_factory(wallclock=clock)
    director, p = open_event(client, "Anna", "Mallory", "Vittoria", pairs=4)
    anna, mallory, vittoria = p["Anna"], p["Mallory"], p["Vittoria"]
    mallory.send("join", {"entrant": "Pair Mallory", "partner": "Vittoria"})
    director.send("players", {"entrant": "Pair Rossi", "players": ["Anna", "Vittoria"]})
    anna.send("accept", {"entrant": 1})
    before = vittoria.user()

    response = client.post(f"/api/tournaments/{director.id}/online/start", json={}, headers={"cookie": director.cookie})
    assert response.status_code == 200, response.text
    started = response.json()
    state = started["online"]
    assert sorted(e for x in state["tables"] for e in x["entrants"]) == [1, 2, 3, 4]  # Pair Mallory is not in it
    assert state["entries"][0]["name"] == "Pair Mallory" and state["links"]["1"][1] == person("Vittoria", True)
    mine = anna.online()["mine"]
    seats = manager(client).tables[mine["table_id"]].seats
    assert [s.name for s in seats if s.bot is None] == ["Anna"]
    assert "Vittoria" not in [s.name for t in manager(client).tables.values() for s in t.seats]
    assert vittoria.online()["mine"] is None

    play_until(client, clock, lambda: anna.online()["turn"] == 2)
    assert len(anna.profile()["matches"]) == 1  # the table was rated
    after = vittoria.profile()
    assert after["matches"] == [] and after["user"]["rating"] == before["rating"] and after["user"]["matches"] == 0
    assert entrants(director) == PAIRS  # accepting now is too late: turn 2 is paired (Art. 33)
    assert vittoria.refused("accept", {"entrant": "Pair Mallory"}, 422) == "t.late_too_late"


def test_invitations_across_events(client_factory: Factory) -> None:
    """``/api/tournaments/online/invitations`` lists the signed-in player's invitations in every event,
    newest first (none when signed out); a link accepted or refused leaves it."""
    client = client_factory()
    first, p = open_event(client, "Anna", "Bruno")
    second = Player(client, first.cookie)
    second.post("", {**SETTINGS, "name": "Second night"})
    second.post(f"/{second.id}/entrants", {"names": PAIRS[:2]})
    first.send("players", {"entrant": 1, "players": ["Anna"]})
    second.send("players", {"entrant": 2, "players": ["Bruno", "Anna"]})
    anna = p["Anna"]
    listed = anna.invitations()
    assert [(i["tournament_name"], i["entrant"], i["name"], i["by"]) for i in listed] == [
        ("Second night", 2, "Pair Verdi", "Director"),
        ("Open night", 1, "Pair Rossi", "Director"),
    ]
    assert listed[0]["players"] == [person("Bruno", True), person("Anna", True)] and listed[0]["registered"]
    anna.send("accept", {"entrant": 1})
    assert [i["tournament"] for i in anna.invitations()] == [second.id]
    Player(client, anna.cookie, second.id).send("refuse", {"entrant": "Pair Verdi"})
    assert anna.invitations() == []
    assert client.get("/api/tournaments/online/invitations").json() == {"invitations": []}
