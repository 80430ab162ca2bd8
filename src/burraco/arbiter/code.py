"""The arbiter's code: the irregularities of Art. 12–23 of the federation's competition code, and how to
reach a ruling from the facts.

>>> [a.number for a in ARTICLES]
[12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]
>>> article(17).title.it
'Pesca, raccolta o giocata fuori turno'
>>> ruling = rule(23, {"repeated": "yes"})
>>> ruling.article, [effect.kind.value for effect in ruling.effects]
(23, ['standings_penalty'])
>>> step(12, {"situation": "exposed"}).node.key
'turn'
>>> from burraco.arbiter.text import Lang
>>> try:
...     rule(12, {"situation": "exposed"})
... except MissingAnswerError as error:
...     print(error.message(Lang.IT))
...     print(error.message(Lang.EN))
art. 12: manca la risposta alla domanda 'turn' (Quando è successo?): le risposte sono own_turn, out_of_turn
Art. 12: the question 'turn' (When did it happen?) has no answer: the answers are own_turn, out_of_turn
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from burraco.arbiter import art12, art16, art17
from burraco.arbiter.art13_15 import ARTICLE_13, ARTICLE_14, ARTICLE_15
from burraco.arbiter.art18_19 import ARTICLE_18, ARTICLE_19
from burraco.arbiter.pozzetti import ARTICLE_20, ARTICLE_21, ARTICLE_22, ARTICLE_23
from burraco.arbiter.text import MissingAnswerError, Text, UnknownArticleError
from burraco.arbiter.tree import Article, Question, Ruling, Walk, walk

ARTICLES: Final[tuple[Article, ...]] = (
    art12.ARTICLE,
    ARTICLE_13,
    ARTICLE_14,
    ARTICLE_15,
    art16.ARTICLE,
    art17.ARTICLE,
    ARTICLE_18,
    ARTICLE_19,
    ARTICLE_20,
    ARTICLE_21,
    ARTICLE_22,
    ARTICLE_23,
)
"""Every article on irregularities of cards and pozzetti, in order."""

_BY_NUMBER: Final = {a.number: a for a in ARTICLES}


def article(number: int) -> Article:
    """The article ``number`` (12 to 23), or :class:`UnknownArticleError`.

    >>> article(11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    burraco.arbiter.text.UnknownArticleError: l'art. 11 non è tra le irregolarità: ... / Art. 11 is not among ...
    """
    try:
        return _BY_NUMBER[number]
    except KeyError:
        first, last = ARTICLES[0].number, ARTICLES[-1].number
        raise UnknownArticleError(
            Text(
                f"l'art. {number} non è tra le irregolarità: scegli un articolo da {first} a {last}",
                f"Art. {number} is not among the irregularities: choose an article from {first} to {last}",
            )
        ) from None


def step(number: int, answers: Mapping[str, str]) -> Walk:
    """How far ``answers`` lead in article ``number``: the next question to ask, or the ruling.

    An interactive caller (the terminal, a web console) asks ``walk.node`` while it is a question."""
    return walk(article(number), answers)


def rule(number: int, answers: Mapping[str, str]) -> Ruling:
    """The ruling of article ``number`` for the facts in ``answers`` (question key → answer value).

    A question on the path without an answer is a :class:`MissingAnswerError` naming it; an answer that
    is not one of its question's, or for a question the article never asks, an :class:`AnswerError`."""
    node = step(number, answers).node
    if isinstance(node, Question):
        raise missing(number, node)
    return node


def missing(number: int, question: Question) -> MissingAnswerError:
    """The error for ``question`` of article ``number`` left without an answer."""
    choices = ", ".join(a.value for a in question.answers)
    return MissingAnswerError(
        Text(
            f"art. {number}: manca la risposta alla domanda {question.key!r} ({question.text.it}): "
            f"le risposte sono {choices}",
            f"Art. {number}: the question {question.key!r} ({question.text.en}) has no answer: "
            f"the answers are {choices}",
        ),
        question.key,
    )


def to_dict() -> dict[str, object]:
    """The whole code as JSON data: every article with its tree."""
    return {"articles": [a.to_dict() for a in ARTICLES]}
