"""``n`` on the game-over panel, then Enter in the dialog: a new game starts."""

from __future__ import annotations

from screens.new_game import NewGameScreen
from screens.robot_master_screen import RobotMasterOverScreen, RobotMasterScreen
from tests.ui_helpers import game_screen, make_app, play_one_move, settle

SIZE = (80, 24)


async def test_new_game_from_the_result_panel_starts_a_game(tmp_path):
    app = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = game_screen(app)
        while not first.state.is_terminal():
            await play_one_move(pilot)
        await settle(pilot)
        assert isinstance(app.screen, RobotMasterOverScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        second = app.screen
        assert isinstance(second, RobotMasterScreen) and second is not first
        assert second.session.name != first.session.name
        assert second.state.moves == 0 and second.session.players[1].level == "random"
