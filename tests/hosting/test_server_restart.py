"""A host restart: a new TableServer on the same data dir resumes every table from its
save (same log, seats, names, chat and code) and starts the computer that was to move."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hosting.server import TableServer
from saves import dumps_save
from tests.hosting.conftest import short_socket_path
from tests.hosting.messages import PERSON, RANDOM, create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob, eventually
from tests.hosting.test_server_play import play_as, play_to_the_end


async def started(data: Path) -> TableServer:
    """A TableServer on ``data``, listening on the test's socket (the same each time)."""
    server = TableServer(data, workers=1)
    await server.start(short_socket_path())
    return server


async def never_answer(player: Any, view: Any) -> Any:
    """A pool whose computers think for ever (until the server stops)."""
    await asyncio.Event().wait()


async def test_a_new_server_resumes_every_table_and_the_computer_to_move(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    first = await started(data)
    first.pool.choose = never_answer  # type: ignore[method-assign]
    anna, bob = await anna_and_bob(first)
    await anna.send(create_msg(seats=[PERSON, RANDOM], options={"first": "rows"}))
    vs_computer = (await anna.recv("table"))["table"]
    await play_as(anna, first, vs_computer, 0)  # now the computer is to move
    await anna.send(create_msg("stak-bots", [PERSON, PERSON], private=True))
    private = await anna.recv("table")
    await bob.send(
        {"type": "join", "table": private["table"], "seat": None, "code": private["code"]}
    )
    await bob.recv("table")
    await anna.send({"type": "chat", "table": private["table"], "text": "see you after"})
    await bob.recv("chat")
    await anna.send(create_msg("robo-factory", [PERSON, PERSON]))
    waiting = (await anna.recv("table"))["table"]
    before = {tid: dumps_save(t.saved) for tid, t in first.tables.items()}
    assert first.tables[vs_computer].thinking == {1: 0}
    await first.stop()

    second = await started(data)
    try:
        assert sorted(second.tables) == sorted(before)
        assert second.tables[waiting].status == "waiting"
        assert second.tables[private["table"]].code == private["code"]
        assert second.tables[private["table"]].status == "playing"
        anna = await RawClient.connect(second.socket_path)
        await anna.send({"type": "hello", "v": 2, "token": second.issue_token("SHA256:anna")})
        welcome = await anna.recv("welcome")
        assert welcome["you"]["name"] == "Anna"
        assert welcome["seated"] == sorted([vs_computer, private["table"]])
        await anna.send({"type": "open", "table": private["table"]})
        reopened = await anna.recv("table")
        assert reopened["save"] == before[private["table"]]
        assert [c["text"] for c in reopened["chat"]] == ["see you after"]
        assert reopened["code"] == private["code"]
        assert [s["name"] for s in reopened["summary"]["seats"]] == ["Anna", "Bob"]
        await anna.send({"type": "open", "table": vs_computer})
        await anna.recv("table")
        table = second.tables[vs_computer]
        await eventually(lambda: len(table.saved.match.log) == 2)
        assert [e.seat for e in table.saved.match.log] == [0, 1]
        await anna.close()
    finally:
        await second.stop()


async def test_a_game_over_but_not_yet_finished_is_finished_at_restart(
    tmp_path: Path,
) -> None:
    """kill -9 between the last save and the database: the restart sees the game is over."""
    data = tmp_path / "data"
    first = await started(data)
    anna = await RawClient.hello(first, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, RANDOM]))
    tid = (await anna.recv("table"))["table"]
    await play_to_the_end(anna, first, tid)
    assert first.store is not None
    first.store.db.execute("UPDATE tables SET status = 'playing', finished = NULL")
    first.store.db.execute("DELETE FROM results")
    await first.stop()

    second = await started(data)
    try:
        assert second.tables[tid].status == "finished"
        assert second.store is not None
        [result] = second.store.results()
        assert result["table"] == tid
    finally:
        await second.stop()
