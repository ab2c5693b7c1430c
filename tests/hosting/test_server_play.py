"""Playing at tables over a real socket: computer seats (in the worker pool), a whole game
to its result, RoboRally's simultaneous programs and its 30-second timer."""

from __future__ import annotations

from typing import Any

from hosting.server import TableServer
from saves import load_save
from tests.hosting.messages import PERSON, RANDOM, create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob
from tests.hosting.test_table_server import legal_text


async def play_as(client: RawClient, server: TableServer, tid: int, seat: int) -> int:
    """Play the seat's first legal move; the move's index as the server sent it back."""
    text = legal_text(server, tid, seat)
    await client.send({"type": "move", "table": tid, "seat": seat, "text": text})
    return (await client.recv("move", seat=seat, text=text))["index"]


async def play_to_the_end(client: RawClient, server: TableServer, tid: int) -> None:
    """Play seat 0's first legal move whenever it is to move, until the game is over."""
    table = server.tables[tid]
    index = -1  # the last move index the client has received
    while table.status != "finished":
        caught_up = index + 1 == len(table.saved.match.log)
        if caught_up and 0 in table.to_move():
            await client.send(
                {"type": "move", "table": tid, "seat": 0, "text": legal_text(server, tid, 0)}
            )
        index = (await client.recv("move", index=index + 1))["index"]


async def test_a_table_without_people_is_refused(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[RANDOM, RANDOM]))
    msg = await anna.error("bad_request")
    assert "person" in msg["message"]
    await anna.send(create_msg(seats=[PERSON, RANDOM], my_seat=1))
    await anna.error("bad_request")
    await anna.send(create_msg(seats=[PERSON, {"kind": "computer", "level": "os:system"}]))
    await anna.error("bad_request")
    await anna.close()


async def test_options_naming_a_file_are_refused(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg("stak-bots", [PERSON, RANDOM], options={"cards": "/etc/passwd"}))
    msg = await anna.error("bad_request")
    assert "file" in msg["message"]
    await anna.send(
        create_msg("roborally", [PERSON, RANDOM], options={"course": "../../etc/passwd"})
    )
    await anna.error("bad_request")
    await anna.send(create_msg("roborally", [PERSON, RANDOM], options={"max_turns": 10**9}))
    await anna.error("bad_request")
    await anna.send(create_msg("robot-master", [PERSON, RANDOM], options={"first": ["x"]}))
    await anna.error("bad_request")
    assert table_server.tables == {}
    await anna.close()


async def test_a_person_against_a_computer_plays_to_the_result(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, RANDOM]))
    start = await anna.recv("table")
    tid = start["table"]
    assert start["summary"]["status"] == "playing"
    table = table_server.tables[tid]
    await play_to_the_end(anna, table_server, tid)
    await anna.until("seats", lambda m: m["summary"]["status"] == "finished")
    assert any(e.seat == 1 for e in table.saved.match.log)  # the computer played
    saved = load_save(table.saved.path)
    assert saved.match.state.is_terminal()
    # named as on one terminal: the screens add the level ("Computer random", not
    # "Computer (random) random")
    assert [(p.name, p.level) for p in saved.players] == [("Anna", None), ("Computer", "random")]
    lobby = await anna.recv("lobby")
    while not lobby["results"]:
        lobby = await anna.recv("lobby")
    [result] = lobby["results"]
    assert result["table"] == tid and result["game_name"] == "Robot Master"
    assert [p["name"] for p in result["players"]] == ["Anna", "Computer (random)"]
    assert {p["outcome"] for p in result["players"]} <= {"win", "loss", "draw"}
    assert [t["id"] for t in lobby["tables"]] == []  # finished: in the results only
    await anna.close()


async def test_computers_fill_several_seats(table_server: TableServer) -> None:
    # a fixed deal: in about 2 deals in 100 Computer 2 is out before its first turn
    table_server.seed = 11
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg("stak-bots", [RANDOM, PERSON, RANDOM], my_seat=1))
    tid = (await anna.recv("table"))["table"]
    table = table_server.tables[tid]
    seen: set[int] = set()
    while len(seen) < 2:
        if table.status == "playing" and 1 in table.to_move() and not table.thinking:
            await play_as(anna, table_server, tid, 1)
            continue
        move = await anna.recv("move")
        seen.add(move["seat"])
        seen.discard(1)
    assert seen == {0, 2}
    assert [p.name for p in table.saved.players] == ["Computer 1", "Anna", "Computer 2"]
    await anna.close()


async def roborally_pair(server: TableServer, timer: bool) -> tuple[RawClient, RawClient, int]:
    anna, bob = await anna_and_bob(server)
    await anna.send(create_msg("roborally", [PERSON, PERSON], timer=timer))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    # each robot faces a way first, both at once
    await play_as(bob, server, tid, 1)
    await play_as(anna, server, tid, 0)
    assert server.tables[tid].saved.match.state.phase == "program"
    return anna, bob, tid


async def test_roborally_programs_from_two_people_at_once(table_server: TableServer) -> None:
    anna, bob, tid = await roborally_pair(table_server, timer=False)
    table = table_server.tables[tid]
    assert table.to_move() == [0, 1]
    bob_text = legal_text(table_server, tid, 1)
    anna_text = legal_text(table_server, tid, 0)
    await bob.send({"type": "move", "table": tid, "seat": 1, "text": bob_text})
    await anna.send({"type": "move", "table": tid, "seat": 0, "text": anna_text})
    for client in (anna, bob):
        first = await client.recv("move", index=2)
        second = await client.recv("move", index=3)
        assert {(first["seat"], first["text"]), (second["seat"], second["text"])} == {
            (1, bob_text),
            (0, anna_text),
        }
    assert table.saved.match.state.phase != "program" or table.saved.match.state.turn > 1
    await anna.close()
    await bob.close()


async def test_roborally_timer_fills_the_last_program(table_server: TableServer) -> None:
    anna, bob, tid = await roborally_pair(table_server, timer=True)  # facing: 30 s each
    table_server.program_timeout = 0.5
    await play_as(anna, table_server, tid, 0)
    started = await bob.until("timer", lambda m: m["seconds"] in (0, 1))
    assert started["table"] == tid and started["seconds"] in (0, 1)
    filled: dict[str, Any] = await bob.recv("move", seat=1)
    assert filled["index"] == 3
    assert (await anna.recv("timer", seconds=None))["table"] == tid
    table = table_server.tables[tid]
    assert table.saved.match.log[3].seat == 1
    assert load_save(table.saved.path).match.log[3].text == filled["text"]
    await anna.close()
    await bob.close()


async def test_no_timer_when_the_table_has_it_off(table_server: TableServer) -> None:
    table_server.program_timeout = 0.1
    anna, bob, tid = await roborally_pair(table_server, timer=False)
    await play_as(anna, table_server, tid, 0)
    await anna.send({"type": "sync", "table": tid})
    synced = await anna.recv("table")
    assert synced["timer"] is None and synced["summary"]["timer"] is False
    assert all(m["type"] != "timer" for m in anna.seen + bob.seen)
    await anna.close()
    await bob.close()
