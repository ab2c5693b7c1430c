"""The lobby's other keys at 80x24: x closes your own table after a question, r renames
(a refused name says why), q quits at once and says your seats are kept; the new-table
dialog's table mode (seats, your seat, private, timer, stand-in) and the create message."""

from __future__ import annotations

from pathlib import Path

from engines.registry import get_game
from hosting import protocol
from screens.dialogs import ConfirmScreen
from screens.lobby import LobbyScreen, NameScreen
from screens.new_game import NewGameScreen, TableChoice
from tests.hosting.lobby_pilot import (
    SIZE,
    host_table,
    lobby_app,
    named,
    player,
    running_server,
    shows,
    until,
)
from tests.ui_helpers import make_app, screen_text


async def test_x_closes_your_own_table_after_asking(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            # Anna's other terminal
            anna, _ = await host_table(
                server, "robot-master", key="SHA256:anna", name=None, private=True
            )
            await shows(pilot, "[private]")  # your own private table, marked
            await shows(pilot, "x Close")
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            await pilot.press("n")
            assert 1 in server.tables
            await pilot.press("x", "y")
            closed = await anna.next("closed")
            assert closed["table"] == 1
            await shows(pilot, "No tables yet")
            await anna.close()


async def test_x_is_not_offered_on_someone_elses_table(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master")
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "Enter Join")
            assert "x Close" not in screen_text(app)
            await pilot.press("x")
            assert isinstance(app.screen, LobbyScreen) and 1 in server.tables
        await bob.close()


async def test_x_is_not_offered_to_someone_named_like_the_creator(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master")
        bob.send({"type": "set_name", "name": "Robert"})  # names are unique: "Bob" is free
        await bob.next("you")
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot, "Bob")  # Anna's key, the creator's old name: not her table
            anna = await player(server, "SHA256:anna", None)  # her other terminal sits down
            anna.send({"type": "join", "table": 1, "seat": None, "code": None})
            await anna.next("table")
            await shows(pilot, "Enter Open")
            assert "x Close" not in screen_text(app)
            await pilot.press("x")
            assert isinstance(app.screen, LobbyScreen) and 1 in server.tables
            await anna.close()
        await bob.close()


async def test_r_renames_and_a_refusal_says_why(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
            await shows(pilot, "Escape keeps")
            for _ in range(10):
                await pilot.press("backspace")
            await pilot.press("enter")
            await shows(pilot, "A name needs at least one letter or sign that shows.")
            await pilot.press(*"Anna \x1b[2J Marie", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await shows(pilot, "Anna [2J Marie at")
            await pilot.press("r", "escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


async def test_q_quits_at_once_and_says_the_seats_are_kept(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "q quits: your seats are kept, come back any time.")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "the app ends")
        assert app.return_code == 0


async def test_the_new_table_dialog_returns_what_create_needs(tmp_path: Path) -> None:
    spec = get_game("roborally")
    app = make_app(tmp_path)
    got: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(spec, table=True), got.append)
        await pilot.pause()
        text = screen_text(app)
        assert "New table: RoboRally" in text and "Seed" not in text
        assert "1. Red " in text and "< You >" in text
        await pilot.press("right", "right")  # 4 players
        await pilot.press("down", "down", "right")  # Blue: Computer: random
        await pilot.press("down", "left")  # Green: You (Red becomes Person)
        for _ in range(1 + 4 + 1):  # past Yellow and the four options to Private
            await pilot.press("down")
        await pilot.press("right", "down", "right", "down", "right", "right")
        await pilot.press("enter")
        await pilot.pause()
    [choice] = got
    assert isinstance(choice, TableChoice)
    msg = choice.create_message()
    protocol.check_client(msg)
    assert msg["seats"] == [
        {"kind": "person", "level": None},
        {"kind": "computer", "level": "random"},
        {"kind": "person", "level": None},
        {"kind": "person", "level": None},
    ]
    assert msg["my_seat"] == 2
    assert msg["private"] is True and msg["timer"] is True and msg["stand_in_after"] == 5


async def test_the_biggest_table_dialog_fits_80x24(tmp_path: Path) -> None:
    spec = get_game("roborally")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(spec, table=True))
        await pilot.pause()
        for _ in range(6):
            await pilot.press("right")  # 8 players
        await pilot.pause()
        text = screen_text(app)
        for label in ("8. Black", "Private", "30 s timer", "Stand-in", "Create (Enter)"):
            assert label in text, text


async def test_fewer_players_bring_you_back_to_a_seat_in_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    got: list[object] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(get_game("stak-bots"), table=True), got.append)
        await pilot.pause()
        await pilot.press("right", "right")  # 4 players
        await pilot.press("down", "down", "down", "down", "left")  # you on seat 4
        await pilot.press("up", "up", "up", "up", "left", "left")  # back to 2 players
        await pilot.press("right", "right")  # 4 again: one You only
        await pilot.pause()
        assert screen_text(app).count("< You >") == 1
        await pilot.press("enter")
        await pilot.pause()
    [choice] = got
    assert isinstance(choice, TableChoice)
    assert choice.my_seat == 0 and choice.seats == ["person"] * 4
