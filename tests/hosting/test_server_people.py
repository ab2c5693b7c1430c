"""People at the host: names kept per key, chat (safe, short, rate limited, kept in
SQLite), spectators counted, and a stand-in for an absent player."""

from __future__ import annotations

from hosting.server import TableServer
from tests.hosting.messages import PERSON, create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob, eventually
from tests.hosting.test_server_play import play_as
from tests.hosting.test_table_server import two_player_table


async def test_a_name_is_made_safe_checked_and_kept_per_key(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna")
    for bad in ("", "   ", "\x1b[2J", "x" * 21, "漢" * 11):
        await anna.send({"type": "set_name", "name": bad})
        assert "\n" not in (await anna.error("name"))["message"]
    await anna.send({"type": "set_name", "name": "\x1b]0;owned\x07An\u202ena\r\n"})
    assert (await anna.recv("you"))["name"] == "Anna"
    await anna.send({"type": "set_name", "name": "漢" * 10})
    assert (await anna.recv("you"))["name"] == "漢" * 10
    await anna.close()
    again = await RawClient.connect(table_server.socket_path)
    await again.send({"type": "hello", "v": 2, "token": table_server.issue_token("SHA256:anna")})
    welcome = await again.recv("welcome")
    assert welcome["you"] == {"name": "漢" * 10, "bell": True, "key": "SHA256:anna"}
    other = await RawClient.connect(table_server.socket_path)
    await other.send({"type": "hello", "v": 2, "token": table_server.issue_token("SHA256:bob")})
    assert (await other.recv("welcome"))["you"]["name"] is None
    await other.send(create_msg())
    await other.error("name")  # a table needs to know who you are
    await again.close()
    await other.close()


async def test_chat_is_safe_short_rate_limited_and_kept(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await anna.send({"type": "chat", "table": tid, "text": "\x1b[31mhi\x1b[0m\n\u202eBob"})
    line = (await bob.recv("chat"))["line"]
    assert (line["who"], line["text"]) == ("Anna", "hi Bob")
    assert len(line["time"]) == 5 and line["time"][2] == ":"
    await anna.send({"type": "chat", "table": tid, "text": "x" * 201})
    await anna.error("bad_request")
    await anna.send({"type": "chat", "table": tid, "text": "\x07\x1b[0m"})
    await anna.error("bad_request")
    for i in range(4):  # the burst is 5 lines: one is spent above
        await anna.send({"type": "chat", "table": tid, "text": f"line {i}"})
        await bob.recv("chat", line={"who": "Anna", "text": f"line {i}", "time": line["time"]})
    await anna.send({"type": "chat", "table": tid, "text": "one too many"})
    assert (await anna.error("rate"))["table"] == tid
    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await carl.send({"type": "chat", "table": tid, "text": "not following"})
    await carl.error("forbidden")
    assert table_server.store is not None
    kept = [text for _, _, text in table_server.store.chat(tid)]
    assert kept == ["hi Bob", "line 0", "line 1", "line 2", "line 3"]
    await bob.send({"type": "sync", "table": tid})
    assert [c["text"] for c in (await bob.recv("table"))["chat"]] == kept
    for client in (anna, bob, carl):
        await client.close()


async def test_spectators_are_counted_in_summaries(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    watchers = [await RawClient.hello(table_server, f"SHA256:w{i}") for i in range(2)]
    for watcher in watchers:
        await watcher.send({"type": "watch", "table": tid, "code": None})
        await watcher.recv("table")
    await anna.until("lobby", lambda m: [t["spectators"] for t in m["tables"]] == [2])
    await watchers[0].send({"type": "leave", "table": tid})
    await anna.until("seats", lambda m: m["summary"]["spectators"] == 1)
    for client in (anna, bob, *watchers):
        await client.close()


async def test_a_stand_in_plays_for_an_absent_player_until_they_open_the_table(
    table_server: TableServer,
) -> None:
    table_server.stand_in_minute = 0.2
    anna, bob = await anna_and_bob(table_server)
    await anna.send(create_msg(seats=[PERSON, PERSON], stand_in_after=1, options={"first": "rows"}))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    table = table_server.tables[tid]
    await bob.close()
    await eventually(lambda: not table.present(1))
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "random"})
    assert "away" in (await anna.error("forbidden"))["message"]
    await eventually(lambda: table.absent_for(1) >= 0.2)
    await play_as(anna, table_server, tid, 0)
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "os:system"})
    await anna.error("bad_request")
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "random"})
    seats = await anna.until("seats", lambda m: m["summary"]["seats"][1]["stand_in"] is not None)
    assert seats["summary"]["seats"][1]["stand_in"] == "random"
    assert not seats["summary"]["seats"][1]["present"]
    stood_in = await anna.recv("move", seat=1)  # the stand-in plays Bob's turn
    assert stood_in["index"] == 1

    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await carl.send({"type": "stand_in", "table": tid, "seat": 1, "level": None})
    await carl.error("forbidden")  # only the people playing here
    await carl.close()
    bob = await RawClient.hello(table_server, "SHA256:bob")
    await bob.send({"type": "move", "table": tid, "seat": 1, "text": "1@a1"})
    assert "stands in" in (await bob.error("not_your_seat"))["message"]
    # the creator takes the stand-in off, then puts it back (Bob still has not opened)
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": None})
    await anna.until("seats", lambda m: m["summary"]["seats"][1]["stand_in"] is None)
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "easy"})
    await anna.until("seats", lambda m: m["summary"]["seats"][1]["stand_in"] == "easy")
    await bob.send({"type": "open", "table": tid})
    opened = await bob.recv("table")
    assert opened["summary"]["seats"][1]["stand_in"] is None
    assert table.seats[1].stand_in is None
    await anna.close()
    await bob.close()


async def test_a_never_table_hands_over_when_everyone_here_agrees(
    table_server: TableServer,
) -> None:
    table_server.stand_in_minute = 0.0
    anna, bob, tid = await two_player_table(table_server)  # stand_in_after 0: never
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "random"})
    assert "absent" in (await anna.error("forbidden"))["message"]  # Bob is here
    await bob.close()
    await eventually(lambda: not table_server.tables[tid].present(1))
    await anna.send({"type": "stand_in", "table": tid, "seat": 5, "level": "random"})
    await anna.error("bad_request")
    await anna.send({"type": "stand_in", "table": tid, "seat": 0, "level": "random"})
    await anna.error("forbidden")  # one's own seat
    await anna.send({"type": "stand_in", "table": tid, "seat": 1, "level": "random"})
    await anna.until("seats", lambda m: m["summary"]["seats"][1]["stand_in"] == "random")
    await anna.close()


async def test_names_are_unique_on_the_host_and_computers_words_are_kept(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    other = await RawClient.hello(table_server, "SHA256:other")
    for taken in ("anna", "ANNA", " An\x1b[1mna "):
        await other.send({"type": "set_name", "name": taken})
        assert "taken" in (await other.error("name"))["message"]
    for kept in (
        "Computer",
        "computer 2",
        "COMPUTER (normal)",
        "Computerman",
        "Easy Ann",
        "hard",
        "Normal-bot",
        "random 7",
    ):
        await other.send({"type": "set_name", "name": kept})
        assert "computer seats" in (await other.error("name"))["message"]
    await other.send({"type": "set_name", "name": "Hardy"})
    assert (await other.recv("you"))["name"] == "Hardy"
    await anna.send({"type": "set_name", "name": "ANNA"})  # one's own name, new case
    assert (await anna.recv("you"))["name"] == "ANNA"
    await anna.close()
    await other.close()


async def test_computer_seats_are_named_once_and_uniquely(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    seats = [
        PERSON,
        {"kind": "computer", "level": "normal"},
        {"kind": "computer", "level": "normal"},
        {"kind": "computer", "level": "easy"},
    ]
    await anna.send(create_msg("robo-factory", seats=seats))
    summary = (await anna.recv("table"))["summary"]
    names = [s["name"] for s in summary["seats"]]
    assert names == ["Anna", "Computer 1", "Computer 2", "Computer 3"]
    assert len(set(names)) == len(names)
    await anna.close()
