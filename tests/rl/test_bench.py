"""`burraco bench rl` prints both rates from one run (the figures themselves are never asserted)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from burraco.cli.app import app


def test_bench_rl_prints_both_rates() -> None:
    result = CliRunner().invoke(app, ["bench", "rl", "--seconds", "0.2", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert {"core", "engine_actions_per_s", "env_steps_per_s", "ratio"} <= set(figures)
    assert figures["players"] == 3


def test_bench_rl_table() -> None:
    result = CliRunner().invoke(app, ["bench", "rl", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "actions/s" in result.stdout and "steps/s" in result.stdout
