"""RoboRally on a terminal larger than 80x24: the board shows more of the course (the whole
course where it fits, in squares 4 columns wide where they fit), and the log grows with the
height; at 80x24 the board is as it always was (3 columns a square)."""

from __future__ import annotations

import pytest

from engines.roborally.boardfile import load_course
from screens.roborally.draw import draw_board
from screens.roborally.panels import RegisterLog, board_cell_width
from tests.roborally.test_ui import wait_human
from tests.ui_helpers import make_app, rr_screen


def test_squares_are_4_wide_only_on_a_wider_terminal_with_room_for_the_course() -> None:
    small = load_course("first-steps")  # 12 squares wide: 51 columns in 4-wide squares
    assert board_cell_width(small, 80, 39) == 3
    assert board_cell_width(small, 80, 200) == 3  # at 80 columns never, whatever the room
    assert board_cell_width(small, 120, 79) == 4
    assert board_cell_width(small, 120, 50) == 3  # one column short
    assert board_cell_width(load_course("grand-tour"), 120, 79) == 3  # 24 wide: 99 columns


def test_a_4_wide_square_keeps_its_look_a_column_wider() -> None:
    lay = load_course("first-steps")
    robots = [(0, lay.starts[0], 1, False)]
    narrow = draw_board(lay, robots, False, (0, 0, lay.width, lay.height), coords=True)
    wide = draw_board(lay, robots, False, (0, 0, lay.width, lay.height), coords=True, cell_width=4)
    narrow_lines, wide_lines = narrow.plain.splitlines(), wide.plain.splitlines()
    assert len(wide_lines) == len(narrow_lines)
    label = len(str(lay.height))
    for row, (a, b) in enumerate(zip(narrow_lines[1:], wide_lines[1:], strict=True)):
        a, b = a.ljust(label + 3 * lay.width + 1), b.ljust(label + 4 * lay.width + 1)
        for x in range(lay.width):  # the gap and two characters, then the third
            three = a[label + 3 * x : label + 3 * x + 3]
            four = b[label + 4 * x : label + 4 * x + 4]
            assert four[:3] == three, (row, x)
            assert four[3] in (" ", three[2]), (row, x)
    assert "R▶" in wide.plain
    assert wide_lines[0].split() == narrow_lines[0].split()  # the column letters


async def shown_at(tmp_path, course: str, size: tuple[int, int]):
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=42,
        options={"course": course},
    )
    async with app.run_test(size=size) as pilot:
        await wait_human(pilot)
        await pilot.press("1")  # North
        await wait_human(pilot)
        screen = rr_screen(app)
        log = screen.query_one("#rr-log", RegisterLog)
        log_room = log.log_room(len(log.head_lines()))  # lines under the table and program
        return (
            screen.last_viewport,
            screen.offers("map"),
            log_room,
            screen.query_one("#rr-board").size.width,
            screen.state.layout,
        )


@pytest.mark.parametrize(("course", "cell_width"), [("long-haul", 4), ("grand-tour", 3)])
async def test_the_whole_course_shows_at_120x40(tmp_path, course, cell_width) -> None:
    small = await shown_at(tmp_path / "small", course, (80, 24))
    big = await shown_at(tmp_path / "big", course, (120, 40))
    viewport, map_offered, log_height, board_width, lay = big
    x0, y0, cols, rows = viewport
    assert (x0, y0) == (0, 0) and cols >= lay.width and rows >= lay.height
    assert not map_offered
    assert board_width == lay.width * cell_width + 1 + len(str(lay.height))
    x0, y0, cols, rows = small[0]
    assert cols * rows < lay.width * lay.height and small[1]  # at 80x24: a part, m offers it
    assert small[3] == 80 - 41  # the board panel as it always was at 80x24
    assert log_height >= small[2] + 40 - 24  # the log has the height the terminal gives
