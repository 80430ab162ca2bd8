"""The arbiter's code: the irregularities of the federation's competition code (*Codice di Gara*,
Art. 12–23) as data, for the arbiter called to a table ("Chiama l'arbitro").

Each article is a decision tree (:class:`Article`, :class:`Question`, :class:`Answer`) whose leaves are
rulings (:class:`Ruling`): the code's words in Italian and English and typed effects
(:mod:`burraco.arbiter.effects`). :func:`rule` walks a tree with the facts; :func:`step` stops at the
next question, for an interactive caller. Everything has a ``to_dict()`` JSON form.
:func:`irregularities` turns a ruling's effects and the cards the arbiter saw into the core's scoring
input, so the hand the arbiter ruled on is scored by the table's own code.

Pure: no I/O; imports only :mod:`burraco.core` (its errors and the scoring input).

>>> r = rule(17, {"situation": "played", "next_played": "no"})
>>> r.words(Lang.EN)[:42]
'When challenged the guilty player stops, a'
"""

from __future__ import annotations

from burraco.arbiter.code import ARTICLES, article, rule, step, to_dict
from burraco.arbiter.effect_words import describe
from burraco.arbiter.scoring import ScoringInputError, irregularities
from burraco.arbiter.text import (
    AnswerError,
    ArbiterError,
    InvalidAnswerError,
    Lang,
    MissingAnswerError,
    Text,
    UnknownArticleError,
    UnknownLanguageError,
    UnknownQuestionError,
)
from burraco.arbiter.tree import Answer, Article, Node, Question, Ruling, Walk

__all__ = [
    "ARTICLES",
    "Answer",
    "AnswerError",
    "ArbiterError",
    "Article",
    "InvalidAnswerError",
    "Lang",
    "MissingAnswerError",
    "Node",
    "Question",
    "Ruling",
    "ScoringInputError",
    "Text",
    "UnknownArticleError",
    "UnknownLanguageError",
    "UnknownQuestionError",
    "Walk",
    "article",
    "describe",
    "irregularities",
    "rule",
    "step",
    "to_dict",
]
