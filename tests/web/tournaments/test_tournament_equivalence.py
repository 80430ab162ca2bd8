"""The console and the CLI are one director: random sequences of steps (good and bad, every kind of
tournament) applied through ``/api/tournaments`` and through ``burraco tournament`` are accepted or
refused alike, and leave the same file behind after every step. Each sequence comes from an explicit seed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tournament_helpers import API_PATHS, Console, account, api_body, cli_args
from typer.testing import CliRunner

from burraco.cli.tournament_cmd import app as cli_app

KINDS = {
    "pairs": ("mitchell*2,danish-strict", 7),
    "individual": ("danish-modified", 11),
    "teams": ("roundrobin*2,danish-pure", 5),
}


def random_step(rng: random.Random, state: dict[str, Any]) -> tuple[Any, ...]:
    """A step that is often legal and sometimes not (a wrong table, points not multiples of 5, ...)."""
    turns, names = state["turns_list"], [e["name"] for e in state["entrants_list"]]
    turn = turns[-1] if turns else None
    open_tables = [t["number"] for t in turn["tables"] if t["result"] is None] if turn else []
    pick = rng.random()
    if turn is None or pick < 0.08:
        return ("register", f"Late {rng.randrange(1000)}") if turn else ("pair",)
    if not open_tables or pick < 0.12:
        return ("pair",)
    table = rng.choice(open_tables) if rng.random() < 0.95 else 99
    points = 5 * rng.randrange(0, 400) + (3 if rng.random() < 0.05 else 0)
    number = turn["number"] if rng.random() < 0.95 else turn["number"] + 1
    if pick < 0.75:
        return ("result", number, table, points, 5 * rng.randrange(0, 400), None)
    if pick < 0.8:
        return ("result", number, table, None, None, points - 1000)
    if pick < 0.86:
        done = [t["number"] for t in turn["tables"] if t["result"] is not None] or [1]
        swapped = rng.random() < 0.5
        return (
            "correct",
            rng.randint(1, number),
            rng.choice(done),
            "swapped" if swapped else "arithmetic",
            points,
            5 * rng.randrange(0, 300),
            swapped and rng.random() < 0.8,
        )
    if pick < 0.9:
        return ("penalty", rng.choice(names), number, rng.choice((1, 1, 2, 0)), "late")
    if pick < 0.95:
        return ("abandon", number, table, rng.choice(("ns", "ew")), points, 5 * rng.randrange(0, 300))
    return ("withdraw", rng.choice(names))


@pytest.mark.parametrize("kind", list(KINDS))
def test_random_steps_agree_with_the_cli(client_factory: Callable[..., TestClient], tmp_path: Path, kind: str) -> None:
    movement, entrants = KINDS[kind]
    rng = random.Random(f"console-{kind}")
    client = client_factory()
    web, file, runner = Console(client, account(client, "Director")), tmp_path / "t.json", CliRunner()
    settings = {"name": f"Random {kind}", "kind": kind, "turns": 4, "hands": 3, "movement": movement, "seed": 5}
    web.post("", api_body("new", [settings]))
    steps: list[tuple[Any, ...]] = [("register", *[f"{kind} {i}" for i in range(1, entrants + 1)])]
    args = cli_args("new", [settings], file)
    assert runner.invoke(cli_app, [*args, "--kind", kind]).exit_code == 0
    refused, codes = 0, set()
    for _ in range(150):
        state = web.detail()
        if state["finished"]:
            break
        step = steps.pop() if steps else random_step(rng, state)
        kind_, *rest = step
        response = client.post(
            f"/api/tournaments/{web.id}/{API_PATHS[kind_]}", json=api_body(kind_, rest), headers={"cookie": web.cookie}
        )
        result = runner.invoke(cli_app, cli_args(kind_, rest, file))
        assert (response.status_code == 200) == (result.exit_code == 0), (step, response.text, result.stderr)
        if response.status_code != 200:
            refused += 1
            codes.add(response.json()["detail"]["code"])
            assert response.status_code == 422 and response.json()["detail"]["code"].startswith("t.")
            assert response.json()["detail"]["message"] == result.stderr.removeprefix("error: ").strip()
        assert web.get("/export", format="json").json() == json.loads(file.read_text(encoding="utf-8")), step
    assert web.detail()["finished"], "the random tournament did not end"
    assert len(codes) >= 2 and "t.refused" not in codes, codes
