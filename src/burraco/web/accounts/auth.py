"""Accounts, guests and session cookies: argon2 password hashes, itsdangerous-signed sessions.

>>> hashed = hash_password("correct horse")
>>> hashed.startswith("$argon2"), verify_password(hashed, "correct horse"), verify_password(hashed, "nope")
(True, True, False)
>>> sessions = SessionSigner("secret")
>>> sessions.load(sessions.dump(42, "token"))
(42, 'token')
>>> sessions.load("forged.cookie") is None
True
"""

from __future__ import annotations

import functools
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from disarm import skeleton_key
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE: Final = "burraco_session"
SESSION_DAYS: Final = 30
MAX_NAME: Final = 24
NAME_MARKS: Final = frozenset(" _.-'\u2019")
"""Besides letters (of any alphabet, with their accents) and digits, a name may hold these."""
MIN_PASSWORD: Final = 8
_HASHER: Final = PasswordHasher()


class AuthError(ValueError):
    """Bad credentials or an invalid name or password."""


class NameConfusable(AuthError):
    """A new account's name looks like an existing account's: their :func:`name_skeleton` is the same."""


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


@functools.cache
def dummy_hash() -> str:
    """The hash an unknown account name is checked against: a login for a name that does not exist
    costs one argon2 verification, like one for a name that does (no timing tells them apart)."""
    return hash_password(secrets.token_urlsafe(24))


def verify_password(hashed: str, password: str) -> bool:
    try:
        return _HASHER.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


class SessionSigner:
    """Signs a user id and a session token into a cookie value and checks it (with an expiry). The
    session must also still exist in the database (:func:`session_user`): logging out deletes it."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="burraco-session")

    def dump(self, user_id: int, token: str) -> str:
        return self._serializer.dumps([user_id, token])

    def load(self, value: str | None) -> tuple[int, str] | None:
        if not value:
            return None
        try:
            data = self._serializer.loads(value, max_age=SESSION_DAYS * 86400)
        except BadSignature:
            return None
        if isinstance(data, list) and len(data) == 2 and type(data[0]) is int and isinstance(data[1], str):
            return data[0], data[1]
        return None


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    kind: str
    mu: float
    sigma: float
    matches: int
    address: str | None = field(default=None, compare=False)
    """The client's address, on a table socket's user (its chat is limited per address too,
    ``table/chat.py``); None elsewhere."""

    @property
    def display(self) -> str:
        return f"{self.name} (guest)" if self.kind == "guest" else self.name

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "display": self.display,
            "kind": self.kind,
            "rating": round(self.mu - 3 * self.sigma, 2),
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "matches": self.matches,
        }


def _name_char(char: str) -> bool:
    return unicodedata.category(char)[0] in "LMN" or char in NAME_MARKS


def check_name(name: str) -> str:
    """A name, NFC-normalised and stripped: 2 to 24 letters of any alphabet, digits, spaces,
    apostrophes, '_', '.' or '-', starting with a letter or digit (no control characters, no markup).

    >>> check_name(" Niccolo\u0300 "), check_name("D'Amico"), check_name("Zoë")
    ('Niccolò', "D'Amico", 'Zoë')
    """
    name = unicodedata.normalize("NFC", name).strip()
    if not (2 <= len(name) <= MAX_NAME and unicodedata.category(name[0])[0] in "LN" and all(map(_name_char, name))):
        raise AuthError(
            "a name has 2 to 24 letters, digits, spaces, apostrophes, '_', '.' or '-', "
            "and starts with a letter or digit"
        )
    return name


def name_key(name: str) -> str:
    """The case-insensitive key that keeps account names unique: ``Zoë``, ``ZOË`` and ``zoë`` are one.

    >>> name_key("STRAẞE") == name_key("strasse")
    True
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).strip().casefold())


def name_skeleton(name: str) -> str:
    """What a name looks like: its confusable skeleton (Unicode TS #39), case-folded. Two names with one
    skeleton look alike (a Cyrillic "е" for a Latin "e", "I" or "1" for "l", "0" for "O"), so a new
    account may not take a name whose skeleton an account has (``disarm.skeleton_key`` with TR39's digit
    classes; a name whose every character folds away keeps its :func:`name_key`).

    >>> name_skeleton("\u0415lena") == name_skeleton("elena") == name_skeleton("ELENA")  # Cyrillic Е
    True
    >>> len({name_skeleton(n) for n in ("Paolo", "PaoIo", "Pao1o", "Ρaolo")})  # I, 1 and a Greek Ρ
    1
    >>> name_skeleton("Zoë") == name_skeleton("Zoe"), name_skeleton("Anna") == name_skeleton("Ana")
    (False, False)
    """
    normal = unicodedata.normalize("NFC", name).strip()
    return skeleton_key(normal, digit_policy="tr39") or name_key(normal)
