"""The lobby and daily tables: the game dialog's pace rows make a daily (or casual) table,
and the lobby lists "Your move" first (the table waiting longest first, with the time
left), then the tables waiting for others, then the open ones."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from screens.daily_text import daily_terms, pace_text, time_left_text
from screens.lobby import LobbyScreen
from screens.lobby.rows import (
    OPEN_TABLES,
    WAITING_FOR_OTHERS,
    YOUR_MOVE,
    lobby_sections,
    table_lines,
)
from tests.hosting.lobby_pilot import (
    SIZE,
    host_table,
    in_game,
    lobby_app,
    named,
    player,
    running_server,
    shows,
    until,
)
from tests.hosting.test_lobby_rows import seat, summary
from tests.ui_helpers import screen_text


def playing(tid: int, mine: bool, my_turn: bool, age: int = 0, **more: Any) -> dict[str, Any]:
    seats = [seat(0, "Anna", you=mine), seat(1, "Bob")]
    to_move = [0] if my_turn else [1]
    return summary(id=tid, status="playing", seats=seats, to_move=to_move, turn_age=age, **more)


def test_your_move_comes_first_the_oldest_first() -> None:
    tables = [
        playing(1, mine=False, my_turn=False),
        playing(2, mine=True, my_turn=True, age=60),
        playing(3, mine=True, my_turn=False),
        playing(4, mine=True, my_turn=True, age=7200),
        summary(id=5, seats=[seat(0, "Carl"), seat(1, None)]),
    ]
    sections = lobby_sections(tables)
    assert [(title, [s["id"] for s in part]) for title, part in sections] == [
        (YOUR_MOVE, [4, 2]),
        (WAITING_FOR_OTHERS, [3]),
        (OPEN_TABLES, [1, 5]),
    ]
    assert [title for title, _ in lobby_sections([summary(id=5, seats=[seat(0, None)])])] == [
        OPEN_TABLES
    ]


def test_a_daily_table_says_its_pace_and_time_left() -> None:
    daily = playing(4, mine=True, my_turn=True, daily_hours=24, deadline_in=3 * 3600 + 20 * 60)
    assert pace_text(daily) == "daily 24 h, 3 h 20 min left"
    assert pace_text(playing(4, mine=True, my_turn=True)) == ""
    assert pace_text(summary(daily_hours=8)) == "daily 8 h"  # waiting: no clock yet
    head, seats = table_lines(daily, 100)
    assert "[waits for you]" in head
    assert seats.strip().startswith("daily 24 h, 3 h 20 min left: Anna (you), Bob")
    assert time_left_text(30) == "under a minute left"
    assert time_left_text(2 * 3600) == "2 h left"
    assert time_left_text(59 * 60) == "59 min left"


def test_the_waiting_room_names_a_daily_tables_terms() -> None:
    daily = summary(daily_hours=8, daily_level="hard")
    assert daily_terms(daily) == "daily: up to 8 h a move, then the computer (hard) plays it"
    assert daily_terms(summary()) == ""
    assert daily_terms(summary(daily_hours=8, daily_level="\x1b[31mhard")) == (
        "daily: up to 8 h a move, then the computer (hard) plays it"
    )


async def test_the_pace_rows_make_a_daily_casual_table(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("n")
            await shows(pilot, "Live: everyone plays now")
            assert "Each move" not in screen_text(app)  # hours only for a daily table
            await pilot.press("tab", "right")
            await shows(pilot, "up to 24 h")
            await pilot.press("tab", "left", "tab", "tab", "right", "enter")
            await shows(pilot, "New table: Robot Master")
            await pilot.press("enter")
            await until(pilot, lambda: 1 in server.tables, "the table")
            table = server.tables[1]
            assert table.daily_hours == 12
            assert table.daily_level == "normal"
            assert table.rated is False


async def test_a_live_table_stays_live(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("n")
            await shows(pilot, "New table: which game?")
            await pilot.press("enter")
            await shows(pilot, "New table: Robot Master")
            await pilot.press("enter")
            await until(pilot, lambda: 1 in server.tables, "the table")
            assert server.tables[1].daily_hours is None
            assert server.tables[1].rated is True
            assert isinstance(app.screen, LobbyScreen) or app.screen is not None


async def test_on_connecting_enter_opens_the_table_waiting_for_your_move(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master", daily_hours=24, my_seat=1)
        anna = await player(server, "SHA256:anna", "Anna")
        anna.send({"type": "join", "table": 1, "seat": None, "code": None})
        await anna.next("table")
        await anna.close()
        await until_true(lambda: 0 in server.tables[1].to_move())
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await shows(pilot, "Your move")
            await shows(pilot, "Enter Open")
            assert "h 59 min left" in screen_text(app) or "24 h left" in screen_text(app)
            await pilot.press("enter")
            await in_game(pilot)
            # the game screen says how long the move may take, and the table window too
            await until(pilot, lambda: "Your move: 23 h 59 min left." in screen_text(app))
            await pilot.press("ctrl+t")
            await shows(pilot, "Table 1: Robot Master, daily 24 h, 23 h 59 min left")
            await pilot.press("escape")
            await pilot.press("enter")  # a card where the cursor stands: Bob's move now
            await until(pilot, lambda: 1 in server.tables[1].to_move(), "Bob's move")
            await until(pilot, lambda: "Daily: 23 h 59 min left for this move." in screen_text(app))
            assert "Your move:" not in screen_text(app)
        await bob.close()


async def until_true(check: Any) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never came true")
