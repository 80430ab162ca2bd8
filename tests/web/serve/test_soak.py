"""The short soak CI runs: ``burraco loadtest --soak`` as a user runs it, for about two minutes, over the
server ``burraco serve`` builds. Tables with two people and tables with a person against the computer,
people who think 20–40 s before some moves (their sockets quiet but for the page's pings), spectators,
one reconnect storm halfway: no socket may be closed by the server, no answered action lost, none
applied twice, no seat taken over by the computer. (The 30-minute soak of docs/deploy.md is the same
command, longer and larger.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from burraco.loadtest.soak import duration, failures


def test_a_two_minute_soak_holds_every_socket_and_every_action() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "burraco", "loadtest", "--soak", "100s", "--tables", "12"],
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    figures = dict(item.split("=", 1) for item in run.stdout.strip().splitlines()[-1].split())
    assert figures["sockets"] == "21"  # 6 tables of two people, 6 against the computer, 3 spectators
    assert float(figures["socket_hours"]) > 0.5
    assert figures["unexpected_closes"] == "0" and figures["close_codes"] == "-"
    assert int(figures["reconnects"]) >= 21  # every socket went in the storm and came back
    assert float(figures["reconnect_p99_ms"]) < 5000
    assert int(figures["actions_confirmed"]) > 100
    assert figures["actions_lost"] == "0" and figures["actions_doubled"] == "0"
    assert figures["standins"] == "0" and figures["client_errors"] == "0"


def test_the_soak_says_what_failed_and_refuses_a_bad_duration() -> None:
    assert failures(
        {"unexpected_closes": 1, "actions_lost": 0, "actions_doubled": 0, "standins": 0, "client_errors": 0}
    ) == ["1 unexpected closes"]
    with pytest.raises(ValueError, match="30m"):
        duration("half an hour")
    run = subprocess.run(
        [sys.executable, "-m", "burraco", "loadtest", "--soak", "forever"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and run.stderr.startswith("error: --soak takes a duration")
    assert "Traceback" not in run.stderr
