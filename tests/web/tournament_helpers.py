"""Helpers of the tournament tests: a director account, a console client, and one event described as
steps that both the console API and the CLI (``burraco tournament``) can run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from burraco.cli.tournament_cmd import app as cli_app
from burraco.web.accounts.auth import COOKIE
from burraco.web.persistence.repositories.tournaments import TournamentRepository

Step = tuple[Any, ...]


def account(client: TestClient, name: str, director: bool = True) -> str:
    """A registered account (a director unless told otherwise); its session cookie."""
    response = client.post("/api/register", json={"name": name, "password": "correct horse"})
    assert response.status_code == 200, response.text
    cookie = response.cookies[COOKIE]
    client.cookies.clear()
    if director:
        assert TournamentRepository(client.app.state.store).set_role(name, "director")  # type: ignore[attr-defined]
    return f"{COOKIE}={cookie}"


class Console:
    """The director's console over HTTP: each method is one step; a refusal fails the test unless
    ``expect`` gives its status."""

    def __init__(self, client: TestClient, cookie: str, tournament_id: int = 0) -> None:
        self.client = client
        self.cookie = cookie
        self.id = tournament_id
        self.last: dict[str, Any] = {}

    def post(self, path: str, body: dict[str, Any], expect: int = 200) -> dict[str, Any]:
        response = self.client.post(f"/api/tournaments{path}", json=body, headers={"cookie": self.cookie})
        assert response.status_code == expect, response.text
        data: dict[str, Any] = response.json()
        if expect == 200:
            self.last = data["tournament"]
            self.id = self.last["id"]
        return data

    def get(self, path: str = "", expect: int = 200, **params: Any) -> Any:
        response = self.client.get(f"/api/tournaments/{self.id}{path}", params=params, headers={"cookie": self.cookie})
        assert response.status_code == expect, response.text
        return response

    def detail(self) -> dict[str, Any]:
        return self.get().json()["tournament"]  # type: ignore[no-any-return]

    def standings(self, after: int | None = None) -> list[dict[str, Any]]:
        params = {} if after is None else {"after": after}
        return self.get("/standings", **params).json()["standings"]  # type: ignore[no-any-return]

    def run(self, step: Step) -> None:
        """One step of :data:`EVENT` (or of any list written like it)."""
        kind, *args = step
        body = api_body(kind, args)
        path = "" if kind == "new" else f"/{self.id}/{API_PATHS[kind]}"
        self.post(path, body)


API_PATHS = {
    "register": "entrants",
    "pair": "pair",
    "result": "results",
    "correct": "corrections",
    "penalty": "penalties",
    "abandon": "abandonments",
    "withdraw": "withdrawals",
}


def api_body(kind: str, args: list[Any]) -> dict[str, Any]:
    """The console request of a step."""
    if kind == "new":
        return dict(args[0])
    if kind == "register":
        return {"names": list(args)}
    if kind == "pair":
        return {}
    if kind == "result":
        turn, table, ns, ew, mp = args
        return {"turn": turn, "table": table, "ns": ns, "ew": ew, "mp": mp}
    if kind == "correct":
        turn, table, how, ns, ew, agreed = args
        return {"turn": turn, "table": table, "kind": how, "ns": ns, "ew": ew, "agreed": agreed}
    if kind == "penalty":
        entrant, turn, vp, reason = args
        return {"entrant": entrant, "turn": turn, "vp": vp, "reason": reason}
    if kind == "abandon":
        turn, table, guilty, ns, ew = args
        return {"turn": turn, "table": table, "guilty": guilty, "ns": ns, "ew": ew}
    assert kind == "withdraw"
    return {"entrant": args[0]}


def cli_args(kind: str, args: list[Any], file: Path) -> list[str]:
    """The ``burraco tournament`` command line of a step."""
    if kind == "new":
        c = args[0]
        return [
            "new",
            str(file),
            "--name",
            c["name"],
            "--turns",
            str(c["turns"]),
            "--hands",
            str(c["hands"]),
            "--movement",
            c["movement"],
            "--seed",
            str(c["seed"]),
            "--jump",
            str(c.get("jump", 1)),
        ]
    if kind == "register":
        return ["register", str(file), *args]
    if kind == "pair":
        return ["pair", str(file)]
    if kind == "result":
        turn, table, ns, ew, mp = args
        points = ["--mp", str(mp)] if mp is not None else ["--ns", str(ns), "--ew", str(ew)]
        return ["result", str(file), "--turn", str(turn), "--table", str(table), *points]
    if kind == "correct":
        turn, table, how, ns, ew, agreed = args
        extra = ["--agreed"] if agreed else ["--ns", str(ns), "--ew", str(ew)]
        return ["correct", str(file), "--turn", str(turn), "--table", str(table), "--kind", how, *extra]
    if kind == "penalty":
        entrant, turn, vp, reason = args
        return ["penalty", str(file), str(entrant), "--turn", str(turn), "--vp", str(vp), "--reason", reason]
    if kind == "abandon":
        turn, table, guilty, ns, ew = args
        return [
            "abandon",
            str(file),
            "--turn",
            str(turn),
            "--table",
            str(table),
            "--guilty",
            guilty,
            "--ns",
            str(ns),
            "--ew",
            str(ew),
        ]
    assert kind == "withdraw"
    return ["withdraw", str(file), str(args[0])]


def cli(*args: str) -> str:
    result = CliRunner().invoke(cli_app, list(args))
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def card(turn: int, table: int) -> tuple[int, int]:
    """Game points for a table's card, varied but reproducible (multiples of 5)."""
    return 5 * ((37 * turn + 53 * table) % 300), 5 * ((71 * turn + 29 * table) % 250)


def results(turn: int, tables: range, skip: tuple[int, ...] = ()) -> list[Step]:
    """Every table's card of a turn (table 2 of each turn by its MP, the others by game points)."""
    steps: list[Step] = []
    for k in tables:
        if k in skip:
            continue
        ns, ew = card(turn, k)
        steps.append(("result", turn, k, None, None, ns - ew) if k == 2 else ("result", turn, k, ns, ew, None))
    return steps


PAIRS = [
    f"Pair {name}" for name in ("Rossi", "Verdi", "Bianchi", "Neri", "Gialli", "Conti", "Ferri", "Greco", "Marino")
]
SETTINGS = {
    "name": "Thursday club night",
    "kind": "pairs",
    "turns": 4,
    "hands": 3,
    "movement": "mitchell*3,danish-modified",
    "seed": 7,
    "jump": 1,
}
EVENT: list[Step] = [
    ("new", SETTINGS),
    ("register", *PAIRS),  # 9 pairs: turn 1 has an incomplete table
    ("pair",),
    ("register", "Pair Late"),  # Art. 33: the late pair completes table 5
    *results(1, range(1, 6)),
    ("correct", 1, 3, "arithmetic", 600, 455, False),  # Art. 31, before turn 2 is paired
    ("pair",),
    *results(2, range(1, 6)),
    ("correct", 1, 4, "swapped", None, None, True),  # Art. 31, swapped scores: any time, agreed
    ("penalty", "Pair Neri", 2, 1, "pozzetto looked at early"),  # Art. 23
    ("pair",),
    *results(3, range(1, 6), skip=(3,)),
    ("abandon", 3, 3, "ew", 600, 450),  # Art. 32
    ("withdraw", "Pair Conti"),  # 9 pairs left: someone rests in turn 4
    ("pair",),
]
"""A 10-pair club night (9 on time, one late), three Mitchell turns and a Danish one, with a
correction of each kind, a penalty, an abandonment, a withdrawal and a rest; turn 4's cards follow."""


NINE = [f"Pair {name}" for name in ("Rossi", "Verdi", "Bianchi", "Neri", "Gialli", "Conti", "Ferri", "Greco", "Marino")]
"""Nine pairs: an odd field, so a pair rests each turn."""
