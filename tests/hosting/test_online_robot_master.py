"""A whole Robot Master game at a table: the player at 80x24 (keys only) against another
person at another terminal, then back to the lobby from the game-over panel."""

from __future__ import annotations

from pathlib import Path

from screens.game_over import GameOverScreen
from screens.lobby import LobbyScreen
from tests.hosting.lobby_pilot import SIZE, lobby_app, running_server, shows, until
from tests.hosting.online_pilot import host_table, other_moves, person, session_of, sit_down
from tests.ui_helpers import play_one_move, screen_text


async def test_a_whole_game_between_two_people(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master", [person(), person()], my_seat=1)
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_down(pilot, 1, 0)
            session = session_of(app)
            assert session.humans == [0]
            await shows(pilot, "Anna")
            await shows(pilot, "Bob")
            moves = 0
            while not session.match.state.is_terminal():
                seat = session.match.state.to_play
                if seat == 0:
                    await until(pilot, screen.human_to_move, "your turn")
                    before = len(session.match.log)
                    await play_one_move(pilot)
                    await bob.next("move", lambda m, n=before: m["index"] == n)
                else:
                    await shows(pilot, "Waiting for Bob...")
                    await other_moves(pilot, bob, 1)
                moves += 1
                if moves == 2:  # the keys a table has no use for say why
                    await pilot.press("u")
                    await shows(pilot, "No undo at a table")
                    await pilot.press("H")
                    await shows(pilot, "Hints are off at a table.")
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "game over")
            await shows(pilot, "m back to the lobby")
            assert "n new game" not in screen_text(app)
            await pilot.press("n")  # no new game at a table
            assert isinstance(app.screen, GameOverScreen)
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await bob.close()
