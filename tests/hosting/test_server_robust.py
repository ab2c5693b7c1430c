"""The server keeps serving: a client that stops reading is dropped, 200 connections
opened and closed at once leave it working, and a silent connection is closed."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from hosting.server import TableServer
from tests.hosting.messages import PERSON, create_msg
from tests.hosting.raw_client import RawClient, eventually
from tests.hosting.test_server_play import roborally_pair


async def test_a_client_that_stops_reading_is_dropped(
    table_server: TableServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "hosting.server")
    anna, bob, tid = await roborally_pair(table_server, timer=False)
    slow = await RawClient.hello(table_server, "SHA256:slow", "Slow")
    await slow.send({"type": "watch", "table": tid, "code": None})
    await slow.recv("table")
    table = table_server.tables[tid]
    assert len(table.followers) == 3
    # the slow client asks for the whole table again and again but never reads
    sync = json.dumps({"type": "sync", "table": tid}).encode() + b"\n"
    slow.writer.write(sync * 400)
    await eventually(lambda: all(c.key != "SHA256:slow" for c in table_server.connections))
    assert {c.key for c in table.followers} == {"SHA256:anna", "SHA256:bob"}
    assert "does not read" in caplog.text  # dropped for its unread output, not by chance
    await anna.send({"type": "chat", "table": tid, "text": "still here?"})
    assert (await bob.recv("chat"))["line"]["text"] == "still here?"
    for client in (anna, bob, slow):
        await client.close()


async def test_200_connections_at_once_and_the_server_still_serves(
    table_server: TableServer,
) -> None:
    async def one(i: int) -> None:
        reader, writer = await asyncio.open_unix_connection(str(table_server.socket_path))
        if i % 3 == 1:
            writer.write(b'{"type": "hello", "v": 2, "token": "nope"}\n')
        elif i % 3 == 2:
            token = table_server.issue_token(f"SHA256:crowd{i}")
            writer.write(json.dumps({"type": "hello", "v": 2, "token": token}).encode() + b"\n")
        writer.close()

    await asyncio.gather(*(one(i) for i in range(200)))
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, PERSON]))
    assert (await anna.recv("table"))["your_seat"] == 0
    await eventually(lambda: len(table_server.connections) == 1)
    await anna.close()


async def test_a_connection_that_never_says_hello_is_closed(table_server: TableServer) -> None:
    table_server.hello_timeout = 0.2
    quiet = await RawClient.connect(table_server.socket_path)
    await quiet.error("hello")
    assert await quiet.closed()
    await quiet.close()


async def test_revoking_a_token_closes_its_session_only(table_server: TableServer) -> None:
    anna = await RawClient.connect(table_server.socket_path)
    token = table_server.issue_token("SHA256:anna")
    await anna.send({"type": "hello", "v": 2, "token": token})
    await anna.recv("welcome")
    bob = await RawClient.hello(table_server, "SHA256:bob", "Bob")
    table_server.revoke_token(token)
    assert await anna.closed()
    await bob.send({"type": "set_bell", "on": False})
    assert (await bob.recv("you"))["bell"] is False
    await anna.close()
    await bob.close()
