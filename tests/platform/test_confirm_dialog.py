"""The yes/no dialog starts on No: Escape (leave?) then Enter keeps you in the game."""

from __future__ import annotations

from screens.dialogs import ConfirmScreen
from screens.robot_master.screen import RobotMasterScreen
from tests.ui_helpers import make_app, settle


async def test_escape_then_enter_stays_in_the_game(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.focused is not None and app.focused.id == "no"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RobotMasterScreen)


async def test_arrows_move_to_yes_and_y_answers_at_once(tmp_path):
    answers: list[bool] = []
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmScreen("Sure?"), answers.append)
        await pilot.pause()
        await pilot.press("right")
        assert app.focused is not None and app.focused.id == "yes"
        await pilot.press("left")
        assert app.focused.id == "no"
        await pilot.press("left", "enter")
        await pilot.pause()
        app.push_screen(ConfirmScreen("Sure?"), answers.append)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert answers == [True, True]
