"""The lobby as the server tells it: where seated people are, finished tables moving to
Recent games with a headline, and private tables found by their code alone."""

from __future__ import annotations

from hosting.server import TableServer
from tests.hosting.messages import PERSON, computer, create_msg
from tests.hosting.raw_client import RawClient
from tests.hosting.test_server_play import play_to_the_end
from tests.hosting.test_table_server import two_player_table


def _seat(msg: dict, seat: int) -> tuple[str, int | None]:
    row = msg["summary"]["seats"][seat]
    return row["where"], row["at"]


async def test_presence_says_lobby_another_table_away_and_offline(
    table_server: TableServer,
) -> None:
    anna, bob, tid = await two_player_table(table_server)
    assert _seat(await anna.until("seats", lambda m: _seat(m, 1)[0] == "here"), 1) == ("here", tid)
    await bob.send({"type": "leave", "table": tid})  # back to the lobby: still on the host
    assert _seat(await anna.until("seats", lambda m: _seat(m, 1)[0] != "here"), 1) == (
        "lobby",
        None,
    )
    await bob.send(create_msg())  # Bob opens another table of his own
    other = (await bob.recv("table"))["table"]
    assert _seat(await anna.until("seats", lambda m: _seat(m, 1)[0] != "lobby"), 1) == (
        "table",
        other,
    )
    await bob.close()
    gone = await anna.until("seats", lambda m: _seat(m, 1)[0] == "away")
    assert gone["summary"]["seats"][1]["gone_for"] >= 0
    table_server.presence.offline_after = 0.0
    await anna.send({"type": "sync", "table": tid})
    assert _seat(await anna.recv("table"), 1)[0] == "offline"
    await anna.close()


async def test_a_private_table_elsewhere_is_not_named(table_server: TableServer) -> None:
    anna, bob, tid = await two_player_table(table_server)
    await bob.send({"type": "leave", "table": tid})
    await bob.send(create_msg(private=True))
    await bob.recv("table")
    seen = await anna.until("seats", lambda m: _seat(m, 1)[0] == "table")
    assert _seat(seen, 1) == ("table", None)
    for client in (anna, bob):
        await client.close()


async def test_finished_tables_leave_the_list_for_recent_games(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, computer("random")]))
    tid = (await anna.recv("table"))["table"]
    await play_to_the_end(anna, table_server, tid)
    lobby = await anna.until("lobby", lambda m: bool(m["results"]))
    assert [t["id"] for t in lobby["tables"]] == []
    [result] = lobby["results"]
    line = result["headline"]
    winner = table_server.tables[tid].saved.match.state.result().winners[0]
    first = ["Anna", "Computer (random)"][winner]
    assert line.startswith(f"{first} won"), line
    assert "Anna" in line and "Computer (random)" in line
    assert table_server.store is not None
    assert table_server.store.results()[0]["outcome"] == "finished"
    await anna.close()


async def test_a_private_table_is_joined_or_watched_by_its_code_in_any_case(
    table_server: TableServer,
) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, PERSON, PERSON], game="robo-factory", private=True))
    made = await anna.recv("table")
    code = made["code"]
    bob = await RawClient.hello(table_server, "SHA256:bob", "Bob")
    await bob.send({"type": "code", "code": "NOPE42", "watch": False})
    assert (await bob.error("unknown_table"))["message"] == "no table has that code"
    await bob.send(
        {"type": "code", "code": f" {code.lower()[:3]}-{code.lower()[3:]} ", "watch": True}
    )
    watched = await bob.recv("table")
    assert (watched["table"], watched["your_seat"]) == (made["table"], None)
    await bob.send({"type": "code", "code": code.lower(), "watch": False})
    joined = await bob.recv("table")
    assert (joined["table"], joined["your_seat"]) == (made["table"], 1)
    carl = await RawClient.hello(table_server, "SHA256:carl", "Carl")
    await carl.send({"type": "join", "table": made["table"], "seat": None, "code": code.lower()})
    assert (await carl.recv("table"))["your_seat"] == 2
    for client in (anna, bob, carl):
        await client.close()
