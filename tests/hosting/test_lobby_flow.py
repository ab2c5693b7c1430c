"""The lobby at 80x24 against an in-process table server: the first-visit name, creating a
table and its waiting room, joining, watching, private tables, the bell, and leaving."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import pytest

from robotui.app import RobotuiApp
from robotui.config import AppConfig
from screens.lobby import LobbyScreen, NameScreen, WaitingRoom
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
from tests.hosting.messages import computer, person
from tests.ui_helpers import screen_text


async def test_first_visit_asks_a_name_and_refuses_a_long_one(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
            await pilot.press(*"A very long name for a robot", "enter")
            await shows(pilot, "At most 20 columns wide: this one takes 28.")
            assert isinstance(app.screen, NameScreen)
            for _ in range(40):
                await pilot.press("backspace")
            await pilot.press(*"Anna", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await shows(pilot, "Anna at")
            await shows(pilot, "No tables yet: n creates one.")
            assert server.store is not None
            assert server.store.player("SHA256:anna")[0] == "Anna"


async def create_robot_master(pilot, *keys: str) -> None:
    """n, Robot Master, the table dialog (``keys`` change its rows), Enter."""
    await pilot.press("n")
    await shows(pilot, "New table: which game?")
    await pilot.press("enter")  # Robot Master is first
    await shows(pilot, "New table: Robot Master")
    await pilot.press(*keys, "enter")


async def test_a_new_players_first_screen_is_the_question_alone(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
            assert not any(isinstance(s, LobbyScreen) for s in app.screen_stack)
            await pilot.press(*"Anna", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert not any(isinstance(s, NameScreen) for s in app.screen_stack)
            await shows(pilot, "Anna at")
            await shows(pilot, "q quits: your seats are kept, come back any time.")
            await pilot.press("r")  # renaming later: the question over the lobby
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name screen")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")


async def test_a_returning_players_first_screen_is_the_lobby(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        anna = await player(server, "SHA256:anna", "Anna")
        await anna.close()
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await shows(pilot, "Anna at")
            await shows(pilot, "q quits: your seats are kept, come back any time.")
            assert not any(isinstance(s, NameScreen) for s in app.screen_stack)


async def test_a_host_slow_to_welcome_shows_connecting(tmp_path: Path) -> None:
    """A table server that takes the connection but does not answer: after a second the
    lobby says it is connecting, and after the client's timeout the app ends with why."""
    heard = asyncio.Event()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        heard.set()
        await asyncio.sleep(60)

    with tempfile.TemporaryDirectory(prefix="rs") as folder:
        path = Path(folder) / "t.sock"
        server = await asyncio.start_unix_server(silent, path=str(path))
        config = AppConfig(
            save_dir=tmp_path, start="lobby", mouse=False, table_socket=path, table_token="x"
        )
        app = RobotuiApp(config)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await asyncio.wait_for(heard.wait(), 15)
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
                await shows(pilot, "Connecting to the host...")
                await pilot.press("q")
        finally:
            server.close()


async def test_create_a_table_then_someone_joins_and_the_game_opens(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await create_robot_master(pilot)
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            await shows(pilot, "Table #1 - Robot Master - waiting for 1")
            await shows(pilot, "Anna (you)")
            text = screen_text(app)
            assert "free" in text and "Private code" not in text
            bob = await player(server, "SHA256:bob", None)
            lobby = await bob.next("lobby", lambda m: bool(m["tables"]))
            assert lobby["tables"][0]["seats"][0]["name"] == "Anna"
            bob.send({"type": "set_name", "name": "Bob"})
            await bob.next("you")
            bob.send({"type": "join", "table": 1, "seat": None, "code": None})
            await bob.next("table")
            await in_game(pilot)
            assert not any(isinstance(s, WaitingRoom) for s in app.screen_stack)
            assert app.table_session.table_id == 1
            await bob.close()


async def test_join_a_table_from_the_list_with_enter(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(
            server, "stak-bots", [person(), person(), computer()], stand_in_after=5
        )
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "#1    Stak Bots    2/3  waiting for 1")
            await shows(pilot, "Bob, free, Computer (random)")
            await shows(pilot, "Enter Join")
            await pilot.press("enter")
            await in_game(pilot)
            started = await bob.next("seats", lambda m: m["summary"]["status"] == "playing")
            assert started["summary"]["seats"][1]["name"] == "Anna"
            await bob.close()


async def test_watch_a_full_table_and_come_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master", [person(), computer()])
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "playing")
            await shows(pilot, "Enter Watch")
            await pilot.press("enter")
            await in_game(pilot)
            assert app.table_session.your_seat is None
            await until(pilot, lambda: server.tables[1].spectators() == 1, "one spectator")
            app.screen.dismiss(None)  # the game screen's own leave (H4) ends the same way
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
            await until(pilot, lambda: app.table_session is None, "the session let go")
            await until(pilot, lambda: server.tables[1].spectators() == 0, "left")
            await bob.close()


async def test_a_private_table_is_joined_by_its_code(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, table = await host_table(server, "robot-master", private=True)
        code = table["code"]
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "No tables yet")  # a private table is not listed to others
            await pilot.press("c")
            await shows(pilot, "A private table by its code")
            await pilot.press(*"WRONG", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await shows(pilot, "no table has that code")
            await pilot.press("c", *code.lower(), "enter")  # any case
            await in_game(pilot)
            assert app.table_session.your_seat == 1
            await bob.close()


async def test_a_private_table_is_watched_by_its_code(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, table = await host_table(server, "robot-master", private=True)
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("c")
            await shows(pilot, "(*) join a free seat   ( ) watch")
            await pilot.press("tab")
            await shows(pilot, "( ) join a free seat   (*) watch")
            await pilot.press(*table["code"].lower(), "enter")
            await until(pilot, lambda: app._waiting is not None, "watching the waiting room")
            await shows(pilot, "watching")
            assert server.tables[1].spectators() == 1
            assert server.tables[1].free_seats() == [1]  # no seat taken
            await bob.close()


async def test_the_creator_sees_the_code_chats_and_leaving_closes_the_table(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await create_robot_master(pilot, "down", "down", "down", "down", "right")
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            code = server.tables[1].code
            assert code
            await shows(pilot, f"Private code: {code}")
            bob = await player(server, "SHA256:bob", "Bob")
            bob.send({"type": "watch", "table": 1, "code": code})
            await bob.next("table")
            await pilot.press("t", *"hi Bob", "enter")
            line = await bob.next("chat")
            assert line["line"]["text"] == "hi Bob" and line["line"]["who"] == "Anna"
            bob.send({"type": "chat", "table": 1, "text": "hello \x1b[31mAnna"})
            await shows(pilot, "Bob: hello Anna")
            await pilot.press("escape")  # stop typing
            await pilot.press("q")
            await shows(pilot, "leaving closes it")
            await pilot.press("y")
            closed = await bob.next("closed")
            assert closed["table"] == 1
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert 1 not in server.tables
            await bob.close()


async def test_bell_and_close_your_own_table(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            assert server.store is not None
            before = server.store.player("SHA256:anna")[1]
            await shows(pilot, "bell on" if before else "bell off")
            await pilot.press("b")
            await shows(pilot, "bell off" if before else "bell on")
            assert app.table_bell is not before
            assert server.store.player("SHA256:anna")[1] is not before
            await pilot.press("b")
            await shows(pilot, "bell on" if before else "bell off")
            assert app.table_bell is before
            await create_robot_master(pilot)
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            app.screen.dismiss(None)  # leaves without the question: the test closes below
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: 1 not in server.tables, "the creator's leave closes it")


def notice_over(app: RobotuiApp, kind: type) -> bool:
    """The too-small notice is on top, with a screen of ``kind`` beneath it."""
    from screens.dialogs import TooSmallScreen

    return isinstance(app.screen, TooSmallScreen) and any(
        isinstance(s, kind) for s in app.screen_stack
    )


async def test_a_too_small_terminal_stays_on_top_of_the_first_screen(tmp_path: Path) -> None:
    from screens.dialogs import TooSmallScreen

    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=(40, 10)) as pilot:
            await until(
                pilot,
                lambda: notice_over(app, NameScreen),
                "the notice over the name question",
                lambda: (
                    f"screens {[type(s).__name__ for s in app.screen_stack]}, "
                    f"notice {app._too_small!r}, size {app.size}"
                ),
            )
            await pilot.resize_terminal(*SIZE)
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name question")
            await pilot.press(*"Anna", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
            await shows(pilot, "Anna at")


async def test_a_slow_welcome_keeps_the_too_small_notice_on_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Connecting..." comes first (the host is slow to welcome) under the notice; the name
    question the welcome then asks for goes beneath the notice too, not over it."""
    import robotui.lobby_mode
    from hosting.client import TableClient
    from screens.dialogs import TooSmallScreen

    monkeypatch.setattr(robotui.lobby_mode, "CONNECTING_AFTER", 0.01)
    welcome_now = asyncio.Event()
    connect = TableClient.connect

    async def slow_connect(self: TableClient, *args: Any, **kwargs: Any) -> Any:
        await welcome_now.wait()
        return await connect(self, *args, **kwargs)

    monkeypatch.setattr(TableClient, "connect", slow_connect)
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=(40, 10)) as pilot:
            await until(pilot, lambda: notice_over(app, LobbyScreen), "the notice over Connecting")
            welcome_now.set()
            await until(pilot, lambda: notice_over(app, NameScreen), "the notice over the question")
            await pilot.resize_terminal(*SIZE)
            await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name question")
            await pilot.press(*"Anna", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert not any(isinstance(s, (TooSmallScreen, NameScreen)) for s in app.screen_stack)
            await shows(pilot, "Anna at")


async def test_a_game_reopened_on_return_opens_beneath_the_too_small_notice(
    tmp_path: Path,
) -> None:
    """Back after a dropped link with a small window: the host reopens your table at once,
    and the game goes beneath the notice (a game drawn at 40x10 would be unreadable)."""
    from screens.dialogs import TooSmallScreen
    from screens.game_screen import GameScreen

    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master", [person(), person()])
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("enter")  # joins Bob's table: the game starts
            await in_game(pilot)
        again = lobby_app(server, tmp_path / "saves")
        async with again.run_test(size=(40, 10)) as pilot:
            await until(
                pilot,
                lambda: notice_over(again, GameScreen),
                "the notice over the reopened game",
            )
            await pilot.resize_terminal(*SIZE)
            await in_game(pilot)
            assert not any(isinstance(s, TooSmallScreen) for s in again.screen_stack)
        await bob.close()
