"""The lobby's connection: a host that is not there or refuses the token, a connection lost
while playing (one line, exit code 1, no traceback), and a reconnect that reopens your table."""

from __future__ import annotations

from pathlib import Path

import pytest

from hosting import paths
from robotui.app import RobotuiApp
from robotui.config import AppConfig
from screens.lobby import LobbyScreen
from tests.hosting.lobby_pilot import (
    SIZE,
    host_table,
    in_game,
    lobby_app,
    named,
    player,
    running_server,
    until,
)


def exit_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What the app printed as it left the terminal (Textual writes it to stderr)."""
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


async def test_no_table_server_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = RobotuiApp(
        AppConfig(
            save_dir=tmp_path,
            start="lobby",
            mouse=False,
            table_socket=tmp_path / "gone.sock",
            table_token="t",
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.return_code == 1, "the app gives up")
    [line] = exit_lines(capsys)
    assert line.startswith("Cannot reach the table server: ")
    assert "\n" not in line and "Traceback" not in line


async def test_an_unknown_token_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with running_server(tmp_path / "data") as server:
        assert server.socket_path is not None
        app = RobotuiApp(
            AppConfig(
                save_dir=tmp_path,
                start="lobby",
                mouse=False,
                table_socket=server.socket_path,
                table_token="forged",
            )
        )
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.return_code == 1, "the app gives up")
    [line] = exit_lines(capsys)
    assert line.startswith("The table server refused: ")
    assert "\n" not in line


async def test_a_lost_connection_in_a_game_ends_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master")
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await until(pilot, lambda: app.screen.enter_does() == "join", "the table listed")
            await pilot.press("enter")
            await in_game(pilot)
            await server.stop()
            await until(pilot, lambda: app.return_code == 1, "the app gives up")
        await bob.close()
    lines = exit_lines(capsys)
    [line] = lines
    assert line == "The table server closed the connection. Your seats are kept."


async def test_reconnecting_reopens_your_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with running_server(tmp_path / "data") as server:
        anna, _ = await host_table(
            server, "robot-master", key="SHA256:anna", name="Anna", my_seat=1
        )
        bob = await player(server, "SHA256:bob", "Bob")
        bob.send({"type": "join", "table": 1, "seat": None, "code": None})
        await bob.next("table")
        await anna.close()  # Anna's link drops
        app = lobby_app(server, tmp_path / "saves", key="SHA256:anna")
        async with app.run_test(size=SIZE) as pilot:
            await in_game(pilot)  # straight back to the game, no name asked
            assert app.table_session is not None
            assert app.table_session.table_id == 1 and app.table_session.your_seat == 1
            assert any(isinstance(s, LobbyScreen) for s in app.screen_stack)
            await until(pilot, lambda: server.tables[1].present(1), "Anna is present again")
        await bob.close()


async def test_a_crash_is_one_line_for_the_player_and_logged_on_the_host(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self, msg) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(LobbyScreen, "show_lobby", broken)
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        with pytest.raises(RuntimeError, match="boom"):  # Pilot re-raises it for the test
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: app.return_code == 1, "the app stops")
    err = capsys.readouterr().err
    assert "Traceback" not in err and "boom" not in err
    assert "robotui stopped on RuntimeError (logged on the host). Your seats are kept." in err
    log = (paths.data_dir() / "crashes.log").read_text(encoding="utf-8")
    assert "RuntimeError: boom" in log and "Traceback" in log


async def test_a_table_whose_game_cannot_be_read_is_one_line_in_the_lobby(
    tmp_path: Path,
) -> None:
    """A `table` message whose save this robotui cannot read (a host of another version, a
    damaged file) leaves the player in the lobby with one line, not a traceback."""
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            summary = {
                "id": 9,
                "game": "robot-master",
                "game_name": "Robot Master",
                "status": "playing",
                "seats": [],
                "private": False,
                "creator": "Bob",
                "progress": "",
                "to_move": [],
                "spectators": 0,
                "timer": False,
                "stand_in_after": 0,
                "options": "",
                "yours": False,
                "close_votes": [],
            }
            app._open_game(
                {
                    "type": "table",
                    "table": 9,
                    "summary": summary,
                    "save": "game = 'robot-master'\nseed = 'x'\n",
                    "your_seat": 0,
                    "creator": False,
                    "code": None,
                    "chat": [],
                    "timer": None,
                    "draft": None,
                }
            )
            await pilot.pause()
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen) and app.table_session is None
            status = str(lobby.query_one("#lobby-status").render())
            assert status.startswith("Table #9 cannot be shown:") and "\n" not in status
