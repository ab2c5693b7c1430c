"""Robo Factory prompts name only keys that work: no Eureka once it is used, and in the
notepad a missing colour says to go back to the build first."""

from __future__ import annotations

from engines.robo_factory.state import BUILD
from tests.robo_factory.test_screen import visible_lines
from tests.robo_factory.test_ui import start
from tests.ui_helpers import make_app, rf_screen, settle


async def test_build_prompts_name_only_working_keys(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="robo-factory", opponent="random", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        while screen.state.phase != BUILD or not screen.human_to_move():
            await pilot.press("n")
            await settle(pilot)
        status = " ".join(visible_lines(screen.query_one("#rf-status")))
        assert "e Eureka, Enter builds" in status
        await pilot.press("tab", "enter")  # the notepad has the keys; nothing built yet
        await settle(pilot)
        assert "(Tab back to the build, then r g b y)" in screen.message
        await pilot.press("tab")
        screen.state.eureka_used[0] = True
        screen.message = ""
        screen.refresh_all()
        await settle(pilot)
        status = " ".join(visible_lines(screen.query_one("#rf-status")))
        assert "Build: type r g b y (or arrows), Enter builds." in status
