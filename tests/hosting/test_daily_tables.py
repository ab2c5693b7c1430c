"""Daily tables at the table server: deadlines kept as wall-clock times (a fake clock
here), a timed-out move played by the table's stand-in level, the computer keeping the seat
after three in a row until its person opens the table, deadlines across a restart, the
per-player limit, and what an idle daily table costs (one scheduled call, nothing else)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hosting.daily import TIMEOUTS_KEPT
from hosting.server import TableServer
from hosting.table import Table
from tests.hosting.conftest import short_socket_path
from tests.hosting.messages import create_msg
from tests.hosting.raw_client import RawClient, anna_and_bob, eventually
from tests.hosting.test_server_play import play_as

HOUR = 3600.0


class FakeClock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def quick_choose(player: Any, view: Any) -> Any:
    """The computer's choice at once, in the test's process (no worker to start)."""
    return player.choose(view), player


async def started(data: Path, clock: FakeClock) -> TableServer:
    server = TableServer(data, workers=1)
    server.clock = clock  # type: ignore[method-assign]
    server.pool.choose = quick_choose  # type: ignore[method-assign]
    await server.start(short_socket_path())
    return server


async def daily_table(
    server: TableServer, anna: RawClient, bob: RawClient, hours: int = 24
) -> Table:
    """A running daily Robot Master table: Anna on seat 0, Bob on seat 1."""
    await anna.send(create_msg(daily_hours=hours, daily_level="random"))
    tid = (await anna.recv("table"))["table"]
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    table = server.tables[tid]
    await eventually(lambda: table.deadline is not None)
    return table


async def time_out(server: TableServer, clock: FakeClock, table: Table) -> int:
    """Let the running deadline pass; the seat the computer played for."""
    assert table.deadline is not None
    (seat,) = table.deadline_seats
    moves = len(table.saved.match.log)
    clock.now = table.deadline + 1
    server._deadline_passed(table)
    await eventually(lambda: len(table.saved.match.log) == moves + 1)
    assert table.saved.match.log[-1].seat == seat
    return seat


async def test_a_daily_deadline_is_an_absolute_time_and_a_timed_out_move_is_played(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    server = await started(tmp_path / "data", clock)
    try:
        anna, bob = await anna_and_bob(server)
        table = await daily_table(server, anna, bob, hours=5)
        assert table.deadline == clock.now + 5 * HOUR
        assert isinstance(table.deadline_handle, asyncio.TimerHandle)
        summary = (await anna.until("seats", lambda m: m["summary"]["deadline_in"]))["summary"]
        assert summary["daily_hours"] == 5
        assert summary["deadline_in"] == 5 * 3600
        first = next(iter(table.deadline_seats))
        name = ["Anna", "Bob"][first]
        seat = await time_out(server, clock, table)
        assert seat == first
        note = table.chat[-1]
        assert note["who"] == "Computer"
        assert note["text"].startswith(f"{name}'s time ran out: the computer played ")
        assert table.seats[seat].stand_in is None  # one move only
        assert table.timeouts[seat] == 1
        assert table.stand_in_moves[seat] == 1
        assert table.deadline_seats == {1 - seat}  # the other seat's turn, its own deadline
        assert table.deadline == clock.now + 5 * HOUR
    finally:
        await server.stop()


async def test_three_timeouts_in_a_row_keep_the_computer_until_the_player_returns(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    server = await started(tmp_path / "data", clock)
    try:
        anna, bob = await anna_and_bob(server)
        table = await daily_table(server, anna, bob)
        mover = {0: anna, 1: bob}
        sleeper = next(iter(table.deadline_seats))  # this one never moves
        other = 1 - sleeper
        for n in range(1, TIMEOUTS_KEPT + 1):
            assert await time_out(server, clock, table) == sleeper
            assert table.timeouts[sleeper] == n
            if n < TIMEOUTS_KEPT:
                assert table.seats[sleeper].stand_in is None
                await eventually(lambda: other in table.deadline_seats)
                await play_as(mover[other], server, table.id, other)
        assert table.seats[sleeper].stand_in == "random"
        assert "keeps" in table.chat[-1]["text"]
        # the computer now plays the seat by itself, without waiting for a deadline
        await play_as(mover[other], server, table.id, other)
        await eventually(lambda: sleeper not in table.to_move() or table.status != "playing")
        assert table.stand_in_moves[sleeper] >= TIMEOUTS_KEPT + 1
        # the player returns: opening the table gives the seat back and the run restarts
        await mover[sleeper].send({"type": "open", "table": table.id})
        await mover[sleeper].recv("table")
        assert table.seats[sleeper].stand_in is None
        assert table.timeouts[sleeper] == 0
    finally:
        await server.stop()


async def test_a_person_moving_ends_the_run_of_timeouts(tmp_path: Path) -> None:
    clock = FakeClock()
    server = await started(tmp_path / "data", clock)
    try:
        anna, bob = await anna_and_bob(server)
        table = await daily_table(server, anna, bob)
        seat = await time_out(server, clock, table)
        other = 1 - seat
        await play_as({0: anna, 1: bob}[other], server, table.id, other)
        await eventually(lambda: seat in table.deadline_seats)
        await play_as({0: anna, 1: bob}[seat], server, table.id, seat)
        assert table.timeouts[seat] == 0
    finally:
        await server.stop()


async def test_a_restart_keeps_the_deadline(tmp_path: Path) -> None:
    clock = FakeClock()
    data = tmp_path / "data"
    first = await started(data, clock)
    anna, bob = await anna_and_bob(first)
    table = await daily_table(first, anna, bob, hours=2)
    seat = await time_out(first, clock, table)
    deadline, seats, tid = table.deadline, set(table.deadline_seats), table.id
    await anna.close()
    await bob.close()
    await first.stop()

    clock.now += 600  # ten minutes later the host is back
    second = await started(data, clock)
    try:
        again = second.tables[tid]
        assert again.daily_hours == 2
        assert again.daily_level == "random"
        assert again.deadline == deadline  # not a new two hours
        assert again.deadline_seats == seats
        assert again.timeouts[seat] == 1
        assert again.stand_in_moves[seat] == 1
        assert isinstance(again.deadline_handle, asyncio.TimerHandle)
        assert again.deadline_in() == int(deadline - clock.now)  # type: ignore[operator]
    finally:
        await second.stop()


async def test_the_deadline_call_fires_by_itself(table_server: TableServer) -> None:
    table_server.daily_unit = 0.2  # one "hour" of the table: 0.2 s
    table_server.pool.choose = quick_choose  # type: ignore[method-assign]
    anna, bob = await anna_and_bob(table_server)
    table = await daily_table(table_server, anna, bob, hours=1)
    await eventually(lambda: len(table.saved.match.log) >= 1)
    assert "time ran out" in table.chat[0]["text"]


async def test_an_idle_daily_table_costs_one_scheduled_call(table_server: TableServer) -> None:
    """Both players gone between moves: no task and no process works for the table, one
    timer handle waits in the event loop."""
    anna, bob = await anna_and_bob(table_server)
    table = await daily_table(table_server, anna, bob)
    await anna.close()
    await bob.close()
    await eventually(lambda: not table_server.connections)
    await eventually(lambda: all(t.done() for t in table_server._tasks))
    assert isinstance(table.deadline_handle, asyncio.TimerHandle)
    assert not table.deadline_handle.cancelled()
    assert table.timer_task is None and not table.thinking and not table.timing_out
    assert table_server.pool._pool is None  # no computer worker was ever started
    mine = {t for t in asyncio.all_tasks() if t is not asyncio.current_task()}
    assert all("_serve" not in repr(t) and "_time_out" not in repr(t) for t in mine)


async def test_daily_hours_and_level_are_checked(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(daily_hours=0))
    assert "1 to 72 hours" in (await anna.error("bad_request"))["message"]
    await anna.send(create_msg(daily_hours=73))
    await anna.error("bad_request")
    await anna.send(create_msg(daily_hours=24, daily_level="genius"))
    assert "level" in (await anna.error("bad_request"))["message"]


async def test_the_daily_table_limit_is_told(table_server: TableServer) -> None:
    table_server.max_daily = 2
    anna, bob = await anna_and_bob(table_server)
    for _ in range(2):
        await anna.send(create_msg(daily_hours=24))
        await anna.recv("table")
    await anna.send(create_msg(daily_hours=24))
    refused = await anna.error("forbidden")
    assert "2 daily tables" in refused["message"]
    await anna.send(create_msg())  # a live table is not counted
    await anna.recv("table")
    await bob.send(create_msg(daily_hours=24))
    tid = (await bob.recv("table"))["table"]
    await anna.send({"type": "join", "table": tid, "seat": None, "code": None})
    assert "2 daily tables" in (await anna.error("forbidden"))["message"]


async def test_no_stand_in_by_hand_at_a_daily_table(table_server: TableServer) -> None:
    anna, bob = await anna_and_bob(table_server)
    table = await daily_table(table_server, anna, bob)
    await bob.send({"type": "leave", "table": table.id})
    await eventually(lambda: not table.present(1))
    await anna.send({"type": "stand_in", "table": table.id, "seat": 1, "level": "random"})
    assert "time runs out" in (await anna.error("forbidden"))["message"]


async def test_a_reconnect_does_not_jump_into_a_daily_table(table_server: TableServer) -> None:
    anna, bob = await anna_and_bob(table_server)
    await daily_table(table_server, anna, bob)
    again = await RawClient.connect(table_server.socket_path)
    await again.send({"type": "hello", "v": 2, "token": table_server.issue_token("SHA256:anna")})
    assert (await again.recv("welcome"))["seated"] == []
    await again.close()


async def test_a_casual_table_is_kept_as_such(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(rated=False))
    summary = (await anna.recv("table"))["summary"]
    assert summary["rated"] is False
    assert summary["daily_hours"] is None


def test_the_store_keeps_pace_deadline_and_counts(tmp_path: Path) -> None:
    from hosting.store import SeatRow, Store

    store = Store(tmp_path / "hosting.sqlite3")
    tid = store.add_table(
        "robot-master", "k", None, False, 0, [SeatRow(0, "person", None, "k", None)]
    )
    row = store.daily(tid)
    assert (row.hours, row.level, row.deadline, row.deadline_seats) == (None, None, None, [])
    assert store.seat_counts(tid) == {0: (0, 0)}
    store.set_daily(tid, 24, "hard")
    store.set_deadline(tid, 1234.5, [0], 1000.0)
    store.set_seat_counts(tid, 0, 2, 5)
    row = store.daily(tid)
    assert (row.hours, row.level, row.deadline, row.deadline_seats) == (24, "hard", 1234.5, [0])
    assert store.seat_counts(tid) == {0: (2, 5)}
    store.close()
