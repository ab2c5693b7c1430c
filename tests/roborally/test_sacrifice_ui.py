"""The option-for-damage question in the RoboRally screen, by keys (a real position: seed 316
of first-steps, random programs, every double wrench taken as an option card)."""

from __future__ import annotations

from tests.roborally.test_ui import match_log_last, prepared_save, wait_human
from tests.ui_helpers import SIZE, make_app, rr_screen, screen_lines


async def test_the_option_for_damage_question_by_keys(tmp_path) -> None:
    path = prepared_save(
        tmp_path,
        lambda state: state.pending_kind(0) == "sacrifice",
        seeds=range(316, 317),
        take_options=True,
    )
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert state.pending_kind(0) == "sacrifice"
        options = list(state.bots[0].options)
        prog = str(screen.query_one("#rr-prog").render()).replace("\n", " ")
        assert "2 damage coming: destroy an option card instead of 1?" in prog
        assert "1 take the damage" in prog and "2 Crab Legs" in prog
        shown = "\n".join(screen_lines(app))  # on screen at 80x24, wrapped in the panel
        assert "damage coming: destroy an option card" in shown and "2 Crab Legs" in shown
        await pilot.press("2")  # Crab Legs
        assert match_log_last(screen) == "sacrifice crab-legs"
        assert state.bots[0].options == [o for o in options if o != "crab-legs"]
        await wait_human(pilot)
        told = [t.strip() for t, _ in screen.events_log]
        assert "Red gives up Crab Legs instead of 1 damage" in told
