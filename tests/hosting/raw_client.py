"""A raw JSON-lines client of the table server for tests: no validation on the way out,
so tests can send anything; every message received is kept in order."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hosting.protocol import MAX_SERVER_LINE, PROTOCOL_VERSION, decode_server

TIMEOUT = 10.0


class RawClient:
    """One connection to the table server's socket."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.seen: list[dict[str, Any]] = []  # every message received, in order
        self._unread: list[dict[str, Any]] = []

    @classmethod
    async def connect(cls, socket_path: Path | str) -> RawClient:
        reader, writer = await asyncio.open_unix_connection(
            str(socket_path), limit=MAX_SERVER_LINE + 1
        )
        return cls(reader, writer)

    @classmethod
    async def hello(cls, server: Any, key: str, name: str | None = None) -> RawClient:
        """Connected, welcomed (and named) as the player ``key`` of a TableServer."""
        client = await cls.connect(server.socket_path)
        await client.send(
            {"type": "hello", "v": PROTOCOL_VERSION, "token": server.issue_token(key)}
        )
        await client.recv("welcome")
        await client.recv("lobby")
        if name is not None:
            await client.send({"type": "set_name", "name": name})
            await client.recv("you")
        return client

    async def send(self, msg: dict[str, Any]) -> None:
        await self.send_raw(json.dumps(msg).encode() + b"\n")

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def _next(self, timeout: float) -> dict[str, Any] | None:
        """The next message off the wire (checked by the protocol), ``None`` at the end."""
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        if not line:
            return None
        msg = decode_server(line)
        self.seen.append(msg)
        return msg

    async def recv(self, kind: str, timeout: float = TIMEOUT, **fields: Any) -> dict[str, Any]:
        """The next message of type ``kind`` (whose fields equal ``fields``); messages of
        other kinds stay for later ``recv`` calls. Fails after ``timeout`` seconds."""

        def fits(msg: dict[str, Any]) -> bool:
            return msg["type"] == kind and all(msg.get(k) == v for k, v in fields.items())

        for i, msg in enumerate(self._unread):
            if fits(msg):
                return self._unread.pop(i)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(
                    f"no {kind} {fields or ''} within {timeout} s; "
                    f"unread: {[m['type'] for m in self._unread]}"
                )
            try:
                msg = await self._next(left)
            except TimeoutError:
                continue
            if msg is None:
                raise ConnectionError(f"closed while waiting for {kind}")
            if fits(msg):
                return msg
            self._unread.append(msg)

    async def until(
        self, kind: str, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """The first ``kind`` message (unread or new) for which ``predicate`` holds; the
        ``kind`` messages before it are used up."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            msg = await self.recv(kind, max(0.01, deadline - loop.time()))
            if predicate(msg):
                return msg

    async def error(self, code: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next ``error``, which must have this code."""
        msg = await self.recv("error", timeout)
        assert msg["code"] == code, msg
        return msg

    async def closed(self, timeout: float = TIMEOUT) -> bool:
        """True once the server has closed the connection (messages before are kept)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            try:
                msg = await self._next(deadline - loop.time())
            except ConnectionError:
                return True
            except TimeoutError:
                return False
            if msg is None:
                return True
            self._unread.append(msg)
        return False

    def drop_unread(self) -> None:
        self._unread.clear()

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


async def anna_and_bob(server: Any) -> tuple[RawClient, RawClient]:
    """Anna and Bob, each welcomed and named, at a TableServer."""
    anna = await RawClient.hello(server, "SHA256:anna", "Anna")
    bob = await RawClient.hello(server, "SHA256:bob", "Bob")
    return anna, bob


async def eventually(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Wait (polling) until ``condition()`` holds; fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition did not come true in time"
        await asyncio.sleep(0.02)
