"""Tournament files: JSON, written atomically (temporary file + ``os.replace``) so that a crash or
a power cut never leaves a half-written file behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from burraco.tournament.director import Tournament
from burraco.tournament.errors import TournamentFileError
from burraco.tournament.model_json import state_from_dict, state_to_dict


def load(path: str | os.PathLike[str]) -> Tournament:
    """The tournament stored at ``path``; a missing or malformed file raises TournamentFileError."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TournamentFileError(f"no tournament file at {file}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise TournamentFileError(f"cannot read {file}: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TournamentFileError(f"{file} is not valid JSON (line {error.lineno}): {error.msg}") from None
    return Tournament(state_from_dict(data))


def save(tournament: Tournament, path: str | os.PathLike[str]) -> None:
    """Write ``tournament`` to ``path`` atomically."""
    write_atomic(Path(path), json.dumps(state_to_dict(tournament.state), indent=1, ensure_ascii=False) + "\n")


def write_atomic(path: Path, content: str | bytes) -> None:
    """Replace ``path`` with ``content`` in one step: write a sibling temp file, then rename it."""
    directory = path.parent if str(path.parent) else Path(".")
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise TournamentFileError(f"cannot write {path}: {error}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise TournamentFileError(f"cannot write {path}: {error}") from None
