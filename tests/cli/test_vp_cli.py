"""``burraco vp``: Art. 30's table for every turn, the other tables by name, and a difference no score
can give refused in one line (it used to "fall in the row 55 – 150")."""

from __future__ import annotations

from typer.testing import CliRunner

from burraco.cli.app import app


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["vp", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_art_30s_table_and_the_others_by_name() -> None:
    assert run("400") == (
        0,
        "14-6\n400 MP falls in the row 355 – 500 of the federation's table (Art. 30, every turn).\n",
        "",
    )
    code, out, _ = run("-820", "--table", "portal")
    assert code == 0 and out.startswith("17-3\n820 MP falls in the row 805 – 1000 of the portal's table")
    code, out, _ = run("400", "--table", "wide")
    assert code == 0 and out.startswith("12-8\n")


def test_a_difference_no_score_gives_is_refused() -> None:
    code, out, err = run("52")
    assert (code, out) == (2, "")
    assert err == "error: 52 MP is not a difference of game points: they are multiples of 5\n"
    code, _, err = run("400", "--table", "fifa")
    assert code == 2 and err.startswith("error: unknown VP table 'fifa'") and "Traceback" not in err
