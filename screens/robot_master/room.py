"""How Robot Master's screen uses the terminal: cell sizes and panel widths for a size.

At 80x24 (the smallest terminal robotui supports) the board's cells are 5 cells wide and
1 row tall, the left panel 45 wide and the side panel the other 35: the screen as it has
always been. A bigger terminal gets wider and taller cells (the value stays in the middle),
a wider side panel, and the whole is centred. Everything is measured in terminal cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.robot_master.board import SIZE

BASE_CELL_WIDTH = 5
BASE_CELL_HEIGHT = 1
# The widest cell for a cell height: about square on a terminal whose cells are twice as
# tall as wide, a little wider when the cell is one row.
MAX_CELL_WIDTH = {1: 7, 3: 9, 5: 13}
SIDE_MIN = 35  # the side panel at 80x24: its border, padding and 31 cells of text, one spare
# Wider than this only adds blank cells (the longest info line is about 31 cells, a log
# line 13 plus a name): the rest goes to equal margins left and right of the whole.
SIDE_MAX = 44
CHROME_ROWS = 2  # the title line and the footer
# The left panel's rows besides the board: the board's top margin, the hand's margin and
# 3 rows, the status's 3 rows.
LEFT_EXTRA_ROWS = 1 + 1 + 3 + 3
LOG_LINES = 10  # moves the log shows at 80x24 (and at least, anywhere)


def board_rows(cell_height: int) -> int:
    """The board widget's height: letters, rules, cells and the column scores."""
    return 1 + (SIZE + 1) + SIZE * cell_height + 1


def board_text_width(cell_width: int) -> int:
    """Cells the board's text takes: row number, grid, a space and the 5-wide row score."""
    return 3 + 1 + SIZE * (cell_width + 1) + 1 + 5


def left_width(cell_width: int) -> int:
    """The left panel (board, hand, status) with its padding and a few cells to spare
    before the side panel's border: 45 for 5-wide cells."""
    return board_text_width(cell_width) + 5


@dataclass(frozen=True)
class Room:
    """Sizes in terminal cells for one terminal size."""

    cell_width: int
    cell_height: int
    left: int  # the left panel's width, padding included
    side: int  # the side panel's width, border and padding included
    body_rows: int  # the rows between the title line and the footer

    @property
    def base(self) -> bool:
        """The 80x24 look: small cells, the side panel taking what is left (1fr)."""
        return self.cell_width == BASE_CELL_WIDTH and self.cell_height == BASE_CELL_HEIGHT

    @property
    def board_width(self) -> int:
        return self.left - 1

    @property
    def board_height(self) -> int:
        return board_rows(self.cell_height)

    @property
    def left_cells(self) -> int:
        """Text cells inside the left panel (hand and status)."""
        return self.left - 2

    @property
    def info_cells(self) -> int:
        """Text cells of the side panel: its border, padding and one spare column off."""
        return self.side - 4

    @property
    def log_name_cells(self) -> int:
        """A name in the move log: the rest of "24. " + name + ": 5 on c3"."""
        return self.info_cells - 13

    def log_lines(self, info_lines: int) -> int:
        """Moves the log shows under ``info_lines`` lines of info: all it has room for,
        never fewer than at 80x24."""
        room = self.body_rows - 1 - info_lines - 1 - 1  # padding, margin, "Move log"
        return max(LOG_LINES, room)


def room_for(columns: int, rows: int) -> Room:
    """The sizes for a terminal of ``columns`` x ``rows`` cells."""
    body = max(rows - CHROME_ROWS, 0)
    heights = [
        h for h in sorted(MAX_CELL_WIDTH, reverse=True) if LEFT_EXTRA_ROWS + board_rows(h) <= body
    ]
    height = heights[0] if heights else BASE_CELL_HEIGHT
    width = BASE_CELL_WIDTH
    for w in range(MAX_CELL_WIDTH[height], BASE_CELL_WIDTH, -2):
        if left_width(w) + SIDE_MIN <= columns:
            width = w
            break
    left = left_width(width)
    side = max(SIDE_MIN, min(SIDE_MAX, columns - left))
    return Room(width, height, left, side, body)


BASE = room_for(80, 24)
