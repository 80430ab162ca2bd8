"""What relayed sockets' messages look like between processes (``relay.py``): the Redis channels
each process reads, several messages bundled in one pub/sub payload, and each message's operation."""

from __future__ import annotations

from enum import StrEnum


def inbox(namespace: str, process: str) -> str:
    """The channel a process reads the messages of the sockets relayed to it."""
    return f"{namespace}:inbox:{process}"


def outbox(namespace: str, process: str) -> str:
    """The channel a process reads what owners send its relayed sockets."""
    return f"{namespace}:outbox:{process}"


def bundle(messages: list[str]) -> str:
    """Several messages as one pub/sub payload: each is preceded by its length and a colon.

    >>> bundle(["s a#1 {}", "c a#2 1012 gone"])
    '8:s a#1 {}15:c a#2 1012 gone'
    >>> unbundle(bundle(["x", "", "y:z"]))
    ['x', '', 'y:z']
    """
    return "".join(f"{len(message)}:{message}" for message in messages)


def unbundle(payload: str) -> list[str]:
    """The messages of a :func:`bundle`."""
    messages: list[str] = []
    at = 0
    while at < len(payload):
        colon = payload.index(":", at)
        end = colon + 1 + int(payload[at:colon])
        messages.append(payload[colon + 1 : end])
        at = end
    return messages


class RelayOp(StrEnum):
    """The first word of a relayed message: what it asks of the process that reads it."""

    SEND = "s"
    """Owner to follower: a text for the relayed socket."""
    CLOSE = "c"
    """Owner to follower: close the relayed socket with a code and reason."""
    JOIN = "j"
    """Follower to owner: a socket asks to join a table (with its user)."""
    MESSAGE = "m"
    """Follower to owner: a message the relayed socket sent."""
    LEAVE = "l"
    """Follower to owner: the relayed socket closed."""
    ADOPTED = "a"
    """Owner to follower: the table was handed over to the follower, which serves the socket itself."""
