"""The new-game dialog: rows come from the game's options; a preview where the game has one."""

from __future__ import annotations

from screens.dialogs import PreviewScreen
from screens.new_game import NewGameScreen
from tests.ui_helpers import make_app


async def open_dialog(pilot, game_index: int) -> NewGameScreen:
    await pilot.press(*["down"] * game_index, "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_roborally_dialog_previews_the_chosen_course(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        index = [g.id for g in app.screen.games].index("roborally")
        dialog = await open_dialog(pilot, index)
        assert "course" in dialog.chosen_options()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, PreviewScreen)
        assert "First Steps" in app.screen.text and "Legend" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog


async def test_robot_master_dialog_has_no_preview(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot, 0)
        assert dialog.chosen_options() == {"first": "rows", "hand": "full"}
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is dialog
