"""The ``replay`` request: its schemas, and the table server sending a finished game's save
over a real socket, or one line why not (a game not finished, a private table's game to
someone who did not sit there, a save no longer kept)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hosting.protocol import SERVER_MESSAGES, ProtocolError, check, decode_client, encode
from hosting.server import TableServer
from hosting.store import SeatResult, SeatRow
from saves import loads_save
from tests.hosting.raw_client import RawClient
from tests.replay.games import write_game


def test_the_request_and_answer_fit_the_protocol() -> None:
    msg = {"type": "replay", "table": 4}
    assert decode_client(encode(msg)) == msg
    for broken in ({"type": "replay"}, {"type": "replay", "table": "4"}):
        with pytest.raises(ProtocolError) as caught:
            decode_client(json.dumps(broken).encode() + b"\n")
        assert caught.value.code == "malformed"
    check({"type": "replay", "table": 4, "save": "text"}, SERVER_MESSAGES)
    with pytest.raises(ProtocolError):
        check({"type": "replay", "table": 4}, SERVER_MESSAGES)


def kept_game(
    server: TableServer,
    folder: Path,
    moves: int | None = None,
    private: bool = False,
    outcome: str = "finished",
) -> int:
    """A Robot Master table Anna played against Bob, kept as a result with its save."""
    store = server.store
    assert store is not None
    for key, name in [("SHA256:anna", "Anna"), ("SHA256:bob", "Bob")]:
        store.player(key)
        store.set_name(key, name)
        server._names[key] = name
    seats = [
        SeatRow(0, "person", None, "SHA256:anna", None),
        SeatRow(1, "person", None, "SHA256:bob", None),
    ]
    code = "CODE22" if private else None
    tid = store.add_table("robot-master", "SHA256:anna", code, False, 0, seats)
    path = write_game(folder / f"t{tid}", "robot-master", moves)
    store.add_rated_result(
        tid,
        "robot-master",
        "2026-11-20T10:00:00+00:00",
        [{"name": "Anna", "outcome": "win"}, {"name": "Bob", "outcome": "loss"}],
        [
            SeatResult(0, "SHA256:anna", "person", "Anna", 1, "win", 12),
            SeatResult(1, "SHA256:bob", "person", "Bob", 2, "loss", 12),
        ],
        outcome=outcome,
        save_path=str(path),
    )
    return tid


async def test_a_finished_game_is_sent_as_its_save(
    table_server: TableServer, tmp_path: Path
) -> None:
    tid = kept_game(table_server, tmp_path)
    cleo = await RawClient.hello(table_server, "SHA256:cleo", "Cleo")
    await cleo.send({"type": "replay", "table": tid})
    got = await cleo.recv("replay")
    assert got["table"] == tid
    assert loads_save(got["save"], "sent").match.state.is_terminal()
    await cleo.close()


async def test_unfinished_and_unknown_games_are_refused(
    table_server: TableServer, tmp_path: Path
) -> None:
    abandoned = kept_game(table_server, tmp_path, moves=4, outcome="abandoned")
    # a record saying finished over a save that is not: the save decides, nothing sent
    half = kept_game(table_server, tmp_path, moves=4)
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    for tid in (abandoned, half, 999):
        await anna.send({"type": "replay", "table": tid})
        msg = await anna.error("bad_request")
        assert msg["message"] == f"no finished game #{tid}"
    await anna.close()


async def test_a_private_game_only_to_those_who_sat_there(
    table_server: TableServer, tmp_path: Path
) -> None:
    tid = kept_game(table_server, tmp_path, private=True)
    cleo = await RawClient.hello(table_server, "SHA256:cleo", "Cleo")
    await cleo.send({"type": "replay", "table": tid})
    assert (await cleo.error("bad_request"))["message"] == f"no finished game #{tid}"
    await cleo.close()
    bob = await RawClient.hello(table_server, "SHA256:bob", "Bob")
    await bob.send({"type": "replay", "table": tid})
    assert (await bob.recv("replay"))["table"] == tid
    await bob.close()


async def test_a_save_no_longer_kept_is_one_line(table_server: TableServer, tmp_path: Path) -> None:
    from hosting.old_saves import sweep

    swept = kept_game(table_server, tmp_path)
    assert table_server.store is not None
    sweep(table_server.store, 1, lambda line: None)  # finished long before today
    gone = kept_game(table_server, tmp_path)  # its file deleted by hand
    for path in (tmp_path / f"t{gone}").iterdir():
        path.unlink()
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send({"type": "replay", "table": swept})
    assert (await anna.error("bad_request"))["message"] == "that game is not kept any more"
    await anna.send({"type": "replay", "table": gone})
    assert (await anna.error("bad_request"))["message"] == "that game is not kept any more"
    await anna.close()
