"""Protocol v1: strict schemas, and over a real socket every broken line gets an error
and that connection is closed while another client keeps working."""

from __future__ import annotations

import json

import pytest

from hosting.protocol import (
    MAX_CLIENT_LINE,
    MAX_SERVER_LINE,
    ProtocolError,
    check_client,
    decode_client,
    decode_server,
    encode,
)
from hosting.server import TableServer
from tests.hosting.messages import create_msg
from tests.hosting.raw_client import RawClient


def line(msg: object) -> bytes:
    return json.dumps(msg).encode() + b"\n"


def code_of(data: bytes) -> str:
    with pytest.raises(ProtocolError) as caught:
        decode_client(data)
    assert "\n" not in caught.value.message
    return caught.value.code


def test_a_good_message_round_trips() -> None:
    msg = {"type": "move", "table": 3, "seat": 1, "text": "4@c2"}
    assert decode_client(encode(msg)) == msg
    assert encode(msg).endswith(b"\n") and encode(msg).count(b"\n") == 1
    chat = {"type": "chat", "table": 1, "text": "line\nbreak ü"}
    assert encode(chat).count(b"\n") == 1 and decode_client(encode(chat)) == chat


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"not json\n", "malformed"),
        (b"\xff\xfe\n", "malformed"),
        (line([1, 2]), "malformed"),
        (line("hello"), "malformed"),
        (line({"v": 1}), "malformed"),
        (line({"type": "dance"}), "malformed"),
        (line({"type": "open", "table": 1, "extra": 2}), "malformed"),
        (line({"type": "open"}), "malformed"),
        (line({"type": "open", "table": True}), "malformed"),
        (line({"type": "open", "table": "1"}), "malformed"),
        (line({"type": "open", "table": 1.0}), "malformed"),
        (line({"type": "set_bell", "on": 1}), "malformed"),
        (line({"type": "join", "table": 1, "seat": False, "code": None}), "malformed"),
        (b'{"type": "open", "table": NaN}\n', "malformed"),
        (b"[" * 5000 + b"]" * 5000 + b"\n", "malformed"),
        (line({"type": "chat", "table": 1, "text": "x" * MAX_CLIENT_LINE}), "too_long"),
        (line(create_msg(seats=[{"kind": "robot", "level": None}])), "malformed"),
        (line(create_msg(seats=[{"kind": "person"}])), "malformed"),
    ],
)
def test_broken_client_lines_are_refused(data: bytes, code: str) -> None:
    assert code_of(data) == code


def test_server_messages_are_checked_too() -> None:
    seat = {
        "seat": 0,
        "kind": "person",
        "level": None,
        "name": "A",
        "present": True,
        "stand_in": None,
        "you": True,
        "absent_for": 0,
        "where": "lobby",
        "at": None,
        "gone_for": 0,
        "resigned": False,
        "stand_in_votes": [],
    }
    summary = {
        "id": 1,
        "game": "robot-master",
        "game_name": "Robot Master",
        "status": "waiting",
        "seats": [seat],
        "private": False,
        "creator": "A",
        "progress": "",
        "to_move": [],
        "spectators": 0,
        "timer": False,
        "stand_in_after": 0,
        "options": "",
        "yours": True,
        "close_votes": [],
    }
    msg = {"type": "seats", "table": 1, "summary": summary}
    assert decode_server(encode(msg)) == msg
    bad = {"type": "seats", "table": 1, "summary": summary | {"status": "gone"}}
    with pytest.raises(ProtocolError):
        decode_server(encode(bad))
    with pytest.raises(ProtocolError):
        decode_server(encode({"type": "error", "code": "oops", "message": "", "table": None}))
    assert MAX_SERVER_LINE > MAX_CLIENT_LINE


def test_check_client_refuses_what_the_server_would() -> None:
    check_client({"type": "sync", "table": 2})
    with pytest.raises(ProtocolError):
        check_client({"type": "sync", "table": 2, "more": 1})
    with pytest.raises(ProtocolError) as caught:
        check_client({"type": "chat", "table": 2, "text": "x" * MAX_CLIENT_LINE})
    assert caught.value.code == "too_long"


# -- over the socket ------------------------------------------------------------------


async def test_hello_version_and_token_errors_close_the_connection(
    table_server: TableServer,
) -> None:
    token = table_server.issue_token("SHA256:anna")
    cases = [
        ({"type": "sync", "table": 1}, "hello"),
        ({"type": "hello", "v": 1, "token": token}, "version"),  # the version before
        ({"type": "hello", "v": 2, "token": "made-up"}, "token"),
    ]
    for msg, code in cases:
        client = await RawClient.connect(table_server.socket_path)
        await client.send(msg)
        await client.error(code)
        assert await client.closed()
    table_server.revoke_token(token)
    client = await RawClient.connect(table_server.socket_path)
    await client.send({"type": "hello", "v": 2, "token": token})
    await client.error("token")
    assert await client.closed()


async def test_a_second_hello_is_refused_without_closing(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna")
    await anna.send({"type": "hello", "v": 2, "token": "x"})
    await anna.error("bad_request")
    await anna.send({"type": "set_bell", "on": False})
    assert (await anna.recv("you"))["bell"] is False
    await anna.close()


BROKEN = [
    b"this is not json\n",
    b"[1, 2, 3]\n",
    line({"type": "teleport", "table": 1}),
    line({"type": "sync", "table": 1, "please": True}),
    line({"type": "sync", "table": True}),
    line({"type": "chat", "table": 1, "text": "y" * (MAX_CLIENT_LINE + 10)}),
    b"z" * (4 * MAX_CLIENT_LINE) + b"\n",
]
CODES = ["malformed"] * 5 + ["too_long", "too_long"]


@pytest.mark.parametrize(("data", "code"), list(zip(BROKEN, CODES, strict=True)))
async def test_a_broken_line_gets_an_error_then_close_and_others_carry_on(
    table_server: TableServer, data: bytes, code: str
) -> None:
    other = await RawClient.hello(table_server, "SHA256:other", "Other")
    bad = await RawClient.hello(table_server, "SHA256:bad", "Bad")
    await bad.send_raw(data)
    msg = await bad.error(code)
    assert "\n" not in msg["message"] and "Traceback" not in msg["message"]
    assert await bad.closed()
    await other.send({"type": "set_bell", "on": False})
    assert (await other.recv("you"))["bell"] is False
    await other.close()
