"""The main menu's "resume your newest save" (r) continues the newest game not over yet,
as ``robotui resume`` does: a finished game never comes back as the newest save."""

from __future__ import annotations

from pathlib import Path

from engines.registry import get_game
from saves import PlayerEntry
from screens.game_screen import GameScreen
from screens.session import GameSession
from tests.ui_helpers import make_app, settle

PLAYERS = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "random")]


def saved_game(folder: Path, finish: bool) -> GameSession:
    session = GameSession.new(get_game("robot-master"), PLAYERS, {}, 4, folder)
    session.autosave()
    while finish and not session.match.state.is_terminal():
        state = session.match.state
        (seat,) = state.to_move()
        session.play(state.legal_actions(seat)[0], seat)
    return session


def messages(app) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_r_opens_the_newest_unfinished_game(tmp_path: Path) -> None:
    going = saved_game(tmp_path, finish=False)
    saved_game(tmp_path, finish=True)  # written last: the newest save, but over
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.sessions[-1].name == going.name


async def test_r_says_when_every_game_is_finished(tmp_path: Path) -> None:
    saved_game(tmp_path, finish=True)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert not isinstance(app.screen, GameScreen)
        assert "the saved game is finished" in messages(app)
