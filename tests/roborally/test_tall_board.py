"""RoboRally on a tall terminal: where the whole course fits, each square takes two rows
(the board used 17 of 40 rows at 120x40), and the course window (m) uses the whole window
and shows every row. 80x24 keeps one row a square (its snapshots are unchanged)."""

from __future__ import annotations

import re

from engines.roborally.boardfile import load_course
from screens.roborally.draw import draw_board
from screens.roborally.panels import board_cell_height
from tests.roborally.test_ui import facing_north
from tests.ui_helpers import make_app, rr_screen, screen_lines, settle

ROW = re.compile(r"^\s*(\d+)[ ┃|]")


def _app(tmp_path, course: str):
    return make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=11,
        options={"course": course},
    )


def _row_numbers(lines: list[str]) -> list[int]:
    return [int(m.group(1)) for line in lines if (m := ROW.match(line))]


def test_two_rows_a_square_only_where_the_whole_course_fits() -> None:
    lay = load_course("pit-stop")  # 16 rows: 33 lines with the column letters
    assert board_cell_height(lay, 40, 38) == 2
    assert board_cell_height(lay, 40, 32) == 1  # does not fit
    assert board_cell_height(lay, 24, 40) == 1  # a short terminal keeps one row a square


def test_a_two_row_square_keeps_a_robot_on_top_and_its_floor_below() -> None:
    lay = load_course("pit-stop")
    start = lay.starts[0]
    robots = [(0, start, 0, False)]
    one = draw_board(lay, robots, False, (0, 0, lay.width, lay.height), coords=True)
    two = draw_board(lay, robots, False, (0, 0, lay.width, lay.height), coords=True, cell_height=2)
    assert len(two.plain.split("\n")) == 1 + 2 * lay.height
    assert len(one.plain.split("\n")) == 1 + lay.height
    y = start // lay.width
    top, bottom = two.plain.split("\n")[1 + 2 * y : 3 + 2 * y]
    assert "R▲" in top and "s1" in bottom  # the robot, and the start square under it
    assert two.plain.split("\n")[1 + 2 * y + 0].startswith(f"{y + 1:>2}")
    assert bottom.startswith("  ")  # the row number once


async def test_at_120x40_the_board_takes_two_rows_a_square(tmp_path) -> None:
    app = _app(tmp_path, "pit-stop")
    async with app.run_test(size=(120, 40)) as pilot:
        await facing_north(pilot)
        await settle(pilot)
        board = screen_lines(app)[1:]
        rows = _row_numbers(board)
        assert rows[:16] == list(range(1, 17))
        last = max(i for i, line in enumerate(board) if ROW.match(line))
        assert last >= 31  # 16 rows of two lines under the column letters


async def test_at_80x24_the_board_keeps_one_row_a_square(tmp_path) -> None:
    app = _app(tmp_path, "first-steps")
    async with app.run_test(size=(80, 24)) as pilot:
        await facing_north(pilot)
        board = screen_lines(app)[2:14]
        assert _row_numbers(board) == list(range(1, 13))


async def test_the_course_window_shows_every_row_in_the_whole_window(tmp_path) -> None:
    app = _app(tmp_path, "grand-tour")
    async with app.run_test(size=(120, 40)) as pilot:
        await facing_north(pilot)
        screen = rr_screen(app)
        height = screen.state.layout.height
        await pilot.press("m")
        await settle(pilot)
        lines = screen_lines(app)
        assert lines[0].startswith("█▀") and lines[0].rstrip().endswith("▀█")  # the window
        assert len(lines[0].rstrip()) == 120
        numbers = [int(m.group(1)) for line in lines if (m := re.match(r"^█\s+(\d+)[ ┃|]", line))]
        assert numbers == list(range(1, height + 1))  # every row, none scrolled away
