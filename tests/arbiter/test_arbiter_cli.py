"""``burraco arbiter``: the list, a ruling reached with --answer, the interactive questions (by number
or by value, a wrong reply asked again), both languages, JSON, and bad input (one line, exit 2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from burraco.arbiter import ARTICLES, Lang, describe, rule
from burraco.cli.app import app


def run(*args: str, given: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["arbiter", *args], input=given)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_list_one_line_per_article_in_italian_by_default() -> None:
    code, out, err = run("--list")
    assert code == 0 and not err
    lines = out.splitlines()
    assert len(lines) == len(ARTICLES) == 12
    assert lines[0] == "Art. 12  Carte esposte e carte penalizzate"
    assert lines[-1] == "Art. 23  Pozzetto visto fuori turno"
    code, out, _ = run("--list", "--lang", "en")
    assert code == 0 and out.splitlines()[5] == "Art. 17  Drawing, picking up or playing out of turn"


def test_answers_in_advance_reach_the_ruling_without_prompts() -> None:
    code, out, err = run("17", "--answer", "situation=played", "-a", "next_played=no")
    assert code == 0 and not err
    ruling = rule(17, {"situation": "played", "next_played": "no"})
    assert "Decisione (art. 17)" in out and ruling.words.it in out
    for effect in ruling.effects:
        assert describe(effect, Lang.IT) in out
    assert "Scegli" not in out  # nothing was asked
    assert "Risposte: situation=played next_played=no" in out


def test_interactive_questions_by_number_and_by_value_in_english() -> None:
    # Art. 12: 3 = a wrong play, then "later" by value, a wrong reply asked again, then yes / no by number.
    code, out, err = run("12", "--lang", "en", given="3\nlater\n7\n1\n2\n")
    assert code == 0, err
    assert "What happened?" in out and "When was the error noticed?" in out
    # 7 is not one of the two answers: refused with the answers named, and the same question asked again
    assert "invalid answer '7' to the question 'valid_part': the answers are yes, no" in out
    assert out.count("Does the meld hold a valid part") == 1 and out.count("Choose 1-2") == 4
    ruling = rule(12, {"situation": "wrong_play", "noticed": "later", "valid_part": "yes", "burraco": "no"})
    assert "Ruling (art. 12)" in out and ruling.words.en in out
    assert "Answers: situation=wrong_play noticed=later valid_part=yes burraco=no" in out


def test_a_wrong_value_is_explained_and_asked_again() -> None:
    code, out, _ = run("23", given="maybe\nyes\n")
    assert code == 0
    assert "risposta non valida 'maybe' alla domanda 'repeated'" in out
    assert "1 V.P." in out and "classifica generale" in out


def test_the_questions_already_answered_are_shown_then_the_rest_asked() -> None:
    code, out, _ = run("18", "-a", "melds=two_combinations", "-a", "noticed=after_discard", given="1\n2\n")
    assert code == 0
    assert "Che cosa ha aperto il giocatore? → Due combinazioni uguali" in out
    assert "Entrambe le combinazioni contengono una matta?" in out
    assert "Al suo turno il giocatore appoggia la seconda combinazione" in out
    assert "Lettura del codice:" in out  # the reading of the two discards of that turn
    assert "Si applica anche: art. 13" in out


def test_json_ruling_and_json_code() -> None:
    code, out, _ = run("16", "-a", "situation=asked_card_count", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["answers"] == {"situation": "asked_card_count"}
    assert data["ruling"]["effects"] == [
        {
            "kind": "warning",
            "text": {
                "it": "L'arbitro ammonisce il giocatore colpevole.",
                "en": "The arbiter warns the guilty player.",
            },
        }
    ]
    code, out, _ = run("--list", "--json")
    assert code == 0 and [a["number"] for a in json.loads(out)["articles"]] == list(range(12, 24))


@pytest.mark.parametrize(
    ("args", "given", "message"),
    [
        (("24",), None, "errore: l'art. 24 non è tra le irregolarità: scegli un articolo da 12 a 23"),
        (("dodici",), None, "errore: 'dodici' non è un numero di articolo"),
        ((), None, "errore: indica un articolo da 12 a 23, oppure --list per l'elenco"),
        (("12", "-a", "situation"), None, "errore: --answer vuole CHIAVE=VALORE, non 'situation'"),
        (("12", "-a", "situation=x", "--lang", "en"), None, "error: invalid answer 'x' to the question 'situation'"),
        (("12", "-a", "colour=red"), None, "errore: l'art. 12 non pone la domanda 'colour'"),
        (("12",), "", "errore: art. 12: manca la risposta alla domanda 'situation' (Che cosa è successo?)"),
        (("13", "--json"), None, "errore: art. 13: manca la risposta alla domanda 'penalised_cards'"),
        (("12", "--lang", "fr"), None, "errore: lingua sconosciuta 'fr': scegli it o en"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], given: str | None, message: str) -> None:
    code, _, err = run(*args, given=given)
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith(message), err
    assert "Traceback" not in err
