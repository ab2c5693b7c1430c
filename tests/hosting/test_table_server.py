"""The table server over a real socket: tables made, joined, watched, left and closed;
moves checked and sent to every follower; the save file kept after every move."""

from __future__ import annotations

import asyncio

from hosting.server import TableServer
from saves import dumps_save, load_save
from tests.hosting.messages import PERSON, create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob


async def two_player_table(server: TableServer) -> tuple[RawClient, RawClient, int]:
    """Anna (seat 0) and Bob (seat 1) at a Robot Master table that has started."""
    anna, bob = await anna_and_bob(server)
    await anna.send(create_msg())
    table = await anna.recv("table")
    assert table["summary"]["status"] == "waiting" and table["your_seat"] == 0
    await bob.send({"type": "join", "table": table["table"], "seat": None, "code": None})
    joined = await bob.recv("table")
    assert joined["your_seat"] == 1 and joined["summary"]["status"] == "playing"
    assert joined["summary"]["seats"][1]["present"]
    for client in (anna, bob):  # nothing about a table reaches a client before the table
        assert [m["type"] for m in client.seen if m.get("table") == table["table"]][0] == "table"
    seats = await anna.recv("seats")
    while seats["summary"]["status"] != "playing":
        seats = await anna.recv("seats")
    return anna, bob, table["table"]


def legal_text(server: TableServer, table_id: int, seat: int) -> str:
    table = server.tables[table_id]
    action = table.saved.match.state.legal_actions(seat)[0]
    return table.spec.encode_action(action)


async def test_create_join_and_a_move_reaches_every_follower(
    table_server: TableServer,
) -> None:
    anna, bob, tid = await two_player_table(table_server)
    carl = await RawClient.hello(table_server, "SHA256:carl")
    await carl.send({"type": "watch", "table": tid, "code": None})
    watched = await carl.recv("table")
    assert watched["your_seat"] is None and watched["code"] is None
    seats = await anna.recv("seats")
    while seats["summary"]["spectators"] != 1:
        seats = await anna.recv("seats")
    first = table_server.tables[tid].saved.match.state.current_player()
    mover = anna if first == 0 else bob
    text = legal_text(table_server, tid, first)
    await mover.send({"type": "move", "table": tid, "seat": first, "text": text})
    for client in (anna, bob, carl):
        move = await client.recv("move")
        assert move == {"type": "move", "table": tid, "index": 0, "seat": first, "text": text}
    table = table_server.tables[tid]
    saved = load_save(table.saved.path)
    assert dumps_save(saved) == dumps_save(table.saved)
    assert [e.text for e in saved.match.log] == [text]
    assert [p.name for p in saved.players] == ["Anna", "Bob"]
    for c in (anna, bob, carl):
        await c.close()


async def test_moves_refused_for_another_seat_out_of_turn_or_illegal(
    table_server: TableServer,
) -> None:
    anna, bob, tid = await two_player_table(table_server)
    first = table_server.tables[tid].saved.match.state.current_player()
    other = 1 - first
    mover, waiter = (anna, bob) if first == 0 else (bob, anna)
    text = legal_text(table_server, tid, first)
    await waiter.send({"type": "move", "table": tid, "seat": first, "text": text})
    assert (await waiter.error("not_your_seat"))["table"] == tid
    await waiter.send({"type": "move", "table": tid, "seat": other, "text": text})
    await waiter.error("not_your_turn")
    await mover.send({"type": "move", "table": tid, "seat": first, "text": "9@z9"})
    await mover.error("illegal")
    await mover.send({"type": "move", "table": tid, "seat": first, "text": "\x1b[2J"})
    await mover.error("illegal")
    await mover.send({"type": "move", "table": tid, "seat": 7, "text": text})
    await mover.error("bad_request")
    assert table_server.tables[tid].saved.match.log == []
    # the connection carries on after each refusal
    await mover.send({"type": "move", "table": tid, "seat": first, "text": text})
    assert (await waiter.recv("move"))["index"] == 0
    await anna.close()
    await bob.close()


async def test_private_table_needs_its_code_and_is_listed_only_to_its_people(
    table_server: TableServer,
) -> None:
    anna, bob = await anna_and_bob(table_server)
    await anna.send(create_msg(private=True))
    table = await anna.recv("table")
    code, tid = table["code"], table["table"]
    assert code and table["summary"]["private"]
    cid = await RawClient.hello(table_server, "SHA256:cid", "Cid")
    await cid.send(create_msg())  # a public table: everyone's lobby changes
    public = (await cid.recv("table"))["table"]
    lobby = await bob.recv("lobby")
    assert [t["id"] for t in lobby["tables"]] == [public]
    for sent in (
        {"type": "join", "table": tid, "seat": None, "code": None},
        {"type": "join", "table": tid, "seat": None, "code": "WRONG1"},
        {"type": "watch", "table": tid, "code": None},
    ):
        await bob.send(sent)
        await bob.error("private")
    await bob.send({"type": "join", "table": tid, "seat": None, "code": code})
    assert (await bob.recv("table"))["your_seat"] == 1
    lobby = await bob.recv("lobby")  # seated now: listed to him
    assert sorted(t["id"] for t in lobby["tables"]) == sorted([tid, public])
    await anna.close()
    await cid.close()
    await bob.close()


async def test_leave_frees_a_seat_and_the_creator_leaving_closes_the_table(
    table_server: TableServer,
) -> None:
    anna, bob = await anna_and_bob(table_server)
    three = [PERSON] * 3
    await anna.send(create_msg("stak-bots", three))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": 2, "code": None})
    assert (await bob.recv("table"))["your_seat"] == 2
    await bob.send({"type": "join", "table": tid, "seat": 2, "code": None})
    assert (await bob.recv("table"))["your_seat"] == 2  # already there: opened again
    await bob.send({"type": "leave", "table": tid})
    while True:
        seats = await anna.recv("seats")
        if seats["summary"]["seats"][2]["name"] is None:
            break
    assert table_server.tables[tid].free_seats() == [1, 2]
    await bob.send({"type": "close", "table": tid})
    await bob.error("forbidden")
    await bob.send({"type": "watch", "table": tid, "code": None})
    await bob.recv("table")
    await anna.send({"type": "leave", "table": tid})
    closed = await bob.recv("closed")
    assert closed["table"] == tid and "creator" in closed["reason"]
    assert tid not in table_server.tables
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.error("unknown_table")
    await anna.close()
    await bob.close()


async def test_close_and_open_after_a_reconnect(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await bob.close()
    seats = await anna.recv("seats")
    while seats["summary"]["seats"][1]["present"]:
        seats = await anna.recv("seats")
    bob = await RawClient.connect(table_server.socket_path)
    await bob.send({"type": "hello", "v": 2, "token": table_server.issue_token("SHA256:bob")})
    welcome = await bob.recv("welcome")
    assert welcome["seated"] == [tid] and welcome["you"]["name"] == "Bob"
    await bob.send({"type": "open", "table": tid})
    opened = await bob.recv("table")
    assert opened["your_seat"] == 1 and opened["creator"] is False
    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await carl.send({"type": "open", "table": tid})
    await carl.error("not_your_seat")
    await anna.send({"type": "close", "table": tid})  # a running game: Bob agrees too
    await bob.until("seats", lambda m: m["summary"]["close_votes"] == [0])
    await bob.send({"type": "close", "table": tid})
    for client in (anna, bob):
        assert (await client.recv("closed"))["table"] == tid
    for client in (anna, bob, carl):
        await client.close()


async def test_a_seeded_server_deals_table_k_from_seed_plus_k(tmp_path) -> None:
    """``robotui serve --seed N``: table k's game is dealt from N + k, so a reported game
    can be dealt again; without a seed every table gets its own random one."""
    from tests.hosting.conftest import short_socket_path

    seeded = TableServer(tmp_path / "seeded", workers=1, seed=500)
    await seeded.start(short_socket_path())
    try:
        anna = await RawClient.hello(seeded, "SHA256:anna", "Anna")
        for _ in range(2):
            await anna.send(create_msg("stak-bots"))
            await anna.recv("table")
        seeds = {tid: t.saved.match.seed for tid, t in seeded.tables.items()}
        assert seeds == {tid: 500 + tid for tid in seeds} and len(seeds) == 2
        saved = load_save(seeded.tables[min(seeds)].saved.path)
        assert saved.match.seed == 500 + min(seeds)  # the save keeps it
        await anna.close()
    finally:
        await seeded.stop()


async def test_an_unseeded_server_deals_each_table_at_random(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    for _ in range(3):
        await anna.send(create_msg("stak-bots"))
        await anna.recv("table")
    seeds = [t.saved.match.seed for t in table_server.tables.values()]
    assert len(set(seeds)) == 3, seeds
    await anna.close()


async def test_a_lobby_that_did_not_change_for_a_client_is_not_sent_to_it_again(
    table_server: TableServer,
) -> None:
    """People arriving change presence, not what Bob's lobby shows: he gets no lobby
    until one differs from the last he got (each one costs his process a redraw)."""
    anna, bob = await anna_and_bob(table_server)
    arrivals = [
        await RawClient.hello(table_server, f"SHA256:p{i}", f"Player {i}") for i in range(4)
    ]
    # the lobby goes out at most once an interval: the arrivals' flush comes first
    await asyncio.sleep(table_server.lobby_interval * 2)
    await anna.send(create_msg())
    tid = (await anna.recv("table"))["table"]
    lobby = await bob.recv("lobby")
    assert [t["id"] for t in lobby["tables"]] == [tid]
    for client in (anna, bob, *arrivals):
        await client.close()
