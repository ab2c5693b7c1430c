"""RoboRally boards and courses as read from their files: square kinds, directions, the
board and course records and :class:`BoardError` (see ``docs/boards.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import EngineError

DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
ARROWS = {"^": 0, ">": 1, "v": 2, "<": 3}
ARROW_OF = "^>v<"

# square kinds
FLOOR, PIT, BELT, EXPRESS, GEAR_CW, GEAR_CCW, WRENCH, DOUBLE_WRENCH, VOID = range(9)

TOKEN_HELP = (
    ".. floor, XX pit, b^ b> bv b< belt, B^ B> Bv B< express belt, g+ gear clockwise, "
    "g- gear counter-clockwise, w1 wrench, w2 double wrench, s1..s8 start square"
)


class BoardError(EngineError):
    """A board or course file that cannot be used; the text names file, line and column."""

    def __init__(self, source: str, line: int, column: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        where = f"{source}:{line}:{column}" if line else source
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Laser:
    cell: tuple[int, int]
    direction: int
    beams: int


@dataclass(frozen=True)
class Pusher:
    cell: tuple[int, int]
    direction: int
    registers: tuple[int, ...]


@dataclass(frozen=True)
class Crusher:
    cell: tuple[int, int]
    registers: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """One board as written in its file (coordinates are (x, y), y = 0 the top row)."""

    id: str
    name: str
    width: int
    height: int
    kinds: tuple[tuple[int, ...], ...]  # kinds[y][x]
    belt: tuple[tuple[int, ...], ...]  # direction or -1
    walls: frozenset[tuple[int, int, int]]  # (x, y, side)
    lasers: tuple[Laser, ...]
    pushers: tuple[Pusher, ...]
    crushers: tuple[Crusher, ...]
    starts: tuple[tuple[int, tuple[int, int]], ...]  # (number, (x, y))
    description: str = ""
    source: str = ""


@dataclass(frozen=True)
class Placement:
    board: Board
    label: str
    x: int
    y: int


@dataclass(frozen=True)
class Course:
    id: str
    name: str
    description: str
    length: str
    min_players: int
    max_players: int
    placements: tuple[Placement, ...]
    flags: tuple[tuple[int, int], ...]  # course coordinates
    source: str = ""


def cell_name(x: int, y: int) -> str:
    """``a1`` is the top-left square; letters go right, numbers go down."""
    return f"{chr(ord('a') + x)}{y + 1}" if x < 26 else f"{x},{y}"
