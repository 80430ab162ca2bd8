"""Under the bot attack of docs/security.md (guests' all-bot champion tables, watched, on a real server
in another process), an honest player's moves and HTTP requests stay fast: the bots think in a bounded
worker process, their owners in turn. Scaled down to what a 2-core test machine holds; the bounds are
generous (a quiet machine: a few milliseconds; docs/security.md has the full run's figures)."""

from __future__ import annotations

import pytest

from burraco.loadtest.attack import main, percentile

MOVE_P95_MS = 50.0
HTTP_P95_MS = 100.0


def test_honest_players_stay_fast_under_a_bot_attack(capsys: pytest.CaptureFixture[str]) -> None:
    figures = main(tables=12, per_guest=3, seconds=15.0, baseline=0.0, honest=2, think=0.2)
    assert figures["errors"] == 0
    assert figures["attack_bot_moves_per_s"] > 0  # the attack's tables play (someone watches them)
    assert figures["attack_moves"] >= 10 and figures["attack_http_requests"] >= 50
    assert figures["attack_move_p95_ms"] <= MOVE_P95_MS, figures
    assert figures["attack_http_p95_ms"] <= HTTP_P95_MS, figures
    assert figures["attack_bot_turn_p50_s"] < 10  # the honest player's own bots still get their turn
    assert "attack_move_p95_ms=" in capsys.readouterr().out


def test_bounds_and_percentiles() -> None:
    with pytest.raises(ValueError, match="tables"):
        main(tables=500)
    with pytest.raises(ValueError, match="seconds"):
        main(tables=1, seconds=3600)
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0


def test_the_command_line_option() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "burraco", "loadtest", "--bot-attack", "--tables", "500"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --tables must be 1..200 with --bot-attack"
