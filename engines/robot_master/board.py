"""Geometry of the fixed 5×5 board: cells 0..24, row 0 at the top (labelled 5)."""

from __future__ import annotations

SIZE = 5
CELLS = SIZE * SIZE
CENTER = 12
COLUMN_LETTERS = "abcde"
EMPTY = -1

ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
)
COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            out.append(rr * SIZE + cc)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))


def cell_name(cell: int) -> str:
    """``0`` → ``"a5"`` (top left), ``12`` → ``"c3"``, ``24`` → ``"e1"``."""
    r, c = divmod(cell, SIZE)
    return f"{COLUMN_LETTERS[c]}{SIZE - r}"


def parse_cell(text: str) -> int:
    """Inverse of :func:`cell_name`; raise ``ValueError`` on bad text."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLUMN_LETTERS or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a cell (a1 to e5)")
    c = COLUMN_LETTERS.index(text[0])
    r = SIZE - int(text[1])
    return r * SIZE + c


def row_label(r: int) -> str:
    return str(SIZE - r)


def column_label(c: int) -> str:
    return COLUMN_LETTERS[c]
