"""RoboRally's `m` map: the whole course, for courses larger than the board panel (on
Long Haul, rows 1-7 and two of its flags lie outside it)."""

from __future__ import annotations

from dataclasses import replace

from screens.dialogs import PreviewScreen
from screens.roborally.frames import Frame, ToldRegister
from tests.roborally.test_ui import play_human, wait_human
from tests.ui_helpers import SIZE, make_app, rr_screen, screen_lines, settle


def _in_turn(frames: list[Frame], turn: int) -> list[Frame]:
    """Copies of the playback's ``frames`` as if of turn ``turn`` (the frames of one
    register share the copy of its picture)."""
    copies: dict[int, ToldRegister] = {}
    out = []
    for frame in frames:
        of = copies.get(id(frame.of))
        if of is None:
            of = replace(frame.of, picture=replace(frame.of.picture, turn=turn))
            copies[id(frame.of)] = of
        out.append(replace(frame, of=of))
    return out


def preview_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, PreviewScreen)
    return screen.text.plain if hasattr(screen.text, "plain") else str(screen.text)


async def test_m_shows_the_whole_long_course_and_closes_again(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=5,
        options={"course": "long-haul"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        lines = screen_lines(app)
        assert "view from a8 (m map)" in lines[0]
        assert not any(line.startswith(" 1 ") for line in lines)  # row 1 is off the panel
        assert "m Map" in lines[-1]
        await pilot.press("m")
        await settle(pilot)
        text = preview_text(app)
        assert text.startswith("Flags in order: F1 k21, F2 b16, F3 h5, F4 e2")
        assert "You (Red): next flag F1 at k21" in text
        board = text.split("\n\n")[1].splitlines()  # after the flags, before the legend
        assert board[0].split() == list("abcdefghijkl")
        rows = board[1:]
        assert [int(line[:2]) for line in rows] == list(range(1, 29))  # every row
        assert "F3" in rows[4] and "F4" in rows[1]  # h5 and e2
        assert "pusher" in text  # the legend follows
        # opened with your robot (row 28, the start line) in view
        assert any(line.lstrip("█ ").startswith("28 ") for line in screen_lines(app))
        await pilot.press("m")
        await settle(pilot)
        assert app.screen is screen


async def test_the_map_works_after_the_game_and_a_small_course_needs_no_footer_place(
    tmp_path,
) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "max_turns": 1},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        assert "m Map" not in screen_lines(app)[-1]  # the panel shows the whole course
        for _ in range(10):
            if screen.state.is_terminal():
                break
            await play_human(pilot)
        assert screen.state.is_terminal()
        await settle(pilot)
        await pilot.press("b")  # from the result to the board
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("m")
        await settle(pilot)
        assert "Flags in order: " in preview_text(app)


async def test_x_skips_the_turn_on_screen_and_a_turn_waiting_behind_it_still_plays(
    tmp_path,
) -> None:
    """Announced a power down, Enter, then x: the turn sat out powered down is not skipped
    too, so the game is never over before it is seen."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        screen.running = False  # step by step: the queue holds the whole turn
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        assert len(screen.queue) > 2
        # this turn's pictures, then the next turn's waiting behind them (as when your
        # robot sits that turn out powered down)
        turn = screen.state.turn
        now = _in_turn(screen.queue, turn)
        later = _in_turn(now, turn + 1)
        screen.queue[:] = now + later
        if screen.shown is not None:
            screen.shown = _in_turn([screen.shown], turn)[0]
        await pilot.press("x")
        await pilot.pause()
        assert screen.shown is not None and screen.shown.turn == turn + 1
        # it runs (the timer may have shown one more picture by now)
        assert screen.running and len(screen.queue) < len(later)
        assert screen.queue == later[len(later) - len(screen.queue) :]
        await pilot.press("x")  # and x again skips that one
        await settle(pilot)
        assert not screen.queue
