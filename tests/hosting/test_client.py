"""TableClient against a scripted server on a real unix socket: hello and welcome, the
messages in order, early messages kept until a handler is set, refusals and a lost link
told in one line, and sends checked against the protocol."""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from hosting import protocol
from hosting.client import TableClient, TableClientError

WELCOME = {
    "type": "welcome",
    "v": 1,
    "you": {"name": "Anna", "bell": False, "key": "SHA256:x"},
    "seated": [],
}
LOBBY = {"type": "lobby", "tables": [], "results": []}
TIMEOUT = 10.0

Script = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class Scripted:
    """A unix-socket server running ``script`` for each connection; keeps what it read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.received: list[dict] = []
        self.script: Script | None = None
        self.server: asyncio.AbstractServer | None = None

    async def start(self, script: Script) -> None:
        self.script = script

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            assert self.script is not None
            try:
                await self.script(reader, writer)
            finally:
                writer.close()

        self.server = await asyncio.start_unix_server(handle, path=str(self.path))

    async def read(self, reader: asyncio.StreamReader) -> dict:
        msg = protocol.decode_client(await reader.readline())
        self.received.append(msg)
        return msg


@pytest.fixture
async def scripted() -> AsyncIterator[Scripted]:
    with tempfile.TemporaryDirectory(prefix="rtc") as folder:  # short: AF_UNIX paths
        server = Scripted(Path(folder) / "s.sock")
        yield server
        if server.server is not None:
            server.server.close()
            await server.server.wait_closed()


async def until(predicate: Callable[[], bool]) -> None:
    """Poll until ``predicate`` holds (generous timeout, no timing assertion)."""
    async with asyncio.timeout(TIMEOUT):
        while not predicate():
            await asyncio.sleep(0.01)


async def test_connect_says_hello_and_returns_the_welcome(scripted: Scripted) -> None:
    async def script(reader, writer) -> None:
        await scripted.read(reader)
        writer.write(protocol.encode(WELCOME))
        writer.write(protocol.encode(LOBBY))
        await scripted.read(reader)  # the set_name below
        await reader.read()  # until the client closes

    await scripted.start(script)
    client = TableClient()
    welcome = await client.connect(scripted.path, "tok-1")
    assert welcome == WELCOME
    assert scripted.received == [
        {"type": "hello", "v": protocol.PROTOCOL_VERSION, "token": "tok-1"}
    ]
    got: list[dict] = []
    client.on_message = got.append  # the lobby sent with the welcome is kept until now
    await until(lambda: bool(got))
    assert got == [LOBBY]
    client.send({"type": "set_name", "name": "Bob"})
    await until(lambda: len(scripted.received) == 2)
    assert scripted.received[1] == {"type": "set_name", "name": "Bob"}
    lost: list[str] = []
    client.on_lost = lost.append
    client.close()
    await client.wait_closed()
    assert not client.connected
    assert lost == []  # closing on purpose is not a lost connection


async def test_messages_arrive_in_order(scripted: Scripted) -> None:
    moves = [
        {"type": "move", "table": 3, "index": i, "seat": i % 2, "text": f"m{i}"} for i in range(50)
    ]

    async def script(reader, writer) -> None:
        await scripted.read(reader)
        writer.write(protocol.encode(WELCOME))
        for move in moves:
            writer.write(protocol.encode(move))
        await reader.read()

    await scripted.start(script)
    client = TableClient()
    got: list[dict] = []
    client.on_message = got.append
    await client.connect(scripted.path, "t")
    await until(lambda: len(got) == len(moves))
    assert got == moves
    client.close()
    await client.wait_closed()


async def test_a_refused_token_is_one_line(scripted: Scripted) -> None:
    async def script(reader, writer) -> None:
        await scripted.read(reader)
        writer.write(protocol.encode(protocol.error("token", "This session is not known.")))

    await scripted.start(script)
    with pytest.raises(TableClientError) as caught:
        await TableClient().connect(scripted.path, "bad")
    assert str(caught.value) == "The table server refused: This session is not known."


async def test_no_server_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(TableClientError) as caught:
        await TableClient().connect(tmp_path / "none.sock", "t")
    assert str(caught.value).startswith("Cannot reach the table server: ")
    assert "\n" not in str(caught.value)


async def test_a_server_that_closes_before_welcome(scripted: Scripted) -> None:
    async def script(reader, writer) -> None:
        await scripted.read(reader)

    await scripted.start(script)
    with pytest.raises(TableClientError, match="closed the connection"):
        await TableClient().connect(scripted.path, "t")


async def test_a_server_that_never_answers(scripted: Scripted) -> None:
    async def script(reader, writer) -> None:
        await reader.read()

    await scripted.start(script)
    with pytest.raises(TableClientError, match="did not answer"):
        await TableClient().connect(scripted.path, "t", timeout=0.2)


async def lost_after(scripted: Scripted, then: Callable[[asyncio.StreamWriter], None]) -> str:
    """Connect, let the server do ``then`` and return the reason ``on_lost`` got."""
    go = asyncio.Event()

    async def script(reader, writer) -> None:
        await scripted.read(reader)
        writer.write(protocol.encode(WELCOME))
        await go.wait()
        then(writer)
        await writer.drain()

    await scripted.start(script)
    client = TableClient()
    lost: list[str] = []
    client.on_lost = lost.append
    client.on_message = lambda msg: None
    await client.connect(scripted.path, "t")
    go.set()
    await until(lambda: bool(lost))
    await client.wait_closed()
    assert not client.connected
    client.send({"type": "sync", "table": 1})  # after the end: dropped, no error
    assert len(lost) == 1
    return lost[0]


async def test_server_gone_calls_on_lost_once(scripted: Scripted) -> None:
    reason = await lost_after(scripted, lambda writer: writer.close())
    assert reason == "The table server closed the connection."


async def test_an_error_then_close_is_told_with_the_error(scripted: Scripted) -> None:
    def then(writer: asyncio.StreamWriter) -> None:
        writer.write(protocol.encode(protocol.error("malformed", "a message must be JSON")))
        writer.close()

    reason = await lost_after(scripted, then)
    assert reason == "The table server closed the connection: a message must be JSON"


async def test_an_unreadable_server_line_ends_the_connection(scripted: Scripted) -> None:
    def then(writer: asyncio.StreamWriter) -> None:
        writer.write(json.dumps({"type": "move", "table": "one"}).encode() + b"\n")

    reason = await lost_after(scripted, then)
    assert reason == "The table server sent something unreadable."


async def test_a_line_over_the_limit_ends_the_connection(
    scripted: Scripted, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "MAX_SERVER_LINE", 1000)

    def then(writer: asyncio.StreamWriter) -> None:
        writer.write(b'{"type":"chat","x":"' + b"a" * 5000 + b'"}\n')

    reason = await lost_after(scripted, then)
    assert reason == "The table server sent a line that is too long."


async def test_send_checks_the_message_first(scripted: Scripted) -> None:
    async def script(reader, writer) -> None:
        await scripted.read(reader)
        writer.write(protocol.encode(WELCOME))
        await reader.read()

    await scripted.start(script)
    client = TableClient()
    await client.connect(scripted.path, "t")
    with pytest.raises(protocol.ProtocolError):
        client.send({"type": "join", "table": True, "seat": None, "code": None})
    with pytest.raises(protocol.ProtocolError):
        client.send({"type": "dance"})
    client.close()
    await client.wait_closed()
