"""Helpers for the lobby's Pilot tests: a TableServer in the test's event loop on a short
socket path, the app in lobby mode connected to it, other players as TableClients, and
polling until something shows (generous timeouts, never a timing assertion)."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from hosting.client import TableClient
from hosting.server import TableServer
from robotui.app import RobotuiApp
from robotui.config import AppConfig
from tests.hosting.messages import create_msg
from tests.ui_helpers import screen_text, until

TIMEOUT = 15.0
SIZE = (80, 24)


@asynccontextmanager
async def running_server(data_dir: Path) -> AsyncIterator[TableServer]:
    """A TableServer on a socket in a short temporary folder (AF_UNIX paths are short)."""
    with tempfile.TemporaryDirectory(prefix="rl") as folder:
        server = TableServer(data_dir=data_dir, workers=1)
        server.lobby_interval = 0.02
        await server.start(Path(folder) / "t.sock")
        try:
            yield server
        finally:
            await server.stop()


def lobby_app(server: TableServer, save_dir: Path, key: str = "SHA256:anna") -> RobotuiApp:
    """The app of the player with ``key``, in lobby mode against ``server``."""
    assert server.socket_path is not None
    config = AppConfig(
        save_dir=save_dir,
        start="lobby",
        mouse=False,
        table_socket=server.socket_path,
        table_token=server.issue_token(key),
    )
    app = RobotuiApp(config)
    app.animation_level = "none"
    return app


async def player(server: TableServer, key: str, name: str | None) -> Player:
    """Another player at the host, as a bare TableClient that keeps what it got."""
    other = Player()
    assert server.socket_path is not None
    await other.client.connect(server.socket_path, server.issue_token(key))
    if name is not None:
        other.client.send({"type": "set_name", "name": name})
        await other.next("you")
    return other


async def host_table(
    server: TableServer,
    game: str,
    seats: list[dict[str, Any]] | None = None,
    key: str = "SHA256:bob",
    name: str | None = "Bob",
    **create: Any,
) -> tuple[Player, dict[str, Any]]:
    """Another player (Bob unless told) creates a table (two people unless ``seats`` says
    otherwise; ``create`` overrides other fields of `create_msg`); returns them and their
    first `table` message."""
    other = await player(server, key, name)
    other.send(create_msg(game, seats, **create))
    table = await other.next("table")
    return other, table


class Player:
    """A TableClient whose messages are kept in order."""

    def __init__(self) -> None:
        self.client = TableClient()
        self.got: list[dict[str, Any]] = []
        self.client.on_message = self.got.append

    async def next(self, kind: str, where: Callable[[dict], bool] = lambda m: True) -> dict:
        """The first message of ``kind`` (matching ``where``) not taken yet."""
        async with asyncio.timeout(TIMEOUT):
            while True:
                for i, msg in enumerate(self.got):
                    if msg["type"] == kind and where(msg):
                        del self.got[: i + 1]
                        return msg
                await asyncio.sleep(0.01)

    def send(self, msg: dict[str, Any]) -> None:
        self.client.send(msg)

    async def close(self) -> None:
        self.client.close()
        await self.client.wait_closed()


async def shows(pilot, text: str) -> None:
    """Wait until the terminal shows ``text``."""
    await until(pilot, lambda: text in screen_text(pilot.app), f"{text!r} on screen")


async def named(pilot, name: str = "Anna") -> None:
    """Answer the first-visit name screen with ``name`` and wait for the lobby."""
    from screens.lobby import LobbyScreen, NameScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, NameScreen), "the name screen")
    await pilot.press(*name, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen), "the lobby")


async def in_game(pilot) -> None:
    """Wait until the table's game screen is up (composed and on top)."""
    from screens.game_screen import GameScreen

    await until(
        pilot,
        lambda: (
            pilot.app.table_session is not None
            and isinstance(pilot.app.screen, GameScreen)
            and pilot.app.screen.is_mounted
        ),
        "the table's game screen",
    )
    await pilot.pause()
