"""The asyncio Redis client a process shares between its relay, limits, presence and chat.

redis-py's plain pool *fails* a command when its connections are all in use ("Too many
connections", 100 by default): at a few thousand tables a burst of sockets joining at once asks
for more than that, and every command past the limit was lost (a relayed message, a socket count).
A blocking pool makes such a command wait for a free connection instead, for at most
:data:`WAIT` seconds, so a burst costs a few milliseconds of queueing and no error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from redis.asyncio import Redis

CONNECTIONS: Final = 64
"""Connections a process keeps open to Redis at most (the relay's subscription holds one)."""
WAIT: Final = 10.0
"""Seconds a command waits for a free connection before it fails."""


def shared_redis(url: str) -> Redis:
    """A client on ``url`` whose commands wait for a free connection rather than fail.

    >>> client = shared_redis("redis://127.0.0.1:6379/0")
    >>> client.connection_pool.max_connections
    64
    """
    from redis.asyncio import BlockingConnectionPool, Redis

    pool = BlockingConnectionPool.from_url(url, max_connections=CONNECTIONS, timeout=WAIT, decode_responses=True)
    return Redis.from_pool(pool)  # the client owns the pool: closing it closes the connections
