"""The waiting room: seats filling and freeing as people come and go, a refused chat line
said on its status line, and watching a table that has not started."""

from __future__ import annotations

from pathlib import Path

from screens.lobby import LobbyScreen, WaitingRoom
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
from tests.ui_helpers import screen_text


async def test_seats_fill_and_free_and_a_refused_line_says_why(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        server.chat_burst = 1
        server.chat_every = 3600.0
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await pilot.press("n", "down", "enter")  # Stak Bots
            await shows(pilot, "New table: Stak Bots")
            await pilot.press("right", "enter")  # 3 players: you and two people
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            await shows(pilot, "waiting for 2")
            bob = await player(server, "SHA256:bob", "Bob")
            bob.send({"type": "join", "table": 1, "seat": None, "code": None})
            await bob.next("table")
            await shows(pilot, "2. Player 2: Bob")
            await shows(pilot, "waiting for 1")
            bob.send({"type": "leave", "table": 1})
            await shows(pilot, "2. Player 2: free")
            await pilot.press("enter", *"one", "enter")
            await shows(pilot, "Anna: one")
            await pilot.press(*"two", "enter")
            await shows(pilot, "You are chatting too fast: 'two' goes out in a moment.")
            assert "Anna: two" not in screen_text(app)
            await bob.close()


async def test_watching_a_waiting_table(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        bob, _ = await host_table(server, "robot-master", stand_in_after=10)
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "Enter Join")
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
            await shows(pilot, "waiting for 1 - watching")
            await shows(pilot, "a computer may stand in after 10 min")
            await until(pilot, lambda: server.tables[1].spectators() == 1, "one spectator")
            await pilot.press("q")  # a spectator is not asked
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: server.tables[1].spectators() == 0, "left")
            assert server.tables[1].free_seats() == [1]
        await bob.close()
