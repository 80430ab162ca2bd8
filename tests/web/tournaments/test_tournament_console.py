"""The director's console API (/api/tournaments) on SQLite and PostgreSQL: every step of the CLI, the
same event through the console and through ``burraco tournament`` gives the same standings and file,
refusals are coded and change nothing, and only the tournament's director may change it."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tournament_helpers import EVENT, PAIRS, SETTINGS, Console, account, cli, cli_args, results
from web_helpers import guest

from burraco.tournament.storage import load

Factory = Callable[..., TestClient]


def console(client_factory: Factory) -> Console:
    client = client_factory()
    return Console(client, account(client, "Director"))


def cli_standings(file: Path, after: int | None = None) -> list[dict[str, Any]]:
    extra = [] if after is None else ["--after", str(after)]
    return json.loads(cli("standings", str(file), "--json", *extra))  # type: ignore[no-any-return]


def test_the_same_event_through_the_console_and_the_cli(client_factory: Factory, tmp_path: Path) -> None:
    """Every step of a club night — late arrival, both corrections, a penalty, an abandonment, a
    withdrawal and a rest — gives the same standings after every turn and the same file."""
    web, file = console(client_factory), tmp_path / "club.json"
    steps = [*EVENT, *results(4, range(1, 5))]
    for kind, *args in steps:
        web.run((kind, *args))
        cli(*cli_args(kind, list(args), file))
        if kind == "pair" or kind == "result":
            assert web.standings() == cli_standings(file)
    final = web.detail()
    assert final["finished"] and final["paired_turns"] == 4
    [listed] = web.client.get("/api/tournaments").json()["tournaments"]
    assert listed == {k: final[k] for k in listed}
    assert [len(turn["tables"]) for turn in final["turns_list"]] == [5, 5, 5, 4]
    assert [r["name"] for r in final["turns_list"][3]["rests"]] != []  # turn 4: nine pairs, one rests
    assert final["entrants_list"][-1] == {"id": 10, "name": "Pair Late", "late": True, "withdrawn_from": None}
    for after in range(5):
        assert web.standings(after) == cli_standings(file, after)
    exported = web.get("/export", format="json").json()
    assert exported == json.loads(file.read_text(encoding="utf-8"))


def test_an_exported_file_round_trips(client_factory: Factory, tmp_path: Path) -> None:
    """Console → JSON file → the CLI carries on → import into the console: the same tournament."""
    web = console(client_factory)
    for step in EVENT[:4]:  # created, registered, turn 1 paired, the late pair seated
        web.run(step)
    file = tmp_path / "exported.json"
    file.write_text(web.get("/export", format="json").text, encoding="utf-8")
    assert load(file).standings() is not None
    for kind, *args in results(1, range(1, 6)):
        cli(*cli_args(kind, list(args), file))  # the CLI scores turn 1 on the exported file
    document = json.loads(file.read_text(encoding="utf-8"))
    imported = Console(web.client, web.cookie)
    imported.post("/import", {"document": document})
    assert imported.id != web.id
    assert imported.get("/export", format="json").json() == document
    assert imported.standings() == cli_standings(file)
    imported.run(("pair",))  # and the console carries on where the CLI stopped
    assert imported.detail()["paired_turns"] == 2


def step_refused(web: Console, path: str, body: dict[str, Any], code: str, status: int = 422) -> dict[str, Any]:
    version = web.detail()["version"]
    detail = web.post(f"/{web.id}/{path}", body, expect=status)["detail"]
    assert detail["code"] == code, detail
    assert web.detail()["version"] == version, "a refused step changed the tournament"
    return detail["params"]  # type: ignore[no-any-return]


def test_refusals_name_the_card_and_change_nothing(client_factory: Factory) -> None:
    web = console(client_factory)
    web.post("", {"name": "Refusals", "turns": 2, "movement": "mitchell*1,danish-strict", "seed": 1})
    assert step_refused(web, "pair", {}, "t.too_few") == {"min": 2, "count": 0}
    web.run(("register", *PAIRS[:4]))
    assert step_refused(web, "entrants", {"names": ["pair rossi"]}, "t.name_registered")["name"] == "pair rossi"
    assert step_refused(web, "entrants", {"names": ["123"]}, "t.name_digits") == {}
    assert step_refused(web, "results", {"turn": 1, "table": 1, "ns": 100, "ew": 0}, "t.turn_not_paired") == {
        "turn": 1,
        "table": 1,
        "paired": 0,
    }
    web.run(("pair",))
    assert step_refused(web, "results", {"turn": 1, "table": 1, "ns": 1253, "ew": 800}, "t.not_multiple_of_5") == {
        "turn": 1,
        "table": 1,
        "value": 1253,
    }
    assert step_refused(web, "results", {"turn": 1, "table": 7, "ns": 100, "ew": 0}, "t.no_table")["tables"] == "1, 2"
    assert step_refused(web, "results", {"turn": 1, "table": 2, "ns": 100}, "t.points_missing")["table"] == 2
    assert step_refused(web, "results", {"turn": 1, "table": 2, "ns": 100, "ew": 5, "mp": 95}, "t.points_both")
    assert step_refused(web, "pair", {}, "t.results_missing") == {"turn": 1, "tables": "1, 2"}
    assert (
        step_refused(web, "corrections", {"turn": 1, "table": 1, "kind": "arithmetic", "mp": 5}, "t.no_result")["table"]
        == 1
    )
    web.run(("result", 1, 1, 900, 600, None))
    assert step_refused(web, "results", {"turn": 1, "table": 1, "mp": 5}, "t.result_exists")["table"] == 1
    assert step_refused(web, "corrections", {"turn": 1, "table": 1, "kind": "swapped"}, "t.swap_not_agreed")
    assert step_refused(web, "entrants", {"names": ["Pair Late"]}, "t.late_no_table") == {}
    assert step_refused(web, "penalties", {"entrant": "nobody", "turn": 1}, "t.unknown_entrant")["ref"] == "nobody"
    assert step_refused(web, "penalties", {"entrant": 1, "turn": 1, "vp": 0}, "t.penalty_min")["vp"] == 0
    assert step_refused(web, "abandonments", {"turn": 1, "table": 1, "guilty": "ns"}, "t.result_exists")
    web.run(("result", 1, 2, None, None, -405))
    web.run(("pair",))
    assert step_refused(
        web, "corrections", {"turn": 1, "table": 1, "kind": "arithmetic", "ns": 5, "ew": 0}, "t.correction_too_late"
    ) == {"turn": 1, "table": 1, "next": 2}
    assert step_refused(web, "entrants", {"names": ["Too Late"]}, "t.late_too_late") == {"turn": 2}
    web.run(("withdraw", "Pair Rossi"))
    assert step_refused(web, "withdrawals", {"entrant": 1}, "t.already_withdrawn")["name"] == "Pair Rossi"
    for table in web.detail()["turns_list"][1]["tables"]:
        if table["result"] is None:
            web.run(("result", 2, table["number"], 300, 200, None))
    assert step_refused(web, "pair", {}, "t.all_paired") == {"turns": 2}


def test_bad_settings_are_coded(client_factory: Factory) -> None:
    web = console(client_factory)
    cases = [
        ({"movement": "swiss"}, "t.bad_movement"),
        ({"movement": "mitchell*3", "turns": 2}, "t.movement_too_long"),
        ({"name": "  "}, "t.no_name"),
        ({"kind": "individual", "movement": "mitchell"}, "t.individual_danish"),
    ]
    for change, code in cases:
        body = {"name": "Bad", **change}
        assert web.post("", body, expect=422)["detail"]["code"] == code
    assert web.client.get("/api/tournaments?mine=true", headers={"cookie": web.cookie}).json()["tournaments"] == []
    bad = web.post("/import", {"document": {"format": "something else"}}, expect=422)["detail"]
    assert bad["code"] == "t.bad_file" and "format" in bad["message"]


def test_only_the_tournaments_director_changes_it(client_factory: Factory) -> None:
    web = console(client_factory)
    web.post("", {"name": "Mine", "seed": 3})
    anonymous = web.client.post("/api/tournaments", json={"name": "x"})
    assert anonymous.status_code == 403 and anonymous.json()["detail"]["code"] == "t.not_director"
    player = Console(web.client, guest(web.client, "Guesty"), web.id)
    assert player.post("", {"name": "x"}, expect=403)["detail"]["code"] == "t.not_director"
    plain = Console(web.client, account(web.client, "Plain", director=False), web.id)
    assert plain.post(f"/{web.id}/entrants", {"names": ["A-B"]}, expect=403)["detail"]["code"] == "t.not_director"
    other = Console(web.client, account(web.client, "Other"), web.id)
    refusal = other.post(f"/{web.id}/entrants", {"names": ["A-B"]}, expect=403)["detail"]
    assert refusal["code"] == "t.not_owner" and refusal["params"] == {"owner": "Director"}
    assert other.get("/export", expect=403, format="json").json()["detail"]["code"] == "t.not_owner"
    public = web.client.get(f"/api/tournaments/{web.id}").json()["tournament"]  # anyone reads it
    assert public["name"] == "Mine" and public["can_direct"] is False and "seed" not in json.dumps(public)
    assert web.detail()["can_direct"] is True
    listed = web.client.get("/api/tournaments").json()
    assert [t["name"] for t in listed["tournaments"]] == ["Mine"] and listed["can_direct"] is False
    assert web.client.get("/api/tournaments/99").json()["detail"]["code"] == "t.not_found"


def test_a_stale_version_is_refused(client_factory: Factory) -> None:
    web = console(client_factory)
    web.post("", {"name": "Versions"})
    seen = web.last["version"]
    web.post(f"/{web.id}/entrants", {"names": ["A-B"], "version": seen})
    stale = web.post(f"/{web.id}/entrants", {"names": ["C-D"], "version": seen}, expect=409)["detail"]
    assert stale["code"] == "t.changed" and stale["params"] == {"version": seen + 1}
    assert [e["name"] for e in web.detail()["entrants_list"]] == ["A-B"]


def test_polling_costs_a_304_while_nothing_changes(client_factory: Factory) -> None:
    web = console(client_factory)
    web.post("", {"name": "Live"})
    first = web.client.get(f"/api/tournaments/{web.id}")
    etag = first.headers["etag"]
    assert web.client.get(f"/api/tournaments/{web.id}", headers={"if-none-match": etag}).status_code == 304
    web.run(("register", "A-B"))
    again = web.client.get(f"/api/tournaments/{web.id}", headers={"if-none-match": etag})
    assert again.status_code == 200 and again.json()["tournament"]["entrants"] == 1


def test_exports_and_score_cards(client_factory: Factory) -> None:
    web = console(client_factory)
    for step in EVENT[:5]:
        web.run(step)
    csv = web.get("/export", format="csv")
    assert csv.headers["content-type"].startswith("text/csv") and csv.text.startswith("Pos.,Num.,Nome,PV,PM")
    assert "Pair Rossi" in web.get("/export", format="csv", what="results").text
    html = web.get("/export", format="html")
    assert "<h1>Thursday club night</h1>" in html.text and "attachment" in html.headers["content-disposition"]
    assert web.get("/export", format="pdf").content.startswith(b"%PDF")
    cards = web.get("/turns/1/scorecards")
    assert cards.content.startswith(b"%PDF") and cards.headers["content-type"] == "application/pdf"
    assert "tavolo 5" in web.get("/turns/1/scorecards", format="html").text  # Italian, the default
    assert "table 5" in web.get("/turns/1/scorecards", format="html", lang="en").text.lower()
    assert web.get("/export", format="csv", lang="en").text.startswith("rank,id,name,vp,mp")  # the page's language
    missing = web.get("/turns/3/scorecards", expect=422).json()["detail"]
    assert missing["code"] == "t.turn_not_paired" and missing["params"]["turn"] == 3


def test_without_the_tournament_extra_the_routes_say_so(
    client_factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = console(client_factory)
    monkeypatch.setitem(sys.modules, "burraco.tournament.director", None)  # as if networkx were missing
    refusal = web.post("", {"name": "No extra"}, expect=503)["detail"]
    assert refusal["code"] == "t.extra_missing" and "pip install 'burraco[tournament]'" in refusal["message"]


def test_settings_shown_and_the_seed_kept_secret(client_factory: Factory) -> None:
    web = console(client_factory)
    web.post("", SETTINGS)
    config = web.last["config"]
    assert config["movements"] == ["mitchell", "mitchell", "mitchell", "danish-modified"]
    assert "seed" not in config
    assert web.get("/export", format="json").json()["config"]["seed"] == 7


def test_every_tournament_refusal_is_worded_in_both_languages() -> None:
    from test_i18n import catalogue

    from burraco.web.tournaments.refusals import codes

    keys = catalogue()
    for lang in ("it", "en"):
        assert {f"http.{code}" for code in codes()} <= keys[lang], lang
    for dynamic in ("tour.movement.danish-modified", "tour.kind.teams", "tour.seating.lot", "tour.result.forced"):
        assert all(dynamic in keys[lang] for lang in ("it", "en")), dynamic
