"""Bot workers on other machines: the web process puts each decision on a list in Redis and waits for the
answer; ``burraco bot-worker`` processes (:func:`serve_bots`), on any machine that reaches Redis, take
them one by one and think them in their own worker processes (``thinking_workers.py``).

A plain list and a reply list, not a job queue (saq): a decision lives for seconds and is never tried
again (a late one is replaced by a cheaper bot's move in the web process), so it needs no job record,
retries or sweeps, and a round trip costs a few Redis commands. Keys, under the deployment's namespace:

* ``<ns>:bots:queue`` — the decisions waiting, oldest first: a JSON header (its id, where to answer,
  when it is due, the stall limit) and the encoded thought;
* ``<ns>:bots:reply:<web process>`` — the answers for one web process (expiring a minute after the last
  one), read by one task of that process.

A worker drops a decision already due (its table has moved on). Thoughts and answers decode only the
game's classes (``thought.py``); Redis must still be reachable only by the deployment's own processes.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import socket
import time
import uuid
from collections import Counter
from typing import Final

from redis.asyncio import Redis
from redis.exceptions import RedisError

from burraco.web.table.thinking_workers import LocalWorkers
from burraco.web.table.thought import ThinkingError

log = logging.getLogger(__name__)
BLOCK: Final = 1
"""Seconds one wait for a decision or an answer blocks (how soon a stop is noticed)."""
REPLY_TTL: Final = 60
"""Seconds a reply list lives after its last answer (a web process that stopped leaves none behind)."""
RETRY: Final = 1.0
"""Seconds between attempts to reach Redis while it does not answer."""


def queue_key(namespace: str) -> str:
    return f"{namespace}:bots:queue"


def _connect(redis_url: str) -> Redis:
    return Redis.from_url(redis_url, socket_connect_timeout=2, socket_timeout=BLOCK + 5, health_check_interval=30)


def _bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def _split(message: bytes) -> tuple[dict[str, object], bytes]:
    header, _, body = message.partition(b"\n")
    found = json.loads(header)
    if not isinstance(found, dict):
        raise ValueError("not a bot decision")
    return found, body


class RemoteThinkers:
    """The web process's side: each decision sent to the queue, its answer awaited on this process's
    reply list."""

    backend = "redis"

    def __init__(self, redis_url: str, namespace: str) -> None:
        self.redis = _connect(redis_url)
        self.queue = queue_key(namespace)
        self.reply = f"{namespace}:bots:reply:{uuid.uuid4().hex}"
        self._ids = itertools.count(1)
        self._waiting: dict[str, asyncio.Future[bytes]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self.answered: Counter[str] = Counter()
        """Answers received, by the worker that thought them (``host:pid``)."""

    async def ask(self, payload: bytes, stall: float, wait: float) -> bytes:
        """A worker's answer to the encoded thought ``payload`` (``ThinkingError`` if none comes within
        ``wait`` seconds, or Redis cannot be reached)."""
        if wait <= 0:
            raise ThinkingError("due before it was sent")
        if self._reader is None:
            self._reader = asyncio.get_running_loop().create_task(self._read())
        job, due = f"{next(self._ids)}", time.time() + wait
        header = {"id": job, "reply": self.reply, "due": due, "stall": stall}
        answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiting[job] = answer
        try:
            await asyncio.wait_for(self.redis.lpush(self.queue, json.dumps(header).encode() + b"\n" + payload), wait)
            return await asyncio.wait_for(answer, max(0.0, due - time.time()))
        except TimeoutError:
            raise ThinkingError(f"no bot worker answered in {wait:.1f} s") from None
        except RedisError as error:
            raise ThinkingError(f"the bot queue cannot be reached ({error})") from error
        finally:
            del self._waiting[job]

    async def _read(self) -> None:
        """Hand each answer on this process's reply list to the decision waiting for it."""
        while not self._closing:
            try:
                found = await self.redis.brpop([self.reply], timeout=BLOCK)
            except RedisError as error:
                log.warning("the bot answers cannot be read from Redis (%s): trying again", error)
                await asyncio.sleep(RETRY)
                continue
            if found is None:
                continue
            try:
                header, answer = _split(_bytes(found[1]))
            except ValueError:
                log.error("a malformed bot answer was dropped")
                continue
            self.answered[str(header.get("worker"))] += 1
            waiting = self._waiting.get(str(header.get("id")))
            if waiting is not None and not waiting.done():
                waiting.set_result(answer)

    async def aclose(self) -> None:
        self._closing = True  # (redis-py may swallow a cancellation that comes as a command starts)
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.wait([self._reader], timeout=BLOCK + 1)
        await self.redis.aclose()


class BotWorker:
    """A ``burraco bot-worker``: ``jobs`` decisions thought at once, in as many worker processes, taken
    from the queue of ``namespace`` until :meth:`stop`."""

    def __init__(self, redis_url: str, namespace: str, jobs: int = 1) -> None:
        self.redis = _connect(redis_url)
        self.queue = queue_key(namespace)
        self.jobs = jobs
        self.workers = LocalWorkers(jobs)
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.thought = 0
        """Decisions answered."""
        self.stale = 0
        """Decisions dropped because they were already due when taken."""
        self._stop = asyncio.Event()

    def stop(self) -> None:
        """Take no more decisions (those being thought are answered first)."""
        self._stop.set()

    async def run(self) -> None:
        """Start the worker processes and think decisions until stopped."""
        await self.workers.start()
        log.info("bot worker %s thinks %d decisions at once from %s", self.name, self.jobs, self.queue)
        try:
            await asyncio.gather(*(self._take() for _ in range(self.jobs)))
        finally:
            await self.workers.aclose()
            await self.redis.aclose()
            log.info("bot worker %s stopped: %d decisions thought", self.name, self.thought)

    async def _take(self) -> None:
        while not self._stop.is_set():
            try:
                found = await self.redis.brpop([self.queue], timeout=BLOCK)
            except RedisError as error:
                log.warning("the bot queue cannot be read (%s): trying again", error)
                await asyncio.sleep(RETRY)
                continue
            if found is not None:
                await self._answer(_bytes(found[1]))

    async def _answer(self, message: bytes) -> None:
        try:
            header, payload = _split(message)
            job, reply, due, stall = str(header["id"]), str(header["reply"]), header["due"], header["stall"]
            assert isinstance(due, (int, float)) and isinstance(stall, (int, float))
        except (ValueError, KeyError, AssertionError):
            log.error("a malformed bot decision was dropped")
            return
        if due <= time.time():
            self.stale += 1
            return
        try:
            answer = await self.workers.ask(payload, float(stall))
        except ThinkingError as error:
            answer = b"!" + str(error).encode()
        self.thought += 1
        out = json.dumps({"id": job, "worker": self.name}).encode() + b"\n" + answer
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.lpush(reply, out)
                pipe.expire(reply, REPLY_TTL)
                await pipe.execute()
        except RedisError as error:
            log.warning("a bot answer could not be sent (%s)", error)
        log.debug("bot decision %s of %s answered", job, reply)
