"""A whole Robot Master game at a table: the player at 80x24 (keys only) against another
person at another terminal, then back to the lobby from the game-over panel."""

from __future__ import annotations

from pathlib import Path

from screens.game_over import GameOverScreen
from screens.lobby import LobbyScreen
from tests.hosting.lobby_pilot import shows, until
from tests.hosting.messages import person
from tests.hosting.online_pilot import at_table, other_moves, session_of
from tests.ui_helpers import play_one_move, screen_text


async def test_a_whole_game_between_two_people(tmp_path: Path) -> None:
    async with at_table(tmp_path, "robot-master", [person(), person()]) as (
        server,
        bob,
        app,
        pilot,
        screen,
    ):
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
