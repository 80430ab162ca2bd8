"""An article of the competition code as a decision tree: the questions the arbiter asks at the table,
and at each leaf the ruling.

A :class:`Question` has a key (``"noticed"``), its words in both languages and its answers; each
:class:`Answer` has a value (``"yes"``), its words, and the node it leads to: another question or a
:class:`Ruling`. :func:`walk` follows the answers given (a mapping from question key to answer value)
as far as they go. Every class has a ``to_dict()`` JSON form, for the tournament console and the
table's score terminal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from burraco.arbiter.effect_words import describe
from burraco.arbiter.effects import Effect
from burraco.arbiter.text import InvalidAnswerError, Lang, Text, UnknownQuestionError


@dataclass(frozen=True)
class Ruling:
    """The arbiter's decision: the code's words (paraphrased, both languages) and the effects.

    ``also`` lists other articles the ruling applies with this one (Art. 13's "no closing for a
    round", Art. 17's point B); ``note`` says how this program reads the code where it is silent.
    """

    key: str
    article: int
    words: Text
    effects: tuple[Effect, ...]
    also: tuple[int, ...] = ()
    note: Text | None = None

    def to_dict(self) -> dict[str, object]:
        """The ruling as JSON data; each effect carries its sentence in both languages (``text``)."""
        return {
            "type": "ruling",
            "key": self.key,
            "article": self.article,
            "words": self.words.to_dict(),
            "effects": [
                {**effect.to_dict(), "text": {lang.value: describe(effect, lang) for lang in Lang}}
                for effect in self.effects
            ],
            "also": list(self.also),
            "note": self.note.to_dict() if self.note is not None else None,
        }


@dataclass(frozen=True)
class Answer:
    """One answer to a question, and where it leads."""

    value: str
    text: Text
    then: Node

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "text": self.text.to_dict(), "then": self.then.to_dict()}


@dataclass(frozen=True)
class Question:
    """A question the arbiter asks, with its possible answers."""

    key: str
    text: Text
    answers: tuple[Answer, ...]

    def answer(self, value: str) -> Answer:
        """The answer whose value is ``value`` (case and surrounding spaces ignored)."""
        wanted = value.strip().lower()
        for answer in self.answers:
            if answer.value == wanted:
                return answer
        choices = ", ".join(a.value for a in self.answers)
        raise InvalidAnswerError(
            Text(
                f"risposta non valida {value!r} alla domanda {self.key!r}: le risposte sono {choices}",
                f"invalid answer {value!r} to the question {self.key!r}: the answers are {choices}",
            )
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "type": "question",
            "key": self.key,
            "text": self.text.to_dict(),
            "answers": [answer.to_dict() for answer in self.answers],
        }


Node = Question | Ruling
"""A node of a tree: a question to ask, or the ruling reached."""


@dataclass(frozen=True)
class Article:
    """One article of the code: its number, title and summary, and its decision tree."""

    number: int
    title: Text
    summary: Text
    tree: Node

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "title": self.title.to_dict(),
            "summary": self.summary.to_dict(),
            "tree": self.tree.to_dict(),
        }


@dataclass(frozen=True)
class Walk:
    """How far a set of answers leads: the questions answered on the way, and the node reached
    (the next question to ask, or the ruling)."""

    steps: tuple[tuple[Question, Answer], ...]
    node: Node


def questions(node: Node) -> Iterator[Question]:
    """Every question of a tree, depth first (a question shared by two branches comes twice)."""
    if isinstance(node, Question):
        yield node
        for answer in node.answers:
            yield from questions(answer.then)


def rulings(node: Node) -> Iterator[Ruling]:
    """Every ruling of a tree, depth first (a ruling shared by two branches comes twice)."""
    if isinstance(node, Ruling):
        yield node
    else:
        for answer in node.answers:
            yield from rulings(answer.then)


def walk(article: Article, answers: Mapping[str, str]) -> Walk:
    """Follow ``answers`` from the root of ``article``'s tree until a question has no answer or a
    ruling is reached. Answers to questions off the path are ignored; an answer to a question the
    article never asks, or one that is not among its question's answers, is an :class:`AnswerError`."""
    asked = {q.key for q in questions(article.tree)}
    unknown = sorted(set(answers) - asked)
    if unknown:
        known = ", ".join(sorted(asked))
        raise UnknownQuestionError(
            Text(
                f"l'art. {article.number} non pone la domanda {unknown[0]!r}; le sue domande sono {known}",
                f"Art. {article.number} asks no question {unknown[0]!r}; its questions are {known}",
            )
        )
    steps: list[tuple[Question, Answer]] = []
    node = article.tree
    while isinstance(node, Question) and node.key in answers:
        answer = node.answer(answers[node.key])
        steps.append((node, answer))
        node = answer.then
    return Walk(tuple(steps), node)
