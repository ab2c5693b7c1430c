"""Robot Master on a terminal bigger than 80x24: the cells and the side panel
grow and the whole is centred; at 80x24 the screen is the one it has always been."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from engines.robot_master.board import EMPTY, SIZE
from screens.robot_master.board import RobotMasterBoard
from screens.robot_master.room import LEFT_EXTRA_ROWS, SIDE_MAX, Room, board_rows, room_for
from tests.helpers.pty_robotui import Terminal
from tests.platform.test_partial_repaint import differences
from tests.ui_helpers import SIZE as SMALLEST
from tests.ui_helpers import game_screen, make_app, play_one_move, screen_lines, settle


def test_80x24_keeps_the_sizes_of_robot_master_tcss() -> None:
    room = room_for(80, 24)
    assert room == Room(cell_width=5, cell_height=1, left=45, side=35, body_rows=22)
    assert room.base
    assert (room.board_width, room.board_height) == (44, 13)
    assert (room.left_cells, room.info_cells, room.log_name_cells) == (43, 31, 18)
    assert room.log_lines(info_lines=9) == 10


def test_cells_grow_wider_and_taller_with_the_terminal() -> None:
    assert (room_for(100, 30).cell_width, room_for(100, 30).cell_height) == (7, 1)
    assert (room_for(120, 40).cell_width, room_for(120, 40).cell_height) == (9, 3)
    assert (room_for(200, 60).cell_width, room_for(200, 60).cell_height) == (13, 5)
    assert not room_for(120, 40).base


def test_every_size_fits_its_terminal() -> None:
    for columns in range(80, 241, 3):
        for rows in range(24, 81, 2):
            room = room_for(columns, rows)
            assert room.cell_width % 2 == 1 and room.cell_height % 2 == 1  # a middle cell
            assert room.left + room.side <= columns, (columns, rows)
            assert LEFT_EXTRA_ROWS + board_rows(room.cell_height) <= room.body_rows
            assert room.board_width >= 5 * room.cell_width + 15  # the board's text fits


def test_the_side_panel_grows_up_to_a_limit_and_the_log_with_its_height() -> None:
    assert room_for(100, 30).side == 100 - room_for(100, 30).left - 1
    assert room_for(120, 40).side == room_for(240, 60).side == SIDE_MAX == 44
    assert room_for(120, 40).log_lines(info_lines=9) == 38 - 1 - 9 - 1 - 1
    assert room_for(80, 24).log_lines(info_lines=11) == 10  # never fewer than at 80x24


def test_a_tall_cell_has_its_value_and_the_cursor_brackets_on_its_middle_row() -> None:
    board = RobotMasterBoard()
    board.set_cell_size(9, 3)
    cells = [EMPTY] * (SIZE * SIZE)
    cells[12] = 4  # c3
    board.board, board.last, board.cursor = tuple(cells), 12, 13  # cursor on d3
    lines = board.draw().plain.split("\n")
    assert len(lines) == board_rows(3)
    grid = 3 + 1 + 5 * (9 + 1)  # the row number, then each cell with its right border
    # every grid line ends at the grid's edge, a cell's middle row with its row's score
    assert {cell_len(line.rstrip()) for line in lines[1:-1]} == {grid, grid + 6}
    # row 3's lines are 10-12: the letters, the top rule, then rows 5 and 4 (3 lines and a
    # rule each) above it
    above, middle, below = lines[10:13]
    c3 = slice(4 + 2 * 10, 4 + 2 * 10 + 9)
    d3 = slice(4 + 3 * 10, 4 + 3 * 10 + 9)
    assert middle[c3] == "    4•   "  # the value in the middle, the last-placed mark after
    assert middle[d3] == "[   ·   ]"  # the cursor on a legal cell
    assert above[c3] == below[c3] == " " * 9
    assert middle.startswith(" 3 ") and middle.rstrip().endswith("4")  # row 3 scores 4
    assert above.startswith("   ") and above.rstrip().endswith("│")


async def test_a_bigger_terminal_grows_the_board_and_80x24_comes_back_the_same(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        await play_one_move(pilot)
        small = screen_lines(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        screen = game_screen(app)
        board = screen.query_one("#rm-board", RobotMasterBoard)
        assert (board.cell_width, board.cell_height) == (9, 3)
        assert board.size.width == screen.room.board_width
        big = screen_lines(app)
        assert any("┌─────────┬" in line for line in big)
        assert sum("│" in line and "┼" not in line for line in big) == 5 * 3  # 3 rows a cell
        await pilot.resize_terminal(*SMALLEST)
        await settle(pilot)
        assert screen_lines(app) == small


async def test_a_tall_terminal_shows_more_of_the_move_log(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(7):  # 14 moves, yours and the computer's
            await play_one_move(pilot)
        lines = screen_lines(app)
        log = [line for line in lines if " on " in line and ": " in line]
        assert len(log) == 14
        assert any(line.rstrip().split("▏")[-1].lstrip().startswith("1. ") for line in log)


def test_at_120x40_keys_send_only_changed_cells_and_leave_nothing_stale(tmp_path):
    """Through a real pty: a cursor move over the tall cells sends a few cells, and after
    keys the terminal shows what a whole repaint (a resize and back) draws."""
    term = Terminal(
        ["play", "robot-master", "--opponent", "random", "--seed", "3"], 120, 40, tmp_path
    )
    try:
        term.wait_for("Your turn")
        term.settle(quiet=1.0)
        first_screen = term.total
        written = term.key("right")
        assert "│[" in term.text()  # the cursor is drawn
        assert 0 < written < first_screen // 20
        before_keys = term.cells()
        # back to c4 (free, by the 4 on c3), place a 2 there; the reply; then a 3 wherever
        # the cursor went (a legal cell) and the reply; then a cursor move
        for key in ["left", "right", "down", "2", "up", "left", "enter", "3", "enter", "up"]:
            term.key(key)
        term.settle(quiet=1.0)
        after_keys = term.cells()
        assert "Move 5 of 24" in term.text()  # both placements and the replies were made
        assert differences(before_keys, after_keys)
        for size in ((127, 42), (120, 40)):
            before = term.total
            term.resize(*size)
            term.wait_for(lambda _, before=before: term.total > before)
            term.settle(quiet=1.0)
        assert differences(after_keys, term.cells()) == []
    finally:
        term.close()


async def test_a_terminal_resized_under_the_rules_fits_the_board_on_return(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("f1")
        await settle(pilot)
        assert app.screen is not screen  # the rules are over the game
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        board = screen.query_one("#rm-board", RobotMasterBoard)
        assert (board.cell_width, board.cell_height) == (9, 3)
        assert board.size == (screen.room.board_width, screen.room.board_height)


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (160, 50)])
async def test_a_bigger_terminal_centres_the_board_and_panel_with_equal_margins(tmp_path, size):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        left = screen.query_one("#rm-left").region
        right = screen.query_one("#rm-right").region
        assert left.right == right.x  # side by side
        margins = (left.x, size[0] - right.right)
        assert abs(margins[0] - margins[1]) <= 1, margins
        if size[0] >= 120:
            assert min(margins) >= 5  # the side panel stops growing: room goes to margins
