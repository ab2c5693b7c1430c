"""Snapshots of the lobby, the waiting room and the new-table dialog at 80x24. The table
server runs in a thread of its own (snap_compare runs the app in a fresh event loop); the
host's name is fixed and nothing on screen carries a clock."""

from __future__ import annotations

import asyncio
import platform
import shutil
import tempfile
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engines.registry import get_game
from hosting.server import TableServer
from screens.lobby import LobbyScreen, NameScreen, WaitingRoom
from screens.new_game import NewGameScreen
from tests.hosting.lobby_pilot import SIZE, TIMEOUT, Player, lobby_app, named, shows, until
from tests.hosting.messages import computer, create_msg, person
from tests.ui_helpers import make_app


class ThreadedHost:
    """A TableServer in its own thread and event loop; ``run`` runs a coroutine there."""

    def __init__(self, data_dir: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.folder = tempfile.mkdtemp(prefix="rs")  # short: AF_UNIX paths
        self.server = TableServer(data_dir, workers=1)
        self.server.lobby_interval = 0.02
        self.players: list[Player] = []

    def run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(TIMEOUT)

    def start(self) -> None:
        self.thread.start()
        self.run(self.server.start(Path(self.folder) / "t.sock"))

    def stop(self) -> None:
        async def down() -> None:
            for other in self.players:
                await other.close()
            await self.server.stop()

        self.run(down())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)
        self.loop.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def player(self, key: str, name: str) -> Player:
        async def come() -> Player:
            other = Player()
            assert self.server.socket_path is not None
            await other.client.connect(self.server.socket_path, self.server.issue_token(key))
            other.send({"type": "set_name", "name": name})
            await other.next("you")
            return other

        other = self.run(come())
        self.players.append(other)
        return other

    def ask(self, other: Player, msg: dict[str, Any], answer: str) -> dict[str, Any]:
        """``other`` sends ``msg``; the first ``answer`` message it gets back."""

        async def go() -> dict[str, Any]:
            other.send(msg)
            return await other.next(answer)

        return self.run(go())


@contextmanager
def threaded_host(data_dir: Path) -> Iterator[ThreadedHost]:
    host = ThreadedHost(data_dir)
    host.start()
    try:
        yield host
    finally:
        host.stop()


@pytest.fixture(autouse=True)
def _host_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "node", lambda: "gamehost")


def seats(*kinds: str) -> list[dict[str, Any]]:
    return [person() if k == "person" else computer(k) for k in kinds]


def create(game: str, kinds: list[dict[str, Any]], stand_in: int = 0) -> dict[str, Any]:
    return create_msg(game, kinds, stand_in_after=stand_in)


def test_lobby_snapshot(snap_compare, tmp_path: Path) -> None:
    with threaded_host(tmp_path / "data") as host:
        bob = host.player("SHA256:bob", "Bob")
        carl = host.player("SHA256:carl", "Carl \x1b[31mred")
        host.ask(bob, create("stak-bots", seats("person", "person", "random"), 5), "table")
        host.ask(carl, create("robot-master", seats("person", "person")), "table")
        host.ask(bob, {"type": "join", "table": 2, "seat": None, "code": None}, "table")

        async def run_before(pilot) -> None:
            await named(pilot)
            await shows(pilot, "Robot Master")
            await until(pilot, lambda: len(pilot.app.screen.tables) == 2, "two tables")

        app = lobby_app(host.server, tmp_path / "saves")
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_first_visit_name_question_snapshot(snap_compare, tmp_path: Path) -> None:
    """A new player's first screen: the name question alone (the lobby comes after it)."""
    with threaded_host(tmp_path / "data") as host:

        async def run_before(pilot) -> None:
            await until(pilot, lambda: isinstance(pilot.app.screen, NameScreen), "the question")
            await pilot.press(*"Anna")

        app = lobby_app(host.server, tmp_path / "saves")
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_waiting_room_snapshot(snap_compare, tmp_path: Path) -> None:
    with threaded_host(tmp_path / "data") as host:
        bob = host.player("SHA256:bob", "Bob")

        async def run_before(pilot) -> None:
            app = pilot.app
            await named(pilot)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.press("n", "down", "down", "down", "enter")  # RoboRally
            await shows(pilot, "New table: RoboRally")
            await pilot.press("right", "right")  # 4 players
            await pilot.press("down", "down", "right", "right", "right")  # Blue: normal
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(join_bob(), host.loop))
            await shows(pilot, "Bob")

        async def join_bob() -> None:
            bob.send({"type": "join", "table": 1, "seat": None, "code": None})
            await bob.next("table")

        app = lobby_app(host.server, tmp_path / "saves")
        assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_new_table_dialog_snapshot(snap_compare, tmp_path: Path) -> None:
    async def run_before(pilot) -> None:
        pilot.app.push_screen(NewGameScreen(get_game("stak-bots"), table=True))
        await pilot.pause()
        await pilot.press("right", "down", "down", "right", "right", "right")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)
