"""The load script runs, stops by itself and reports its figures (a tiny run; docs/web.md has real ones)."""

from __future__ import annotations

import pytest
from redis_helpers import URL, redis_or_skip

from burraco.loadtest.client import choose
from burraco.loadtest.plan import main


def test_a_short_load_run(capsys: pytest.CaptureFixture[str]) -> None:
    figures = main(tables=12, seconds=2.0, think=0.02)  # one guest opens them all: past a guest's limits
    assert figures["tables"] == 12 and figures["connections"] == 24
    assert figures["actions"] > 20 and figures["client_errors"] == 0
    assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["hands_dealt"] >= 0 and figures["stored_actions_measured"] > 0
    assert figures["server_cpu_ms_per_action"] > 0 and figures["client_cpu_ms_per_action"] > 0
    assert figures["anchor_ms"] > 0  # the machine's speed, timed during the run
    ratio = figures["server_cpu_ms_per_action"] / figures["anchor_ms"]
    assert figures["server_cpu_per_action_anchors"] == pytest.approx(ratio, rel=0.01, abs=1e-4)
    assert "actions_per_s=" in capsys.readouterr().out


def test_server_bots_at_some_tables_are_reported_apart() -> None:
    """``--bots random --bot-tables 2``: two tables against a server-side bot (one client each), two
    with two clients; the hands are counted and the bot tables' human moves timed on their own."""
    figures = main(tables=4, seconds=3.0, think=0.01, bots="random", bot_tables=2)
    assert figures["bot"] == "random" and figures["bot_tables"] == 2 and figures["connections"] == 6
    assert figures["bot_table_actions"] > 5 and figures["actions"] > 5 and figures["client_errors"] == 0
    assert figures["bot_table_p50_ms"] <= figures["bot_table_p99_ms"]
    assert figures["lost_actions"] == 0


@pytest.mark.parametrize("deltas", [True, False])
def test_clients_play_whole_hands_on_deltas_or_on_states(deltas: bool) -> None:
    """Following deltas (as the web page does) or full states, the clients see each hand end, say
    they are ready, and play the next one: hands finish and new ones are dealt."""
    figures = main(tables=3, seconds=8.0, think=0.0, deltas=deltas)
    assert figures["deltas"] is deltas
    assert figures["hands_finished"] >= 1 and figures["hands_dealt"] >= 1, figures
    assert figures["client_errors"] == 0 and figures["lost_actions"] == 0 and figures["refused"] == 0


def test_bounds() -> None:
    with pytest.raises(ValueError, match="tables"):
        main(tables=5001, seconds=1)
    with pytest.raises(ValueError, match="--bots must be one of"):
        main(tables=1, seconds=1, bots="grandmaster")
    with pytest.raises(ValueError, match="--bot-tables"):
        main(tables=2, seconds=1, bots="random", bot_tables=3)
    with pytest.raises(ValueError, match="seconds"):
        main(tables=1, seconds=3600)


def test_client_policy_is_legal() -> None:
    import random

    rng = random.Random(1)
    assert choose(["draw", "pickup"], rng) in ("draw", "pickup")
    assert choose(["meld 7H 8H 9H", "discard 7H"], rng) in ("meld 7H 8H 9H", "discard 7H")
    assert choose(["discard 7H"], rng) == "discard 7H"


def test_out_of_bounds_options_are_one_line_and_exit_2() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "burraco", "loadtest", "--tables", "5001"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --tables must be 1..5000"


def test_two_processes_and_a_reconnect_storm(capsys: pytest.CaptureFixture[str]) -> None:
    """Two servers behind one port on PostgreSQL and Redis; every client drops and reconnects midway:
    no error, and every action the server answered is stored."""
    from db_backends import POSTGRES, require_postgres

    require_postgres()
    redis_or_skip("the two-process load run is").close()
    figures = main(
        tables=6, seconds=10.0, think=0.05, processes=2, reconnect_storm=True, db_url=POSTGRES, redis_url=URL
    )
    assert figures["processes"] == 2 and figures["client_errors"] == 0
    assert figures["reconnects"] == figures["connections"] == 12
    assert figures["lost_actions"] == 0 and figures["stored_actions"] >= figures["confirmed_actions"] > 20
    assert "p99_ms=" in capsys.readouterr().out


def test_many_processes_need_postgresql_and_redis() -> None:
    with pytest.raises(ValueError, match="--processes above 1 needs"):
        main(tables=1, seconds=1, processes=2)


def test_two_processes_with_each_tables_sockets_on_one_process() -> None:
    """``--route table``: every socket of a table reaches one process (as a proxy hashing the table's
    path would); tables created elsewhere are handed over to it and no socket is relayed or closed."""
    from db_backends import POSTGRES, require_postgres

    require_postgres()
    redis_or_skip("the two-process load run is").close()
    figures = main(tables=6, seconds=4.0, think=0.05, processes=2, db_url=POSTGRES, redis_url=URL, route="table")
    assert figures["route"] == "table" and figures["client_errors"] == 0 and figures["lost_actions"] == 0
    assert figures["actions"] > 20
    with pytest.raises(ValueError, match="--route"):
        main(tables=1, seconds=1, route="sideways")
