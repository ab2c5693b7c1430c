"""Seats at a running table: resigning as each game's rule says, stand-ins handed over by
any seated person (or by agreement where the table has no stand-in time), closing a
running game by agreement (kept as abandoned), every decision's deadline on a table with a
timer, RoboRally's half-built program kept by the table, and "is this you" by key."""

from __future__ import annotations

from typing import Any

from engines.roborally.programs import decode_draft
from hosting.server import TableServer
from saves import load_save
from tests.hosting.messages import PERSON, RANDOM, create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob, eventually
from tests.hosting.test_server_play import play_as
from tests.hosting.test_table_server import two_player_table


async def table_of(
    server: TableServer, game: str, seats: list[dict[str, Any]], **create: Any
) -> tuple[list[RawClient], int]:
    """Anna creates a table; Bob (and Carl) take the other person seats; it has started."""
    anna, bob = await anna_and_bob(server)
    people = [anna, bob]
    if sum(1 for s in seats if s["kind"] == "person") > 2:
        people.append(await RawClient.hello(server, "SHA256:carl", "Carl"))
    await anna.send(create_msg(game, seats, **create))
    tid = (await anna.recv("table"))["table"]
    for client in people[1 : sum(1 for s in seats if s["kind"] == "person")]:
        await client.send({"type": "join", "table": tid, "seat": None, "code": None})
        await client.recv("table")
    await eventually(lambda: server.tables[tid].status == "playing")
    return people, tid


def outcomes(server: TableServer) -> list[list[str]]:
    assert server.store is not None
    return [[p["outcome"] for p in r["players"]] for r in server.store.results()]


# -- resigning ---------------------------------------------------------------------------
async def test_resigning_robot_master_ends_the_game_for_the_other_side(
    table_server: TableServer,
) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await anna.send({"type": "resign", "table": tid})
    move = await bob.recv("move")
    assert (move["seat"], move["text"]) == (0, "resign")
    await eventually(lambda: table_server.tables[tid].status == "finished")
    assert outcomes(table_server) == [["resigned", "win"]]
    again = await anna.until("table", lambda m: m["your_seat"] is None)
    assert again["summary"]["seats"][0]["resigned"] is True
    await anna.send({"type": "resign", "table": tid})
    await anna.error("forbidden")
    for client in (anna, bob):
        await client.close()


async def test_a_stak_bots_player_who_resigns_is_out_and_two_left_means_a_winner(
    table_server: TableServer,
) -> None:
    (anna, bob, carl), tid = await table_of(table_server, "stak-bots", [PERSON] * 3)
    table = table_server.tables[tid]
    await bob.send({"type": "resign", "table": tid})
    await carl.recv("move", seat=1, text="resign")
    assert table.status == "playing" and table.resigned(1)
    seats = await anna.until("seats", lambda m: m["summary"]["seats"][1]["resigned"])
    assert seats["summary"]["status"] == "playing"
    await bob.send({"type": "move", "table": tid, "seat": 1, "text": "take"})
    await bob.error("not_your_seat")
    await carl.send({"type": "resign", "table": tid})
    await eventually(lambda: table.status == "finished")
    assert outcomes(table_server) == [["win", "resigned", "resigned"]]
    for client in (anna, bob, carl):
        await client.close()


async def test_a_robo_factory_seat_goes_to_a_computer_for_good(
    table_server: TableServer,
) -> None:
    (anna, bob), tid = await table_of(table_server, "robo-factory", [PERSON, PERSON])
    table = table_server.tables[tid]
    await bob.send({"type": "resign", "table": tid})
    seats = await anna.until("seats", lambda m: m["summary"]["seats"][1]["resigned"])
    assert seats["summary"]["seats"][1]["stand_in"] == "normal"
    assert (await bob.until("table", lambda m: m["your_seat"] is None))["draft"] is None
    await bob.send({"type": "open", "table": tid})  # coming back does not take it back
    assert (await bob.recv("table"))["your_seat"] is None
    assert table.seats[1].stand_in == "normal"
    assert load_save(table.saved.path).ui["handed_over"] == [1]
    for client in (anna, bob):
        await client.close()


async def test_resigning_needs_a_seat_and_a_started_game(table_server: TableServer) -> None:
    anna, bob = await anna_and_bob(table_server)
    await anna.send(create_msg())
    tid = (await anna.recv("table"))["table"]
    await anna.send({"type": "resign", "table": tid})
    assert "leave" in (await anna.error("forbidden"))["message"]
    await bob.send({"type": "resign", "table": tid})
    await bob.error("not_your_seat")
    for client in (anna, bob):
        await client.close()


# -- closing a running game ----------------------------------------------------------------
async def test_a_running_game_closes_only_when_everyone_seated_agrees(
    table_server: TableServer,
) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await anna.send({"type": "close", "table": tid})
    seats = await bob.until("seats", lambda m: m["summary"]["close_votes"] == [0])
    assert seats["summary"]["status"] == "playing" and tid in table_server.tables
    await anna.send({"type": "keep_open", "table": tid})
    await bob.until("seats", lambda m: m["summary"]["close_votes"] == [])
    await bob.send({"type": "close", "table": tid})
    await anna.until("seats", lambda m: m["summary"]["close_votes"] == [1])
    await anna.send({"type": "close", "table": tid})
    assert (await bob.recv("closed"))["table"] == tid
    assert outcomes(table_server) == [["abandoned", "abandoned"]]
    for client in (anna, bob):
        await client.close()


async def test_the_creator_alone_with_computers_closes_and_it_is_kept_as_abandoned(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, RANDOM]))
    tid = (await anna.recv("table"))["table"]
    await eventually(lambda: table_server.tables[tid].status == "playing")
    await anna.send({"type": "close", "table": tid})
    await anna.recv("closed")
    assert outcomes(table_server) == [["abandoned", "abandoned"]]
    await anna.close()


async def test_a_spectator_cannot_close_a_running_game(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await carl.send({"type": "close", "table": tid})
    await carl.error("forbidden")
    for client in (anna, bob, carl):
        await client.close()


# -- stand-ins -----------------------------------------------------------------------------
async def test_any_seated_person_hands_an_away_seat_to_a_computer(
    table_server: TableServer,
) -> None:
    table_server.stand_in_minute = 0.05
    anna, bob = await anna_and_bob(table_server)
    await anna.send(create_msg(stand_in_after=1))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    table = table_server.tables[tid]
    await anna.close()  # the creator goes away; Bob, not the creator, hands her seat over
    await eventually(lambda: table.absent_for(0) >= 0.05)
    await bob.send({"type": "stand_in", "table": tid, "seat": 0, "level": "random"})
    await bob.until("seats", lambda m: m["summary"]["seats"][0]["stand_in"] == "random")
    await bob.close()


async def test_never_tables_hand_over_a_seat_when_everyone_here_agrees(
    table_server: TableServer,
) -> None:
    (anna, bob, carl), tid = await table_of(table_server, "stak-bots", [PERSON] * 3)
    table = table_server.tables[tid]
    await anna.close()
    await eventually(lambda: not table.present(0))
    await bob.send({"type": "stand_in", "table": tid, "seat": 0, "level": "random"})
    seats = await carl.until("seats", lambda m: m["summary"]["seats"][0]["stand_in_votes"])
    assert seats["summary"]["seats"][0]["stand_in_votes"] == [1]
    assert table.seats[0].stand_in is None
    await carl.send({"type": "stand_in", "table": tid, "seat": 0, "level": "random"})
    await bob.until("seats", lambda m: m["summary"]["seats"][0]["stand_in"] == "random")
    anna = await RawClient.hello(table_server, "SHA256:anna")
    await anna.send({"type": "open", "table": tid})  # back: the seat is hers again
    assert (await anna.recv("table"))["your_seat"] == 0
    assert table.seats[0].stand_in is None
    for client in (anna, bob, carl):
        await client.close()


async def test_a_spectator_cannot_hand_over_a_seat(table_server: TableServer) -> None:
    table_server.stand_in_minute = 0.01
    anna, bob = await anna_and_bob(table_server)
    await anna.send(create_msg(stand_in_after=1))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    await bob.close()
    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await eventually(lambda: table_server.tables[tid].absent_for(1) >= 0.02)
    await carl.send({"type": "stand_in", "table": tid, "seat": 1, "level": "random"})
    await carl.error("forbidden")
    for client in (anna, carl):
        await client.close()


# -- deadlines and drafts --------------------------------------------------------------------
async def test_roborally_facing_has_a_deadline_and_the_default_is_played(
    table_server: TableServer,
) -> None:
    table_server.program_timeout = 0.3
    (anna, bob), tid = await table_of(table_server, "roborally", [PERSON, PERSON], timer=True)
    table = table_server.tables[tid]
    await anna.recv("timer")
    first = await anna.recv("move", index=0)
    second = await anna.recv("move", index=1)
    assert {first["seat"], second["seat"]} == {0, 1}
    assert table.saved.match.state.phase == "program"
    for client in (anna, bob):
        await client.close()


async def test_the_timer_keeps_the_registers_filled_and_the_table_keeps_the_draft(
    table_server: TableServer,
) -> None:
    (anna, bob), tid = await table_of(table_server, "roborally", [PERSON, PERSON], timer=True)
    table = table_server.tables[tid]
    await play_as(bob, table_server, tid, 1)
    await play_as(anna, table_server, tid, 0)
    table_server.program_timeout = 0.3
    await bob.send({"type": "draft", "table": tid, "seat": 1, "text": "9,-,-,-,-"})
    await bob.error("illegal")  # a hand of 9 cards: 0 to 8
    await bob.send({"type": "draft", "table": tid, "seat": 0, "text": "0,-,-,-,-"})
    await bob.error("not_your_seat")
    other = await RawClient.hello(table_server, "SHA256:bob")  # another session of Bob's
    await other.send({"type": "open", "table": tid})
    await other.recv("table")
    await bob.send({"type": "draft", "table": tid, "seat": 1, "text": "4,2,-,-,-"})
    assert (await other.recv("draft"))["text"] == "4,2,-,-,-"  # shown as it changes
    await bob.send({"type": "open", "table": tid})  # and on opening the table again
    assert (await bob.until("table", lambda m: m["draft"] is not None))["draft"] == "4,2,-,-,-"
    assert all(m["type"] != "draft" for m in bob.seen + anna.seen)
    hand = list(table.saved.match.state.view(1).hand)
    assert decode_draft("4,2,-,-,-")[0][:2] == [4, 2]
    await play_as(anna, table_server, tid, 0)
    filled = await bob.recv("move", seat=1)
    cards = table.spec.decode_action(filled["text"]).cards
    assert cards[:2] == (hand[4], hand[2])
    assert len(set(cards)) == 5 and set(cards) <= set(hand)
    for client in (anna, bob, other):
        await client.close()


# -- identity ---------------------------------------------------------------------------------
async def test_who_made_a_table_is_told_by_key_not_by_name(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await anna.send({"type": "set_name", "name": "Ann"})  # names are unique: "Anna" is free
    await anna.recv("you")
    await bob.send({"type": "set_name", "name": "Anna"})  # the creator's name at the start
    await bob.recv("you")
    lobby = await bob.until(
        "lobby", lambda m: bool(m["tables"]) and m["tables"][0]["creator"] == "Ann"
    )
    assert lobby["tables"][0]["yours"] is False
    mine = await anna.until("lobby", lambda m: bool(m["tables"]))
    assert mine["tables"][0]["yours"] is True
    for client in (anna, bob):
        await client.close()


async def test_a_stak_bots_prompt_has_a_deadline_and_the_default_is_played(
    table_server: TableServer,
) -> None:
    table_server.program_timeout = 0.3
    (anna, bob), tid = await table_of(table_server, "stak-bots", [PERSON, PERSON], timer=True)
    table = table_server.tables[tid]
    state = table.saved.match.state
    clients = {0: anna, 1: bob}
    for _ in range(200):  # play on until someone owes an answer to a prompt
        assert not state.is_terminal()
        seat = state.to_move()[0]
        default = state.default_action(seat)
        if default is not None:
            at = len(table.saved.match.log)
            break
        await play_as(clients[seat], table_server, tid, seat)
    else:
        raise AssertionError("no prompt in 200 moves")
    timer = await anna.until("timer", lambda m: m["seconds"] is not None)
    assert timer["table"] == tid
    played = await anna.until("move", lambda m: m["index"] == at)
    assert played["seat"] == seat
    assert played["text"] == table.spec.encode_action(default)
    for client in (anna, bob):
        await client.close()
