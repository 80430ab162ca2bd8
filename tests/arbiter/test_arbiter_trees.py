"""The shape of the arbiter's code: Art. 12–23 all present, every tree complete (every path of answers
ends in a ruling of its article), both languages filled, every effect in words, the JSON form, the
errors, and a pure package (no I/O, only the core, not compiled)."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from enum import Enum
from pathlib import Path

import pytest

from burraco import arbiter
from burraco.arbiter import (
    ARTICLES,
    AnswerError,
    ArbiterError,
    Article,
    InvalidAnswerError,
    Lang,
    MissingAnswerError,
    Question,
    Ruling,
    Text,
    UnknownArticleError,
    UnknownQuestionError,
    article,
    describe,
    rule,
    step,
    to_dict,
)
from burraco.arbiter import effects as effects_module
from burraco.arbiter.effect_words import WORDS
from burraco.arbiter.tree import Node, questions, rulings
from burraco.core.errors import BurracoError

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "burraco" / "arbiter"


def paths(node: Node, answers: dict[str, str] | None = None) -> Iterator[tuple[dict[str, str], Ruling]]:
    """Every path of answers from ``node`` to a ruling."""
    answers = answers or {}
    if isinstance(node, Ruling):
        yield answers, node
        return
    assert node.key not in answers, f"question {node.key!r} asked twice on one path"
    for answer in node.answers:
        yield from paths(answer.then, {**answers, node.key: answer.value})


def texts(node: Node) -> Iterator[Text]:
    if isinstance(node, Ruling):
        yield node.words
        if node.note is not None:
            yield node.note
        return
    yield node.text
    for answer in node.answers:
        yield answer.text
        yield from texts(answer.then)


def test_every_article_12_to_23_in_order() -> None:
    assert [a.number for a in ARTICLES] == list(range(12, 24))
    for a in ARTICLES:
        assert article(a.number) is a


@pytest.mark.parametrize("art", ARTICLES, ids=lambda a: f"art{a.number}")
def test_every_path_ends_in_a_ruling_of_the_article(art: Article) -> None:
    found = list(paths(art.tree))
    assert found, "an article with no ruling"
    for answers, leaf in found:
        assert rule(art.number, answers) is leaf
        assert leaf.article == art.number
        assert leaf.effects, f"ruling {leaf.key} has no effect"
        assert all(other != art.number for other in leaf.also)
        for short in answers:  # leaving out any answer on the path stops at that question
            partial = {k: v for k, v in answers.items() if k != short}
            with pytest.raises(MissingAnswerError) as caught:
                rule(art.number, partial)
            assert caught.value.question_key in answers


@pytest.mark.parametrize("art", ARTICLES, ids=lambda a: f"art{a.number}")
def test_questions_are_well_formed(art: Article) -> None:
    for q in questions(art.tree):
        values = [a.value for a in q.answers]
        assert len(values) >= 2 and len(set(values)) == len(values), q.key
        assert all(v == v.strip().lower() and " " not in v for v in [*values, q.key])
        assert q.text.it.endswith(("?", "…")) and q.text.en.endswith(("?", "…")), q.key


@pytest.mark.parametrize("art", ARTICLES, ids=lambda a: f"art{a.number}")
def test_ruling_keys_name_one_ruling(art: Article) -> None:
    by_key: dict[str, Ruling] = {}
    for leaf in rulings(art.tree):
        assert by_key.setdefault(leaf.key, leaf) == leaf, leaf.key


@pytest.mark.parametrize("art", ARTICLES, ids=lambda a: f"art{a.number}")
def test_both_languages_are_filled(art: Article) -> None:
    for text in [art.title, art.summary, *texts(art.tree)]:
        assert text.it.strip() and text.en.strip(), text
        assert text.it == text.it.strip() and text.en == text.en.strip(), text
    for leaf in rulings(art.tree):
        assert leaf.words.it != leaf.words.en
        assert leaf.words.it.endswith(".") and leaf.words.en.endswith("."), leaf.key


def test_every_enum_member_of_an_effect_has_words() -> None:
    enums = [
        value
        for value in vars(effects_module).values()
        if isinstance(value, type) and issubclass(value, Enum) and value is not effects_module.EffectKind
    ]
    assert len(enums) >= 9
    for enum in enums:
        for member in enum:
            assert member in WORDS, member
            assert WORDS[member].it and WORDS[member].en


@pytest.mark.parametrize("lang", list(Lang))
def test_every_effect_of_every_ruling_reads_as_a_sentence(lang: Lang) -> None:
    seen = set()
    for art in ARTICLES:
        for leaf in rulings(art.tree):
            for effect in leaf.effects:
                sentence = describe(effect, lang)
                assert sentence[:1].isupper() and sentence.endswith("."), sentence
                seen.add(effect.kind)
    assert seen == set(effects_module.EffectKind)  # every kind of effect is used by some ruling


def test_the_json_form_holds_every_tree() -> None:
    data = json.loads(json.dumps(to_dict()))
    assert [a["number"] for a in data["articles"]] == list(range(12, 24))
    art17 = data["articles"][5]
    assert art17["title"] == {
        "it": "Pesca, raccolta o giocata fuori turno",
        "en": "Drawing, picking up or playing out of turn",
    }
    root = art17["tree"]
    assert root["type"] == "question" and root["key"] == "situation"
    leaf = rule(17, {"situation": "played", "next_played": "no"}).to_dict()
    assert leaf["type"] == "ruling" and leaf["article"] == 17
    penalty = leaf["effects"][1]
    assert {k: v for k, v in penalty.items() if k != "text"} == {
        "kind": "penalised_cards",
        "cards": "last_meld",
        "first": "next_turn_without_drawing",
        "order": "lowest_first",
    }
    assert penalty["text"]["en"].startswith("Penalised cards: the last play made; the first is discarded at the next")
    assert penalty["text"]["it"].startswith("Carte penalizzate: l'ultimo gioco effettuato;")
    assert json.loads(json.dumps(leaf)) == leaf


def test_step_stops_at_the_next_question() -> None:
    walked = step(18, {"melds": "two_combinations"})
    assert isinstance(walked.node, Question) and walked.node.key == "noticed"
    assert [(q.key, a.value) for q, a in walked.steps] == [("melds", "two_combinations")]
    assert step(18, {"melds": "two_sequences", "noticed": "after_discard"}).node.key == "two-sequences"  # off-path


def test_errors_are_value_errors_in_both_languages() -> None:
    with pytest.raises(MissingAnswerError) as missing:
        rule(19, {})
    assert isinstance(missing.value, ValueError) and isinstance(missing.value, BurracoError)
    assert missing.value.question_key == "situation"
    assert "manca la risposta" in missing.value.message(Lang.IT)
    assert "has no answer" in missing.value.message(Lang.EN)
    assert "left_one" in str(missing.value)  # names the answers
    with pytest.raises(InvalidAnswerError) as invalid:
        rule(19, {"situation": "cheating"})
    assert "risposta non valida 'cheating'" in invalid.value.message(Lang.IT)
    assert "invalid answer 'cheating'" in invalid.value.message(Lang.EN)
    with pytest.raises(UnknownQuestionError) as unknown:
        rule(23, {"repeated": "no", "colour": "red"})
    assert "'colour'" in unknown.value.message(Lang.EN)
    with pytest.raises(UnknownArticleError):
        rule(24, {})
    for error in (MissingAnswerError, InvalidAnswerError, UnknownQuestionError):
        assert issubclass(error, AnswerError) and issubclass(error, ArbiterError)


def test_answers_ignore_case_and_spaces() -> None:
    assert rule(23, {"repeated": " YES "}).key == "repeated"


ALLOWED_IMPORTS = {"__future__", "collections", "dataclasses", "enum", "itertools", "typing"}


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_the_package_is_pure_and_imports_only_the_core(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        for name in names:
            top = name.split(".")[0]
            allowed = top in ALLOWED_IMPORTS or name.startswith(("burraco.arbiter", "burraco.core"))
            assert allowed, f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"print", "open", "input"}, f"{path.name} calls {node.func.id}"


def test_the_package_is_not_compiled() -> None:
    assert "arbiter" not in (ROOT / "setup.py").read_text(encoding="utf-8")
    assert arbiter.__file__ is not None and arbiter.rule.__module__ == "burraco.arbiter.code"
    assert all(p.suffix == ".py" for p in PACKAGE.iterdir() if p.is_file())
