"""The Robot Master board widget: grid, cursor, legal cells and live line scores."""

from __future__ import annotations

from rich.text import Text

from engines.robot_master.board import COLUMN_LETTERS, EMPTY, SIZE
from engines.robot_master.state import legal_cells, line_scores
from screens.glyphs import UNICODE, Glyphs
from screens.panel import Panel

ROWS_STYLE = "bold cyan"
COLUMNS_STYLE = "bold magenta"
WEAKEST_STYLE = "bold white on red"
SECOND_STYLE = "bold black on yellow"


def weak_lines(scores: list[int], tied: bool) -> dict[int, str]:
    """Styles for a side's weakest line(s), and its second weakest while the weakest are tied."""
    ordered = sorted(scores)
    marks: dict[int, str] = {}
    for i, s in enumerate(scores):
        if s == ordered[0]:
            marks[i] = WEAKEST_STYLE
        elif tied and s == ordered[1]:
            marks[i] = SECOND_STYLE
    return marks


class RobotMasterBoard(Panel):
    """Draws the 5×5 grid with row scores at the right and column scores underneath.

    A cell is ``cell_width`` terminal cells wide and ``cell_height`` rows tall (odd sizes:
    the value, the cursor's brackets and the scores sit on the middle row and column).
    """

    DEFAULT_CSS = """
    RobotMasterBoard { width: 44; height: 13; }
    """

    def __init__(self, glyphs: Glyphs = UNICODE, **kwargs) -> None:
        super().__init__(**kwargs)
        self.glyphs = glyphs
        self.board: tuple[int, ...] = tuple([EMPTY] * (SIZE * SIZE))
        self.cursor = 12
        self.last: int | None = None
        self.show_legal = True
        self.show_cursor = True
        self.cell_width = 5
        self.cell_height = 1

    def set_cell_size(self, width: int, height: int) -> None:
        """Draw cells ``width`` x ``height`` from the next :meth:`update_board` on."""
        self.cell_width = width
        self.cell_height = height

    def update_board(
        self, board: tuple[int, ...], last: int | None, cursor: int, show_cursor: bool
    ) -> None:
        self.board = board
        self.last = last
        self.cursor = cursor
        self.show_cursor = show_cursor
        self.update(self.draw())

    def _cell(self, index: int, legal: set[int], middle: bool) -> Text:
        """One row of a cell: the value (or legal mark) on the middle row, else blank."""
        g = self.glyphs
        w = self.cell_width
        value = self.board[index]
        cursor = self.show_cursor and index == self.cursor
        if value == EMPTY:
            inner = g.legal if (self.show_legal and index in legal) else " "
            style = "dim" if inner != " " else ""
        else:
            inner = str(value)
            style = "bold yellow" if index == self.last else "bold"
        if cursor:
            style = "reverse " + (style or "")
        if not middle:  # a tall cell's other rows: blank, or the cursor's block
            return Text(" " * w, style=style if cursor else "")
        left = w // 2  # the value's column: the middle one
        if cursor:
            return Text("[" + " " * (left - 1) + inner + " " * (w - left - 2) + "]", style=style)
        mark = g.last if (value != EMPTY and index == self.last) else " "
        return Text.assemble(" " * left, (inner, style), mark, " " * (w - left - 2))

    def draw(self) -> Text:
        g = self.glyphs
        w, h = self.cell_width, self.cell_height
        legal = set(legal_cells(self.board))
        rows = line_scores(self.board, 0)
        cols = line_scores(self.board, 1)
        tied = min(rows) == min(cols)
        row_marks = weak_lines(rows, tied)
        col_marks = weak_lines(cols, tied)
        out = Text(no_wrap=True, overflow="crop")
        centre = w // 2  # the column of a cell's value
        header = "   " + "".join(
            " " * (1 + centre) + c + " " * (w - centre - 1) for c in COLUMN_LETTERS
        )
        out.append(header + "  ")
        out.append("Rows\n", ROWS_STYLE)
        seg = g.horizontal * w

        def rule(left: str, mid: str, right: str) -> str:
            return "   " + left + mid.join([seg] * SIZE) + right + "\n"

        out.append(rule(g.top_left, g.tee_down, g.top_right))
        for r in range(SIZE):
            for k in range(h):
                middle = k == h // 2
                out.append(f" {SIZE - r} {g.vertical}" if middle else f"   {g.vertical}")
                for c in range(SIZE):
                    out.append_text(self._cell(r * SIZE + c, legal, middle))
                    out.append(g.vertical)
                if middle:
                    out.append(" ")
                    out.append(f"{rows[r]:>5}", row_marks.get(r, ROWS_STYLE))
                out.append("\n")
            if r < SIZE - 1:
                out.append(rule(g.tee_right, g.cross, g.tee_left))
        out.append(rule(g.bottom_left, g.tee_up, g.bottom_right))
        out.append("Cols", COLUMNS_STYLE)
        for c in range(SIZE):
            out.append(f"{cols[c]:^{w}}", col_marks.get(c, COLUMNS_STYLE))
            out.append(" ")
        return out
