"""Robot Master's side panel at 80x24: a long save name is shown whole, on two lines."""

from __future__ import annotations

from tests.ui_helpers import game_screen, make_app, settle


async def test_a_long_save_name_is_shown_whole(tmp_path):
    app = make_app(tmp_path, start="play", game="robot-master", opponent="human", seed=3,
                   options={"hand": "five"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.rename("robot-master 2026-11-22 08.25 (2)")
        screen.refresh_all()
        await pilot.pause()
        info = str(screen.query_one("#rm-info").render())
        assert "robot-master 2026-11-22 08.25\n(2)" in info
        assert "..." not in info
