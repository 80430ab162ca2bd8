"""Online tournament turns through the API on SQLite and PostgreSQL (in-process, bots at the tables, a
fake clock and wallclock): the director links accounts and starts a turn, the web app opens one table per
pairing with the turn's hands, absent players' seats are played by stand-ins, each table's result is
recorded into the tournament when its last hand ends, the next turn is paired when all are done, and the
turn's time-out (Art. 28) ends a table early. The results entered through the CLI give the same standings."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tournament_helpers import NINE, Console, account, cli
from web_helpers import FakeClock, guest, make_app, manager, tick

from burraco.web.table.live import Table

Factory = Callable[..., TestClient]
PAIRS = ["Pair Rossi", "Pair Verdi", "Pair Bianchi", "Pair Neri"]
SETTINGS = {
    "name": "Online night",
    "kind": "pairs",
    "turns": 2,
    "hands": 2,
    "movement": "mitchell,danish-modified",
    "seed": 3,
}


def online(console: Console, cookie: str | None = None) -> dict[str, Any]:
    response = console.client.get(f"/api/tournaments/{console.id}/online", headers={"cookie": cookie or console.cookie})
    assert response.status_code == 200, response.text
    return response.json()["online"]  # type: ignore[no-any-return]


def post(console: Console, path: str, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
    response = console.client.post(
        f"/api/tournaments/{console.id}/online/{path}", json=body, headers={"cookie": console.cookie}
    )
    assert response.status_code == expect, response.text
    return response.json()  # type: ignore[no-any-return]


def tables(client: TestClient, ids: list[int]) -> list[Table]:
    return [manager(client).tables[i] for i in ids]


def play_until(client: TestClient, clock: FakeClock, done: Callable[[], bool], step: float = 31.0) -> None:
    """Let the bots play (they run on the app's loop); when every table waits on the clock (an absent
    player's grace, the pause between hands), move the clock on by ``step`` and tick."""
    assert client.portal is not None
    for _ in range(20_000):
        if done():
            return
        if all(t.bot_task is None for t in manager(client).tables.values()):
            clock.advance(step)
            tick(client)
        client.portal.call(_pause)
    raise AssertionError("the tables did not finish")


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.005)


def results_of(console: Console, turn: int) -> dict[int, tuple[int, int] | None]:
    detail = console.detail()["turns_list"][turn - 1]
    return {
        x["number"]: None if x["result"] is None else (x["result"]["ns_points"], x["result"]["ew_points"])
        for x in detail["tables"]
    }


def test_an_online_event_is_played_at_the_tables(database: str, clock: FakeClock, tmp_path: Path) -> None:
    with TestClient(make_app(database, clock, wallclock=clock)) as client:
        run_event(client, clock, tmp_path)


def run_event(client: TestClient, clock: FakeClock, tmp_path: Path) -> None:
    director = Console(client, account(client, "Director"))
    anna = account(client, "Anna", director=False)
    bruno = account(client, "Bruno", director=False)
    director.post("", SETTINGS)
    director.post(f"/{director.id}/entrants", {"names": PAIRS})
    post(director, "players", {"entrant": "Pair Rossi", "players": ["Anna", "Bruno"]})
    for cookie in (anna, bruno):  # each named account accepts (tests/web/tournaments/test_tournament_consent.py)
        post(Console(client, cookie, director.id), "accept", {"entrant": "Pair Rossi"})
    refused = post(director, "players", {"entrant": "Pair Verdi", "players": ["Anna"]}, expect=422)
    assert refused["detail"]["code"] == "t.player_linked"
    assert (
        post(director, "players", {"entrant": 2, "players": ["Nobody"]}, expect=422)["detail"]["code"]
        == "t.unknown_user"
    )
    outsider = post(Console(client, anna, director.id), "start", {}, expect=403)
    assert outsider["detail"]["code"] == "t.not_director"

    first = post(director, "start", {})
    state = first["online"]
    assert state["turn"] == 1 and state["started"] and state["time_left"] == 25 * 60  # Art. 5: 2 hands
    assert len(first["opened"]) == 2 and [x["table_id"] for x in state["tables"]] == first["opened"]
    mine = online(director, anna)["mine"]
    assert mine["name"] == "Pair Rossi" and mine["table_id"] in first["opened"]
    live = tables(client, first["opened"])
    human = manager(client).tables[mine["table_id"]]
    assert [s.name for s in human.seats if s.bot is None] == ["Bruno", "Anna"]  # South, North
    assert all(t.config.tournament is not None and t.rules.hands_per_turn == 2 for t in live)
    assert all(s.bot is not None for t in live if t is not human for s in t.seats)  # marked as bots
    assert (
        client.post(
            f"/api/tournaments/{director.id}/online/start", json={}, headers={"cookie": director.cookie}
        ).json()["opened"]
        == []
    )  # nothing more to open

    play_until(client, clock, lambda: online(director)["turn"] == 2)
    turn1 = results_of(director, 1)
    assert turn1 == {
        t.config.tournament["table"]: (t.match.totals[0], t.match.totals[1])  # type: ignore[index]
        for t in live
    }
    assert all(len(t.match.results) == 2 and t.status == "over" for t in live)
    assert not online(director)["started"]  # turn 2 is paired, waiting for the director

    second = post(director, "start", {})
    live2 = tables(client, second["opened"])
    human2 = next(t for t in live2 if any(s.bot is None for s in t.seats))
    bots2 = next(t for t in live2 if t is not human2)
    assert human2.status == "playing" and human2.hand is not None  # an absent player is to play in hand 1
    clock.advance(25 * 60)  # the turn's time runs out while an absent player is to play
    tick(client)
    assert human2.match.timed_out
    play_until(client, clock, lambda: online(director)["tables"][0]["done"] and online(director)["tables"][1]["done"])
    assert len(human2.match.results) == 1 and human2.match.results[0].end_reason == "time-out"
    assert bots2.match.timed_out and len(bots2.match.results) <= 2  # no hand dealt after the time-out
    assert human2.summary is not None and human2.summary["hands"] == 1
    history = client.get(f"/api/tables/{human2.id}/hands/1/history")  # the timed-out hand replays
    assert history.status_code == 200 and " timeout" in history.text, history.text
    frames = client.get(f"/api/tables/{human2.id}/hands/1/replay", params={"step": 10_000}).json()
    assert (
        frames["step"] == frames["steps"]
        and frames["scores"]
        == client.get(f"/api/tables/{human2.id}/hands/1/replay", params={"step": 0}).json()["scores"]
    )

    final = director.detail()
    assert final["finished"]
    same_through_the_cli(director, tmp_path)


def same_through_the_cli(director: Console, tmp_path: Path) -> None:
    """Entering the recorded game points through ``burraco tournament`` gives the same standings."""
    file = tmp_path / "online.json"
    cli(
        "new",
        str(file),
        "--name",
        SETTINGS["name"],
        "--turns",
        "2",
        "--hands",
        "2",  # type: ignore[arg-type]
        "--movement",
        SETTINGS["movement"],
        "--seed",
        "3",
    )  # type: ignore[arg-type]
    cli("register", str(file), *PAIRS)
    for turn in (1, 2):
        cli("pair", str(file))
        for table, points in results_of(director, turn).items():
            assert points is not None
            cli(
                "result",
                str(file),
                "--turn",
                str(turn),
                "--table",
                str(table),
                "--ns",
                str(points[0]),
                "--ew",
                str(points[1]),
            )
    assert json.loads(cli("standings", str(file), "--json")) == director.standings()


CLUB = {
    "name": "Online club night",
    "kind": "pairs",
    "turns": 4,
    "hands": 2,
    "movement": "mitchell*3,danish-modified",
    "seed": 7,
    "jump": 1,
}


def test_nine_pairs_four_turns_online_as_through_the_cli(database: str, clock: FakeClock, tmp_path: Path) -> None:
    """9 pairs over 3 Mitchell turns and a Danish one, played at the tables by bots: a late arrival
    completes turn 1's incomplete table (its table opens with the turn's clock), a swapped-score
    correction (Art. 31), a withdrawal during turn 3 (its table forced, one pair rests in turn 4);
    the same steps through ``burraco tournament`` give the same standings."""
    with TestClient(make_app(database, clock, wallclock=clock)) as client:
        director = Console(client, account(client, "Director"))
        director.post("", CLUB)
        director.post(f"/{director.id}/entrants", {"names": NINE})
        first = post(director, "start", {})
        assert len(first["opened"]) == 4 and first["online"]["rests"] == [9]
        clock.advance(60)
        director.post(f"/{director.id}/entrants", {"names": ["Pair Late"]})  # Art. 33
        late = post(director, "start", {})
        assert len(late["opened"]) == 1 and late["online"]["deadline"] == first["online"]["deadline"]
        steps: list[tuple[Any, ...]] = [("register", *NINE), ("pair",), ("register", "Pair Late")]
        for turn in (1, 2, 3, 4):
            if turn > 1:
                assert len(post(director, "start", {})["opened"]) == (4 if turn == 4 else 5)
                steps.append(("pair",))
            if turn == 3:
                director.post(f"/{director.id}/withdrawals", {"entrant": "Pair Conti"})
                withdrawn_table = next(
                    x["number"] for x in director.detail()["turns_list"][2]["tables"] if x["result"] is not None
                )
            play_until(client, clock, lambda turn=turn: _complete(director, turn))  # type: ignore[misc]
            for table, points in results_of(director, turn).items():
                if turn == 3 and table == withdrawn_table:
                    steps.append(("withdraw", "Pair Conti"))
                    continue
                assert points is not None
                steps.append(("result", turn, table, *points))
            if turn == 1:
                director.post(f"/{director.id}/corrections", {"turn": 1, "table": 2, "kind": "swapped", "agreed": True})
                steps.append(("swap", 1, 2))
        final = director.detail()
        assert final["finished"] and [r["entrant"] for r in final["turns_list"][3]["rests"]] != []
        assert cli_standings(steps, tmp_path / "club.json") == director.standings()


def _complete(director: Console, turn: int) -> bool:
    detail = director.detail()
    return detail["paired_turns"] >= turn and all(
        x["result"] is not None for x in detail["turns_list"][turn - 1]["tables"]
    )


def cli_standings(steps: list[tuple[Any, ...]], file: Path) -> Any:
    """The standings ``burraco tournament`` gives for the same steps."""
    cli(
        "new",
        str(file),
        "--name",
        CLUB["name"],
        "--turns",
        "4",
        "--hands",
        "2",  # type: ignore[arg-type]
        "--movement",
        CLUB["movement"],
        "--seed",
        "7",
        "--jump",
        "1",
    )  # type: ignore[arg-type]
    for kind, *args in steps:
        if kind == "register":
            cli("register", str(file), *args)
        elif kind == "pair":
            cli("pair", str(file))
        elif kind == "withdraw":
            cli("withdraw", str(file), args[0])
        elif kind == "swap":
            cli("correct", str(file), "--turn", str(args[0]), "--table", str(args[1]), "--kind", "swapped", "--agreed")
        else:
            turn, table, ns, ew = args
            cli("result", str(file), "--turn", str(turn), "--table", str(table), "--ns", str(ns), "--ew", str(ew))
    return json.loads(cli("standings", str(file), "--json"))


def test_tournament_tables_survive_a_restart_and_anyone_may_watch(database: str, clock: FakeClock) -> None:
    """The ``tables.tournament`` row is read back: after a restart the tables keep their turn, table and
    deadline, an all-bot tournament table plays on with nobody watching and any user may watch it, the
    time-out still comes, and the results are still recorded into the tournament."""
    path = database
    with TestClient(make_app(path, clock, wallclock=clock)) as client:
        director = Console(client, account(client, "Director"))
        anna = account(client, "Anna", director=False)
        bruno = account(client, "Bruno", director=False)
        director.post("", SETTINGS)
        director.post(f"/{director.id}/entrants", {"names": PAIRS})
        post(director, "players", {"entrant": "Pair Rossi", "players": ["Anna", "Bruno"]})
        for cookie in (anna, bruno):
            post(Console(client, cookie, director.id), "accept", {"entrant": 1})
        opened = post(director, "start", {})["opened"]
        human_id = online(director, anna)["mine"]["table_id"]
        before = {i: dict(manager(client).tables[i].config.tournament or {}) for i in opened}
    with TestClient(make_app(path, clock, wallclock=clock)) as client:
        director = Console(client, director.cookie, director.id)
        live = tables(client, opened)
        assert {t.id: t.config.tournament for t in live} == before
        bots = next(t for t in live if t.id != human_id)
        assert bots.all_bots and not bots.paused
        watcher = guest(client, "Watcher")
        with client.websocket_connect(f"/ws/tables/{bots.id}", headers={"cookie": watcher}) as ws:
            state = ws.receive_json()
            assert state["table"]["tournament"]["turn"] == 1 and state["table"]["tournament"]["time_left"] > 0
        clock.advance(25 * 60)
        tick(client)
        human = manager(client).tables[human_id]
        assert human.match.timed_out and human.info()["tournament"]["time_left"] == 0
        play_until(client, clock, lambda: online(director)["turn"] == 2)
        assert all(r is not None for r in results_of(director, 1).values())


def test_players_enter_an_open_event_themselves(client_factory: Factory, clock: FakeClock) -> None:
    """Once the director opens registration, a signed-in player enters a pair with a partner; when the
    partner accepts, the pair is registered (through the director module), both are linked and see their
    table when the turn starts."""
    client = client_factory(wallclock=clock)
    director = Console(client, account(client, "Director"))
    anna = Console(client, account(client, "Anna", director=False))
    bruno = Console(client, account(client, "Bruno", director=False))
    director.post("", SETTINGS)
    director.post(f"/{director.id}/entrants", {"names": PAIRS[:3]})
    anna.id = director.id
    body = {"entrant": "Pair Anna", "partner": "Bruno"}
    assert post(anna, "join", body, expect=403)["detail"]["code"] == "t.registration_closed"
    post(director, "settings", {"open": True})
    assert (
        post(Console(client, guest(client, "Gina"), director.id), "join", body, expect=403)["detail"]["code"]
        == "t.join_account"
    )
    joined = post(anna, "join", body)["online"]
    assert joined["mine"]["name"] == "Pair Anna" and joined["mine"]["waiting"] == ["Bruno"]
    bruno.id = director.id
    accepted = post(bruno, "accept", {"entrant": "Pair Anna"})["online"]
    assert accepted["mine"]["name"] == "Pair Anna" and accepted["players"]["4"] == ["Anna", "Bruno"]
    again = post(anna, "join", {"entrant": "Pair Again"}, expect=422)
    assert again["detail"]["code"] == "t.player_linked"
    assert [e["name"] for e in director.detail()["entrants_list"]] == [*PAIRS[:3], "Pair Anna"]
    started = post(director, "start", {})["online"]
    mine = online(anna)["mine"]
    assert mine["table_id"] in [x["table_id"] for x in started["tables"]]
    seats = manager(client).tables[mine["table_id"]].seats
    assert sorted(s.name for s in seats if s.bot is None) == ["Anna", "Bruno"]
