"""The history and ratings messages: their schemas, and the table server answering a
profile, a leaderboard and a history page over a real socket."""

from __future__ import annotations

import json

import pytest

from hosting.protocol import SERVER_MESSAGES, ProtocolError, check, decode_client, encode
from hosting.server import TableServer
from hosting.store import SeatResult, SeatRow
from tests.hosting.raw_client import RawClient


def line(msg: object) -> bytes:
    return json.dumps(msg).encode() + b"\n"


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "profile", "who": "Anna"},
        {"type": "leaderboard", "game": "robot-master"},
        {"type": "history", "who": "computer:hard", "game": None, "page": 2},
        {"type": "history", "who": "", "game": "stak-bots", "page": 0},
    ],
)
def test_the_requests_round_trip(msg: dict[str, object]) -> None:
    assert decode_client(encode(msg)) == msg


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "profile"},
        {"type": "profile", "who": None},
        {"type": "profile", "who": "Anna", "key": "SHA256:x"},
        {"type": "leaderboard", "game": 3},
        {"type": "history", "who": "Anna", "game": None, "page": True},
        {"type": "history", "who": "Anna", "page": 0},
    ],
)
def test_broken_requests_are_malformed(msg: dict[str, object]) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_client(line(msg))
    assert caught.value.code == "malformed"


def test_an_answer_missing_a_field_is_refused() -> None:
    good = {
        "type": "leaderboard",
        "game": "robot-master",
        "game_name": "Robot Master",
        "min_games": 5,
        "rows": [],
    }
    check(good, SERVER_MESSAGES)
    row = {
        "place": 1,
        "who": "Anna",
        "name": "Anna",
        "rating": 1500,
        "spread": 90,
        "games": 5,
        "computer": False,
    }
    with pytest.raises(ProtocolError):
        check({**good, "rows": [row]}, SERVER_MESSAGES)  # no "you"
    check({**good, "rows": [{**row, "you": True}]}, SERVER_MESSAGES)


def fill(server: TableServer) -> None:
    """Anna beat Bob six times at Robot Master; once at a private table."""
    store = server.store
    assert store is not None
    for key, name in [("SHA256:anna", "Anna"), ("SHA256:bob", "Bob")]:
        store.player(key)
        store.set_name(key, name)
        server._names[key] = name
    for i in range(6):
        seats = [
            SeatRow(0, "person", None, "SHA256:anna", None),
            SeatRow(1, "person", None, "SHA256:bob", None),
        ]
        tid = store.add_table(
            "robot-master", "SHA256:anna", "CODE22" if i == 5 else None, False, 0, seats
        )
        kept = [
            SeatResult(0, "SHA256:anna", "person", "Anna", 1, "win", 12),
            SeatResult(1, "SHA256:bob", "person", "Bob", 2, "loss", 12),
        ]
        store.add_rated_result(
            tid,
            "robot-master",
            f"2026-11-2{i}T10:00:00+00:00",
            [{"name": "Anna", "outcome": "win"}, {"name": "Bob", "outcome": "loss"}],
            kept,
            outcome="finished",
        )


async def test_profile_leaderboard_and_history_answers(table_server: TableServer) -> None:
    fill(table_server)
    cleo = await RawClient.hello(table_server, "SHA256:cleo", "Cleo")
    await cleo.send({"type": "profile", "who": "ANNA"})
    got = await cleo.recv("profile")
    assert (got["who"], got["name"], got["computer"], got["you"]) == ("Anna", "Anna", False, False)
    [stats] = got["games"]
    assert (stats["played"], stats["won"], stats["rated_games"]) == (6, 6, 6)
    assert len(got["recent"]) == 5  # the private table is not Cleo's to see
    assert got["rivals"] == [{"name": "Bob", "games": 6, "won": 6, "lost": 0, "drawn": 0}]

    await cleo.send({"type": "leaderboard", "game": "robot-master"})
    board = await cleo.recv("leaderboard")
    assert [(r["place"], r["who"], r["you"]) for r in board["rows"]] == [
        (1, "Anna", False),
        (2, "Bob", False),
    ]

    await cleo.send({"type": "history", "who": "Bob", "game": "robot-master", "page": 9})
    page = await cleo.recv("history")
    assert (page["page"], page["pages"], len(page["rows"])) == (0, 1, 5)
    assert page["rows"][0]["outcome"] == "loss" and page["rows"][0]["change"] < 0

    await cleo.send({"type": "profile", "who": ""})
    mine = await cleo.recv("profile")
    assert mine["you"] and mine["games"] == [] and mine["name"] == "Cleo"
    await cleo.close()


async def test_unknown_players_and_games_get_one_line(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send({"type": "profile", "who": "Nobody\x1b[2J"})
    msg = await anna.error("bad_request")
    assert "nobody is called" in msg["message"]
    await anna.send({"type": "leaderboard", "game": "chess"})
    assert "no game" in (await anna.error("bad_request"))["message"]
    await anna.send({"type": "profile", "who": "Computer 2 (hard)"})
    hard = await anna.recv("profile")
    assert hard["computer"] and hard["who"] == "computer:hard" and hard["name"] == "Computer (hard)"
    await anna.close()
