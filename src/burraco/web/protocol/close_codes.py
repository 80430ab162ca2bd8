"""Every WebSocket close code the server uses, in one place; the page reads them from ``/protocol.js``
(:func:`javascript_module`), so no number is copied by hand into the browser's code.

A close code in 4400–4999 means "refused for good: do not reconnect"; every other one asks the client to
reconnect: 1012 and 1013 (to another process, or after reading too slowly), 4008 and 4029 (a socket
that said nothing for too long or sent too much; a page that pings never meets them), 1011 (the
transport's keep-alive: the client did not answer the server's ping in time, ``http/ws_keepalive.py``),
1000 (a socket whose client left or whose server stops).

>>> CloseCode.GONE, CloseCode.GONE.retry
(<CloseCode.GONE: 4410>, False)
>>> CloseCode.MOVED.retry, CloseCode.SILENT.retry
(True, True)
>>> javascript_module().splitlines()[1][:80]
'export const CLOSE_CODES = Object.freeze({"NORMAL": 1000, "MOVED": 1012, "SLOW":'
"""

from __future__ import annotations

import json
from enum import IntEnum


class CloseCode(IntEnum):
    """Why the server closed a table's socket."""

    NORMAL = 1000
    """The client left, or the server stops."""
    MOVED = 1012
    """The table moved to another process (or is moving): reconnect."""
    SLOW = 1013
    """The client did not read its messages: reconnect and get the whole state."""
    SILENT = 4008
    """The client sent nothing (not even a ``ping`` message) for ``Limits.socket_silence`` seconds: a
    page pings every few seconds, so this is a tab that froze or a client that only answers the
    transport's pings. Reconnect when the page is back."""
    FLOOD = 4029
    """The client went on sending messages after many answers "too many messages": reconnect, slower."""
    NO_SESSION = 4401
    """The socket has no session (log in or pick a guest name first, then reconnect)."""
    PRACTICE = 4403
    """A private practice table (one human and bots) or an all-bot table is its owner's: nobody else may
    watch it."""
    MISSING = 4404
    """There is no such table (do not retry)."""
    INVITE_ONLY = 4406
    """A private table with friends: only its owner, its players and whoever opened one of its invitation
    links may watch it (``table/invited.py``)."""
    GONE = 4410
    """The table's match is over or the table was closed (do not retry; its history stays readable)."""
    CROWDED = 4429
    """The table has as many spectators as it allows."""
    TOO_MANY_SOCKETS = 4430
    """The user has as many table sockets open as the server allows one user (other tabs, other tables)."""

    @property
    def retry(self) -> bool:
        """Whether a client should reconnect after this close."""
        return self < 4400


def javascript_module() -> str:
    """The ES module the page imports as ``/protocol.js``: ``CLOSE_CODES`` by name."""
    codes = json.dumps({code.name: code.value for code in CloseCode})
    return f"// generated from burraco.web.protocol.close_codes\nexport const CLOSE_CODES = Object.freeze({codes});\n"
