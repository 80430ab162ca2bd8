"""Two-language text and the arbiter's errors: every word the arbiter's code shows is Italian and English.

>>> words = Text("carta esposta", "exposed card")
>>> words(Lang.IT), words(Lang.EN)
('carta esposta', 'exposed card')
>>> words.to_dict()
{'it': 'carta esposta', 'en': 'exposed card'}
>>> Lang.parse("en") is Lang.EN
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from burraco.core.errors import BurracoError


class Lang(StrEnum):
    """The languages of the arbiter's code: Italian first (the players' and the federation's language)."""

    IT = "it"
    EN = "en"

    @classmethod
    def parse(cls, value: str) -> Lang:
        """The language named ``value`` (``it`` or ``en``), or :class:`UnknownLanguageError`.

        >>> Lang.parse("fr")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        burraco.arbiter.text.UnknownLanguageError: lingua sconosciuta 'fr': ... / unknown language 'fr': choose it or en
        """
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise UnknownLanguageError(
                Text(f"lingua sconosciuta {value!r}: scegli it o en", f"unknown language {value!r}: choose it or en")
            ) from None


@dataclass(frozen=True)
class Text:
    """The same words in Italian and in English."""

    it: str
    en: str

    def __call__(self, lang: Lang) -> str:
        return self.it if lang is Lang.IT else self.en

    def to_dict(self) -> dict[str, str]:
        return {"it": self.it, "en": self.en}

    def __add__(self, other: Text) -> Text:
        """Two texts joined by a space, language by language."""
        return Text(f"{self.it} {other.it}", f"{self.en} {other.en}")


class ArbiterError(BurracoError):
    """Bad input to the arbiter's code (an unknown article, a missing or invalid answer).

    The message is in both languages (``str()`` gives ``italiano / English``); :meth:`message` gives one.
    """

    def __init__(self, text: Text) -> None:
        super().__init__(f"{text.it} / {text.en}")
        self.text = text

    def message(self, lang: Lang) -> str:
        """The message in one language."""
        return self.text(lang)


class UnknownLanguageError(ArbiterError):
    """A language other than ``it`` and ``en``."""


class UnknownArticleError(ArbiterError):
    """An article number the arbiter's code does not hold (it holds Art. 12–23)."""


class AnswerError(ArbiterError):
    """An answer that cannot lead to a ruling: missing, not one of the question's answers, or for no question."""


class MissingAnswerError(AnswerError):
    """A question on the path has no answer; :attr:`question_key` names it."""

    def __init__(self, text: Text, question_key: str) -> None:
        super().__init__(text)
        self.question_key = question_key


class InvalidAnswerError(AnswerError):
    """An answer that is not one of its question's answers."""


class UnknownQuestionError(AnswerError):
    """An answer given for a question the article does not ask."""
