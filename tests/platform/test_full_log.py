"""``l`` opens the whole log in a scrollable window in Stak Bots and Robo Factory, as in
RoboRally (tested there): the side panels keep only the newest lines, and a computer's turn
can be longer than they are."""

from __future__ import annotations

from screens.dialogs import PreviewScreen
from tests.robo_factory.test_footer import to_my_build
from tests.stak_bots.test_ui import next_key
from tests.ui_helpers import SIZE, make_app, rf_screen, sb_screen, settle


async def open_log(pilot, screen) -> PreviewScreen:
    await pilot.press("l")
    await settle(pilot)
    window = pilot.app.screen
    assert isinstance(window, PreviewScreen)
    assert window.title_text == "Log (newest last)"
    assert max(len(line) for line in window.text.plain.splitlines()) <= 72  # wrapped
    return window


async def test_stak_bots_log_window_holds_every_event(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        for _ in range(40):  # a few rounds: more events than the panel shows
            if screen.state.is_terminal() or len(screen.state.events) > 40:
                break
            await pilot.press(next_key(screen))
            await settle(pilot)
        events = screen.named(screen.state.events)
        assert len(events) > 30
        window = await open_log(pilot, screen)
        plain = " ".join(window.text.plain.split())
        assert " ".join(events[0].split()) in plain and " ".join(events[-1].split()) in plain
        scroll = window.query_one("#preview-scroll")
        assert scroll.scroll_y == scroll.max_scroll_y > 0  # opened on the newest lines
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


async def test_robo_factory_log_window_shows_this_seats_log(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=5, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await to_my_build(pilot)
        screen = rf_screen(app)
        part = screen.part
        window = await open_log(pilot, screen)
        plain = window.text.plain
        assert plain.startswith("Turn 1:")
        assert [line for line, _ in screen.log_lines()][-1].split()[-1] in plain
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.part == part  # l no longer moves the cursor
